"""Headless bot-versus-bot games with statistics for people tuning the card data."""
from __future__ import annotations

import functools
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from games import registry
from games.core.actions import Action
from games.core.bots import Bot, BotKind, decision_rng, game_bot_seed
from games.core.game import Game
from games.core.levels import HARD, search_kind
from games.core.state import State

DEFAULT_BOT_SEED = 0  # the bots' own seed of a headless run unless --bot-seed says another (runs are reproducible)


def play_out(state: State, bots: list, seed: int, limit: int = 100_000, events: list | None = None) -> int:
    """Plays `state` to the end with one bot per seat, each seeing only its view and drawing its randomness from
    `seed` (the bots' seed: decision_rng); returns the actions taken (and collects the events in `events`)."""
    for ply in range(limit):
        seat = state.current_player()
        if seat is None:
            return ply
        happened = state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
        if events is not None:
            events += happened
    raise RuntimeError(f"game did not end within {limit} actions")


def parse_options(game: Game, pairs: Sequence[str]) -> dict[str, Any]:
    """Returns the options named by KEY=VALUE strings, each value one of the option's choices."""
    options, known = {}, {option.id: option for option in game.options}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in known:
            raise ValueError(f"--option {pair!r}: expected KEY=VALUE with KEY one of {', '.join(known)}")
        values = [choice.value for choice in known[key].choices]
        matches = [value for value in values if str(value).lower() == text.strip().lower()]
        if not matches:
            raise ValueError(f"--option {pair!r}: {key} is one of {', '.join(str(v).lower() for v in values)}")
        options[key] = matches[0]
    return options


def seat_bots(game: Game, spec: str | Sequence[str] | None, players: int) -> list:
    """Returns the BotKind of each seat: one kind for all seats, or one per seat ("park,random")."""
    ids = spec.split(",") if isinstance(spec, str) else list(spec or [game.bots[0].id])
    ids = [i.strip() for i in ids]
    if len(ids) == 1:
        ids *= players
    if len(ids) != players:
        raise ValueError(f"--bots names {len(ids)} bots for {players} seats")
    return [game.bot_kind(bot_id) for bot_id in ids]


@dataclass
class Tally:
    """What a batch of games came to: wins by seat, side and bot, lengths, spreads, the first seat."""

    games: int = 0
    seat_wins: Counter = field(default_factory=Counter)
    side_wins: Counter = field(default_factory=Counter)
    side_games: Counter = field(default_factory=Counter)
    bot_wins: Counter = field(default_factory=Counter)
    bot_games: Counter = field(default_factory=Counter)
    first_wins: float = 0.0
    first_games: int = 0
    lengths: list = field(default_factory=list)
    spreads: list = field(default_factory=list)
    figures: dict = field(default_factory=dict)  # the game's own statistics, each a list of per-game values
    cpu_seconds: float = 0.0  # CPU time of the process(es) that played these games
    bot_cpu: Counter = field(default_factory=Counter)  # CPU seconds each bot id spent deciding
    bot_searched: Counter = field(default_factory=Counter)  # decisions a search bot searched (more than one move)
    bot_iterations: Counter = field(default_factory=Counter)  # imagined games of those searches

    def add(self, other: "Tally") -> None:
        """Adds another batch's counts to this one."""
        self.games += other.games
        for name in ("seat_wins", "side_wins", "side_games", "bot_wins", "bot_games", "bot_cpu", "bot_searched",
                     "bot_iterations"):
            getattr(self, name).update(getattr(other, name))
        self.first_wins += other.first_wins
        self.first_games += other.first_games
        self.cpu_seconds += other.cpu_seconds
        self.lengths += other.lengths
        self.spreads += other.spreads
        for name, values in other.figures.items():
            self.figures.setdefault(name, []).extend(values)


def _first_seat(game: Game, events: list) -> int | None:
    """Returns the seat the game's first-player event names (Granny's Favor in Crumbs), if it has one."""
    kind, key = game.first_seat_event, game.first_seat_key
    return next((e.data.get(key) for e in events if kind and e.kind == kind), None)


Lineup = tuple[int, tuple[str, ...]]  # a game to play: its seed and the bot id of each seat


class Metered(Bot):
    """Plays as `inner` does and counts what that cost: CPU seconds, and for a search bot the decisions it searched
    and their imagined games (SearchBot.last_iterations)."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.cpu = 0.0
        self.searched = 0
        self.iterations = 0

    def choose(self, view: State, rng: random.Random) -> Action:
        """Returns the inner bot's choice."""
        started = time.process_time()
        action = self.inner.choose(view, rng)
        self.cpu += time.process_time() - started
        done = getattr(self.inner, "last_iterations", 0)
        self.searched += done > 0
        self.iterations += done
        return action


def timed_by_cpu(bot: Bot) -> Bot:
    """Returns `bot` with its search's time budget counted in CPU time of this process (time.process_time), not
    wall time: a worker that shares its core with other load then thinks as long as on a quiet machine."""
    search = getattr(bot, "search", None)
    if search is not None:
        search.clock = time.process_time  # the search's clock (Search.clock where it has one)
    return bot


def play_games(game_id: str, players: int, options: Mapping[str, Any], lineups: Sequence[Lineup],
               iterations: int | None = None, bot_seed: int = DEFAULT_BOT_SEED, seconds: float | None = None,
               cpu_clock: bool = False) -> Tally:
    """Plays one game per (seed, bot ids) and returns their tally; `iterations` fixes Hard's search budget, else
    it thinks `seconds` a move (None: the level's), by this process's CPU time with `cpu_clock`, else by wall time
    as the app does; the bots of each game draw from game_bot_seed(bot_seed, its seed), not from its deal's."""
    game = registry.get(game_id)
    tally = Tally()
    started = time.process_time()
    for seed, bot_ids in lineups:
        kinds = [resolve_kind(game, bot_id, iterations, seconds) for bot_id in bot_ids]
        state, events = game.new_state(players, options, seed), []
        bots = [Metered(timed_by_cpu(kind.make()) if cpu_clock else kind.make()) for kind in kinds]
        tally.lengths.append(play_out(state, bots, game_bot_seed(bot_seed, seed), events=events))
        for kind, bot in zip(kinds, bots):
            tally.bot_cpu[kind.id] += bot.cpu
            tally.bot_searched[kind.id] += bot.searched
            tally.bot_iterations[kind.id] += bot.iterations
        winners = state.winners()
        share = 1 / len(winners) if winners else 0.0
        tally.games += 1
        for seat in winners:
            tally.seat_wins[seat] += share
        scores = state.scores()
        tally.spreads.append(max(scores) - min(scores))
        for name, value in state.statistics().items():
            tally.figures.setdefault(name, []).append(value)
        sides = state.sides() or [""] * players
        for seat, side in enumerate(sides):
            if side:
                tally.side_games[side] += 1
                tally.side_wins[side] += share * (seat in winners)
            tally.bot_games[kinds[seat].id] += 1
            tally.bot_wins[kinds[seat].id] += share * (seat in winners)
        first = _first_seat(game, events)
        if first is not None:
            tally.first_games += 1
            tally.first_wins += share * (first in winners)
    tally.cpu_seconds = time.process_time() - started
    return tally


def play_batch(game_id: str, players: int, options: Mapping[str, Any], bot_ids: Sequence[str],
               seeds: Sequence[int], bot_seed: int = DEFAULT_BOT_SEED) -> Tally:
    """Plays one game per seed with the same bots in the same seats and returns their tally."""
    return play_games(game_id, players, options, [(seed, tuple(bot_ids)) for seed in seeds], bot_seed=bot_seed)


def resolve_kind(game: Game, bot_id: str, iterations: int | None = None, seconds: float | None = None) -> BotKind:
    """Returns the BotKind `bot_id` names; Hard searches `iterations` a move instead of for a time if given, else
    `seconds` a move instead of its level's if given."""
    if bot_id == HARD and iterations:
        return search_kind(game, iterations)
    kind = game.bot_kind(bot_id)
    if bot_id == HARD and seconds:
        return BotKind(kind.id, kind.label, functools.partial(_for_seconds, kind.make, seconds), kind.blurb)
    return kind


def _for_seconds(make, seconds: float) -> Bot:
    """Returns the bot `make` makes with its search's time a move set to `seconds`."""
    bot = make()
    bot.search.seconds = seconds
    return bot


def _batch(args: tuple) -> Tally:
    """Plays a batch in a worker process."""
    return play_games(*args)


def play_all(game_id: str, players: int, options: Mapping[str, Any], lineups: Sequence[Lineup], workers: int = 1,
             progress=None, iterations: int | None = None, chunk: int = 25, deadline: float | None = None,
             bot_seed: int = DEFAULT_BOT_SEED, seconds: float | None = None, cpu_clock: bool = False) -> Tally:
    """Plays the lineups in batches of `chunk`, in `workers` processes when more than one, calling
    `progress(tally)` after each batch; starts no batch after `deadline` (a time.perf_counter() value), but
    always plays the first, and returns the tally of the batches played."""
    tally = Tally()
    jobs = [(game_id, players, options, lineups[start:start + chunk], iterations, bot_seed, seconds, cpu_clock)
            for start in range(0, len(lineups), chunk)]
    late = lambda: deadline is not None and time.perf_counter() >= deadline  # noqa: E731
    if workers > 1 and len(jobs) > 1:
        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            for result in pool.imap(_batch, jobs):
                tally.add(result)
                progress and progress(tally)
                if late():
                    break
    else:
        for job in jobs:
            if tally.games and late():  # at least one batch, however short the time
                break
            tally.add(_batch(job))
            progress and progress(tally)
    return tally


def simulate(game_id: str, games: int, players: int | None, seed: int, bots: str | Sequence[str] | None,
             out=None, options: Mapping[str, Any] | None = None, workers: int = 1,
             bot_seed: int = DEFAULT_BOT_SEED) -> int:
    """Plays `games` bot games and prints win rates by seat, side, bot and first seat, game length and
    score spread (to `out`, standard output by default); returns 0."""
    out = out or sys.stdout
    game = registry.get(game_id)
    players = players or game.player_counts()[0]
    options = game.resolve_options(players, options or {})
    kinds = seat_bots(game, bots, players)
    ids = tuple(kind.id for kind in kinds)
    started = time.perf_counter()
    lineups = [(seed + n, ids) for n in range(games)]
    tally = play_all(game_id, players, options, lineups, workers,
                     lambda done: _progress(out, game, done.games, games, started), bot_seed=bot_seed)
    out.write("\n")
    report(out, game, tally, players, options, kinds, seed, bot_seed)
    return 0


def _progress(out, game: Game, done: int, games: int, started: float) -> None:
    """Writes how far the run has got."""
    out.write(f"\r{game.title}: {done}/{games} games ({time.perf_counter() - started:.1f} s)")
    out.flush()


def _rate(wins: float, games: int, fair: float) -> str:
    """Returns a win rate with its 95% margin and its distance from the fair share."""
    if not games:
        return "no games"
    rate = wins / games
    margin = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)
    return (f"wins {100 * rate:5.1f}% ± {100 * margin:.1f} of {games} games "
            f"(fair {100 * fair:.1f}%, {100 * (rate - fair):+.1f} points)")


def report(out, game: Game, tally: Tally, players: int, options: Mapping[str, Any], kinds: list, seed: int,
           bot_seed: int = DEFAULT_BOT_SEED) -> None:
    """Prints the statistics of a finished run."""
    games, fair = tally.games, 1 / players
    bots = kinds[0].label if len({k.id for k in kinds}) == 1 else ", ".join(k.label for k in kinds)
    where = "in every seat" if len({k.id for k in kinds}) == 1 else "by seat"
    chosen = ", ".join(f"{o.id}={options[o.id]}" for o in game.options if o.id in options and o.applies(options))
    out.write(f"{games} games of {game.title}, {players} players, {bots} {where}, seeds {seed}..{seed + games - 1}, "
              f"bots' seed {bot_seed}\n")
    out.write(f"  options: {chosen}\n")
    for seat in range(players):
        out.write(f"  seat {seat + 1}: wins {100 * tally.seat_wins[seat] / games:5.1f}%\n")
    if tally.first_games:
        out.write(f"  first player ({game.first_seat_label}): {_rate(tally.first_wins, tally.first_games, fair)}\n")
    for side in sorted(tally.side_games):
        out.write(f"  {side}: {_rate(tally.side_wins[side], tally.side_games[side], fair)}\n")
    if len(tally.bot_games) > 1:
        for bot_id in sorted(tally.bot_games, key=lambda i: game.bot_kind(i).label):
            label = game.bot_kind(bot_id).label
            out.write(f"  {label}: {_rate(tally.bot_wins[bot_id], tally.bot_games[bot_id], fair)}\n")
    out.write(f"  game length (actions): mean {statistics.mean(tally.lengths):.1f}, min {min(tally.lengths)}, "
              f"max {max(tally.lengths)}\n")
    out.write(f"  score spread (best - worst): mean {statistics.mean(tally.spreads):.2f}\n")
    for name, values in tally.figures.items():
        out.write(f"  {name}: mean {statistics.mean(values):.1f}, min {min(values):g}, max {max(values):g}\n")
