"""The table's preferences: what the Settings screen changes, kept in one small JSON file in the data folder
(`settings.json`), written atomically with the autosave's helper (games/core/saves.write_atomic).

A damaged file (not JSON, not a table, a value of the wrong type or out of range, a folder in its place, a file that
cannot be read) gives the defaults and one line that says so; a missing file gives the defaults quietly. Keys this
version does not know are ignored, and a key missing (a file from an older version) takes its default. No pygame
here: the app applies what the preferences say (graphics/app.py), the command line winning for its run."""
from __future__ import annotations

import json
import math
import stat
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from games.core.data_folder import write_reason
from games.core.saves import one_line, shown_path, write_atomic

FILE = "settings.json"
FORMAT = "kitchen-table-settings"
MAX_BYTES = 64 * 1024  # the file is a few hundred bytes: anything bigger is not ours
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8}  # how fast animations and bots go (App.settings.speed)
PALETTES = ("standard", "colour_blind")  # seat colours: data/table/seats.yaml's colours and palettes
VOLUME_STEPS = 10  # the Settings screen's volume bar: 10% a step
LARGEST_WINDOW = 16_384  # pixels: the biggest window size or position kept


@dataclass(frozen=True)
class Window:
    """Where the window was and how big, the last time it was a window (not full screen)."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None


@dataclass(frozen=True)
class Preferences:
    """What the table chose on the Settings screen (and M's mute, and the window's place)."""

    volume: float = 0.8          # of every sound, 0 to 1
    muted: bool = False          # M in play, or the Settings screen
    speed: str = "normal"        # a key of SPEEDS
    confirm: bool = True         # ask before a move that cannot be taken back (GameView.confirm)
    hints: bool = True           # the setup's Hints switch starts on (the table can still switch it per game)
    fullscreen: bool = False
    palette: str = "standard"    # one of PALETTES
    window: Window | None = field(default=None)

    @property
    def speed_factor(self) -> float:
        """Returns how much faster than normal animations and bots go."""
        return SPEEDS[self.speed]

    def to_dict(self) -> dict[str, Any]:
        """Returns the preferences as the file's JSON."""
        data = asdict(self)
        if self.window is not None:
            data["window"] = {"size": list(self.window.size),
                              "position": list(self.window.position) if self.window.position else None}
        return {"format": FORMAT, **data}

    @classmethod
    def from_dict(cls, data: Any) -> "Preferences":
        """Returns the preferences a file's JSON holds; raises ValueError naming the first thing wrong. Unknown
        keys are ignored, missing ones take their default."""
        if not isinstance(data, dict):
            raise ValueError("it is not a table of settings")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError("it is not a settings file")
        values: dict[str, Any] = {}
        for name in ("muted", "confirm", "hints", "fullscreen"):
            if name in data:
                values[name] = _switch(data[name], name)
        if "volume" in data:
            volume = data["volume"]
            if not _number(volume) or not 0 <= volume <= 1:
                raise ValueError("'volume' must be a number from 0 to 1")
            values["volume"] = float(volume)
        for name, allowed in (("speed", tuple(SPEEDS)), ("palette", PALETTES)):
            if name in data:
                if data[name] not in allowed:
                    raise ValueError(f"'{name}' must be one of {', '.join(allowed)}")
                values[name] = data[name]
        if data.get("window") is not None:
            values["window"] = _window(data["window"])
        return cls(**values)

    def with_window(self, size: tuple[int, int], position: tuple[int, int] | None) -> "Preferences":
        """Returns these preferences with the window's size and position (None: unknown) remembered."""
        size = (max(1, min(LARGEST_WINDOW, int(size[0]))), max(1, min(LARGEST_WINDOW, int(size[1]))))
        if position is not None:
            x, y = (max(-LARGEST_WINDOW, min(LARGEST_WINDOW, int(v))) for v in position)
            position = (x, y)
        return replace(self, window=Window(size, position))


def _number(value: Any) -> bool:
    """Returns whether `value` is a finite int or float (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _switch(value: Any, name: str) -> bool:
    """Returns an on/off value; raises ValueError if it is not true or false."""
    if not isinstance(value, bool):
        raise ValueError(f"'{name}' must be true or false")
    return value


def _window(data: Any) -> Window:
    """Returns the window's size and position from the file; raises ValueError if they are not sensible."""
    if not isinstance(data, dict):
        raise ValueError("'window' must be a table with a size")
    size, position = data.get("size"), data.get("position")
    if not (isinstance(size, list) and len(size) == 2 and all(_number(v) and v == int(v) for v in size)
            and all(1 <= v <= LARGEST_WINDOW for v in size)):
        raise ValueError(f"'window' size must be [width, height], each 1 to {LARGEST_WINDOW}")
    if position is not None and not (isinstance(position, list) and len(position) == 2
                                     and all(_number(v) and v == int(v) and abs(v) <= LARGEST_WINDOW
                                             for v in position)):
        raise ValueError("'window' position must be [x, y] on a screen")
    return Window((int(size[0]), int(size[1])), None if position is None else (int(position[0]), int(position[1])))


def load(folder: Path) -> tuple[Preferences, str | None]:
    """Returns the preferences kept in `folder`, and None, or the defaults and one line saying why the file could
    not be used (it is then replaced by the defaults where it can be)."""
    path = Path(folder) / FILE
    try:
        info = path.stat()
    except FileNotFoundError:
        return Preferences(), None
    except OSError as error:
        return Preferences(), _unusable(path, f"it cannot be read: {_read_reason(error)}")
    if stat.S_ISDIR(info.st_mode):
        return Preferences(), _unusable(path, "it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return Preferences(), _unusable(path, "it is not a plain file")
    if info.st_size > MAX_BYTES:
        return _replaced(folder, path, "it is far too big")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        return Preferences(), _unusable(path, f"it cannot be read: {_read_reason(error)}")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return _replaced(folder, path, "it is not JSON")
    try:
        return Preferences.from_dict(data), None
    except ValueError as error:
        return _replaced(folder, path, str(error))


def save(folder: Path, preferences: Preferences) -> str | None:
    """Writes the preferences to `folder` atomically; returns None, or one line saying why they cannot be kept."""
    path = Path(folder) / FILE
    try:
        write_atomic(path, preferences.to_dict())
    except OSError as error:
        return one_line(f"Can't save the settings to {shown_path(path, 50)} ({write_reason(error)}): they last "
                        "until you quit.")
    return None


def _replaced(folder: Path, path: Path, why: str) -> tuple[Preferences, str]:
    """Returns the defaults and the line saying the damaged file gave way to them (written over it)."""
    defaults = Preferences()
    problem = save(folder, defaults)
    if problem is not None:
        return defaults, _unusable(path, why)
    return defaults, one_line(f"The settings file was damaged ({why}): the settings are back to the defaults.")


def _unusable(path: Path, why: str) -> str:
    """Returns the line for a settings file that cannot even be replaced."""
    return one_line(f"Can't use the settings file {shown_path(path, 50)} ({why}): the defaults are in use.")



def _read_reason(error: OSError) -> str:
    """Returns why a file could not be read, in a few plain words."""
    return "permission denied" if isinstance(error, PermissionError) else \
        one_line((error.strerror or type(error).__name__).lower())
