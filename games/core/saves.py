"""Save files: versioned JSON written atomically, read with checks that refuse damage clearly.

A save is a small file that may come from anywhere: before anything else reads it, its size,
nesting, numbers, strings, seat names and number of moves are bounded, and only regular files are
opened (never a pipe or a device). Every refusal is one short line a player understands.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from games.core.errors import SaveError
from games.core.names import name_problem
from games.core.record import read_plain

FORMAT = "kitchen-table-save"
VERSION = 1
MAX_BYTES = 8 * 2**20  # a long game of the deepest game is well under 1 MB
MAX_MOVES = 20_000  # far more than any finished game takes
MESSAGE_LENGTH = 160


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Writes `data` as JSON to `path` so that a crash leaves either the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def remove_stale_temps(folder: Path) -> int:
    """Deletes temporary files an interrupted write left in `folder`; returns how many."""
    removed = 0
    try:
        leftovers = list(Path(folder).glob(".*.json.*.tmp"))
    except OSError:
        return 0
    for temp in leftovers:
        try:
            if temp.is_file() and not temp.is_symlink():
                temp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def list_saves(folder: Path) -> list[Path]:
    """Returns the .json files of a folder, newest first; entries that cannot be looked at come last."""
    def newest(path: Path) -> float:
        try:
            return -path.stat().st_mtime
        except OSError:
            return float("inf")
    try:
        found = list(Path(folder).glob("*.json"))
    except OSError:
        return []
    return sorted(found, key=newest)


def one_line(message: str) -> str:
    """Returns a message as one short line (long or multi-line details are cut)."""
    text = " ".join(str(message).split())
    return text if len(text) <= MESSAGE_LENGTH else text[:MESSAGE_LENGTH - 3] + "..."


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """Returns the text of a regular file of at most `limit` bytes; raises SaveError otherwise."""
    path = Path(path)
    name = one_line(path.name)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(one_line(f"There is no save file at {path}.")) from None
    except OSError as error:
        raise SaveError(one_line(f"{name} cannot be read ({error.strerror}).")) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{name} is not a save file (not a regular file).")
        if info.st_size > limit:
            raise SaveError(f"{name} is too large to be a save file.")
        raw = os.read(handle, limit + 1)
    except OSError as error:
        raise SaveError(one_line(f"{name} cannot be read ({error.strerror}).")) from None
    finally:
        os.close(handle)
    if len(raw) > limit:
        raise SaveError(f"{name} is too large to be a save file.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is damaged: it is not text.") from None


def valid_name(name: Any) -> bool:
    """Returns whether a seat name is one the setup screen could have made (games.core.names's rule)."""
    return name_problem(name) is None


def read_save(path: Path) -> dict[str, Any]:
    """Returns the checked header and body of a save file; raises SaveError saying what is wrong."""
    path = Path(path)
    name = one_line(path.name)
    text = read_text(path)
    try:
        data = read_plain(json.loads(text), "save")
    except (ValueError, RecursionError):
        raise SaveError(f"{name} is damaged: it is not a complete save file.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Kitchen Table save file.")
    if data.get("version") != VERSION:
        raise SaveError(one_line(f"{name} was saved by another version (format {data.get('version')!r})."))
    for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                      ("seats", list), ("history", list), ("state", dict)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{name} is damaged: its '{key}' is missing or wrong.")
    if len(data["history"]) > MAX_MOVES:
        raise SaveError(f"{name} is damaged: it holds more moves than any game takes.")
    if len(data["seats"]) != data["players"]:
        raise SaveError(f"{name} is damaged: its seats do not match its players.")
    for number, seat in enumerate(data["seats"], 1):
        problem = name_problem(seat.get("name")) if isinstance(seat, dict) else None
        if problem:
            raise SaveError(one_line(f"{name} can't be loaded: the name of seat {number} is not allowed. {problem}"))
        if not isinstance(seat, dict) or not valid_name(seat.get("name")) \
                or not isinstance(seat.get("colour"), str) or len(seat["colour"]) > 32 \
                or not (seat.get("bot") is None or isinstance(seat.get("bot"), str) and len(seat["bot"]) <= 32):
            raise SaveError(f"{name} is damaged: a seat's name, colour or player is not valid.")
    return data
