"""A save file judged as loading judges it (read, game known, rules version, game data, replay), once per
version of the file: the Load screen and the menu's Continue offer only what would open, and say why not."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from games.core.errors import SaveError
from games.core.game import Game
from games.core.match import Match
from games.core.saves import read_save

CACHE_SIZE = 256  # verdicts kept (a saves folder rarely holds more; the oldest go first)


@dataclass(frozen=True)
class Verdict:
    """Whether a save opens: if it does, a line about it (game, players, moves, when); if not, why not."""

    ok: bool
    line: str  # one line that can be drawn
    game: str | None = None  # the game's id, when the save opens
    players: int = 0
    over: bool = False  # the replayed position is finished (not the header's word for it)


def file_key(path: Path) -> tuple | None:
    """Returns what identifies one version of a file (path, device, inode, time, size), None if it cannot be
    looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return os.fspath(path), info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size


class Verdicts:
    """The verdicts on the saves checked so far, one per version of a file (the oldest go first)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._kept: dict[tuple, Verdict] = {}

    def known(self, path: Path) -> Verdict | None:
        """Returns the verdict on this version of the file if it was checked already."""
        key = file_key(path)
        return self._kept.get(key) if key is not None else None

    def check(self, path: Path, data_problem: Callable[[Game], str | None] | None = None,
              progress: Callable[[int, int], None] | None = None) -> Verdict:
        """Returns whether the save at `path` opens, by opening it (Match.load); the verdict is kept for this
        version of the file. `progress` is Match.load's (it may raise Cancelled, which is not kept)."""
        key = file_key(path)
        if key is not None and key in self._kept:
            return self._kept[key]
        verdict = judge(path, data_problem, progress)
        if key is not None and key == file_key(path):  # a file written meanwhile is judged again next time
            while len(self._kept) >= self.size:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = verdict
        return verdict


def judge(path: Path, data_problem: Callable[[Game], str | None] | None = None,
          progress: Callable[[int, int], None] | None = None) -> Verdict:
    """Returns whether the save at `path` opens, by opening it (Match.load), and a line about it."""
    try:
        header = read_save(path)
        match = Match.load(path, progress=progress, data_problem=data_problem)
    except SaveError as error:
        return Verdict(False, str(error))
    over = match.state.is_over()
    players = len(match.seats)
    state = "finished" if over else f"{len(match.history)} moves"
    when = header.get("saved_at") or "no date"
    return Verdict(True, f"{match.game.title}, {players} player{'s' * (players != 1)}, {state}, {when}",
                   match.game.id, players, over)
