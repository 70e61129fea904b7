"""A game at the table: seats, history, bounded undo, autosave after every action, save and load."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from games import registry
from games.core.actions import Action, Event
from games.core.bots import decision_rng
from games.core.errors import IllegalAction, SaveError
from games.core.game import Game
from games.core.names import name_problem
from games.core.saves import FORMAT, VERSION, one_line, read_save, write_atomic
from games.core.state import State

UNDO_LIMIT = 30


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name, a colour id (paired with a symbol on screen), human or bot."""

    name: str
    colour: str
    bot: str | None = None  # None for a human, else the id of one of the game's BotKinds

    @property
    def is_human(self) -> bool:
        """Returns whether a person plays this seat."""
        return self.bot is None


@dataclass
class Step:
    """One action in the history, with who took it, what it caused and whether undo may cross it."""

    action: Action
    seat: int
    events: list[Event]
    undoable: bool
    before: State | None = field(default=None, repr=False)


class Match:
    """Wraps a state with seats, history, undo and saves. The only writer of the state at the table."""

    def __init__(self, game: Game, seats: list[Seat], options: dict[str, Any] | None = None,
                 seed: int = 0, autosave: Path | None = None) -> None:
        self.game = game
        self.seats = list(seats)
        for number, seat in enumerate(self.seats, 1):  # a match that can be made can be saved and loaded
            problem = name_problem(seat.name)
            if problem:
                raise ValueError(f"The name of seat {number} is not allowed. {problem}")
        self.seed = seed
        self.state = game.new_state(len(seats), options, seed)
        self.options = dict(self.state.options)
        self.history: list[Step] = []
        self.autosave_path = autosave
        self.bots = {s: game.bot_kind(seat.bot).make() for s, seat in enumerate(self.seats) if seat.bot is not None}

    # --- play -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Returns the seat names, for labels and log lines."""
        return [seat.name for seat in self.seats]

    def apply(self, action: Action) -> list[Event]:
        """Plays `action` for the seat to move, records it and autosaves; IllegalAction changes nothing."""
        events = self._record(action)
        self.autosave()
        return events

    def _record(self, action: Action) -> list[Event]:
        """Plays and records `action` without saving."""
        seat = self.state.current_player()
        if seat is None:
            raise IllegalAction("the game is over")
        before = self.state.clone()
        events = self.state.apply(action)
        undoable = before.rng_fingerprint() == self.state.rng_fingerprint() and not any(e.reveals for e in events)
        self.history.append(Step(action, seat, events, undoable, before))
        if len(self.history) > UNDO_LIMIT:
            self.history[-UNDO_LIMIT - 1].before = None
        return events

    def log(self) -> list[Event]:
        """Returns every event so far, oldest first."""
        return [event for step in self.history for event in step.events]

    def bot_seat(self) -> int | None:
        """Returns the seat to move if a bot plays it, else None."""
        seat = self.state.current_player()
        return seat if seat is not None and not self.seats[seat].is_human else None

    def bot_request(self) -> tuple[Any, State, Any]:
        """Returns (bot, view, rng) for the bot to move: call `bot.choose(view, rng)` anywhere. Each bot
        seat keeps one bot object for the whole match, so a bot may remember between decisions."""
        seat = self.bot_seat()
        if seat is None:
            raise ValueError("no bot is to move")
        return self.bots[seat], self.state.view(seat), decision_rng(self.seed, seat, len(self.history))

    def play_bot(self) -> list[Event]:
        """Lets the bot to move decide and plays its action."""
        bot, view, rng = self.bot_request()
        return self.apply(bot.choose(view, rng))

    # --- undo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Returns whether the seat to move may take back its last action in this turn."""
        seat = self.state.current_player()
        if not self.history or seat is None or not self.seats[seat].is_human:
            return False
        last = self.history[-1]
        return last.seat == seat and last.undoable and last.before is not None

    def undo(self) -> bool:
        """Takes back the last action if allowed; returns whether it did."""
        if not self.can_undo():
            return False
        step = self.history.pop()
        self.state = step.before
        self.autosave()
        return True

    # --- saving -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Returns the save document: header, seats, moves and a full snapshot."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.id,
            "title": self.game.title,
            "rules": self.game.rules_version,
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "players": len(self.seats),
            "options": self.options,
            "seed": self.seed,
            "seats": [asdict(seat) for seat in self.seats],
            "history": [step.action.to_dict() for step in self.history],
            "over": self.state.is_over(),
            "state": self.state.to_dict(),
        }

    def save(self, path: Path) -> None:
        """Writes this match to `path` atomically."""
        write_atomic(path, self.to_dict())

    def autosave(self) -> None:
        """Writes the autosave file, if this match has one."""
        if self.autosave_path is not None:
            self.save(self.autosave_path)

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None) -> "Match":
        """Returns the match saved at `path`; raises SaveError with a one-line, player-readable reason."""
        data = read_save(path)
        name = one_line(Path(path).name)
        try:
            game = registry.get(data["game"])
        except KeyError:
            raise SaveError(one_line(f"{name} is for a game this version does not have ({data['game']!r}).")) from None
        if data.get("rules", 1) != game.rules_version:
            raise SaveError(one_line(f"{name} was saved under another version of {game.title}'s rules; its moves "
                                     f"cannot be replayed under these."))
        try:
            seats = [Seat(s["name"], s["colour"], s.get("bot")) for s in data["seats"]]
            match = cls(game, seats, data["options"], data["seed"], autosave=None)
            for raw in data["history"]:
                match._record(game.action_from_dict(raw))
            saved = game.state_from_dict(data["state"])
        except Exception as error:  # noqa: BLE001 - any failure to rebuild the game means a damaged file
            raise SaveError(one_line(f"{name} is damaged ({error}).")) from None
        if _plain(saved.to_dict()) != _plain(match.state.to_dict()):
            raise SaveError(f"{name} is damaged: its position does not follow from its moves.")
        match.autosave_path = autosave
        return match


def _plain(data: Any) -> Any:
    """Returns `data` as it reads back from JSON, so that saved and replayed states compare."""
    return json.loads(json.dumps(data))
