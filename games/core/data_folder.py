"""The data folder a window saves into: its autosave slot held with a lock (two windows never write one
file), temporary files of writers that have ended cleaned at start, a fallback folder when it cannot be
used, other places to save to, and why a write failed in a few plain words."""
from __future__ import annotations

import errno
import os
import signal
import stat
import tempfile
import time
from pathlib import Path

from games.core.saves import TEMP_NAME, one_line, shown_path

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
