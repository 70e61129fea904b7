"""State data declared once: a Record's annotated fields give it clone, to_dict and from_dict.

A game declares its state as annotations (`piles: list[list[str | None]]`); the kit derives a
fast clone (generated code, no `copy.deepcopy`), JSON-safe plain data, and a checked rebuild
that refuses damaged data with a ValueError naming the field. Fields whose names start with `_`
are caches: never copied, saved or compared. Only classes that derive from Record contribute
fields, so plain mixins may annotate attributes for the reader without declaring them.
"""
from __future__ import annotations

import collections.abc
import enum
import random
import types
import typing
from typing import Any, ClassVar, Literal, Union

MAX_INT = 2**63  # numbers read back from a file must be smaller than this in size
MAX_TEXT = 20_000  # characters in one string read back from a file
MAX_DEPTH = 40  # nesting of plain data read back from a file
RNG_WORDS = 625  # a Mersenne Twister state: 624 words and a position

_IMMUTABLE = (int, float, str, bool, type(None), frozenset, bytes)


class Record:
    """Plain data whose annotated fields are copied, saved and restored by a generated codec."""

    def clone(self):
        """Returns an independent copy (caches are not copied)."""
        return _codec(type(self)).clone(self)

    def to_dict(self) -> dict[str, Any]:
        """Returns the declared fields as JSON-safe plain data."""
        return _codec(type(self)).to_dict(self)

    @classmethod
    def from_dict(cls, data: Any):
        """Returns a record rebuilt from `to_dict` output; raises ValueError naming a bad field."""
        return _codec(cls).from_dict(data, cls.__name__)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """Returns the declared fields in declaration order, bases first."""
        return tuple(_codec(cls).hints)


def _codec(cls: type) -> "Codec":
    """Returns the codec of a record class, built once."""
    codec = cls.__dict__.get("_codec_")
    if codec is None:
        codec = Codec(cls)
        setattr(cls, "_codec_", codec)
    return codec


def declared_fields(cls: type) -> dict[str, Any]:
    """Returns the resolved annotations of every Record class in `cls`'s bases, bases first."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, Record)) or klass is Record:
            continue
        own = klass.__dict__.get("__annotations__", {})
        if not own:
            continue
        resolved = typing.get_type_hints(klass)
        for name in own:
            hint = resolved[name]
            if name.startswith("_") or typing.get_origin(hint) is ClassVar or hint is ClassVar:
                continue
            hints[name] = hint
    return hints


class Codec:
    """Clone, to_dict and from_dict for one record class, derived from its annotations."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.hints = declared_fields(cls)
        self.clone = self._compile_clone()

    # --- clone: generated code ----------------------------------------------------------------
    def _compile_clone(self):
        """Returns a function copying every declared field with the cheapest safe copy for its type."""
        namespace = {"_new": object.__new__, "_cls": self.cls, "_rng_copy": _rng_copy, "_deep": _deep}
        lines = ["def clone(self):", "    o = _new(_cls)", "    d = o.__dict__", "    s = self.__dict__"]
        for name, hint in self.hints.items():
            expression = _copy_expr(hint, f"s[{name!r}]", 0)
            lines.append(f"    d[{name!r}] = {expression or f's[{name!r}]'}")
        lines.append("    return o")
        exec("\n".join(lines), namespace)  # noqa: S102 - code built from our own annotations only
        return namespace["clone"]

    # --- plain data -----------------------------------------------------------------------------
    def to_dict(self, record: Any) -> dict[str, Any]:
        """Returns the declared fields as plain data."""
        values = record.__dict__
        return {name: _plain(hint, values[name]) for name, hint in self.hints.items()}

    def from_dict(self, data: Any, where: str) -> Any:
        """Returns a new record from plain data, every field checked against its type."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a mapping")
        record: Any = object.__new__(self.cls)
        for name, hint in self.hints.items():
            if name not in data:
                raise ValueError(f"{where}: field '{name}' is missing")
            record.__dict__[name] = _read(hint, data[name], f"{where}.{name}", 0)
        return record


# --- copying -------------------------------------------------------------------------------------
def _is_union(origin: Any) -> bool:
    return origin is Union or origin is types.UnionType


def _copy_expr(hint: Any, value: str, depth: int) -> str | None:
    """Returns a Python expression copying `value` of type `hint`, or None if it can be shared."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _IMMUTABLE or origin is Literal or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return None
    if _is_union(origin):
        inner = [a for a in args if a is not type(None)]
        copies = [_copy_expr(a, value, depth) for a in inner]
        if all(c is None for c in copies):
            return None
        if len(inner) == 1:
            return f"(None if {value} is None else {copies[0]})"
        return f"_deep({value})"
    if origin is tuple:
        items = args[:-1] if len(args) == 2 and args[1] is Ellipsis else args
        return None if all(_copy_expr(a, "x", depth) is None for a in items) else f"_deep({value})"
    if origin is list:
        var = f"_v{depth}"
        item = _copy_expr(args[0], var, depth + 1) if args else "_deep"
        if item is None:
            return f"{value}[:]"
        if item == "_deep":
            return f"_deep({value})"
        return f"[{item} for {var} in {value}]"
    if origin is dict:
        var, key = f"_v{depth}", f"_k{depth}"
        item = _copy_expr(args[1], var, depth + 1) if args else "_deep"
        if item is None:
            return f"{value}.copy()"
        if item == "_deep":
            return f"_deep({value})"
        return f"{{{key}: {item} for {key}, {var} in {value}.items()}}"
    if origin is collections.abc.Mapping:
        return None  # declared read-only: shared between copies
    if isinstance(hint, type) and issubclass(hint, Record):
        return f"{value}.clone()"
    if hint is random.Random:
        return f"_rng_copy({value})"
    return f"_deep({value})"


def _rng_copy(rng: random.Random) -> random.Random:
    """Returns an independent generator in the same state. Made unseeded and then set: seeding from the system's
    entropy is a system call that holds the interpreter lock, and clones are made by the thousand while the
    window is drawing; seeding with a fixed number costs a copy a third of its time (CPython 3.11 seeds in
    `Random.__init__`, not in `__new__`: tests/test_core_no_system_seeding.py)."""
    other = _new_rng(random.Random)
    other.setstate(rng.getstate())
    return other


_new_rng = random.Random.__new__


def _deep(value: Any) -> Any:
    """Returns a copy of plain data (lists, dicts, tuples, scalars, records)."""
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_deep(v) for v in value)
    if isinstance(value, Record):
        return value.clone()
    return value


# --- to plain data -------------------------------------------------------------------------------
def _plain(hint: Any, value: Any) -> Any:
    """Returns `value` of type `hint` as JSON-safe data."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, random.Random):
        return rng_to_data(value)
    if isinstance(value, enum.Enum):
        return value.value
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if _is_union(origin):
        inner = [a for a in args if a is not type(None)]
        return _plain(inner[0] if len(inner) == 1 else Any, value)
    if isinstance(value, (list, tuple)):
        item = args[0] if origin is list and args else Any
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            return [_plain(a, v) for a, v in zip(args, value)]
        if origin is tuple and args:
            item = args[0]
        return [_plain(item, v) for v in value]
    if isinstance(value, (dict, types.MappingProxyType)):
        item = args[1] if len(args) == 2 else Any
        return {str(k): _plain(item, v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(Any, v) for v in value)
    raise TypeError(f"cannot save a {type(value).__name__}")


# --- from plain data -----------------------------------------------------------------------------
def _read(hint: Any, value: Any, where: str, depth: int) -> Any:
    """Returns `value` checked and converted to `hint`; raises ValueError saying where it is wrong."""
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested too deeply")
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return read_plain(value, where, depth)
    if _is_union(origin):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        errors = []
        for option in options:
            try:
                return _read(option, value, where, depth)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(errors[0])
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{where}: unexpected value {_short(value)}")
        return value
    if origin is list or hint is list:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list")
        item = args[0] if args else Any
        return [_read(item, v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        if len(value) != len(args):
            raise ValueError(f"{where}: expected {len(args)} items")
        return tuple(_read(a, v, f"{where}[{i}]", depth + 1) for i, (a, v) in enumerate(zip(args, value)))
    if origin in (dict, collections.abc.Mapping) or hint is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected a mapping")
        key_hint, item = args if len(args) == 2 else (str, Any)
        out = {}
        for key, v in value.items():
            real_key = _read_key(key_hint, key, where)
            out[real_key] = _read(item, v, f"{where}[{key!r}]", depth + 1)
        return out
    if isinstance(hint, type) and issubclass(hint, Record):
        return _codec(hint).from_dict(value, where)
    if hint is random.Random:
        return rng_from_data(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise ValueError(f"{where}: unexpected value {_short(value)}") from None
    return _read_scalar(hint, value, where)


def _read_key(hint: Any, key: str, where: str) -> Any:
    """Returns a mapping key read back from JSON (int keys are saved as text)."""
    if hint is int:
        try:
            number = int(key)
        except (TypeError, ValueError):
            raise ValueError(f"{where}: key {_short(key)} is not a whole number") from None
        return _read_scalar(int, number, where)
    return _read(hint, key, where, 0)


def _read_scalar(hint: Any, value: Any, where: str) -> Any:
    """Returns a checked int, float, str or bool."""
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) >= MAX_INT:
            raise ValueError(f"{where}: expected a whole number, got {_short(value)}")
        return value
    if hint is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not abs(value) < MAX_INT:
            raise ValueError(f"{where}: expected a number, got {_short(value)}")
        return float(value)
    if hint is str:
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise ValueError(f"{where}: expected text")
        return value
    raise TypeError(f"{where}: a field of type {hint!r} cannot be read back")


def read_plain(value: Any, where: str, depth: int = 0) -> Any:
    """Returns JSON-like data checked for depth, number sizes and text lengths (lists stay lists)."""
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested too deeply")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _read_scalar(int, value, where)
    if isinstance(value, float):
        return _read_scalar(float, value, where)
    if isinstance(value, str):
        return _read_scalar(str, value, where)
    if isinstance(value, list):
        return [read_plain(v, where, depth + 1) for v in value]
    if isinstance(value, dict):
        return {_read_scalar(str, k, where): read_plain(v, where, depth + 1) for k, v in value.items()}
    raise ValueError(f"{where}: unexpected {type(value).__name__}")


def _short(value: Any) -> str:
    """Returns a short description of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


# --- the random generator ------------------------------------------------------------------------
def rng_to_data(rng: random.Random) -> list[Any]:
    """Returns a random generator's state as JSON-safe lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_data(data: Any) -> random.Random:
    """Returns a generator restored from `rng_to_data` output; raises ValueError if it is not one."""
    if not (isinstance(data, list) and len(data) == 3 and data[0] == 3 and isinstance(data[1], list)
            and len(data[1]) == RNG_WORDS):
        raise ValueError("damaged random generator state")
    words = data[1]
    if not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 2**32 for w in words[:-1]) \
            or not (isinstance(words[-1], int) and 0 <= words[-1] <= 624):
        raise ValueError("damaged random generator state")
    gauss = data[2]
    if gauss is not None and not (isinstance(gauss, float) and abs(gauss) < MAX_INT):
        raise ValueError("damaged random generator state")
    rng = random.Random(0)  # replaced at once: no seeding from the system (it holds the interpreter lock)
    rng.setstate((3, tuple(words), gauss))
    return rng
