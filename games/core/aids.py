"""The table's learning aids, chosen at setup for the whole table and kept in its save: the coach ("Teach us"),
which explains each kind of decision the first time a seat meets it, and hints, the Hard search's best moves
for a human who asks. Also which games this computer has played, so that "Teach us" is on the first time."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core.game import Choice, Option
from games.core.saves import write_atomic

TEACH = Option("teach", "Teach us", (Choice(True, "On"), Choice(False, "Off")),
               "A coach beside the board explains each new kind of decision the first time a seat meets it, "
               "starting with a walk through the first turn.")
HINTS = Option("hints", "Hints", (Choice(True, "Allowed"), Choice(False, "Off")),
               "A person may ask for the three moves the Hard bot likes best (H). Off for a competitive table.")
OPTIONS = (TEACH, HINTS)
PLAYED = "played.json"  # in the data folder: the ids of the games started at this computer


@dataclass
class Aids:
    """What a table chose at setup and what the aids have done so far: `taught` holds the (seat, decision
    kind) pairs the coach has explained (so it speaks once per kind and seat, also after Continue) and
    `hints_used` counts the hints each seat asked for (the game-over screen shows them)."""

    teach: bool = False
    hints: bool = True
    hints_used: list[int] = field(default_factory=list)
    taught: set[tuple[int, str]] = field(default_factory=set)

    @classmethod
    def chosen(cls, values: dict[str, Any], players: int) -> "Aids":
        """Returns fresh aids for `players` seats from the setup's values of OPTIONS."""
        return cls(bool(values.get(TEACH.id, False)), bool(values.get(HINTS.id, True)), [0] * players)

    def hint_asked(self, seat: int) -> None:
        """Counts one hint for `seat`."""
        self.hints_used[seat] += 1

    def to_dict(self) -> dict[str, Any]:
        """Returns the aids as plain data for a save."""
        return {"teach": self.teach, "hints": self.hints, "hints_used": list(self.hints_used),
                "taught": sorted([seat, kind] for seat, kind in self.taught)}

    @classmethod
    def from_dict(cls, data: Any, players: int) -> "Aids":
        """Returns the aids a save holds (an older save without them: the coach off, hints allowed); raises
        ValueError naming what is wrong."""
        if data is None:
            return cls(hints_used=[0] * players)
        if not isinstance(data, dict):
            raise ValueError("its 'aids' is not a table")
        teach, hints, used, taught = (data.get(key) for key in ("teach", "hints", "hints_used", "taught"))
        if not isinstance(teach, bool) or not isinstance(hints, bool):
            raise ValueError("its 'aids' has no teach or hints switch")
        if not isinstance(used, list) or len(used) != players or \
                not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n for n in used):
            raise ValueError("its hint counts are not one count per seat")
        if not isinstance(taught, list) or not all(
                isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) and not isinstance(pair[0], bool)
                and 0 <= pair[0] < players and isinstance(pair[1], str) and len(pair[1]) <= 64 for pair in taught):
            raise ValueError("its list of what the coach has taught is not (seat, decision) pairs")
        return cls(teach, hints, list(used), {(seat, kind) for seat, kind in taught})


def played_games(folder: Path) -> set[str]:
    """Returns the ids of the games started in the data folder `folder` (none if its file is missing or damaged:
    then the coach is merely offered again)."""
    try:
        data = json.loads((folder / PLAYED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    games = data.get("games") if isinstance(data, dict) else None
    return {item for item in games if isinstance(item, str)} if isinstance(games, list) else set()


def mark_played(folder: Path, game_id: str) -> None:
    """Remembers that `game_id` was started in `folder`, atomically; a folder that cannot be written only
    means the coach is offered again next time."""
    games = played_games(folder)
    if game_id in games:
        return
    try:
        write_atomic(folder / PLAYED, {"games": sorted(games | {game_id})})
    except OSError:
        pass


def setup_defaults(folder: Path, game_id: str, hints: bool = True) -> dict[str, Any]:
    """Returns the aids' values a setup starts with: "Teach us" on for a game never played here, hints as the
    table's settings say (the setup can still switch them for one game)."""
    return {TEACH.id: game_id not in played_games(folder), HINTS.id: hints}
