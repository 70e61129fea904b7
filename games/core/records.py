"""The table's players and their records, kept in one small file of the data folder (players.json).

The names used at this computer are players, each with a seat colour. For each player and game: games played
and won, best and average score, the bot levels (and people) played against, and the last ten results, each
with the running totals after it (so that a win rate over time can be drawn from ten results). Also the last
seats set up for each game, so that its setup opens as the table left it.

Every change reads the file again, changes it and writes it with the autosave's writer (saves.write_atomic),
so that two windows on one data folder lose nothing of each other's. A file that does not read as records is
set aside as players.json.damaged (never overwritten) and the records start empty, said in one line.
Bounded: ten results per player and game plus running totals, at most MOST_PLAYERS players, the keys of
the last KEYS_KEPT games recorded (a game is recorded once, however often its end is shown).
"""
from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from games.core.data_folder import cant_save
from games.core.errors import SaveError
from games.core.names import clean_name, name_problem
from games.core.record import read_plain
from games.core.saves import one_line, read_text, write_atomic

FILE = "players.json"
DAMAGED = ".damaged"  # the suffix of a file set aside
FORMAT = "kitchen-table-players"
VERSION = 1
MAX_BYTES = 2 * 2**20
LAST = 10  # results kept per player and game
MOST_PLAYERS = 100  # the players least recently seen go first beyond this
KEYS_KEPT = 200  # games remembered as recorded
PEOPLE = "people"  # in `against`: games with other people at the table
HUMAN = "human"  # a seat's kind in a remembered setup (else the bot level's id)
DEFAULT_NAME = re.compile(r"^Player \d+$")  # what the setup calls a seat until someone types a name
ID = re.compile(r"^[a-z0-9_-]{1,32}$")  # a game's, a colour's or a bot level's id


@dataclass
class Result:
    """One finished game of one player: when, won or not, the score (None in a game without one), the bot
    levels at the table, how many other people, and the player's totals in this game after it."""

    date: str
    won: bool
    score: float | None
    against: list[str]
    people: int
    played: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Returns the share of games won up to and with this one."""
        return self.wins / self.played


@dataclass
class GameRecord:
    """One player's record in one game: running totals and the last LAST results, oldest first."""

    played: int = 0
    won: int = 0
    scored: int = 0  # games that had a score
    score_sum: float = 0
    best: float | None = None
    against: dict[str, list[int]] = field(default_factory=dict)  # level id or PEOPLE -> [played, won]
    last: list[Result] = field(default_factory=list)

    @property
    def average(self) -> float | None:
        """Returns the average score of the games with one (None if none had one)."""
        return self.score_sum / self.scored if self.scored else None

    def add(self, won: bool, score: float | None, against: list[str], people: int, date: str) -> None:
        """Counts one finished game."""
        self.played += 1
        self.won += won
        if score is not None:
            self.scored += 1
            self.score_sum += score
            self.best = score if self.best is None else max(self.best, score)
        for level in sorted(set(against)) + ([PEOPLE] if people else []):
            tally = self.against.setdefault(level, [0, 0])
            tally[0] += 1
            tally[1] += won
        self.last = (self.last + [Result(date, won, score, sorted(against), people, self.played, self.won)])[-LAST:]


@dataclass
class Player:
    """A name used at this computer, its colour (a seat colour's id) and its records by game id."""

    name: str
    colour: str
    seen: int = 0  # the book's clock when the player last sat down (the most recent first)
    games: dict[str, GameRecord] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """Returns what makes two names the same player (case does not)."""
        return name_key(self.name)


@dataclass
class SeatPlan:
    """A seat as a setup left it: the name, the colour and HUMAN or a bot level's id."""

    name: str
    colour: str
    kind: str


@dataclass
class Book:
    """Everything the file holds."""

    players: list[Player] = field(default_factory=list)
    setups: dict[str, list[SeatPlan]] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)
    clock: int = 0

    def find(self, name: str) -> Player | None:
        """Returns the player with this name (in any case), if known."""
        key = name_key(name)
        return next((player for player in self.players if player.key == key), None)

    def sit(self, name: str, colour: str) -> Player:
        """Returns the player of this name, made with `colour` if new, marked as the most recently seen."""
        player = self.find(name)
        if player is None:
            player = Player(clean_name(name), colour)
            self.players.append(player)
        self.clock += 1
        player.seen = self.clock
        if len(self.players) > MOST_PLAYERS:
            self.players = sorted(self.players, key=lambda p: -p.seen)[:MOST_PLAYERS]
        return player

    def by_recency(self) -> list[Player]:
        """Returns the players, the most recently seen first."""
        return sorted(self.players, key=lambda p: (-p.seen, p.name.casefold()))

    def offers(self, typed: str, exclude: Iterable[str] = (), most: int = 5) -> list[Player]:
        """Returns the players a name field offers for what is typed: names that start with it (in any case),
        the most recently seen first, none of `exclude` (names of other seats), not the typed name itself."""
        start = name_key(typed.strip(" "))
        taken = {name_key(name) for name in exclude}
        found = [p for p in self.by_recency() if p.key.startswith(start) and p.key not in taken and p.key != start]
        return found[:most]

    def to_dict(self) -> dict[str, Any]:
        """Returns the file's document."""
        return {"format": FORMAT, "version": VERSION, "clock": self.clock,
                "players": [asdict(player) for player in self.players],
                "setups": {game: [asdict(seat) for seat in seats] for game, seats in self.setups.items()},
                "recorded": list(self.recorded)}


@lru_cache(maxsize=1024)
def name_key(name: str) -> str:
    """Returns what makes two names the same player: the name cleaned, in any case (cached: a setup asks
    for every player's at each change of a name being typed)."""
    return clean_name(name).casefold()


def is_person(name: str) -> bool:
    """Returns whether a human seat's name names someone (not the setup's "Player 2" for a seat left unnamed)."""
    return name_problem(name) is None and not DEFAULT_NAME.match(name)


def game_key(game_id: str, seed: int, seats: list[dict[str, Any]], options: dict[str, Any],
             moves: list[Any]) -> str:
    """Returns what tells one game from another: its game, seed, seats, options and moves (a finished game
    loaded again, or its end shown again, is the same game)."""
    text = json.dumps([game_id, seed, seats, options, moves], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


WON = "Won"  # the game-over screen's column that says who won


def seat_scores(scores: list[float], details: list[list[tuple[str, float]]]) -> list[float] | None:
    """Returns the seats' scores, or None in a game without a score: one whose score is its game-over screen's
    "Won" column (Scrimish)."""
    won = [dict(rows).get(WON) for rows in details]
    return None if None not in won and won == list(scores) else list(scores)


@dataclass(frozen=True)
class Finished:
    """A finished game as the records need it: per seat its name, colour, bot level (None: a person) and
    score (None: no score), the winning seats, and the game's key."""

    game: str
    key: str
    names: list[str]
    colours: list[str]
    bots: list[str | None]
    scores: list[float] | None
    winners: list[int]


def finished_of(match: Any) -> Finished:
    """Returns a finished games.core.match.Match as the records need it (its scores as the game-over screen
    shows them: the State's scores and winners)."""
    state, seats = match.state, match.seats
    winners = list(state.winners())
    key = game_key(match.game.id, match.seed, [asdict(seat) for seat in seats], match.options,
                   [step.action.to_dict() for step in match.history])
    return Finished(match.game.id, key, [seat.name for seat in seats], [seat.colour for seat in seats],
                    [seat.bot for seat in seats], seat_scores(state.scores(), state.score_details()), winners)


def add_game(book: Book, game: Finished, date: str) -> list[str]:
    """Counts a finished game for each person at the table who has a name; returns their names. Nothing
    if it was counted before or nobody at the table is a person (a game of bots)."""
    if game.key in book.recorded or all(bot is not None for bot in game.bots):
        return []
    book.recorded = (book.recorded + [game.key])[-KEYS_KEPT:]
    counted = []
    for seat, (name, colour, bot) in enumerate(zip(game.names, game.colours, game.bots)):
        if bot is not None or not is_person(name):
            continue
        others = [other for other in range(len(game.names)) if other != seat]
        against = [bot for bot in (game.bots[other] for other in others) if bot is not None]
        people = sum(game.bots[other] is None for other in others)
        record = book.sit(name, colour).games.setdefault(game.game, GameRecord())
        record.add(seat in game.winners, None if game.scores is None else game.scores[seat], against, people, date)
        counted.append(name)
    return counted


def remember_setup(book: Book, game_id: str, seats: list[SeatPlan]) -> None:
    """Keeps the seats a game was last set up with, and makes a player of each person named."""
    book.setups[game_id] = list(seats)
    for seat in seats:
        if seat.kind == HUMAN and is_person(seat.name):
            book.sit(seat.name, seat.colour)


def reset(book: Book, name: str) -> bool:
    """Forgets a player's records (the player stays, with its colour); returns whether there were any."""
    player = book.find(name)
    if player is None or not player.games:
        return False
    player.games = {}
    return True


# --- the file ---------------------------------------------------------------------------------------
class Records:
    """The records file of a data folder: `book` as last read, `problem` the line saying why a damaged file
    was set aside (None if none was)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE
        self.problem: str | None = None
        self.stuck = False  # a damaged file could not be moved aside: it is never written over
        self.book = self.read()

    def read(self) -> Book:
        """Returns the book the file holds (empty if there is none); a damaged file is set aside and said."""
        if not (self.path.exists() or self.path.is_symlink()):
            return Book()
        try:
            return book_from(read_plain(json.loads(read_text(self.path, MAX_BYTES)), FILE))
        except (SaveError, ValueError, RecursionError, TypeError, KeyError) as error:
            aside = self.set_aside()
            self.stuck = aside is None
            where = f"it is kept as {aside.name}" if aside else "it is left as it is and not written over"
            self.problem = one_line(f"The players' records could not be read ({reason(error)}): they start "
                                    f"empty; {where}.")
            return Book()

    def set_aside(self) -> Path | None:
        """Renames the damaged file to players.json.damaged (or .damaged-2, ... : an older one stays)."""
        for number in range(1, 100):
            aside = self.path.with_name(self.path.name + DAMAGED + ("" if number == 1 else f"-{number}"))
            if not (aside.exists() or aside.is_symlink()):
                try:
                    self.path.rename(aside)
                except OSError:
                    return None
                return aside
        return None

    def fresh(self) -> Book:
        """Returns the book as the file holds it now (another window may have changed it)."""
        self.book = self.read()
        return self.book

    def count(self, match: Any) -> tuple[list[str], str | None]:
        """Counts a finished match (see add_game) and writes the file if a person sat at it; returns the names
        counted and why the write failed (None if it worked or nothing was written)."""
        game = finished_of(match)
        if all(bot is not None for bot in game.bots):
            return [], None
        return self.change(lambda book: add_game(book, game, now()))

    def change(self, edit: Callable[[Book], Any]) -> tuple[Any, str | None]:
        """Reads the file again, applies `edit` to its book and writes it; returns what `edit` returned and
        why the write failed (one line), or None when it worked. A damaged file that could not be set aside
        is left alone: the change is kept for this run only."""
        self.book = self.read()
        answer = edit(self.book)
        if self.stuck:
            return answer, self.problem
        try:
            write_atomic(self.path, self.book.to_dict())
        except OSError as error:
            return answer, cant_save(self.path.parent, error, "The players' records are not kept.")
        return answer, None


def reason(error: Exception) -> str:
    """Returns why a file did not read, in a few words."""
    if isinstance(error, SaveError):
        return str(error).rstrip(".")
    if isinstance(error, json.JSONDecodeError):
        return "it is not complete JSON"
    return str(error) or type(error).__name__


def now() -> str:
    """Returns the date and time a result is written with."""
    return time.strftime("%Y-%m-%d %H:%M")


# --- reading back, every field checked ----------------------------------------------------------------
def book_from(data: Any) -> Book:
    """Returns the book a file's data holds; raises ValueError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("it is not a players file")
    if data.get("version") != VERSION:
        raise ValueError(f"it was written by another version (format {data.get('version')!r})")
    players = [player_from(item) for item in listed(data.get("players"), "players", MOST_PLAYERS)]
    if len({player.key for player in players}) != len(players):
        raise ValueError("a player is listed twice")
    setups = data.get("setups")
    if not isinstance(setups, dict) or not all(ID.match(game) for game in setups):
        raise ValueError("its setups are not a table of games")
    recorded = listed(data.get("recorded"), "recorded", KEYS_KEPT)
    if not all(isinstance(key, str) and re.fullmatch(r"[0-9a-f]{32}", key) for key in recorded):
        raise ValueError("its list of games recorded is wrong")
    return Book(players, {game: [seat_from(seat) for seat in listed(seats, "a setup", 16)]
                          for game, seats in setups.items()}, recorded, count(data.get("clock"), "clock"))


def player_from(data: Any) -> Player:
    """Returns a player read back; raises ValueError."""
    if not isinstance(data, dict) or name_problem(data.get("name")) is not None:
        raise ValueError("a player's name is not allowed")
    if not isinstance(data.get("colour"), str) or not ID.match(data["colour"]):
        raise ValueError(f"{data['name']}'s colour is wrong")
    games = data.get("games")
    if not isinstance(games, dict) or len(games) > 32 or not all(ID.match(game) for game in games):
        raise ValueError(f"{data['name']}'s games are wrong")
    return Player(data["name"], data["colour"], count(data.get("seen"), "seen"),
                  {game: record_from(value, f"{data['name']}'s {game}") for game, value in games.items()})


def record_from(data: Any, where: str) -> GameRecord:
    """Returns one game's record read back; raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} record is not a table")
    played, won, scored = (count(data.get(key), f"{where} {key}") for key in ("played", "won", "scored"))
    total, best = number(data.get("score_sum"), where), data.get("best")
    if won > played or scored > played or (best is None) != (scored == 0):
        raise ValueError(f"{where} totals do not add up")
    against = data.get("against")
    if not isinstance(against, dict) or not all(
            (ID.match(level) or level == PEOPLE) and isinstance(tally, list) and len(tally) == 2
            and count(tally[0], where) >= count(tally[1], where) and tally[0] <= played for level, tally in against.items()):
        raise ValueError(f"{where} opponents are wrong")
    last = [result_from(item, where) for item in listed(data.get("last"), f"{where} results", LAST)]
    return GameRecord(played, won, scored, total, None if best is None else number(best, where),
                      {level: list(tally) for level, tally in against.items()}, last)


def result_from(data: Any, where: str) -> Result:
    """Returns one result read back; raises ValueError."""
    if not isinstance(data, dict) or not isinstance(data.get("date"), str) or len(data["date"]) > 32 \
            or not data["date"].isprintable() or not isinstance(data.get("won"), bool):
        raise ValueError(f"{where}: a result is wrong")
    against = listed(data.get("against"), where, 16)
    if not all(isinstance(level, str) and ID.match(level) for level in against):
        raise ValueError(f"{where}: a result's opponents are wrong")
    played, wins = count(data.get("played"), where), count(data.get("wins"), where)
    if not 0 < played or wins > played:
        raise ValueError(f"{where}: a result's totals are wrong")
    score = data.get("score")
    return Result(data["date"], data["won"], None if score is None else number(score, where), against,
                  count(data.get("people"), where), played, wins)


def seat_from(data: Any) -> SeatPlan:
    """Returns a remembered seat read back; raises ValueError."""
    if not isinstance(data, dict) or name_problem(data.get("name")) is not None \
            or not all(isinstance(data.get(key), str) and ID.match(data[key]) for key in ("colour", "kind")):
        raise ValueError("a remembered seat is wrong")
    return SeatPlan(data["name"], data["colour"], data["kind"])


def listed(value: Any, where: str, most: int) -> list:
    """Returns a list of at most `most` items; raises ValueError otherwise."""
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"its {where} are not a short list")
    return value


def count(value: Any, where: str) -> int:
    """Returns a whole number >= 0; raises ValueError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"its {where} is not a count")
    return value


def number(value: Any, where: str) -> float:
    """Returns a number; raises ValueError otherwise."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value:
        raise ValueError(f"{where}: a score is not a number")
    return value
