"""Setup and maintenance: the first foreman, the deal, placing bodgers (Keelie and Guppy too),
discarding and drawing up, and the conveyor's maintenance."""
from collections import Counter

from games.scrappers import GAME
from games.scrappers.actions import ChooseToken, DiscardCard, DrawUp, PlaceOn
from tests.scrappers_helpers import do, kind, set_slots


def test_the_player_showing_the_most_tussle_symbols_becomes_the_first_foreman():
    ties = 0
    for seed in range(30):
        state = GAME.new_state(4, {}, seed)
        first = [state.symbols(cards[:3]) for cards in state.setup_reveal]
        shown = [len(cards) for cards in state.setup_reveal]
        leaders = [s for s in range(4) if first[s] == max(first)]
        assert state.foreman in leaders
        if len(leaders) == 1:
            assert shown == [3, 3, 3, 3]
            continue
        ties += 1  # ruling: the tied leaders show one more card each until one leads
        assert all(shown[s] > 3 for s in leaders) and all(shown[s] == 3 for s in range(4) if s not in leaders)
        totals = [state.symbols(cards) for cards in state.setup_reveal]
        last = [s for s in range(4) if shown[s] == max(shown)]
        assert totals[state.foreman] == max(totals[s] for s in last)
    assert ties > 0


def test_the_cards_shown_go_back_and_everyone_is_dealt_three_from_a_shuffled_deck():
    state = GAME.new_state(3, {}, 4)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.deck) == 40 - 9 and not state.discard.cards
    assert len(state.belt.hopper) == 60 and state.belt.slots == [None] * 6


def test_bodgers_are_placed_from_the_foreman_clockwise_on_empty_spaces():
    state = GAME.new_state(4, {}, 5)
    first, order = state.foreman, []
    while state.phase == "setup":
        seat = state.current_player()
        order.append(seat)
        taken = {b.space for b in state.bodgers}
        do(state, ChooseToken, bodger=state.legal_actions()[0].bodger)
        spaces = [a.space for a in state.legal_actions()]
        assert not taken & set(spaces) and len(spaces) == 14 - len(taken)
        state.apply(state.legal_actions()[0])
    assert order == [(first + i) % 4 for i in range(4)]
    assert sorted(b.owner for b in state.bodgers) == [0, 1, 2, 3]


def test_keelie_is_placed_by_the_first_placer_and_guppy_by_the_last():
    state = GAME.new_state(3, {"keelie": True, "guppy": True}, 2)
    first = state.foreman
    placements = []
    while state.phase == "setup":
        decision = state.pending_decision()
        placements.append((decision.seat, decision.data.get("bodger", "token")))
        state.apply(state.legal_actions()[0])
    tokens = [b for s, b in placements if b != "token"]
    assert placements[0] == (first, "token") and placements[2] == (first, "keelie")
    assert placements[-1] == ((first + 2) % 3, "guppy")
    assert {b.id for b in state.bodgers} >= {"keelie", "guppy"} and len(tokens) == 5


def test_two_players_place_two_bodgers_each_alternately():
    state = GAME.new_state(2, {}, 1)
    f, seats = state.foreman, []
    while state.phase == "setup":
        seats.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert seats == [f, f, 1 - f, 1 - f, f, f, 1 - f, 1 - f]  # token then space, each time
    assert Counter(b.owner for b in state.bodgers) == {0: 2, 1: 2}


def placed(players=4, options=None, seed=0):
    """Returns a game just past placing bodgers: the first maintenance decision."""
    state = GAME.new_state(players, options or {}, seed)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def test_maintenance_goes_from_the_foreman_discarding_any_then_drawing_up_to_three():
    state = placed()
    first = state.foreman
    assert state.current_player() == first and state.round == 1
    card = state.hands[first].cards[0]
    do(state, DiscardCard, card=kind(card))
    assert kind(state.discard.top) == kind(card) and len(state.hands[first]) == 2
    do(state, DrawUp)
    assert len(state.hands[first]) == 3 and state.current_player() == (first + 1) % 4


def test_a_hand_larger_than_three_is_kept():
    state = placed()
    seat = state.current_player()
    state.hands[seat].cards.append(state.deck.cards.pop())
    do(state, DrawUp)
    assert len(state.hands[seat]) == 4


def test_maintenance_bins_the_last_part_slides_the_rest_and_fills_from_the_bin_end():
    state = placed()
    set_slots(state, ["plug_blue_step", None, "core_orange", None, "plug_green_step", "plug_orange_step"])
    top_three = state.belt.hopper.cards[-3:]
    for _ in range(4):
        do(state, DrawUp)
    assert [kind(p) for p in state.belt.bin.cards] == ["plug_orange_step"]
    kinds = [kind(p) for p in state.belt.slots]
    assert kinds[3:] == ["plug_blue_step", "core_orange", "plug_green_step"]
    assert state.belt.slots[:3] == top_three  # the top part drawn first lies nearest the bin
    assert state.phase == "action" and state.current_player() == state.foreman


def test_placing_uses_only_empty_spaces_even_for_guppy():
    state = GAME.new_state(2, {"guppy": True}, 0)
    while state.phase == "setup":
        decision = state.pending_decision()
        if decision.data.get("bodger") == "guppy":
            taken = {b.space for b in state.bodgers}
            assert {a.space for a in state.legal_actions() if isinstance(a, PlaceOn)}.isdisjoint(taken)
        state.apply(state.legal_actions()[-1])
    assert state.bodger("guppy") is not None


def test_the_status_line_names_the_seat_that_decides():
    names = ["Ann", "Bob", "Cy", "Dee"]
    state = GAME.new_state(4, {"keelie": True}, 3)
    for _ in range(40):
        seat = state.current_player()
        assert state.status(names).startswith((f"{names[seat]}:", f"{names[seat]} is the first foreman")), \
            state.status(names)
        state.apply(state.legal_actions()[0])


def test_the_first_foreman_and_why_are_told_to_everyone():
    for seed in range(6):
        state = GAME.new_state(3, {}, seed)
        names = ["Ann", "Ben", "Cat"]
        assert state.status(names).startswith(f"{names[state.foreman]} is the first foreman")
        assert state.pending_decision().seat == state.foreman
        state.apply(next(a for a in state.legal_actions() if isinstance(a, ChooseToken)))
        events = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceOn)))
        first = [e for e in events if e.kind == "first_foreman"]
        assert len(first) == 1 and first[0].data["seat"] == state.foreman
        text = first[0].describe(names)
        for seat, cards in enumerate(state.setup_reveal):
            assert f"{names[seat]} {state.symbols(cards)}" in text
        assert all(first[0].seen_by(seat).describe(names) == text for seat in range(3))  # told to everyone
        assert not state.status(names).startswith(f"{names[state.foreman]} is the first")  # only once
