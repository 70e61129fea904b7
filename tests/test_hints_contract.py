"""The hint contract, for every game (like tests/test_why_not_contract.py): at random positions a hint's moves
are legal and distinct, ranked by the share of imagined games won, each with one short line of reason, and
every mark lands on a glowing place drawn on the board or on a button of the action bar."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.hints import MOST_CHARS, advise
from games.core.match import Seat
from graphics.views import view_for
from tests.kit_helpers import painter, random_positions

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]
EVERY = 11  # look at every 11th position of a random game
BUDGET = 16  # imagined games per hint (a fixed budget: the same hint on any machine)



@pytest.mark.parametrize("game", GAMES)
def test_hints_are_legal_ranked_short_and_marked_on_glowing_places_or_bar_buttons(game):
    paint = painter()
    marked = 0
    for seed in range(2):
        for state in random_positions(game, seed, 4, EVERY):
            seat = state.current_player()
            view = state.view(seat)
            kit = view_for(game)(game, [Seat(f"P{i + 1}", "orange") for i in range(state.players)])
            legal = view.legal_actions()
            advice = advise(game, view, random.Random(seed), iterations=BUDGET)
            actions = advice.actions()
            assert actions and len(set(actions)) == len(actions) <= 3, f"{game.id}: {actions}"
            assert all(action in legal for action in actions), f"{game.id}: a hinted move is not legal"
            shares = [hint.share for hint in advice.hints]
            assert shares == sorted(shares, reverse=True), f"{game.id}: not ranked by share"
            for hint in advice.hints:
                assert isinstance(hint.reason, str) and "\n" not in hint.reason and 0 < len(hint.reason) <= MOST_CHARS
            glowing = {kit.key_of(view, action) for action in legal} - {None}
            paint.hits.clear()
            kit.draw(paint, view, seat, set())
            kit.draw_live(paint, view, seat, None, set())
            drawn = paint.hits.keys()
            for action in actions:
                key = kit.key_of(view, action)
                if key is None:
                    assert kit.in_bar(view, action), f"{game.id}: {action} has neither a place nor a bar button"
                else:
                    assert key in glowing and key in drawn, f"{game.id}: the mark of {action} lands on nothing drawn"
                marked += 1
    assert marked, f"{game.id}: no hint was marked"
