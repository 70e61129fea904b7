"""Save files: versioned JSON written atomically, read with checks that refuse damage clearly.

A save is a small file that may come from anywhere: before anything else reads it, its size,
nesting, numbers, strings, seat names and number of moves are bounded, and only regular files are
opened (never a pipe or a device). Every refusal is one short line a player understands.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from games.core.bots import BOT_SEEDS
from games.core.errors import SaveError
from games.core.names import name_problem
from games.core.record import read_plain

FORMAT = "kitchen-table-save"
VERSION = 1
MAX_BYTES = 8 * 2**20  # a long game of the deepest game is well under 1 MB
MAX_MOVES = 20_000  # far more than any finished game takes
MESSAGE_LENGTH = 160
HEADER_TEXT = 64  # the longest title or date a save's header may hold (both are drawn on the Load screen)
REPLACEMENT = "\ufffd"  # drawn for a character that cannot be: the font's question mark in a diamond


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Writes `data` as JSON to `path` so that a crash leaves either the old or the new file. The temporary
    file's name holds this process's id, so that another window's start-up cleanup leaves it alone while
    this process lives (see remove_stale_temps). A failed write raises OSError and leaves the old file."""
    write_text_atomic(path, json.dumps(data, separators=(",", ":")))


def write_text_atomic(path: Path, text: str) -> None:
    """Writes `text` to `path` as write_atomic does (a crash leaves the old or the new file; OSError on failure)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


TEMP_NAME = re.compile(r"^\..+\.json\.(?P<pid>\d+)-[^.]*\.tmp$")  # what write_atomic names its temporary files
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
    """Returns a message as one short line that can be drawn: long or multi-line details are cut, and a
    character that cannot be shown (a control character, a lone surrogate) becomes U+FFFD."""
    text = printable(" ".join(str(message).split()))
    return text if len(text) <= MESSAGE_LENGTH else text[:MESSAGE_LENGTH - 3] + "..."


def printable(text: str) -> str:
    """Returns `text` with every character that cannot be drawn (control characters, lone surrogates, which
    a JSON escape or an undecodable file name make) replaced by U+FFFD."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char == " " else REPLACEMENT for char in text)


def shown_name(path: Path) -> str:
    """Returns a file's name as it can be drawn: bytes that are not UTF-8 (a file name is any bytes on
    Linux) become U+FFFD instead of the lone surrogates Python holds them as."""
    raw = os.fsencode(Path(path).name)
    return one_line(raw.decode("utf-8", "replace"))


def shown_path(path: Path, limit: int = 120) -> str:
    """Returns a whole path as one line that can be drawn (see shown_name); a long one is cut in the middle."""
    text = printable(" ".join(os.fsencode(os.fspath(path)).decode("utf-8", "replace").split()))
    return text if len(text) <= limit else text[:limit // 3] + "..." + text[-(2 * limit // 3 - 3):]


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """Returns the text of a regular file of at most `limit` bytes; raises SaveError otherwise."""
    path = Path(path)
    name = shown_name(path)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(one_line(f"There is no save file at {shown_path(path)}.")) from None
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


def all_text(data: Any) -> bool:
    """Returns whether every string in plain JSON data (keys too) is real text: JSON's escapes can spell a
    lone surrogate ("\\ud800"), which no font draws and no file can be written with."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def valid_name(name: Any) -> bool:
    """Returns whether a seat name is one the setup screen could have made (games.core.names's rule)."""
    return name_problem(name) is None


def read_save(path: Path) -> dict[str, Any]:
    """Returns the checked header and body of a save file; raises SaveError saying what is wrong."""
    path = Path(path)
    name = shown_name(path)
    text = read_text(path)
    try:
        data = read_plain(json.loads(text), "save")
    except (ValueError, RecursionError):
        raise SaveError(f"{name} is damaged: it is not a complete save file.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Kitchen Table save file.")
    if data.get("version") != VERSION:
        writer = data.get("written_by")  # saves since kitchen-table 1.0.0 say which app wrote them
        by = writer if isinstance(writer, str) and len(writer) <= HEADER_TEXT and writer.isprintable() else "an app"
        raise SaveError(one_line(f"{name} was saved by another version ({by}, save format {data.get('version')!r})."))
    for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                      ("seats", list), ("history", list), ("state", dict)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{name} is damaged: its '{key}' is missing or wrong.")
    bot_seed = data.get("bot_seed", 0)  # saves before the bots had their own seed have none
    if not isinstance(bot_seed, int) or isinstance(bot_seed, bool) or not 0 <= bot_seed < BOT_SEEDS:
        raise SaveError(f"{name} is damaged: its 'bot_seed' is wrong.")
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
    for key, words in (("title", "title"), ("saved_at", "date")):  # the header's words the Load screen shows
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > HEADER_TEXT or not value.isprintable():
            raise SaveError(f"{name} is damaged: its {words} is not a short line of text.")
    if not isinstance(data.get("rules", 1), int) or isinstance(data.get("rules"), bool):
        raise SaveError(f"{name} is damaged: its 'rules' is missing or wrong.")
    if not all_text(data):
        raise SaveError(f"{name} is damaged: its text holds a character that is not text (a lone surrogate).")
    return data
