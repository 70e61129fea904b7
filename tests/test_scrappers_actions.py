"""The action phase: passing and flipping back, activating a bodger, pressing a card's buttons
until one cannot resolve, button colours, plain buttons, and the part buttons after the card."""
from games.scrappers.actions import (
    DrawUp,
    EndTurn,
    FinishActivation,
    MoveTo,
    Pass,
    PlayCard,
    Press,
    PressPart,
    Stop,
    SwitchPlaces,
    Target,
)
from tests.scrappers_helpers import do, kind, labels, table, where

SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]
SPREAD = {"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4"}


def test_the_phase_ends_only_when_everyone_has_passed_in_a_row():
    state = table(places=SPREAD, slots=[None] * 6, hands={0: ["shuffle_along"], 1: ["shuffle_along"]})
    do(state, Pass)
    assert state.passed() == [True, False, False, False] and state.current_player() == 1
    do(state, PlayCard, card="shuffle_along", bodger="lug")
    do(state, Stop)
    # the activation flipped Ann's token back; Cat and Dee (no cards) have passed again since
    assert state.passed() == [False, False, True, True]
    assert state.current_player() == 0 and state.phase == "action"
    do(state, PlayCard, card="shuffle_along", bodger="izzy")
    do(state, Stop)  # now nobody holds a card: all pass, nothing to pull, the next round begins
    assert state.round == 2 and state.phase == "maintenance"


def test_players_without_cards_pass_by_themselves():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["hop_it"]})
    events = do(state, Pass)
    auto = [e for e in events if e.kind == "pass" and e.data["auto"]]
    assert [e.data["seat"] for e in auto] == [1, 2, 3]
    assert state.round == 2, "everyone passed: parts were pulled and a new round began"


def test_a_played_card_is_shown_resolved_and_discarded():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["hop_it", "belt_kick"]})
    events = do(state, PlayCard, card="hop_it", bodger="izzy")
    assert events[0].kind == "play" and events[0].reveals and kind(events[0].data["card"]) == "hop_it"
    assert kind(state.in_play) == "hop_it" and len(state.hands[0]) == 1
    do(state, Press, button="JUMP (black)")
    do(state, MoveTo, space="t2")
    assert kind(state.discard.top) == "hop_it" and state.in_play is None


def test_buttons_stop_at_the_first_that_cannot_resolve():
    # Back It Up: REVERSE then STEP. Nothing can reverse (empty belt, empty bin): STEP is never offered.
    state = table(places=SPREAD, slots=[None] * 6, hands={0: ["back_it_up"]})
    state.belt.hopper.cards, hopper = [], list(state.belt.hopper.cards)
    state.holdings[1] = hopper  # park the parts with a player so that nothing is on the belt
    do(state, PlayCard, card="back_it_up", bodger="izzy")
    assert state.in_play is None and where(state, "izzy") == "t0"


def test_a_red_button_needs_a_bodger_next_to_yours():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["shove"]})
    do(state, PlayCard, card="shove", bodger="izzy")
    assert state.in_play is None, "nobody next to Izzy: the red STEP cannot be pressed"
    state = table(places={"izzy": "t0", "lug": "t1", "ridge": "h", "puck": "b4"}, slots=SLOTS, hands={0: ["shove"]})
    do(state, PlayCard, card="shove", bodger="izzy")
    do(state, Press, button="STEP (red)")
    assert labels(state) == ["Affect Lug", "Affect Ridge"]
    do(state, Target, bodger="ridge")  # Ridge at the hopper end can only step away from Izzy, to b0
    assert where(state, "ridge") == "b0"


def test_a_blue_button_affects_any_other_bodger():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert labels(state) == ["Affect Lug", "Affect Ridge", "Affect Puck"]
    do(state, Target, bodger="puck")
    do(state, MoveTo, space="t4")
    assert where(state, "puck") == "t4"


def test_a_red_or_blue_button_offers_only_bodgers_it_can_move():
    state = table(places={"izzy": "t0", "lug": "t1", "ridge": "t2", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["shove"]})
    do(state, PlayCard, card="shove", bodger="izzy")  # Lug is boxed in: the red STEP cannot resolve
    assert state.in_play is None and where(state, "lug") == "t1"


def test_discard_throws_away_a_random_card_of_yours():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["big_wrench", "hop_it", "belt_kick"]})
    do(state, PlayCard, card="big_wrench", bodger="izzy")
    events = do(state, Press, button="DISCARD")
    discard = [e for e in events if e.kind == "discard"][0]
    assert discard.data["random"] and kind(discard.data["card"]) in ("hop_it", "belt_kick")
    assert len(state.hands[0]) == 1 and len(state.discard) == 2


def test_draw_takes_a_card_and_reshuffles_the_discards_when_the_deck_is_empty():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["rummage"]})
    state.discard.cards, state.deck.cards = state.deck.cards[1:], state.deck.cards[:1]
    do(state, PlayCard, card="rummage", bodger="izzy")
    do(state, Press, button="DRAW")
    events = do(state, Press, button="DRAW")
    assert [e.kind for e in events][:3] == ["press", "reshuffle", "draw"]
    assert len(state.hands[0]) == 2


def test_forward_and_reverse_move_the_belt():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["lever_pull"]})
    do(state, PlayCard, card="lever_pull", bodger="izzy")
    do(state, Press, button="REVERSE")
    assert kind(state.belt.hopper.top) == "plug_blue_step" and state.belt.known == 1
    assert [kind(p) for p in state.belt.slots] == [k for k in SLOTS[1:]] + [None]


def test_part_buttons_follow_the_card_once_per_part_and_only_if_they_resolve():
    # Izzy at t1 faces the orange plug (STEP): after the card she may step; then she faces another part.
    state = table(places={"izzy": "t1", "lug": "t4", "ridge": "b0", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank"], 1: ["hop_it"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Stop)
    assert labels(state) == ["Press the part's STEP (black)", "Done"]
    do(state, PressPart, part="plug_orange_step")
    do(state, MoveTo, space="t2")  # now facing the purple plug (STEP), not pressed yet this turn
    do(state, PressPart, part="plug_purple_step")
    do(state, MoveTo, space="t1")  # back at the orange plug: already pressed this turn
    assert state.activation is None and state.current_player() == 1


def test_a_part_button_that_cannot_resolve_is_not_offered():
    state = table(places={"izzy": "t1", "lug": "t0", "ridge": "t2", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Stop)  # the orange plug's STEP: both neighbours taken
    assert state.activation is None


def test_bodgers_never_move_into_or_through_each_other():
    state = table(places={"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["elbow_through"]})
    do(state, PlayCard, card="elbow_through", bodger="izzy")
    do(state, Press, button="DASH (black)")
    ends = {state.data.board.spaces[a.space].id for a in state.legal_actions() if isinstance(a, MoveTo)}
    assert ends == {"t2", "b0"}


def test_switching_places_with_a_neighbour():
    state = table(places={"izzy": "t0", "lug": "t1", "ridge": "b1", "puck": "b4"}, slots=[None] * 6,
                  hands={0: ["swap_shop"]})
    do(state, PlayCard, card="swap_shop", bodger="izzy")
    do(state, Press, button="SWITCH (black)")  # no part in front: only the places switch, at once
    assert (where(state, "izzy"), where(state, "lug")) == ("t1", "t0")


def test_end_turn_only_in_two_player_games_after_an_activation():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["hop_it", "fling"], 1: ["hop_it"]})
    assert labels(state)[-1] == "Pass" and not any(isinstance(a, (EndTurn, DrawUp)) for a in state.legal_actions())
    do(state, PlayCard, card="hop_it", bodger="izzy")
    do(state, Stop)
    do(state, FinishActivation)  # one activation a turn with one bodger: Ben is next
    assert state.current_player() == 1 and state.pending_decision().kind == "turn"


def test_the_finish_option_after_a_part_button():
    state = table(places={"izzy": "t1", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank"], 1: ["hop_it"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Stop)
    do(state, FinishActivation)
    assert state.current_player() == 1 and where(state, "izzy") == "t1"


def test_switch_places_moves_another_players_bodger_with_a_red_switch():
    state = table(places={"izzy": "t0", "lug": "t1", "ridge": "t2", "puck": "b4"}, slots=[None] * 6,
                  hands={0: ["elbow_jab"]})
    do(state, PlayCard, card="elbow_jab", bodger="izzy")
    do(state, Press, button="SWITCH (red)")  # only Lug is next to Izzy; Lug may switch with Izzy or Ridge
    assert labels(state) == ["Switch places with Izzy", "Switch places with Ridge"]
    do(state, SwitchPlaces, bodger="ridge")
    assert (where(state, "lug"), where(state, "ridge")) == ("t2", "t1")


def test_bodgers_across_the_conveyor_are_not_next_to_each_other():
    state = table(places={"izzy": "t2", "lug": "b2", "ridge": "b5", "puck": "t5"}, slots=SLOTS,
                  hands={0: ["shove"], 1: ["hop_it"]})
    do(state, PlayCard, card="shove", bodger="izzy")
    assert state.in_play is None and where(state, "lug") == "b2", "Lug is across, not next to Izzy"


def test_draw_cannot_press_with_no_cards_left_to_draw():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["rummage"], 1: ["hop_it"]})
    state.hands[2].cards, state.deck.cards = state.deck.cards + state.discard.cards, []
    state.discard.cards = []
    do(state, PlayCard, card="rummage", bodger="izzy")
    assert state.in_play is None and len(state.hands[0]) == 0


def test_discard_cannot_press_with_an_empty_hand():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["big_wrench"], 1: ["hop_it"]})
    do(state, PlayCard, card="big_wrench", bodger="izzy")  # the hand is empty once it is played
    assert state.in_play is None and kind(state.discard.top) == "big_wrench"


def test_pass_tokens_are_reported_per_seat_whoever_is_foreman():
    state = table(places=SPREAD, slots=SLOTS, hands={2: ["hop_it"], 3: ["hop_it"]}, foreman=2, seat=2)
    do(state, Pass)
    assert state.passed() == [False, False, True, False] and state.current_player() == 3


def test_a_blue_button_never_affects_your_own_other_bodger_with_two_players():
    # Two players: Izzy and Ridge are Ann's, Lug and Puck Ben's; Fling's blue JUMP moves "anyone else's bodger"
    state = table(players=2, places=SPREAD, slots=SLOTS, hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert labels(state) == ["Affect Lug", "Affect Puck"]


def test_a_blue_button_may_affect_keelie_who_is_nobodys():
    state = table(players=2, options={"keelie": True}, places={**SPREAD, "keelie": "t5"}, slots=SLOTS,
                  hands={0: ["fling"]})
    do(state, PlayCard, card="fling", bodger="izzy")
    do(state, Press, button="JUMP (blue)")
    assert labels(state) == ["Affect Lug", "Affect Puck", "Affect Keelie"]


def test_passed_tokens_flip_back_as_soon_as_a_bodger_is_activated():
    state = table(places=SPREAD, slots=SLOTS, hands={0: ["hop_it"], 1: ["hop_it"], 2: ["hop_it"]})
    do(state, Pass)
    do(state, Pass)
    assert state.passed() == [True, True, False, False] and state.current_player() == 2
    do(state, PlayCard, card="hop_it", bodger="ridge")
    assert state.activation is not None, "the activation is still under way"
    assert state.passed() == [False, False, False, False]
