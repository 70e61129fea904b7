"""The status line names the seat that decides, and no other seat (issue 32: prompts now say {seat} for whoever
decides; a prompt naming the wrong seat, or still showing "{seat}", is a defect players see at once)."""
from __future__ import annotations

import random

import pytest

from games import registry

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina", "Hugo"]
GAMES = [pytest.param(game, id=game.id) for game in registry.all()]


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_names_the_seat_to_decide_and_no_other(game):
    players = min(max(3, game.min_players), game.max_players)
    names = NAMES[:players]
    seen = 0
    for seed in range(2):
        state, rng = game.new_state(players, {}, seed), random.Random(seed)
        for _ in range(300):
            seat = state.current_player()
            if seat is None:
                break
            text = state.view(seat).status(names)
            others = [name for number, name in enumerate(names) if number != seat and name in text]
            assert names[seat] in text and not others and "{" not in text, f"seat {seat}: {text!r}"
            seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 100
