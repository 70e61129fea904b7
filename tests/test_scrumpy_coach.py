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


def test_the_coopers_question_names_the_prestige_it_gives():
    """Found by hand: the Cooper's card says "Pay 3 wood for 1 empty barrel and 1 prestige" but its question
    asked only "Convert 3 wood into 1 empty barrel?" (the prestige is part of the trade)."""
    from games.scrumpy.actions import PlayWorker
    from tests.scrumpy_helpers import act, empty, fresh, put
    state = fresh(2)
    empty(state, state.seat, "wood")
    put(state, state.seat, "wood", "woodcutter", "planter", "presser")
    put(state, state.seat, "hand", "cooper")
    state._legal = None
    act(state, PlayWorker, card="cooper", use=True)
    line = state.status(["Ann", "Ben"])
    assert line.endswith("Convert 3 wood into 1 empty barrel and 1 prestige? (up to 2 times)"), line


def test_a_status_line_that_offers_a_button_names_one_that_is_there():
    """Found by hand: the Refresh asked "pick a card to keep for next round (1 more), or Done" while the only
    button read "Discard the rest" (an Apprentice's "or skip" had "Recruit nobody", "or end your turn" had
    "End turn"). Every ", or <button>" of a status line is a button of that decision."""
    offered = set()
    for seed in range(3):
        state, rng = GAME.new_state(3, {}, seed), random.Random(seed)
        while not state.is_over():
            line = state.status(["Ann", "Ben", "Cat"])
            if ", or " in line:
                named = line.rsplit(", or ", 1)[1]
                buttons = [a.describe() for a in state.legal_actions()]
                assert named in buttons, (line, buttons)
                offered.add(state.pending_decision().kind)
            state.apply(rng.choice(state.legal_actions()))
    assert {"keep", "pick"} <= offered


def test_the_normal_bots_words_call_a_tiny_reckoning_little():
    """Found by hand: the top hint (the best move) read "the Normal bot reckons the whole move costs about 0.1
    prestige". A figure under half a prestige is noise: it says the move changes little."""
    import re

    from games.scrumpy.bot import LITTLE
    normal = GAME.bots[0].make()
    state, rng, said = GAME.new_state(2, {}, 4), random.Random(4), set()
    for _ in range(40):
        view = state.view(state.current_player())
        for action in view.legal_actions()[:6]:
            said.add(normal.explain(view, action))
        state.apply(rng.choice(state.legal_actions()))
    figures = [float(m.group(1)) for words in said if words for m in [re.search(r"about (\d+\.\d)", words)] if m]
    assert "the Normal bot reckons the move changes little" in said and figures
    assert min(figures) >= LITTLE, sorted(figures)[:3]
