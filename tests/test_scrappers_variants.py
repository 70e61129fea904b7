"""The two-player rules and the optional Keelie and Guppy rules."""
from games.scrappers.actions import (
    Commit,
    CommitDone,
    EndTurn,
    FinishActivation,
    MoveTo,
    Pass,
    PlayCard,
    Press,
    Stop,
    Target,
)
from tests.scrappers_helpers import do, kind, labels, pass_all, stack_deck, table, where

SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]


# --- two players ---------------------------------------------------------------------------------
def two(places=None, hands=None, **kw):
    """Two players: Ann has Izzy and Ridge, Ben has Lug and Puck."""
    places = places or {"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4"}
    return table(players=2, places=places, slots=kw.pop("slots", SLOTS), hands=hands or {}, **kw)


def test_each_player_may_activate_each_of_their_two_bodgers_once_a_turn():
    state = two(hands={0: ["hop_it", "hop_it", "hop_it"], 1: ["fling"]})
    assert {a.bodger for a in state.legal_actions() if isinstance(a, PlayCard)} == {"izzy", "ridge"}
    do(state, PlayCard, card="hop_it", bodger="izzy")
    do(state, Stop)
    do(state, FinishActivation)
    assert state.current_player() == 0 and labels(state) == ["Play Hop It for Ridge", "End turn"]
    do(state, PlayCard, card="hop_it", bodger="ridge")
    do(state, Stop)
    if state.pending_decision().kind == "part_button":
        do(state, FinishActivation)
    assert state.current_player() == 1, "both bodgers activated: the turn is over"


def test_ending_the_turn_after_one_activation_is_not_a_pass():
    state = two(hands={0: ["hop_it", "hop_it"], 1: ["hop_it"]})
    do(state, PlayCard, card="hop_it", bodger="izzy")
    do(state, Stop)
    do(state, FinishActivation)
    do(state, EndTurn)
    assert state.current_player() == 1 and state.turn.passed == [False, False]


def test_your_own_two_bodgers_never_tussle_each_other():
    state = two(places={"izzy": "t2", "ridge": "b2", "lug": "t4", "puck": "b0"})
    events = pass_all(state)
    assert not any(e.kind == "tussle" for e in events)
    assert [kind(p) for p in state.holdings[0]] == ["plug_purple_step"], "one part, pulled once"


def test_with_both_your_bodgers_in_a_tussle_you_draw_two():
    state = two(places={"izzy": "h", "ridge": "t0", "lug": "b0", "puck": "b4"})
    stack_deck(state, ["rummage"] * 2)
    pass_all(state)
    assert state.tussle is not None and [len(h) for h in state.hands] == [2, 1]


def test_two_players_a_blue_button_moves_only_the_other_players_bodgers():
    state = two(hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert "Affect Ridge" not in labels(state), "the rulebook: blue affects anyone else's bodger"


# --- Keelie ----------------------------------------------------------------------------------------
KEELIE = {"keelie": True}


def test_a_keelie_card_activates_keelie_then_draws_a_card():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "keelie": "t5"},
                  slots=SLOTS, hands={0: ["keelie_scoots", "hop_it"]})
    plays = {(kind(a.card), a.bodger) for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert plays == {("keelie_scoots", "keelie"), ("hop_it", "izzy")}
    do(state, PlayCard, card="keelie_scoots", bodger="keelie")
    do(state, Press, button="STEP (black)")
    do(state, MoveTo, space="n")
    assert where(state, "keelie") == "n" and len(state.hands[0]) == 2, "played one, drew one"


def test_only_one_keelie_card_a_turn():
    state = table(players=2, options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4",
                                                     "keelie": "n"}, slots=[None] * 6,
                  hands={0: ["keelie_scoots", "keelie_zooms", "hop_it"]})
    stack_deck(state, ["rummage"])
    do(state, PlayCard, card="keelie_scoots", bodger="keelie")
    do(state, Stop)
    assert {kind(a.card) for a in state.legal_actions() if isinstance(a, PlayCard)} == {"hop_it", "rummage"}


def test_keelie_blocks_and_can_be_moved_by_red_blue_and_switch_buttons():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "b3", "ridge": "b1", "puck": "b4", "keelie": "t1"},
                  slots=[None] * 6, hands={0: ["elbow_through", "shove", "swap_shop"], 1: ["hop_it"]})
    do(state, PlayCard, card="shove", bodger="izzy")
    do(state, Press, button="STEP (red)")  # Keelie is the only bodger next to Izzy
    assert where(state, "keelie") == "t2"
    assert state.current_player() == 1


def test_a_switch_may_swap_places_with_keelie_and_a_dash_stops_at_her():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "b3", "ridge": "b1", "puck": "b4", "keelie": "t3"},
                  slots=[None] * 6, hands={0: ["dash_and_grab"]})
    do(state, PlayCard, card="dash_and_grab", bodger="izzy")
    do(state, Press, button="DASH (black)")
    do(state, MoveTo, space="t2")  # clockwise she stops next to Keelie
    do(state, Press, button="SWITCH (black)")
    assert (where(state, "izzy"), where(state, "keelie")) == ("t3", "t2")


def keelie_tussle(winner_cards):
    """Keelie and Lug at the green plug; Ann (foreman), Cat and Dee commit for Keelie."""
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "t2", "keelie": "b4"},
                  slots=SLOTS, hands={0: ["big_wrench"], 1: ["shuffle_along"], 2: winner_cards})
    stack_deck(state, ["rummage"])
    pass_all(state)
    return state


def test_players_not_tussling_commit_cards_for_keelie_from_the_foreman_clockwise():
    state = keelie_tussle([])
    order = []
    while state.tussle is not None:
        tussle = state.tussle
        order.append((state.current_player(), tussle.for_keelie[tussle.index]))
        do(state, CommitDone)
    assert order == [(0, True), (1, False), (2, True), (3, True)]
    assert [len(h) for h in state.hands][1] == 2, "Lug's player drew a card; nobody draws for Keelie"


def test_if_keelie_wins_she_throws_the_part_in_the_bin():
    state = keelie_tussle(["big_wrench"])
    do(state, Commit, card="big_wrench")  # Ann for Keelie: 3
    do(state, CommitDone)
    do(state, Commit, card="shuffle_along")  # Ben: 2
    do(state, CommitDone)
    do(state, CommitDone)
    events = do(state, CommitDone)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["totals"] == {"1": 2, "keelie": 3} and reveal.data["winner"] == "keelie"
    assert [kind(p) for p in state.belt.bin.cards] == ["plug_green_step"] and not state.holdings[1]


def test_keelie_alone_at_a_part_does_not_pull_it():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "keelie": "t5"},
                  slots=SLOTS)
    events = pass_all(state)
    assert kind(state.belt.slots[5]) == "core_orange" and not any(e.kind == "tussle" for e in events)


def test_keelie_presses_the_part_in_front_of_her_after_her_card():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "keelie": "t5"},
                  slots=SLOTS, hands={0: ["keelie_scoots"]})
    do(state, PlayCard, card="keelie_scoots", bodger="keelie")
    do(state, Stop)
    assert labels(state) == ["Press the part's SWITCH (black)", "Done"]


# --- Guppy ---------------------------------------------------------------------------------------
GUPPY = {"guppy": True}


def test_a_guppy_card_moves_him_to_a_symbol_bins_the_part_and_runs_the_belt():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "guppy": "h"},
                  slots=SLOTS, hands={0: ["guppy_bolt"], 1: ["hop_it"]})
    top = state.belt.hopper.top
    assert [a.bodger for a in state.legal_actions() if isinstance(a, PlayCard)] == ["guppy"]
    do(state, PlayCard, card="guppy_bolt", bodger="guppy")
    do(state, Press, button="GUPPY: bolt")
    spaces = {state.data.board.spaces[a.space].id for a in state.legal_actions()}
    assert spaces == {"t2", "b4", "b0"}
    do(state, MoveTo, space="t2")  # in front of the purple plug
    assert [kind(p) for p in state.belt.bin.cards] == ["plug_purple_step"]
    assert state.belt.slots[0] == top and [kind(p) for p in state.belt.slots[1:]] == \
        ["plug_blue_step", "plug_orange_step", "plug_universal_jump", "plug_green_step", "core_orange"]
    assert state.current_player() == 1, "a Guppy card is the whole activation: no part buttons"


def test_guppy_hazard_tape_offers_either_symbol():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "guppy": "h"},
                  slots=SLOTS, hands={0: ["guppy_gallivants"]})
    do(state, PlayCard, card="guppy_gallivants", bodger="guppy")
    assert labels(state) == ["Press GUPPY: gear", "Press GUPPY: spring", "Stop pressing"]


def test_bodgers_pass_through_guppy_and_may_share_his_space():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4", "guppy": "t1"},
                  slots=SLOTS, hands={0: ["elbow_through", "shuffle_along"]})
    do(state, PlayCard, card="elbow_through", bodger="izzy")
    do(state, Press, button="DASH (black)")
    do(state, MoveTo, space="t3")
    assert where(state, "izzy") == "t3"
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t4", "ridge": "h", "puck": "b4", "guppy": "t1"},
                  slots=SLOTS, hands={0: ["shuffle_along"]})
    do(state, PlayCard, card="shuffle_along", bodger="izzy")
    do(state, Press, button="STEP (black)")  # h is Ridge's: the only step is onto Guppy's space
    assert where(state, "izzy") == "t1" == where(state, "guppy")


def test_buttons_cannot_affect_guppy():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t4", "ridge": "b2", "puck": "b4", "guppy": "t1"},
                  slots=SLOTS, hands={0: ["shove", "fling", "swap_shop"]})
    do(state, PlayCard, card="shove", bodger="izzy")
    assert state.in_play is None, "Guppy is the only one next to Izzy: the red button cannot press"
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t4", "ridge": "b2", "puck": "b4", "guppy": "t1"},
                  slots=SLOTS, hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert "Affect Guppy" not in labels(state) and len(state.legal_actions()) == 3
    do(state, Target, bodger="lug")


def test_a_tussling_bodger_sharing_guppys_space_draws_nothing():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4", "guppy": "b4"},
                  slots=SLOTS)
    stack_deck(state, ["rummage"] * 2)
    pass_all(state)
    assert state.tussle is not None and [len(h) for h in state.hands] == [0, 1, 0, 0]


def test_guppy_never_pulls_or_tussles():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "guppy": "t5"},
                  slots=SLOTS)
    events = pass_all(state)
    assert kind(state.belt.slots[5]) == "core_orange" and not any(e.kind == "tussle" for e in events)


def test_a_switch_never_swaps_places_with_guppy():
    state = table(options=GUPPY, places={"izzy": "t0", "lug": "t1", "ridge": "b2", "puck": "b4", "guppy": "h"},
                  slots=[None] * 6, hands={0: ["swap_shop"]})
    do(state, PlayCard, card="swap_shop", bodger="izzy")
    do(state, Press, button="SWITCH (black)")  # only Lug: resolved at once
    assert where(state, "izzy") == "t1" and where(state, "guppy") == "h"


def test_both_optional_rules_together_shuffle_in_all_twenty_character_cards():
    state = table(options={"keelie": True, "guppy": True})
    assert len(state.data.action_deck(True, True)) == 60
    assert len(state.data.action_deck(True, False)) == 52 and len(state.data.action_deck(False, True)) == 48


def test_a_keelie_or_guppy_card_counts_as_activating_and_flips_passes_back():
    state = table(options={"keelie": True, "guppy": True}, places={"izzy": "t0", "lug": "t3", "ridge": "b1",
                  "puck": "b4", "keelie": "n", "guppy": "h"}, slots=SLOTS, hands={0: ["hop_it"], 1: ["guppy_bolt"]})
    do(state, Pass)  # Ann passes; Ben plays a Guppy card
    do(state, PlayCard, card="guppy_bolt", bodger="guppy")
    do(state, Press, button="GUPPY: bolt")
    do(state, MoveTo, space="t2")
    assert state.current_player() == 0 and state.turn.passed[0] is False


def test_two_players_a_character_card_uses_one_of_the_two_activations():
    state = table(players=2, options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4",
                                                     "keelie": "n"}, slots=[None] * 6,
                  hands={0: ["keelie_scoots", "hop_it", "fling"], 1: ["hop_it"]})
    stack_deck(state, ["rummage"])
    do(state, PlayCard, card="keelie_scoots", bodger="keelie")
    do(state, Stop)
    do(state, PlayCard, card="hop_it", bodger="izzy")
    do(state, Stop)
    assert state.current_player() == 1, "Keelie and Izzy used both activations; Ridge waits"


def test_a_blue_button_may_affect_keelie():
    state = table(options=KEELIE, places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4", "keelie": "n"},
                  slots=SLOTS, hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert "Affect Keelie" in labels(state)
