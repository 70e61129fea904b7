"""The tunable numbers of a drop, read from data/crumbs/physics.yaml into frozen dataclasses."""
from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from kitchen_table.paths import DATA_ROOT

DEFAULT_PATH = DATA_ROOT / "crumbs" / "physics.yaml"
KINDS = ("crumb", "wet", "stockpile", "critter", "dog")
BOUNCE_LEVELS = ("low", "normal", "high")  # the table option "Bounce"
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class PieceSpec:
    """The size and weight of one kind of piece (lengths in mm, mass in g)."""

    length: float       # along the facing direction; a disc has length == width
    width: float
    height: float       # thickness lying on the board
    mass: float
    head_offset: float  # from the centre to where the piece counts, along its facing


@dataclass(frozen=True)
class PhysicsParams:
    """Everything a designer might tune about a drop (mm, s, g, radians)."""

    gravity: float
    steps_per_frame: int
    solver_iterations: int
    overlap_fix: float
    drop_height: float
    drop_height_spread: float
    drop_radius: float
    drop_speed: float
    drop_spin: float
    restitution: float
    restitution_spread: float
    settle_speed: float
    bounce_kick: float
    bounce_kick_power: float
    bounce_spin: float
    bounce_friction: float
    landing_shove: float
    board_friction: float
    spin_friction: float
    piece_friction: float
    piece_elasticity: float
    fence_elasticity: float
    fence_thickness: float
    rest_speed: float
    rest_seconds: float
    max_seconds: float
    knock_distance: float
    knock_angle: float
    max_redrops: int
    pieces: tuple[tuple[str, PieceSpec], ...]
    bounce: tuple[tuple[str, tuple[tuple[str, float], ...]], ...] = ()  # level -> the numbers it changes

    def spec(self, kind: str) -> PieceSpec:
        """Returns the size and weight of pieces of `kind`."""
        for name, spec in self.pieces:
            if name == kind:
                return spec
        raise ValueError(f"unknown piece kind {kind!r} (known: {', '.join(KINDS)})")

    def bounce_levels(self) -> list[str]:
        """Returns the names of the bounce levels a table may choose, in the file's order."""
        return [name for name, _ in self.bounce]

    def bounced(self, level: str) -> "PhysicsParams":
        """Returns these numbers with a bounce level's changes made (the level "normal" changes nothing
        unless the file says so); raises ValueError for a level the file does not have."""
        return _bounced(self, level)


@functools.lru_cache(maxsize=16)
def _bounced(params: PhysicsParams, level: str) -> PhysicsParams:
    """Returns `params` with bounce level `level` applied."""
    for name, changes in params.bounce:
        if name == level:
            return dataclasses.replace(params, **dict(changes))
    if level == "normal":
        return params
    raise ValueError(f"unknown bounce level {level!r} (known: {', '.join(params.bounce_levels())})")


# field -> (lowest allowed, highest allowed); ints are the fields typed int above
_RANGES = {
    "gravity": (1.0, math.inf), "steps_per_frame": (1, 16), "solver_iterations": (1, 100),
    "overlap_fix": (0.01, 0.9),
    "drop_height": (0.0, 5000.0), "drop_height_spread": (0.0, 5000.0), "drop_radius": (0.0, 5000.0),
    "drop_speed": (0.0, 1e5), "drop_spin": (0.0, 1e3), "restitution": (0.0, 0.99),
    "restitution_spread": (0.0, 1.0), "settle_speed": (1e-3, 1e5), "bounce_kick": (0.0, 10.0),
    "bounce_kick_power": (0.01, 100.0), "bounce_spin": (0.0, 1.0), "bounce_friction": (0.0, 1.0), "landing_shove": (0.0, 1.0),
    "board_friction": (0.0, 10.0), "spin_friction": (0.0, 10.0), "piece_friction": (0.0, 10.0),
    "piece_elasticity": (0.0, 1.0), "fence_elasticity": (0.0, 1.0), "fence_thickness": (0.1, 1000.0),
    "rest_speed": (1e-6, 1e5), "rest_seconds": (0.0, 60.0), "max_seconds": (0.1, 600.0),
    "knock_distance": (0.0, 1000.0), "knock_angle": (0.0, math.pi), "max_redrops": (0, 100),
}
_SPEC_RANGES = {"length": (0.1, 1000.0), "width": (0.1, 1000.0), "height": (0.1, 1000.0),
                "mass": (1e-3, 1e6), "head_offset": (0.0, 1000.0)}


def load_params(path: str | Path | None = None) -> PhysicsParams:
    """Returns the physics parameters in `path` (default data/crumbs/physics.yaml)."""
    return _load_cached(Path(path) if path is not None else DEFAULT_PATH)


@functools.lru_cache(maxsize=8)
def _load_cached(path: Path) -> PhysicsParams:
    """Returns the parameters parsed from `path`, once per path."""
    try:
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=_SafeLoader)
    except OSError as error:
        raise ValueError(f"{path}: cannot read ({error.strerror})") from None
    except yaml.YAMLError as error:
        raise ValueError(f"{path}: not valid YAML ({error})") from None
    return params_from(document, path)


def params_from(document: Any, path: str | Path) -> PhysicsParams:
    """Returns a parsed physics.yaml `document` checked field by field as PhysicsParams; raises
    ValueError naming `path` and the field (the game's data loader turns it into its DataError)."""
    names = [f.name for f in dataclasses.fields(PhysicsParams) if f.name not in ("pieces", "bounce")]
    raw = _mapping(document, names + ["pieces", "bounce"], path, "")
    values = {name: _number(raw[name], path, name, _int_field(PhysicsParams, name), _RANGES[name])
              for name in names}
    pieces = _mapping(raw["pieces"], list(KINDS), path, "pieces.")
    values["pieces"] = tuple((kind, _build_spec(pieces[kind], path, f"pieces.{kind}")) for kind in KINDS)
    values["bounce"] = _build_bounce(raw["bounce"], path, names)
    return PhysicsParams(**values)


def _build_bounce(raw: Any, path: str | Path, names: list[str]) -> tuple:
    """Returns the bounce levels (low, normal, high), each a mapping of the numbers it changes."""
    levels = _mapping(raw, list(BOUNCE_LEVELS), path, "bounce.")
    built = []
    for level in BOUNCE_LEVELS:
        changes = levels[level] if levels[level] is not None else {}
        if not isinstance(changes, dict):
            raise ValueError(f"{path}: field 'bounce.{level}': expected a mapping of fields, got {changes!r}")
        for name in changes:
            if name not in names:
                raise ValueError(f"{path}: field 'bounce.{level}.{name}': unknown (known: {', '.join(names)})")
        built.append((level, tuple((name, _number(value, path, f"bounce.{level}.{name}",
                                                   _int_field(PhysicsParams, name), _RANGES[name]))
                                   for name, value in changes.items())))
    return tuple(built)


def _build_spec(raw: Any, path: Path, where: str) -> PieceSpec:
    """Returns `raw` checked field by field as a PieceSpec."""
    fields = list(_SPEC_RANGES)
    raw = _mapping(raw, fields, path, where + ".")
    spec = PieceSpec(**{name: _number(raw[name], path, f"{where}.{name}", False, _SPEC_RANGES[name])
                        for name in fields})
    if spec.length < spec.width:
        raise ValueError(f"{path}: field '{where}.length': must be at least the width ({spec.width})")
    if spec.head_offset > spec.length / 2:
        raise ValueError(f"{path}: field '{where}.head_offset': must lie within the piece (<= length/2)")
    return spec


def _mapping(raw: Any, fields: list[str], path: Path, prefix: str) -> dict:
    """Returns `raw` if it is a mapping with exactly `fields`; raises naming the odd field."""
    if not isinstance(raw, dict):
        where = f"field '{prefix[:-1]}'" if prefix else "top level"
        raise ValueError(f"{path}: {where}: expected a mapping of fields, got {raw!r}")
    for name in fields:
        if name not in raw:
            raise ValueError(f"{path}: field '{prefix}{name}': missing")
    for name in raw:
        if name not in fields:
            raise ValueError(f"{path}: field '{prefix}{name}': unknown (known: {', '.join(fields)})")
    return raw


def _number(value: Any, path: Path, name: str, integer: bool, bounds: tuple[float, float]) -> float:
    """Returns `value` checked as a number (an int if `integer`) within `bounds`."""
    wanted = "an integer" if integer else "a number"
    ok_type = int if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, ok_type) or not math.isfinite(value):
        raise ValueError(f"{path}: field '{name}': expected {wanted}, got {value!r}")
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(f"{path}: field '{name}': {value!r} is out of range [{low}, {high}]")
    return value if integer else float(value)


def _int_field(cls: type, name: str) -> bool:
    """Returns whether the dataclass field `name` of `cls` is typed int."""
    return next(f for f in dataclasses.fields(cls) if f.name == name).type in (int, "int")
