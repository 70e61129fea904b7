"""Status lines and prompts are built from what the viewer may see, for all five games.

The play scene builds its status line from the view it shows (which may still be an earlier view of the
viewing seat while another seat is to move), its buttons' labels and its confirm questions from the view
too. At every ply of random games, for every seat's view and the spectator's, those texts must be built
without error and name no card the viewer cannot see (a hidden card is None in a view: no "None" in text).
"""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.match import Seat
from graphics.views import view_for

NAMES = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal"]
MAX_ACTIONS = 6_000
BY_GAME = [pytest.param(game, id=game.id) for game in registry.all()]


def check_texts(game, gview, state, seat) -> None:
    """Asserts the status line of `seat`'s view (and, for the seat to move, its labels and confirm
    questions) are built without error and name nothing hidden."""
    view = state.view(seat)
    text = view.status(NAMES)
    assert isinstance(text, str)
    assert "None" not in text, f"{game.id}: a hidden card named in {seat}'s status: {text!r}"
    if seat is not None and seat == state.current_player():
        for action in view.legal_actions():
            label = gview.label(view, action, NAMES)
            assert isinstance(label, str) and label and "None" not in label
            question = gview.confirm(view, action)
            assert question is None or ("None" not in question and question)


@pytest.mark.parametrize("game", BY_GAME)
def test_every_view_builds_its_status_line_at_every_ply(game):
    for players in (min(game.player_counts()), max(game.player_counts())):
        seed = 3
        state = game.new_state(players, {}, seed)
        gview = view_for(game)(game, [Seat(NAMES[s], "red") for s in range(players)])
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            for seat in list(range(players)) + [None]:
                check_texts(game, gview, state, seat)
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_scrimish_a_defender_s_view_of_the_attacker_s_chosen_pile_names_no_hidden_card():
    """The crash of issue 28: seat 2 picks a pile whose top card seat 1 has never seen; the status line
    built from seat 1's view (shown while seat 1's turn is coming) must not read that card."""
    from games.scrimish.actions import ChoosePile, FinishSetup
    from games.scrimish.state import ScrimishState
    game = registry.get("scrimish")
    state = game.new_state(3, {"mode": "free_for_all"}, 3)
    assert isinstance(state, ScrimishState)
    while state.phase == "setup":
        state.apply(FinishSetup())
    mover = state.current_player()
    state.apply(ChoosePile(4))
    card = state.deck.cards[state.piles[mover][4][-1]]
    assert state.status(NAMES).endswith(f"{card.name}, or discard it.") or card.kind in ("shield", "crown")
    for seat in [s for s in range(3) if s != mover] + [None]:
        view = state.view(seat)
        assert view.piles[mover][4][-1] is None  # face down to everyone else
        text = view.status(NAMES)
        assert NAMES[mover] in text and "pile 5" in text
        assert card.name not in text, f"seat {seat}'s status names the attacker's hidden {card.name}"
