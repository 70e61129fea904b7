"""A game at the table: seats, history, bounded undo, autosave after every action, save and load."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from games import registry
from games.core.actions import Action, Event
from games.core.aids import Aids
from games.core.bots import BOT_SEEDS, decision_rng, fresh_bot_seed
from games.core.data_folder import cant_save
from games.core.errors import IllegalAction, SaveError
from games.core.game import Game
from games.core.names import name_problem
from games.core.saves import FORMAT, VERSION, one_line, read_save, shown_name, write_atomic
from games.core.state import State
from kitchen_table import __version__

UNDO_LIMIT = 30
GOES_ON = "The game goes on; saving resumes when it can."  # ends the line that says an autosave failed


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
                 seed: int = 0, autosave: Path | None = None, aids: Aids | None = None,
                 bot_seed: int | None = None) -> None:
        self.game = game
        self.seats = list(seats)
        for number, seat in enumerate(self.seats, 1):  # a match that can be made can be saved and loaded
            problem = name_problem(seat.name)
            if problem:
                raise ValueError(f"The name of seat {number} is not allowed. {problem}")
        self.seed = seed  # deals the cards (the rules' randomness)
        self.bot_seed = bot_seed if bot_seed is not None else fresh_bot_seed()  # the bots' randomness, drawn apart
        self.state = game.new_state(len(seats), options, seed)
        self.options = dict(self.state.options)
        self.history: list[Step] = []
        self.autosave_path = autosave
        self.save_problem: str | None = None  # why the last autosave failed (one line), None while saving works
        self.aids = aids if aids is not None else Aids(hints_used=[0] * len(seats))  # the coach, hints
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
        return self.bots[seat], self.state.view(seat), decision_rng(self.bot_seed, seat, len(self.history))

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
            "written_by": f"kitchen-table {__version__}",  # the app that wrote it (the format is `version`)
            "game": self.game.id,
            "title": self.game.title,
            "rules": self.game.rules_version,
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "players": len(self.seats),
            "options": self.options,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "seats": [asdict(seat) for seat in self.seats],
            "aids": self.aids.to_dict(),
            "history": [step.action.to_dict() for step in self.history],
            "over": self.state.is_over(),
            "state": self.state.to_dict(),
        }

    def save(self, path: Path) -> None:
        """Writes this match to `path` atomically."""
        write_atomic(path, self.to_dict())

    def autosave(self) -> bool:
        """Writes the autosave file, if this match has one; returns whether it is up to date. A failed write
        (a full disk, a file size limit, a folder that cannot be written) never stops the game: the old
        autosave stays whole, `save_problem` says why in one line, and the next action tries again."""
        if self.autosave_path is None:
            return True
        try:
            self.save(self.autosave_path)
        except OSError as error:
            self.save_problem = cant_save(self.autosave_path.parent, error, GOES_ON)
            return False
        self.save_problem = None
        return True

    @classmethod
    def header(cls, path: Path, data_problem: Callable[[Game], str | None] | None = None) -> tuple[dict, Game]:
        """Returns a save's checked data and its game after the checks that need no replay (see load): the file
        reads as a save, its game is known, its rules version is this one, the game's data files load and its
        moves are no more than a game of it takes. Raises SaveError with a one-line reason."""
        data = read_save(path)
        name = shown_name(path)
        try:
            game = registry.get(data["game"])
        except KeyError:
            raise SaveError(one_line(f"{name} is for a game this version does not have ({data['game']!r}).")) from None
        if data.get("rules", 1) != game.rules_version:
            raise SaveError(one_line(f"{name} was saved under another version of {game.title}'s rules; its moves "
                                     f"cannot be replayed under these."))
        problem = (data_problem or Game.data_problem)(game)
        if problem is not None:
            raise SaveError(one_line(f"{game.title}'s data is broken, so {name} cannot be opened: {problem}"))
        moves = data["history"]
        if game.longest_game is not None and len(moves) > game.longest_game:
            raise SaveError(one_line(f"{name} is damaged: it holds {len(moves)} moves, more than a game of "
                                     f"{game.title} takes ({game.longest_game} at most)."))
        return data, game

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None, progress: Callable[[int, int], None] | None = None,
             data_problem: Callable[[Game], str | None] | None = None) -> "Match":
        """Returns the match saved at `path`; raises SaveError with a one-line, player-readable reason.
        The checks: the file reads as a save, its game is known, its rules version is this one, the game's
        data files load (`data_problem`, by default the rules' own check), its moves are no more than a game
        of it takes, and replaying them gives the saved position. `progress(done, total)` is called as the
        moves replay (it may raise Cancelled to stop)."""
        data, game = cls.header(path, data_problem)
        name, moves = shown_name(path), data["history"]
        try:
            seats = [Seat(s["name"], s["colour"], s.get("bot")) for s in data["seats"]]
            match = cls(game, seats, data["options"], data["seed"], autosave=None,
                        aids=Aids.from_dict(data.get("aids"), len(seats)), bot_seed=saved_bot_seed(data))
            for done, raw in enumerate(moves):
                if progress is not None:
                    progress(done, len(moves))
                match._record(game.action_from_dict(raw))
            snapshot = data["state"]
            if written_before_flow(data):
                snapshot = as_written_now(snapshot, match.state.to_dict())
            saved = game.state_from_dict(snapshot)
        except Cancelled:
            raise
        except Exception as error:  # noqa: BLE001 - any failure to rebuild the game means a damaged file
            raise SaveError(one_line(f"{name} is damaged ({error}).")) from None
        if _plain(saved.to_dict()) != _plain(match.state.to_dict()):
            raise SaveError(f"{name} is damaged: its position does not follow from its moves.")
        if progress is not None:
            progress(len(moves), len(moves))
        match.autosave_path = autosave
        return match


def saved_bot_seed(data: dict[str, Any]) -> int | None:
    """Returns the bots' seed a save holds; None (a fresh one is drawn) for a save written before bots had their
    own seed. read_save refused a save whose bot_seed is there but not a whole number below BOT_SEEDS."""
    value = data.get("bot_seed")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < BOT_SEEDS else None


FLOW_VERSION = (1, 1)  # kitchen-table 1.1 runs every game on the declared flow (games/core/flow.py)


def written_before_flow(data: dict[str, Any]) -> bool:
    """Returns whether a save was written before the games ran on the declared flow (kitchen-table 1.0 or a
    save that does not say which app wrote it)."""
    writer = str(data.get("written_by", "")).removeprefix("kitchen-table ")
    try:
        return tuple(int(part) for part in writer.split(".")[:2]) < FLOW_VERSION
    except ValueError:
        return True


def as_written_now(snapshot: Any, replayed: dict[str, Any]) -> Any:
    """Returns the snapshot of a save written before the declared flow as this version writes the same position,
    for comparing with its replayed moves (the rules play the same; only how the state says what is pending
    changed): its pending decisions (their stacking and prompt wording) and any field it lacks (the flow's
    `program`) are the replay's. Anything else that differs still differs: a damaged save is still refused."""
    if not isinstance(snapshot, dict):
        return snapshot
    written = {**{key: value for key, value in replayed.items() if key not in snapshot}, **snapshot}
    if "decisions" in replayed:
        written["decisions"] = replayed["decisions"]
    return written


class Cancelled(Exception):
    """Raised by a progress callback to stop a save's replay (the player went back)."""


def _plain(data: Any) -> Any:
    """Returns `data` as it reads back from JSON, so that saved and replayed states compare."""
    return json.loads(json.dumps(data))
