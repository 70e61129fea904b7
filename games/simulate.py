"""Headless bot-versus-bot games with statistics for people tuning the card data."""
from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from games import registry
from games.core.bots import decision_rng
from games.core.state import State


def play_out(state: State, bots: list, seed: int, limit: int = 100_000) -> int:
    """Plays `state` to the end with one bot per seat, each seeing only its view; returns the actions taken."""
    for ply in range(limit):
        seat = state.current_player()
        if seat is None:
            return ply
        state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
    raise RuntimeError(f"game did not end within {limit} actions")


def simulate(game_id: str, games: int, players: int | None, seed: int, bot_id: str | None, out=sys.stdout) -> int:
    """Plays `games` bot games and prints win rates by seat, game length and score spread; returns 0."""
    game = registry.get(game_id)
    players = players or game.player_counts()[0]
    kind = game.bot_kind(bot_id) if bot_id else game.bots[0]
    wins, lengths, spreads, figures = Counter(), [], [], {}
    side_wins, side_games = Counter(), Counter()
    started = time.perf_counter()
    for index in range(games):
        state = game.new_state(players, {}, seed + index)
        lengths.append(play_out(state, [kind.make() for _ in range(players)], seed + index))
        for seat in state.winners():
            wins[seat] += 1 / len(state.winners())
        scores = state.scores()
        spreads.append(max(scores) - min(scores))
        for name, value in state.statistics().items():
            figures.setdefault(name, []).append(value)
        for seat, side in enumerate(state.sides()):
            side_games[side] += 1
            side_wins[side] += (seat in state.winners()) / len(state.winners())
        if (index + 1) % max(1, games // 20) == 0 or index + 1 == games:
            out.write(f"\r{game.title}: {index + 1}/{games} games ({time.perf_counter() - started:.1f} s)")
            out.flush()
    out.write("\n")
    out.write(f"{games} games of {game.title}, {players} players, {kind.label} in every seat, seeds {seed}..{seed + games - 1}\n")
    for seat in range(players):
        out.write(f"  seat {seat + 1}: wins {100 * wins[seat] / games:5.1f}%\n")
    for side in sorted(side_games):
        out.write(f"  {side}: wins {100 * side_wins[side] / side_games[side]:5.1f}% of {side_games[side]} games\n")
    out.write(f"  game length (actions): mean {statistics.mean(lengths):.1f}, min {min(lengths)}, max {max(lengths)}\n")
    out.write(f"  score spread (best - worst): mean {statistics.mean(spreads):.2f}\n")
    for name, values in figures.items():
        out.write(f"  {name}: mean {statistics.mean(values):.1f}, min {min(values):g}, max {max(values):g}\n")
    return 0
