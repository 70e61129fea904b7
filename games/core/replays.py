"""Replays: every finished game's save kept in the data folder's `replays/` (the last 200), read back move by move
in the public view, and written out as plain text.

A replay file is a save (games/core/saves.py): the setup and the moves, replayed to rebuild every position. The
files are named by the time the game ended (`20261203-152445-123456-scrimish.json`), so name order is age order.
Rebuilding a whole game from its setup takes 0.03-0.31 s (measured on a game of Normal bots at each game's biggest
table; Stumped at 8 seats the slowest, 1038 moves), too slow for every step back: `Replay` keeps a copy of the
position every CHECKPOINT moves, so a step back replays at most that many moves (measured: 0.4-0.8 ms a step back,
5 ms in Crumbs, whose drops run the physics).
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from games import registry
from games.core.actions import Action, Event
from games.core.data_folder import cant_save
from games.core.errors import SaveError
from games.core.game import Game
from games.core.saves import read_save, write_atomic, write_text_atomic
from games.core.state import State
from games.core.words import listed

FOLDER = "replays"  # under the data folder
EXPORTS = "exports"  # under the data folder: the logs written by "Export log"
KEEP = 200  # the finished games kept; the oldest go first
CHECKPOINT = 32  # moves between two kept positions of a replay


def replays_folder(data_dir: Path) -> Path:
    """Returns the folder of the finished games kept for replay."""
    return Path(data_dir) / FOLDER


def archive_name(game_id: str, now: datetime.datetime) -> str:
    """Returns the file name of a game that ended at `now` (names sort as the games ended)."""
    return f"{now.strftime('%Y%m%d-%H%M%S-%f')}-{game_id}.json"


def archive(save: dict[str, Any], folder: Path, keep: int = KEEP, now: datetime.datetime | None = None) -> Path:
    """Writes a finished game's save (Match.to_dict) into `folder` with the saves' atomic writer, then drops the
    oldest games beyond `keep`; returns the file written. A failed write raises OSError and changes nothing."""
    folder = Path(folder)
    now = now or datetime.datetime.now()
    path = folder / archive_name(save["game"], now)
    while path.exists():  # two games in one microsecond (only a test does that): the next microsecond
        now += datetime.timedelta(microseconds=1)
        path = folder / archive_name(save["game"], now)
    write_atomic(path, save)
    prune(folder, keep)
    return path


def keep(save: dict[str, Any], data_dir: Path) -> str | None:
    """Keeps a game that just ended for the Replays screen; returns None, or the one line that says why it could
    not be kept (the game goes on as ever)."""
    folder = replays_folder(data_dir)
    try:
        archive(save, folder)
    except OSError as error:
        return cant_save(folder, error, "This game's replay is not kept.")
    return None


def list_replays(folder: Path) -> list[Path]:
    """Returns the replay files of `folder`, newest first (by name: see archive_name); none if it cannot be read."""
    try:
        return sorted(Path(folder).glob("*.json"), key=lambda path: path.name, reverse=True)
    except OSError:
        return []


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Deletes the oldest replay files beyond `keep`; returns those it deleted (a file that cannot be deleted
    stays, and is tried again next time)."""
    gone = []
    for path in list_replays(folder)[keep:]:
        try:
            path.unlink()
            gone.append(path)
        except OSError:
            pass
    return gone


# --- what a replay file holds ------------------------------------------------------------------------------
def result_line(state: State, names: Sequence[str]) -> str:
    """Returns who won a finished game ("Ada wins", "Ada and Bo win", the rival the rules play if it won), or
    that it did not finish."""
    if not state.is_over():
        return "not finished"
    winners = [names[seat] for seat in state.winners()]
    rivals = state.rivals()
    if not winners and rivals:
        winners = [max(rivals, key=lambda rival: rival[1])[0]]
    if not winners:
        return "nobody won"
    return f"{listed(winners)} {'win' if len(winners) > 1 else 'wins'}"


@dataclass(frozen=True)
class Summary:
    """A line of the Replays list: when the game was saved, which game, who played, who won."""

    date: str
    title: str
    names: tuple[str, ...]
    result: str


def summarize(data: dict[str, Any], game: Game) -> Summary:
    """Returns the summary of a checked replay file (read_save's data, whose snapshot a verdict found to follow
    from its moves): the result is read from that snapshot, with no replay."""
    names = tuple(seat["name"] for seat in data["seats"])
    state = game.state_from_dict(data["state"])
    return Summary(shown_date(data.get("saved_at", "")), game.title, names, result_line(state, names))


def summarize_file(path: Path, ok: bool) -> Summary | None:
    """Returns the summary of a replay file that a verdict found `ok`, None if not ok or it cannot be read now (the
    file changed since)."""
    if not ok:
        return None
    try:
        data = read_save(path)
        return summarize(data, registry.get(data["game"]))
    except (SaveError, KeyError, ValueError):
        return None


def shown_date(saved_at: str) -> str:
    """Returns a save's date as the list shows it: to the minute ("2026-12-03 15:24"), or "no date"."""
    return saved_at[:16] if saved_at else "no date"


# --- stepping through a game --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One move of a replay as the whole table saw it: the action, its public events and the public views
    before and after it."""

    action: Action
    seat: int
    events: list[Event]
    before: State
    after: State


class Replay:
    """A finished game rebuilt from its setup and moves. It hands out public views only (`public`, `move`): the
    full positions it keeps never leave it."""

    def __init__(self, game: Game, seats: Sequence[Any], options: dict[str, Any], seed: int,
                 actions: Sequence[Action], saved_at: str = "") -> None:
        self.game = game
        self.seats = list(seats)
        self.names = [seat.name for seat in self.seats]
        self.options = dict(options)
        self.saved_at = saved_at
        self.actions = list(actions)
        state = game.new_state(len(self.seats), options, seed)
        self._kept: dict[int, State] = {0: state.clone()}
        self._movers: list[int] = []
        self._events: list[list[Event]] = []
        self._lines: dict[int, list[str]] = {}
        for done, action in enumerate(self.actions):
            self._movers.append(state.current_player())
            self._events.append(state.apply(action))
            if (done + 1) % CHECKPOINT == 0:
                self._kept[done + 1] = state.clone()
        self._final = state
        self._at = (len(self.actions), state.clone())  # the last position asked for: a step forward starts from it

    @classmethod
    def from_match(cls, match, saved_at: str = "") -> "Replay":
        """Returns the replay of a loaded match (Match.load, which checked the file) saved at `saved_at`."""
        return cls(match.game, match.seats, match.options, match.seed, [step.action for step in match.history],
                   saved_at)

    @property
    def moves(self) -> int:
        """Returns the number of moves of the game."""
        return len(self.actions)

    def _state(self, done: int) -> State:
        """Returns the full position after `done` moves (kept privately: callers get its view)."""
        done = max(0, min(done, self.moves))
        at, state = self._at
        if at != done:
            start = at if at < done and done - at <= CHECKPOINT else max(k for k in self._kept if k <= done)
            state = state if start == at else self._kept[start]
            state = state.clone()
            for action in self.actions[start:done]:
                state.apply(action)
            self._at = (done, state)
        return state

    def public(self, done: int) -> State:
        """Returns the public view after `done` moves (nobody's hidden cards)."""
        return self._state(done).view(None)

    def move(self, index: int) -> Move:
        """Returns move `index` (0-based) as the table saw it: public events and the public views around it."""
        before = self.public(index)
        after = self.public(index + 1)
        return Move(self.actions[index], self._movers[index], self.events(index), before, after)

    def mover(self, index: int) -> str:
        """Returns the name of the seat that made move `index`."""
        return self.names[self._movers[index]]

    def events(self, index: int) -> list[Event]:
        """Returns the public events of move `index` (each as a spectator sees it)."""
        return [event.seen_by(None) for event in self._events[index]]

    def all_events(self, index: int) -> list[Event]:
        """Returns the events of move `index` with their secrets (for the privacy tests: never drawn)."""
        return list(self._events[index])

    def log(self, done: int) -> list[str]:
        """Returns the public log lines of the first `done` moves."""
        return [line for index in range(min(done, self.moves)) for line in self.lines(index)]

    def lines(self, index: int) -> list[str]:
        """Returns the public log lines of move `index`."""
        if index not in self._lines:
            self._lines[index] = [text for text in (event.describe(self.names) for event in self.events(index)) if text]
        return self._lines[index]

    def over(self) -> bool:
        """Returns whether the game reached its end."""
        return self._final.is_over()

    def result(self) -> str:
        """Returns who won, as a line."""
        return result_line(self._final, self.names)

    # --- the game as text ---------------------------------------------------------------------------------
    def export_text(self) -> str:
        """Returns the whole game as plain text: the date, the game, the players, the options, every public log
        line numbered by move, and the result with the scores (shown to the whole table at the end)."""
        seats = [f"{seat.name} ({'person' if seat.bot is None else self._bot_label(seat.bot)})"
                 for seat in self.seats]
        lines = [f"Kitchen Table: {self.game.title}", f"Date: {self.saved_at or 'unknown'}",
                 f"Players: {', '.join(seats)}"]
        rules = self.game.table_rules(len(self.seats), self.options)
        lines += ["Options:"] + [f"  {rule}" for rule in rules] if rules else ["Options: none"]
        lines += ["", f"Moves ({self.moves}):"]
        for index in range(self.moves):
            for number, text in enumerate(self.lines(index)):
                lines.append(f"{index + 1:5d}. {text}" if number == 0 else f"       {text}")
        lines += ["", f"Result: {self.result()}."]
        if self.over():
            final = self._final
            scores = [f"{name} {score}" for name, score in zip(self.names, final.scores())]
            scores += [f"{name} {score}" for name, score in final.rivals()]
            lines.append(f"Scores: {', '.join(scores)}")
            note = final.tie_break(self.names)
            if note:
                lines.append(note)
        return "\n".join(lines) + "\n"

    def _bot_label(self, bot: str) -> str:
        """Returns how a bot seat is named in the text ("Normal bot")."""
        try:
            label = self.game.bot_kind(bot).label
        except KeyError:
            return "bot"
        return label if label.lower().endswith("bot") else f"{label} bot"

    def export(self, folder: Path, stem: str) -> Path:
        """Writes export_text to `folder`/`stem`.txt atomically; returns the path (OSError if it cannot)."""
        path = Path(folder) / f"{stem}.txt"
        write_text_atomic(path, self.export_text())
        return path
