"""A search clones, restores and determinizes states by the thousand on the bot thread while the window
draws. Seeding a generator from the system's entropy is a system call made while holding the interpreter
lock (it held frames up for 60-80 ms at a time while a Hard bot thought), so none of these may do it."""
import random

import pytest

from games import registry


@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_clones_restores_and_determinizations_never_seed_from_the_system(game, monkeypatch):
    state = game.new_state(game.player_counts()[0], {}, 7)
    rng = random.Random(7)
    for _ in range(10):
        if state.is_over():
            break
        state.apply(rng.choice(state.search_actions()))
    unseeded = []
    seed = random.Random.seed

    def watched(self, a=None, version=2):
        if a is None:
            unseeded.append(self)
        seed(self, a, version)
    monkeypatch.setattr(random.Random, "seed", watched)
    state.clone()
    game.state_from_dict(state.to_dict())
    view = state.view(state.current_player())
    view.determinize(random.Random(3))
    view.clone()
    assert unseeded == []
