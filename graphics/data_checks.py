"""The menu's check of every game's data (graphics.views.data_problem), kept in the data folder under a key made
of what the check reads: the data files' contents, the covers' and the code's sizes and times. The menu draws at
once from a kept answer; without one it checks after its first frame (see MenuScene.update) and keeps the answer."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import NamedTuple

from games import registry
from games.core.saves import write_atomic
from graphics import config
from graphics.views import COVERS, data_problem

CHECKS_FILE = "data-checks.json"  # in the user's data folder
CODE = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "graphics", "physics", "kitchen_table")  # the code the check runs


def _files(folder: Path, pattern: str = "*") -> list[Path]:
    """Returns the files under `folder` (none if it is missing), in a fixed order."""
    try:
        return sorted(path for path in folder.rglob(pattern) if path.is_file() and "__pycache__" not in path.parts)
    except OSError:
        return []


def fingerprint() -> str:
    """Returns the key of the data check's answer: a hash of the contents of every data file the games and the
    table read (the data folder the loaders read now, which holds every registered game's folder: no game is
    imported to find it), and of each code file's and cover's name, size and time."""
    digest = hashlib.blake2b(digest_size=16)
    for folder in (Path(config.DATA_ROOT),):
        digest.update(f"data {folder}\0".encode())
        for path in _files(folder):
            try:
                content = path.read_bytes()
            except OSError:
                content = b"unreadable"
            digest.update(f"{path.relative_to(folder).as_posix()}\0{len(content)}\0".encode() + content)
    for path in _files(COVERS) + [file for package in PACKAGES for file in _files(CODE / package, "*.py")]:
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


class Tile(NamedTuple):
    """What the menu's tile of a game shows of it (kept with the check, so a menu drawn from a kept answer imports
    no game)."""

    id: str
    title: str
    blurb: str


class Checked(NamedTuple):
    """What the menu shows of every game's data: its problem (None: it loads), for a game that loads its numbers
    of players (which may need its data read: Crumbs' options come from its maps), and each game's tile."""

    problems: dict[str, str | None]
    counts: dict[str, list[int]]
    tiles: list[Tile]


def tiles() -> list[Tile]:
    """Returns every registered game's tile, in menu order (importing every game)."""
    return [Tile(game.id, game.title, game.blurb) for game in registry.all()]


def kept(data_dir: Path, key: str) -> Checked | None:
    """Returns the answer kept in `data_dir` under `key`, or None if no answer for every game is kept under that
    key (none yet, another key, an unreadable or odd file)."""
    try:
        found = json.loads((Path(data_dir) / CHECKS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or found.get("key") != key:
        return None
    problems, counts, ids = found.get("problems"), found.get("counts"), registry.ids()
    if not isinstance(problems, dict) or not isinstance(counts, dict) or set(problems) != set(ids):
        return None
    if not all(p is None or isinstance(p, str) for p in problems.values()):
        return None
    if set(counts) != {game for game, problem in problems.items() if problem is None}:
        return None
    if not all(isinstance(c, list) and c and all(type(n) is int for n in c) for c in counts.values()):
        return None
    shown = found.get("tiles")
    if not isinstance(shown, list) or [tile[0] if isinstance(tile, list) else None for tile in shown] != list(ids):
        return None
    if not all(len(tile) == len(Tile._fields) and all(isinstance(text, str) for text in tile) for tile in shown):
        return None
    return Checked(dict(problems), dict(counts), [Tile(*tile) for tile in shown])


def check(data_dir: Path, key: str | None = None) -> Checked:
    """Checks every game's data now and keeps the answer in `data_dir` (a folder that cannot be written to
    only means checking again next time)."""
    key = key or fingerprint()
    problems = {game.id: data_problem(game) for game in registry.all()}
    counts = {game.id: game.player_counts() for game in registry.all() if problems[game.id] is None}
    shown = tiles()
    try:
        write_atomic(Path(data_dir) / CHECKS_FILE, {"key": key, "problems": problems, "counts": counts,
                                                    "tiles": [list(tile) for tile in shown]})
    except OSError:
        pass
    return Checked(problems, counts, shown)
