"""The rulebook's diagrams and examples, played through the real state one decision at a time."""
from games.scrappers.actions import CommitDone, MoveTo, Pass, PlayCard, Press, Stop, SwitchParts, SwitchPlaces
from tests.scrappers_helpers import do, kind, labels, table, where

SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]


def test_switch_resolves_before_step():
    """Diagram: a card with SWITCH above STEP presses SWITCH first; STEP then starts from where the
    switch left the bodger."""
    state = table(places={"izzy": "t2", "lug": "b4", "ridge": "t3", "puck": "b0"}, slots=SLOTS,
                  hands={0: ["switch_and_shuffle"]})
    do(state, PlayCard, card="switch_and_shuffle", bodger="izzy")
    assert labels(state) == ["Press SWITCH (black)", "Stop pressing"]
    do(state, Press, button="SWITCH (black)")
    do(state, SwitchPlaces, bodger="ridge")
    assert (where(state, "izzy"), where(state, "ridge")) == ("t3", "t2")
    assert labels(state) == ["Press STEP (black)", "Stop pressing"]
    do(state, Press, button="STEP (black)")  # t2 is Ridge's now: the only step left is to t4
    assert where(state, "izzy") == "t4"


def test_step_or_switch_across_hazard_tape():
    """Diagram: two buttons separated by hazard tape: choose one of them, never both."""
    state = table(places={"izzy": "t2", "lug": "b4", "ridge": "t3", "puck": "b0"}, slots=SLOTS,
                  hands={0: ["either_way"]})
    do(state, PlayCard, card="either_way", bodger="izzy")
    assert labels(state) == ["Press STEP (black)", "Press SWITCH (black)", "Stop pressing"]
    do(state, Press, button="SWITCH (black)")
    do(state, SwitchPlaces, bodger="ridge")
    assert state.in_play is None, "the card is done after one of the pair"
    assert not any(isinstance(a, Press) for a in state.legal_actions())


def test_a_hazard_pair_offers_only_the_button_that_can_resolve():
    state = table(places={"izzy": "t2", "lug": "b4", "ridge": "t3", "puck": "t1"}, slots=[None] * 6,
                  hands={0: ["either_way"]})
    do(state, PlayCard, card="either_way", bodger="izzy")  # boxed in: no step; Switch with Ridge or Puck
    assert labels(state) == ["Press SWITCH (black)", "Stop pressing"]


def test_pucks_jump_is_exactly_two_spaces_counting_the_conveyor_as_one():
    """Diagram: Puck must move exactly 2 spaces, ignoring the bodgers he jumps over; straight over
    the conveyor counts as 2 (the conveyor is 1)."""
    state = table(places={"izzy": "t0", "lug": "t1", "ridge": "t3", "puck": "t2"}, slots=SLOTS,
                  hands={3: ["hop_it"]}, seat=3)
    do(state, PlayCard, card="hop_it", bodger="puck")
    do(state, Press, button="JUMP (black)")
    targets = {state.data.board.spaces[a.space].id for a in state.legal_actions() if isinstance(a, MoveTo)}
    assert targets == {"t4", "b2"}  # t0 is taken by Izzy; 1 or 3 spaces away never
    do(state, MoveTo, space="b2")
    assert where(state, "puck") == "b2"


def test_izzys_dash_stops_next_to_puck_and_cannot_go_the_other_way_past_ridge():
    """Diagram: Izzy dashes round the conveyor until the space next to Puck; the other way Ridge
    is in the way, so that direction cannot be chosen (and the only Dash resolves at once)."""
    state = table(places={"izzy": "t2", "ridge": "t1", "puck": "n", "lug": "b3"}, slots=SLOTS,
                  hands={0: ["elbow_through"]})
    do(state, PlayCard, card="elbow_through", bodger="izzy")
    do(state, Press, button="DASH (black)")
    assert where(state, "izzy") == "t5" and state.data.board.spaces[state.bodger("puck").space].id == "n"


def test_ridges_switch_options_are_both_neighbouring_parts_or_izzy():
    """Diagram: Ridge in front of the purple part may switch it with the orange part or with the
    universal part beside it, or switch places with Izzy next to him."""
    state = table(places={"ridge": "t2", "izzy": "t1", "lug": "b4", "puck": "n"}, slots=SLOTS,
                  hands={2: ["swap_shop"]}, seat=2)
    do(state, PlayCard, card="swap_shop", bodger="ridge")
    do(state, Press, button="SWITCH (black)")
    options = {(type(a).__name__, getattr(a, "slot", getattr(a, "bodger", None))) for a in state.legal_actions()}
    assert options == {("SwitchParts", 1), ("SwitchParts", 3), ("SwitchPlaces", "izzy")}
    do(state, SwitchParts, slot=3)
    assert [kind(p) for p in state.belt.slots[1:4]] == ["plug_orange_step", "plug_universal_jump", "plug_purple_step"]


def test_example_two_bodgers_either_side_of_one_part_tussle_for_it():
    """Example 1: Lug and Puck are both in front of the green part; at part pulling they tussle."""
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS)
    events = do(state, Pass)  # nobody holds a card: everyone passes and part pulling begins
    tussles = [e for e in events if e.kind == "tussle"]
    assert len(tussles) == 1 and tussles[0].data["bodgers"] == ["lug", "puck"]
    assert kind(tussles[0].data["part"]) == "plug_green_step"
    assert state.pending_decision().kind == "commit" and state.current_player() == 1
    do(state, CommitDone)
    assert state.current_player() == 3


def test_stop_before_any_button_still_discards_the_card():
    state = table(places={"izzy": "t2", "lug": "b4", "ridge": "t3", "puck": "b0"}, slots=SLOTS,
                  hands={0: ["either_way"]})
    do(state, PlayCard, card="either_way", bodger="izzy")
    do(state, Stop)
    assert kind(state.discard.top) == "either_way" and where(state, "izzy") == "t2"
