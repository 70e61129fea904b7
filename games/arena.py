"""The arena: bots of any levels matched over many games, seats rotated, win rates with Wilson intervals."""
from __future__ import annotations

import math
import os
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from games import registry
from games.core.game import Game
from games.core.levels import HARD, levels
from games.simulate import DEFAULT_BOT_SEED, Lineup, Tally, play_all, resolve_kind

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Contest:
    """What the arena is asked to play: the game, the bots, how many games and how."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int
    options: Mapping[str, Any]
    seed: int = 0
    iterations: int | None = None  # Hard's search budget a move; None: its usual time
    bot_seed: int = DEFAULT_BOT_SEED  # the bots' own randomness (each game's: game_bot_seed), apart from the deals
    seconds: float | None = None  # without `iterations`: Hard's time a move (None: its level's, as the app plays)
    clock: str = "cpu"  # what that time counts: "cpu", the CPU time of the process playing, or "wall"

    def budget(self) -> str:
        """Returns Hard's budget a move in words, for the report ("" when Hard does not play)."""
        if HARD not in self.bots:
            return ""
        if self.iterations:
            return f"Hard at {self.iterations} iterations a move"
        hard = levels()[HARD]
        seconds = self.seconds or hard.seconds
        whose = "" if self.seconds else " (its level's)"
        time = f"most {seconds:g} s a decision{whose} within its level's {hard.turn_seconds:g} s a turn"
        if self.clock == "wall":
            return f"Hard at {time} by the wall clock, as the app plays"
        return (f"Hard at {time} counted in CPU time of the process playing it, "
                "so other load on the machine does not weaken it")


def setup(game_id: str, bots: str | Sequence[str], games: int, players: int | None = None,
          options: Mapping[str, Any] | None = None, seed: int = 0, iterations: int | None = None,
          bot_seed: int = DEFAULT_BOT_SEED, seconds: float | None = None, clock: str = "cpu") -> Contest:
    """Returns a checked contest; raises ValueError (or KeyError) with a one-line message on a bad choice."""
    game = registry.get(game_id)
    ids = tuple(i.strip() for i in (bots.split(",") if isinstance(bots, str) else bots))
    for bot_id in ids:
        game.bot_kind(bot_id)
    players = players or max(len(ids), game.min_players)
    if players < len(ids):
        raise ValueError(f"{len(ids)} bots need at least {len(ids)} seats, not {players}")
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"--iterations must be at least 1, not {iterations}")
    if seconds is not None and not 0.01 <= seconds <= 30:
        raise ValueError(f"--seconds must be from 0.01 to 30, not {seconds:g}")
    if iterations is not None and seconds is not None:
        raise ValueError("--iterations and --seconds are two budgets for Hard: give one")
    if clock not in ("cpu", "wall"):
        raise ValueError(f"the clock is cpu or wall, not {clock!r}")
    return Contest(game.id, ids, games, players, game.resolve_options(players, options or {}), seed, iterations,
                   bot_seed, seconds, clock)


def lineups(bots: Sequence[str], players: int, games: int, seed: int) -> list[Lineup]:
    """Returns each game's seed and seats: the bots round the table (repeated if there are more seats),
    turned one seat further each game, so that over `players` games every bot sits in every seat."""
    table = [bots[seat % len(bots)] for seat in range(players)]
    return [(seed + n, tuple(table[(seat - n) % players] for seat in range(players))) for n in range(games)]


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Returns the Wilson score interval of a win rate (wins may be fractional: a shared win counts 1/k)."""
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: float, games: int, fair: float) -> dict[str, Any]:
    """Returns a win rate as plain data: the rate, its interval, the games and the fair share."""
    low, high = wilson(wins, games)
    return {"win_rate": round(wins / games, 4) if games else None, "ci95": [round(low, 4), round(high, 4)],
            "games": games, "fair": round(fair, 4)}


def summary(contest: Contest, tally: Tally, seconds: float) -> dict[str, Any]:
    """Returns the figures of a finished run as one JSON-safe object."""
    game = registry.get(contest.game)
    fair = 1 / contest.players
    return {
        "game": contest.game, "games": tally.games, "players": contest.players, "seed": contest.seed,
        "bot_seed": contest.bot_seed,
        "options": dict(contest.options), "seats": list(lineups(contest.bots, contest.players, 1, 0)[0][1]),
        "iterations": contest.iterations, "seconds": round(seconds, 1),
        "hard_seconds": None if contest.iterations else contest.seconds or levels()[HARD].seconds,
        "clock": None if contest.iterations else contest.clock, "budget": contest.budget(),
        "cpu_seconds_per_game": round(tally.cpu_seconds / tally.games, 3) if tally.games else None,
        "bots": {bot_id: {"label": resolve_kind(game, bot_id).label,
                          **rate(tally.bot_wins[bot_id], tally.bot_games[bot_id], fair), **_thinking(tally, bot_id)}
                 for bot_id in dict.fromkeys(contest.bots)},
        "first_seat": {"who": game.first_seat_label if game.first_seat_event else "seat 1",
                       **rate(*_first(game, tally), fair)},
        "seats_won": [round(tally.seat_wins[seat] / tally.games, 4) for seat in range(contest.players)],
        "sides": {side: rate(tally.side_wins[side], tally.side_games[side], fair) for side in sorted(tally.side_games)},
        "length": {"mean": round(statistics.mean(tally.lengths), 1), "median": statistics.median(tally.lengths),
                   "min": min(tally.lengths), "max": max(tally.lengths)},
        "score_spread": {"mean": round(statistics.mean(tally.spreads), 2), "max": max(tally.spreads)},
    }


def _thinking(tally: Tally, bot_id: str) -> dict[str, Any]:
    """Returns what a bot's decisions cost: CPU seconds in all, and for a search bot the decisions it searched,
    their CPU seconds and imagined games on average (a decision with one move is not searched)."""
    figures: dict[str, Any] = {"cpu_seconds": round(tally.bot_cpu[bot_id], 2)}
    searched = tally.bot_searched[bot_id]
    if searched:
        figures.update(searched=searched, cpu_per_search=round(tally.bot_cpu[bot_id] / searched, 3),
                       iterations_per_search=round(tally.bot_iterations[bot_id] / searched, 1))
    return figures


def _first(game: Game, tally: Tally) -> tuple[float, int]:
    """Returns the first player's wins and games: from the game's first-player event, else seat 1's."""
    if game.first_seat_event:
        return tally.first_wins, tally.first_games
    return tally.seat_wins[0], tally.games


def _percent(figure: Mapping[str, Any]) -> str:
    """Returns a rate with its interval and distance from the fair share as text."""
    if not figure["games"]:
        return "no games"
    low, high = figure["ci95"]
    return (f"{100 * figure['win_rate']:5.1f}%  [{100 * low:4.1f}, {100 * high:4.1f}]  of {figure['games']}  "
            f"({100 * (figure['win_rate'] - figure['fair']):+.1f} points from fair {100 * figure['fair']:.1f}%)")


def write_report(out, figures: Mapping[str, Any]) -> None:
    """Prints the figures of a run for people: win rates with 95% intervals, first seat, sides, lengths."""
    game = registry.get(figures["game"])
    options = figures["options"]
    chosen = ", ".join(f"{o.id}={options[o.id]}" for o in game.options if o.id in options and o.applies(options))
    budget = f", {figures['budget']}" if figures.get("budget") else ""
    out.write(f"{figures['games']} games of {game.title}, {figures['players']} players, seats "
              f"{', '.join(figures['seats'])} turned a seat each game{budget}, seeds {figures['seed']}.."
              f"{figures['seed'] + figures['games'] - 1}, bots' seed {figures['bot_seed']} ({figures['seconds']} s)\n"
              f"  options: {chosen}\n")
    out.write("  win rate per seat played, 95% Wilson interval, a shared win counted 1/k:\n")
    for figure in figures["bots"].values():
        out.write(f"    {figure['label']:<14} {_percent(figure)}\n")
    for figure in figures["bots"].values():
        if figure.get("searched"):
            out.write(f"  {figure['label']} searched {figure['searched']} decisions: {figure['cpu_per_search']} CPU s "
                      f"and {figure['iterations_per_search']:g} imagined games each on average\n")
    if figures.get("cpu_seconds_per_game") is not None:
        out.write(f"  CPU time: {figures['cpu_seconds_per_game']} s a game (all seats)\n")
    out.write(f"  first player ({figures['first_seat']['who']}): {_percent(figures['first_seat'])}\n")
    for side, figure in figures["sides"].items():
        out.write(f"  {side:<16} {_percent(figure)}\n")
    length, spread = figures["length"], figures["score_spread"]
    out.write(f"  game length (actions): mean {length['mean']}, median {length['median']}, "
              f"min {length['min']}, max {length['max']}\n")
    out.write(f"  score spread (best - worst): mean {spread['mean']}, max {spread['max']}\n")


def progress_bar(err, title: str, games: int, started: float):
    """Returns a callback that draws a progress bar on `err` after each batch."""
    def show(tally: Tally) -> None:
        filled = round(30 * tally.games / games)
        err.write(f"\r{title} [{'#' * filled}{'.' * (30 - filled)}] {tally.games}/{games} games "
                  f"{time.perf_counter() - started:.0f} s")
        err.flush()
    return show


def run(contest: Contest, workers: int = 1, err=None, minutes: float | None = None) -> dict[str, Any]:
    """Plays the contest (progress on `err`, standard error by default) and returns its figures; with `minutes`,
    starts no new batch of games after that long (a batch is a whole turn of the seats)."""
    err = err or sys.stderr
    started, cpu = time.perf_counter(), _cpu()
    game = registry.get(contest.game)
    turns = max(1, min(25 // contest.players, contest.games // (8 * max(1, workers) * contest.players)))
    deadline = started + 60 * minutes if minutes else None
    tally = play_all(contest.game, contest.players, contest.options,
                     lineups(contest.bots, contest.players, contest.games, contest.seed), workers,
                     progress_bar(err, game.title, contest.games, started), contest.iterations,
                     turns * contest.players, deadline, contest.bot_seed, contest.seconds, contest.clock == "cpu")
    err.write("\n")
    figures = summary(contest, tally, time.perf_counter() - started)
    figures["cpu_seconds"] = round(_cpu() - cpu, 1)
    return figures


def _cpu() -> float:
    """Returns the CPU seconds used by this process and its finished children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system
