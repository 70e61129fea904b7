"""The "why not?" contract, for every game: at random positions, State.why_not never raises, says nothing
for a place that glows (a legal action's place), answers in one short line, and gives the same answer
whatever the seat to move cannot see (its view re-dealt)."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.match import Seat
from graphics.views import view_for
from tests.kit_helpers import painter, random_positions

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]
EVERY = 9  # look at every 9th position of a random game
MOST_CHARS = 100  # one line in the status panel



@pytest.mark.parametrize("game", GAMES)
def test_why_not_is_silent_on_glowing_places_private_and_short(game):
    paint = painter()
    answered = 0
    for seed in range(2):
        for state in random_positions(game, seed, 12, EVERY):
            seat = state.current_player()
            view = state.view(seat)
            kit = view_for(game)(game, [Seat(f"P{i + 1}", "orange") for i in range(state.players)])
            glowing = {kit.key_of(view, action) for action in view.legal_actions()} - {None}
            for key in glowing:
                assert view.why_not(kit.target_of(view, key)) is None, f"{game.id}: a glowing {key} has a why-not"
            paint.hits.clear()
            kit.draw(paint, view, seat, set())
            worlds = [view.determinize(random.Random(n)).view(seat) for n in range(2)]
            for key in paint.hits.keys() - glowing:
                line = view.why_not(kit.target_of(view, key))
                answered += line is not None
                assert line is None or (isinstance(line, str) and "\n" not in line and 0 < len(line) <= MOST_CHARS)
                for world in worlds:
                    assert world.why_not(kit.target_of(world, key)) == line, f"{game.id}: {key} tells a secret"
    assert answered, f"{game.id}: no place ever said why not"
