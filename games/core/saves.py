"""Save files: versioned JSON written atomically, read with checks that refuse damage clearly.

A save is a small file that may come from anywhere: before anything else reads it, its size,
nesting, numbers, strings, seat names and number of moves are bounded, and only regular files are
opened (never a pipe or a device). Every refusal is one short line a player understands.
"""
from __future__ import annotations

import errno
import json
import os
import re
import signal
import stat
import tempfile
import time
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
HEADER_TEXT = 64  # the longest title or date a save's header may hold (both are drawn on the Load screen)
REPLACEMENT = "\ufffd"  # drawn for a character that cannot be: the font's question mark in a diamond


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Writes `data` as JSON to `path` so that a crash leaves either the old or the new file. The temporary
    file's name holds this process's id, so that another window's start-up cleanup leaves it alone while
    this process lives (see remove_stale_temps). A failed write raises OSError and leaves the old file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
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
STALE_SECONDS = 600  # no write takes this long: an older temporary file is left over whoever wrote it


def process_alive(pid: int) -> bool:
    """Returns whether a process with this id runs now (this process included; when unsure, True)."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill(pid, 0) would end the process on Windows
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return kernel.GetLastError() == 5  # access denied: it exists
        code = ctypes.c_ulong()
        ok = kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return not ok or code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def stale_temp(temp: Path) -> bool:
    """Returns whether a temporary file of write_atomic's is left over: its writer has ended, or it is older
    than any write takes, or it is of a form no running version writes (no process id in its name)."""
    found = TEMP_NAME.match(temp.name)
    if found is None:
        return True
    if not process_alive(int(found["pid"])):
        return True
    try:
        return time.time() - temp.lstat().st_mtime > STALE_SECONDS
    except OSError:
        return False


def remove_stale_temps(folder: Path) -> int:
    """Deletes temporary files an interrupted write left in `folder` (never one a live process is writing:
    another window's autosave in flight); returns how many."""
    removed = 0
    try:
        leftovers = list(Path(folder).glob(".*.json.*.tmp"))
    except OSError:
        return 0
    for temp in leftovers:
        try:
            if temp.is_file() and not temp.is_symlink() and stale_temp(temp):
                temp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def ignore_file_size_signal() -> None:
    """Makes a write past the file size limit (`ulimit -f`) fail with EFBIG, which is caught and said, instead
    of SIGXFSZ ending the process. Call from the main thread."""
    if hasattr(signal, "SIGXFSZ"):
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        except (ValueError, OSError):  # not the main thread
            pass


REASONS = {
    errno.ENOSPC: "disk full",
    errno.EDQUOT: "disk quota used up",
    errno.EFBIG: "file size limit reached",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "not allowed to write there",
    errno.EPERM: "not allowed to write there",
    errno.ENOTDIR: "a file is in the way of the folder",
    errno.EEXIST: "a file is in the way of the folder",
    errno.EISDIR: "a folder is in the way of the file",
    errno.ENOENT: "the folder is gone",
    errno.EIO: "the disk reports an error",
}


def write_reason(error: OSError) -> str:
    """Returns why a write failed, in a few plain words ("disk full")."""
    reason = REASONS.get(error.errno or 0)
    if reason is None:
        reason = (error.strerror or str(error) or type(error).__name__).lower()
    return one_line(reason)


def cant_save(folder: Path, error: OSError, then: str = "") -> str:
    """Returns the one line that says a save to `folder` failed and why, followed by `then`."""
    return f"Can't save to {shown_path(folder)}: {write_reason(error)}.{' ' + then if then else ''}"


def usable_folder(folder: Path) -> str | None:
    """Makes `folder` if needed and checks a file can be made in it; returns None if so, else why not."""
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=f".probe.{os.getpid()}-", suffix=".tmp", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        return write_reason(error)
    return None


def fallback_folder() -> Path:
    """Returns a temporary data folder for when the data folder cannot be used: the same one each run for this
    user (so that Continue finds the game again), made private; a fresh one if that cannot be had safely."""
    tag = str(os.getuid()) if hasattr(os, "getuid") else "user"
    folder = Path(tempfile.gettempdir()) / f"kitchen-table-{tag}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
        mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
        if stat.S_ISDIR(info.st_mode) and mine and usable_folder(folder) is None:
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="kitchen-table-"))


def other_places(exclude: Path | None = None) -> list[tuple[str, Path]]:
    """Returns (label, folder) for places a save can go when the data folder cannot take one: the home
    folder, its Documents and Desktop if present, the system's temporary folder; each writable."""
    home = Path.home()
    candidates = [("Home folder", home), ("Documents", home / "Documents"), ("Desktop", home / "Desktop"),
                  ("Temporary folder", Path(tempfile.gettempdir()))]
    places, seen = [], set()
    skip = Path(exclude).resolve() if exclude is not None else None
    for label, folder in candidates:
        try:
            real = folder.resolve()
            if real in seen or real == skip or not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
                continue
        except OSError:
            continue
        seen.add(real)
        places.append((label, folder))
    return places


LOCK_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK}


class FolderLock:
    """An exclusive lock on a file, held until `release` or until this process ends (so a window that is
    killed frees it): fcntl.flock on POSIX, msvcrt.locking on Windows."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.fd: int | None = None

    def acquire(self) -> bool:
        """Takes the lock; returns False if another holder has it. Raises OSError if the file cannot be made
        or this file system cannot lock."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if os.name == "nt":
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            if error.errno in LOCK_BUSY:
                return False
            raise
        self.fd = fd
        return True

    def release(self) -> None:
        """Lets the lock go."""
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)  # closing the file drops the lock

    def __del__(self) -> None:
        self.release()


SLOTS = 9  # windows open at once on one data folder, each with its own autosave


def autosave_name(slot: int) -> str:
    """Returns the autosave file of a window's slot: autosave.json for the first, autosave-2.json, ..."""
    return "autosave.json" if slot == 1 else f"autosave-{slot}.json"


def claim_slot(folder: Path) -> tuple[int, FolderLock | None]:
    """Returns the first autosave slot of `folder` no other window holds, with its lock held (the lock is
    held for as long as the returned object lives). A file system that cannot lock gives slot 1 unlocked;
    all slots taken gives (0, None)."""
    for slot in range(1, SLOTS + 1):
        lock = FolderLock(Path(folder) / (Path(autosave_name(slot)).stem + ".lock"))
        try:
            if lock.acquire():
                return slot, lock
        except OSError:
            return 1, None
    return 0, None


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
    for key, words in (("title", "title"), ("saved_at", "date")):  # the header's words the Load screen shows
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > HEADER_TEXT or not value.isprintable():
            raise SaveError(f"{name} is damaged: its {words} is not a short line of text.")
    if not isinstance(data.get("rules", 1), int) or isinstance(data.get("rules"), bool):
        raise SaveError(f"{name} is damaged: its 'rules' is missing or wrong.")
    if not all_text(data):
        raise SaveError(f"{name} is damaged: its text holds a character that is not text (a lone surrogate).")
    return data
