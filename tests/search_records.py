"""What Hard's search finds at a fixed budget, for the tests that hold a speed-up to finding exactly the same."""
from __future__ import annotations

import random


def root_statistics(game, players: int, count: int, iterations: int = 200) -> list:
    """Returns the Hard level's move and root statistics (move, imagined games, average reward) at a fixed budget
    from the benchmark's mid-game views of `game`, seeded as the benchmark seeds them."""
    from benchmarks.search import midgame_views
    from games.core.ismcts import Search
    from games.core.levels import search_kind

    found = []
    for n, view in enumerate(midgame_views(game.id, players, count)):
        action, root = search_kind(game, iterations).make().search.run(view, random.Random(n))
        found.append((repr(action), [(repr(a), visits, reward) for a, visits, reward in Search.root_statistics(root)]))
    return found
