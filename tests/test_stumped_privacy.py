"""What each seat may see: its own hand, every public pile and record, counts of the rest; and
determinizations that respect it (the cards the table knows are in a hand stay there)."""
import random
from collections import Counter

from games.stumped.actions import EndActions, EndTurn, PlayAction
from tests.stumped_helpers import arrange, new


def test_a_view_shows_the_own_hand_and_hides_other_hands_decks_and_the_action_deck():
    state = new(3)
    arrange(state, 1, hand=["sun", "water", "dirt", "dirt", "dirt"], deck=["water", "sun"], discard=["dirt"])
    view = state.view(0)
    assert view.hands[0].cards == state.hands[0].cards
    assert view.hands[1].cards == [None] * 5 and view.decks[1].cards == [None, None]
    assert all(card is None for card in view.action_deck.cards) and len(view.action_deck) == len(state.action_deck)
    assert view.discards[1].cards == ["dirt"] and view.market.slots == state.market.slots
    assert view.owned == state.owned and view.roots == state.roots and view.piles.counts == state.piles.counts
    assert state.view(1).hands[1].cards == state.hands[1].cards
    assert all(card is None for seat in range(3) for card in state.view(None).hands[seat].cards)


def test_a_seat_does_not_know_the_order_of_its_own_deck():
    state = new(3)
    arrange(state, 0, hand=["dirt"] * 5, deck=["sun", "water", "sun"])
    assert state.view(0).decks[0].cards == [None] * 3


def test_a_determinization_deals_each_players_unseen_cards_between_hand_and_deck():
    state = new(3)
    arrange(state, 0, hand=["dirt"] * 5, deck=["sun", "water", "earthworm"])
    arrange(state, 1, hand=["sun", "water", "dirt", "dirt", "fancy_fertilizer"], deck=["water", "rake"],
            discard=["dirt"], roots={"sun": 1})
    view = state.view(0)
    hands = Counter()
    for seed in range(40):
        world = view.determinize(random.Random(seed))
        world.check()
        assert Counter(world.decks[0].cards) == Counter(["sun", "water", "earthworm"])
        unseen = Counter(world.hands[1].cards) + Counter(world.decks[1].cards)
        assert unseen == Counter(["sun", "water", "dirt", "dirt", "fancy_fertilizer", "water", "rake"])
        assert len(world.hands[1]) == 5
        hands.update(world.hands[1].cards)
        actions = Counter(world.action_deck.cards)
        assert sum(actions.values()) == len(state.action_deck) and actions == Counter(state.action_deck.cards)
    assert hands["rake"] and hands["rake"] < 40  # the rake is sometimes in the hand, sometimes in the deck


def test_cards_the_table_knows_are_in_a_hand_stay_there():
    state = new(3)
    # seat 0's deck holds 2 cards: at Renewal it draws both, shuffles its discard pile and draws 3 more.
    arrange(state, 0, hand=["dirt"] * 5, deck=["rake", "rain_cloud"], discard=["water"] * 4)
    state.apply(EndActions())
    assert state.turn.seat == 1
    known = state.known_in_hand[0]
    assert Counter(known) == Counter(["rake", "rain_cloud"])
    view = state.view(2)
    assert view.known_in_hand[0] == known and view.hands[0].cards == [None] * 5
    for seed in range(30):
        world = view.determinize(random.Random(seed))
        assert Counter(known) <= Counter(world.hands[0].cards)
        assert not {"rake", "rain_cloud"} & set(world.decks[0].cards)  # the discard pile made the new deck


def test_the_whole_hand_is_known_when_the_deck_is_empty():
    state = new(3)
    assert state.known_in_hand[1] == ["dirt"] * 5  # the starting hand: 5 Dirt and no deck


def test_a_card_taken_into_the_hand_is_known_and_playing_it_forgets_it():
    state = new(3)
    arrange(state, 0, hand=["rain_cloud", "dirt", "dirt", "dirt", "dirt"], deck=["sun"] * 8)
    state.apply(PlayAction("rain_cloud"))
    assert state.known_in_hand[0] == ["water"]
    state.apply(EndActions())
    if state.pending_decision().kind == "buy":
        state.apply(EndTurn())
    assert state.known_in_hand[0] == []


def test_draw_events_tell_only_the_drawer_which_cards():
    state = new(3)
    arrange(state, 0, hand=["dirt"] * 5, deck=["sun", "water", "sun", "water", "rake"])
    events = state.apply(EndActions())
    draw = next(e for e in events if e.kind == "draw")
    assert draw.seen_by(0).data["cards"] and "Rake" in draw.seen_by(0).describe(["Ann"])
    for seat in (1, 2, None):
        seen = draw.seen_by(seat)
        assert "cards" not in seen.data and seen.describe(["Ann"]) == "Ann draws 5 cards."
    assert draw.reveals


def test_discarding_the_hand_shows_it_in_catalog_order():
    state = new(3)
    arrange(state, 0, hand=["water", "dirt", "sun", "dirt", "rake"], deck=["dirt"] * 5)
    events = state.apply(EndActions())
    discard = next(e for e in events if e.kind == "discard")
    assert discard.data["cards"] == ["sun", "dirt", "dirt", "water", "rake"]
