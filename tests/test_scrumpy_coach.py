"""Scrumpy's coach cards say what really glows (found playing by hand at 1280x720, 4 players): the "Pick a card"
card must name the draw pile when the pile glows, and "Your first worker" must prepare the First Player for a
strip with a single worker left."""
import random

from games.scrumpy import GAME
from games.scrumpy.places import action_place
from graphics.kit import coach


def card(kind: str) -> str:
    return " ".join(coach.for_game(GAME).decisions[kind].paragraphs())


def test_the_pick_card_names_the_draw_pile_when_it_glows():
    glowed = False
    for seed in range(3):
        state, rng = GAME.new_state(2, {}, seed), random.Random(seed)
        while not state.is_over() and not glowed:
            decision = state.pending_decision()
            if decision.kind == "pick":
                places = {action_place(action, state) for action in state.legal_actions()}
                glowed = ("draw", decision.seat) in places
            state.apply(rng.choice(state.legal_actions()))
    assert glowed, "a pick with the draw pile glowing should come up in three random games"
    assert "draw pile" in card("pick")


def test_the_first_worker_card_prepares_the_first_player_for_one_worker_left():
    state = GAME.new_state(4, {}, 1)
    while state.pending_decision().seat != state.first:
        state.apply(state.legal_actions()[0])
    assert state.pending_decision().kind == "initial"
    assert len([a for a in state.legal_actions() if action_place(a, state)[0] == "strip"]) == 1
    assert "only one left" in card("initial")


def test_a_one_time_offer_does_not_ask_as_if_a_second_came():
    """Found by hand: the basic Press asked "Convert 2 apples into 1 bottle of cider? (up to 1 time more)"."""
    from games.scrumpy.actions import OwnerAction
    from tests.scrumpy_helpers import act, empty, fresh, put
    state = fresh(2)
    empty(state, state.seat, "apple")
    put(state, state.seat, "apple", "woodcutter", "planter", "cooper", "presser")
    act(state, OwnerAction, action="press")
    line = state.status(["Ann", "Ben"])
    assert line.endswith("Convert 2 apples into 1 bottle of cider?"), line
