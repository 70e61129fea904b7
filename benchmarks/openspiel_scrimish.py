"""Plays our Hard level against OpenSpiel's ISMCTS on Scrimish duels and prints Hard's win rate with its interval.

Run with `python3 benchmarks/openspiel_scrimish.py [--games 40] [--seconds 1.0 | --iterations N] [--seed 0]
[--bot-seed 0] [--workers 1] [--clock cpu|wall] [--json]`; it needs the optional OpenSpiel package
(`pip install -r requirements-openspiel.txt`). The reference is OpenSpiel's own Python ISMCTSBot
(open_spiel/python/algorithms/ismcts.py: one tree keyed by information-state strings, UCT, random rollouts,
the most visited move) on our rules wrapped as a pyspiel game (benchmarks/openspiel_scrimish_game.py), its
worlds dealt from the mover's view as Hard's are. Both sides get the same budget a move: `--seconds` of the
clock (CPU time of the process by default, as the arena counts it), OpenSpiel's simulations looping until its
time is up; or `--iterations` imagined games each. Seats alternate game by game; a game that reaches the
longest game a save may hold counts as a draw. Target (issue 33): Hard wins at least 60% at 1 s a move.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games import registry  # noqa: E402
from games.arena import wilson  # noqa: E402
from games.core.bots import Bot, decision_rng, game_bot_seed  # noqa: E402
from games.core.levels import HARD, levels  # noqa: E402
from games.simulate import resolve_kind, timed_by_cpu  # noqa: E402

HARD_SIDE, OPENSPIEL_SIDE = "hard", "openspiel"
PLAYERS = 2  # Scrimish duels: one search against the other


@dataclass(frozen=True)
class Budget:
    """What each side may spend a move: `iterations` imagined games, else `seconds` of the `clock`."""

    seconds: float | None = 1.0
    iterations: int | None = None
    clock: str = "cpu"  # "cpu": the CPU time of the process playing; "wall": the wall clock

    def words(self) -> str:
        """Returns the budget in words for the report."""
        if self.iterations:
            return f"{self.iterations} iterations a move each"
        counted = "CPU time of the process playing" if self.clock == "cpu" else "the wall clock"
        return f"{self.seconds:g} s a move each, counted in {counted}"


@dataclass
class Side:
    """What one side's searched decisions (those with more than one move) cost, summed over a game."""

    searched: int = 0
    iterations: int = 0
    cpu: float = 0.0

    def add(self, iterations: int, cpu: float) -> None:
        """Counts one decision (searched only when the search ran at least one imagined game)."""
        self.searched += iterations > 0
        self.iterations += iterations
        self.cpu += cpu if iterations > 0 else 0.0


@dataclass
class Result:
    """One finished game: its seed, Hard's seat, the winner's side (None: a draw) and each side's thinking."""

    seed: int
    hard_seat: int
    winner: str | None
    plies: int
    sides: dict[str, Side] = field(default_factory=lambda: {HARD_SIDE: Side(), OPENSPIEL_SIDE: Side()})


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Returns the checked command-line arguments; exits with a one-line message on a bad one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games to play (seats alternate), default 40")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="time a move for each side (default: Hard's level's)")
    budget.add_argument("--iterations", type=int, default=None, help="imagined games a move for each side instead")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="what --seconds counts (default cpu)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's deal; game n is dealt from seed + n")
    parser.add_argument("--bot-seed", type=int, default=0, help="the bots' own randomness, apart from the deals")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games side by side (default 1)")
    parser.add_argument("--uct-c", type=float, default=None,
                        help="OpenSpiel's UCT constant (default: Hard's exploration, doubled for returns of -1..1)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object instead")
    parser.add_argument("--merge", nargs="+", metavar="FILE", default=None,
                        help="play nothing: report as one run the --json figures of runs whose seeds follow on")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if args.iterations is not None and args.iterations < 1:
        parser.error(f"--iterations must be at least 1, not {args.iterations}")
    if args.seconds is not None and not 0.01 <= args.seconds <= 30:
        parser.error(f"--seconds must be from 0.01 to 30, not {args.seconds:g}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, not {args.workers}")
    if args.seconds is None and args.iterations is None:
        args.seconds = levels()[HARD].seconds
    if args.uct_c is None:
        args.uct_c = 2 * levels()[HARD].exploration  # the same exploration on returns twice as wide
    return args


def budget_of(args: argparse.Namespace) -> Budget:
    """Returns the budget the arguments ask for."""
    return Budget(None if args.iterations else args.seconds, args.iterations, args.clock)


def hard_bot(budget: Budget) -> Bot:
    """Returns our Hard level with the budget's time (or iterations) for every move, as OpenSpiel's search gets:
    not the app's turn budget, which shares a turn's time between its decisions (each at most the level's)."""
    kind = resolve_kind(registry.get("scrimish"), HARD, budget.iterations, budget.seconds)
    hard = kind.make()
    hard.turn = None
    return timed_by_cpu(hard) if budget.clock == "cpu" else hard


def play_game(seed: int, hard_seat: int, budget: Budget, bot_seed: int, uct_c: float) -> Result:
    """Plays one duel dealt from `seed`, Hard in `hard_seat` and OpenSpiel's ISMCTS in the other, and returns it."""
    from benchmarks.openspiel_scrimish_game import ScrimishGame, action_ids, new_scrimish, timed_ismcts

    spiel_game = ScrimishGame({"seed": seed})
    state = spiel_game.wrap(new_scrimish(seed))
    seeds = game_bot_seed(bot_seed, seed)
    clock = time.process_time if budget.clock == "cpu" else time.perf_counter
    hard = hard_bot(budget)
    reference = timed_ismcts(spiel_game, random.Random(f"openspiel:{seeds}"), uct_c, budget.seconds,
                             budget.iterations, clock)
    result = Result(seed, hard_seat, None, 0)
    limit = registry.get("scrimish").longest_game
    while not state.is_terminal() and result.plies < limit:
        seat = state.current_player()
        started = time.process_time()
        if seat == hard_seat:
            action = hard.choose(state.ours.view(seat), decision_rng(seeds, seat, result.plies))
            state.apply_action(action_ids()[action])
            result.sides[HARD_SIDE].add(hard.last_iterations, time.process_time() - started)
        else:
            state.apply_action(reference.step(state))
            result.sides[OPENSPIEL_SIDE].add(reference.last_simulations, time.process_time() - started)
        result.plies += 1
    if state.is_terminal():
        result.winner = HARD_SIDE if hard_seat in state.ours.winners() else OPENSPIEL_SIDE
    return result


def _play(job: tuple) -> Result:
    """Plays one game in a worker process."""
    return play_game(*job)


def play_all(args: argparse.Namespace, progress=None) -> list[Result]:
    """Plays the games the arguments ask for (game n dealt from seed + n, Hard in seat n mod 2), in `--workers`
    processes when more than one, calling `progress(results)` with the games played so far after each one."""
    budget = budget_of(args)
    jobs = [(args.seed + n, n % PLAYERS, budget, args.bot_seed, args.uct_c) for n in range(args.games)]
    results: list[Result] = []
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(min(args.workers, len(jobs))) as pool:
            for result in pool.imap_unordered(_play, jobs):
                results.append(result)
                progress and progress(results)
    else:
        for job in jobs:
            results.append(_play(job))
            progress and progress(results)
    return sorted(results, key=lambda result: result.seed)


def thinking(results: Iterable[Result], side: str) -> dict[str, Any]:
    """Returns what a side's searched decisions cost on average: imagined games and CPU seconds a move."""
    searched = sum(r.sides[side].searched for r in results)
    iterations = sum(r.sides[side].iterations for r in results)
    cpu = sum(r.sides[side].cpu for r in results)
    return {"searched": searched, "iterations_per_move": round(iterations / searched, 1) if searched else None,
            "cpu_per_move": round(cpu / searched, 3) if searched else None}


def summary(args: argparse.Namespace, results: Sequence[Result], seconds: float) -> dict[str, Any]:
    """Returns the figures of a finished run as one JSON-safe object: Hard's wins, draws and losses, its win
    rate (a draw counts half) with the 95% Wilson interval, and each side's thinking a move."""
    games = len(results)
    wins = sum(r.winner == HARD_SIDE for r in results)
    draws = sum(r.winner is None for r in results)
    score = wins + draws / 2
    low, high = wilson(score, games)
    return {
        "game": "scrimish", "players": PLAYERS, "games": games, "seed": args.seed, "bot_seed": args.bot_seed,
        "budget": asdict(budget_of(args)), "budget_words": budget_of(args).words(), "uct_c": args.uct_c,
        "hard_wins": wins, "openspiel_wins": games - wins - draws, "draws": draws,
        "hard_win_rate": round(score / games, 4), "ci95": [round(low, 4), round(high, 4)],
        "hard_wins_by_seat": [sum(r.winner == HARD_SIDE for r in results if r.hard_seat == seat)
                              for seat in range(PLAYERS)],
        "plies_median": statistics.median(r.plies for r in results),
        "thinking": {side: thinking(results, side) for side in (HARD_SIDE, OPENSPIEL_SIDE)},
        "seconds": round(seconds, 1), "load": [round(load, 2) for load in os.getloadavg()],
    }


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Returns the figures of runs played apart (side by side in separate processes, say) as one run's; raises
    ValueError unless their seeds follow on from each other and their budget, bots' seed and UCT constant agree.
    Parts of an even number of games play exactly the games of one run (Hard's seat alternates within each)."""
    parts = sorted(parts, key=lambda part: part["seed"])
    first = parts[0]
    for before, after in zip(parts, parts[1:]):
        if after["seed"] != before["seed"] + before["games"]:
            raise ValueError(f"seeds {before['seed']}.. ({before['games']} games) and {after['seed']}.. do not follow on")
        for key in ("budget", "bot_seed", "uct_c"):
            if after[key] != first[key]:
                raise ValueError(f"the runs differ in {key}: {first[key]} and {after[key]}")
    games = sum(part["games"] for part in parts)
    wins, draws = sum(part["hard_wins"] for part in parts), sum(part["draws"] for part in parts)
    low, high = wilson(wins + draws / 2, games)
    return {**first, "games": games, "hard_wins": wins, "openspiel_wins": games - wins - draws, "draws": draws,
            "hard_win_rate": round((wins + draws / 2) / games, 4), "ci95": [round(low, 4), round(high, 4)],
            "hard_wins_by_seat": [sum(part["hard_wins_by_seat"][seat] for part in parts) for seat in range(PLAYERS)],
            "plies_median": None,  # a median of medians is not the median
            "thinking": {side: _merged_thinking([part["thinking"][side] for part in parts])
                         for side in (HARD_SIDE, OPENSPIEL_SIDE)},
            "seconds": max(part["seconds"] for part in parts),
            "load": [max(loads) for loads in zip(*(part["load"] for part in parts))], "parts": len(parts)}


def _merged_thinking(figures: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Returns a side's thinking over several runs from each run's averages."""
    searched = sum(figure["searched"] for figure in figures)
    if not searched:
        return {"searched": 0, "iterations_per_move": None, "cpu_per_move": None}
    mean = {key: sum(figure[key] * figure["searched"] for figure in figures if figure["searched"]) / searched
            for key in ("iterations_per_move", "cpu_per_move")}
    return {"searched": searched, "iterations_per_move": round(mean["iterations_per_move"], 1),
            "cpu_per_move": round(mean["cpu_per_move"], 3)}


def write_report(out, figures: dict[str, Any]) -> None:
    """Prints the figures for people."""
    low, high = figures["ci95"]
    out.write(f"{figures['games']} Scrimish duels, our Hard against OpenSpiel's ISMCTS (UCT c {figures['uct_c']:g}, "
              f"random rollouts), {figures['budget_words']}, seats alternating, seeds {figures['seed']}.."
              f"{figures['seed'] + figures['games'] - 1}, bots' seed {figures['bot_seed']}\n")
    out.write(f"  Hard won {figures['hard_wins']}, OpenSpiel won {figures['openspiel_wins']}, "
              f"draws {figures['draws']}\n")
    out.write(f"  Hard's win rate {100 * figures['hard_win_rate']:.1f}%, 95% Wilson interval "
              f"[{100 * low:.1f}, {100 * high:.1f}] (a draw counts half)\n")
    median = f"; median game {figures['plies_median']:g} moves" if figures["plies_median"] is not None else ""
    out.write(f"  Hard's wins in seat 1 and seat 2: {figures['hard_wins_by_seat'][0]}, "
              f"{figures['hard_wins_by_seat'][1]}{median}\n")
    for side, label in ((HARD_SIDE, "Hard"), (OPENSPIEL_SIDE, "OpenSpiel ISMCTS")):
        figure = figures["thinking"][side]
        if figure["searched"]:
            out.write(f"  {label:<16} {figure['iterations_per_move']:g} imagined games and {figure['cpu_per_move']} "
                      f"CPU s a searched move ({figure['searched']} moves)\n")
    played = f" ({figures['parts']} runs side by side)" if figures.get("parts", 1) > 1 else ""
    out.write(f"  {figures['seconds']} s in all{played}; load average {', '.join(map(str, figures['load']))}\n")


def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    """Runs the match the arguments ask for and prints its figures (progress on standard error)."""
    out, err = out or sys.stdout, err or sys.stderr
    args = parse_args(argv)
    if args.merge:
        figures = merge([json.loads(Path(name).read_text()) for name in args.merge])
        out.write(json.dumps(figures) + "\n") if args.json else write_report(out, figures)
        return 0
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        err.write("OpenSpiel is not installed: pip install -r requirements-openspiel.txt\n")
        return 2
    started = time.perf_counter()

    def progress(results: list[Result]) -> None:
        won = sum(result.winner == HARD_SIDE for result in results)
        err.write(f"\r{len(results)}/{args.games} games, Hard won {won} ({time.perf_counter() - started:.0f} s)")
        err.flush()
    results = play_all(args, progress)
    err.write("\n")
    figures = summary(args, results, time.perf_counter() - started)
    if args.json:
        out.write(json.dumps(figures) + "\n")
    else:
        write_report(out, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
