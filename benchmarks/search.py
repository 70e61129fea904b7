"""Figures of the Hard level: its move time and the search's iterations per second, from mid-game views."""
from __future__ import annotations

import random
import time

from games import registry
from games.core.bots import decision_rng
from games.core.levels import HARD


def midgame_views(game_id: str, players: int, count: int) -> list:
    """Returns `count` views of the seat to move with a real choice that the Hard level searches (not one it
    leaves to its guide), from the middle third of Normal-bot games."""
    game = registry.get(game_id)
    views, seed = [], 0
    while len(views) < count:
        states, state = [], game.new_state(players, {}, seed)
        bots = [game.bot_kind("normal").make() for _ in range(players)]
        while not state.is_over():
            seat = state.current_player()
            states.append(state.clone())
            state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, len(states))))
        middle = [s for s in states[len(states) // 3: 2 * len(states) // 3]
                  if len(s.search_actions()) > 1 and s.pending_decision().kind not in game.search.guide.decisions]
        for chosen in middle[len(middle) // 4:: max(1, len(middle) // 2)][:2]:  # two views a game, apart
            views.append(chosen.view(chosen.current_player()))
        seed += 1
    return views[:count]


def hard_moves(game_id: str, players: int, count: int = 4) -> tuple[list[float], list[float]]:
    """Returns the seconds of the Hard level's moves and its iterations per second, one per mid-game view."""
    game = registry.get(game_id)
    seconds, rates = [], []
    for n, view in enumerate(midgame_views(game_id, players, count)):
        bot = game.bot_kind(HARD).make()
        start = time.perf_counter()
        bot.choose(view, random.Random(n))
        took = time.perf_counter() - start
        seconds.append(took)
        rates.append(bot.last_iterations / took)
    return seconds, rates


def hint_seconds(game_id: str, players: int, count: int = 4) -> list[float]:
    """Returns the wall seconds from asking for a hint to its answer (the Hard level's time budget, its guide
    and the Normal bot's rules of thumb on the top move), one per mid-game view."""
    from games.core.hints import advise

    game = registry.get(game_id)
    seconds = []
    for n, view in enumerate(midgame_views(game_id, players, count)):
        start = time.perf_counter()
        advise(game, view, random.Random(n))
        seconds.append(time.perf_counter() - start)
    return seconds
