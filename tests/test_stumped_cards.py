"""Every effect of the action cards' vocabulary, each choice a decision of its own, and the card list."""
import typing
from collections import Counter

from games.stumped.actions import ClearMarket, Gain, Mulch, PlayAction, Recycle, Skip, StealRoot, TakeMarket, WiltRoot
from games.stumped.cards import Effect
from tests.stumped_helpers import RULES, arrange, kinds, new, put_in_market


def playing(hand, deck=(), discard=(), roots=None, players=3):
    """Returns a game in seat 0's action phase with exactly these cards."""
    state = new(players)
    return arrange(state, 0, hand=hand, deck=deck, discard=discard, roots=roots)


# --- the card list -------------------------------------------------------------------------------------
def test_seventy_action_cards_in_pairs_each_with_a_name_cost_text_and_art():
    actions = [card for card in RULES.catalog if card.type == "action"]
    assert len(actions) == 35 and sum(card.count for card in actions) == 70
    assert all(card.count == 2 and card.name and card.text and card.art and card.cost > 0 for card in actions)
    assert RULES.card("flash_flood").effects[0].do == "flood"


def test_every_effect_of_the_vocabulary_is_on_some_card():
    used = {effect.do for card in RULES.catalog for effect in card.effects}
    assert used == set(typing.get_type_hints(Effect)["do"].__args__)
    touching = [card.id for card in RULES.catalog if card.touches_others]
    assert sorted(touching) == ["drought", "gopher", "late_frost", "squirrel"]


def test_energy_values_follow_the_rulebooks_example():
    assert [RULES.card(c).energy for c in ("sun", "dirt", "water")] == [1, 1, 1]
    assert RULES.card("impressive_irrigation").energy == 2
    assert RULES.card("fancy_fertilizer").energy == 3


# --- effects without a choice --------------------------------------------------------------------------
def test_draw_takes_cards_from_the_deck_in_private():
    state = playing(["earthworm", "dirt", "dirt", "dirt", "dirt"], deck=["water", "sun", "water"])
    events = state.apply(PlayAction("earthworm"))
    draw = next(e for e in events if e.kind == "draw")
    assert Counter(state.hands[0].cards) == Counter(["dirt"] * 4 + ["sun", "water"])
    assert draw.seen_by(1).text == "{0} draws 2 cards." and "cards" not in draw.seen_by(1).data
    assert draw.seen_by(0).data["cards"] == ["water", "sun"] and "Sun" in draw.seen_by(0).text


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    state = playing(["rain_dance", "dirt", "dirt", "dirt", "dirt"], deck=["water"], discard=["sun", "sun"])
    events = state.apply(PlayAction("rain_dance"))
    assert [e.kind for e in events].count("reshuffle") == 1
    assert Counter(state.hands[0].cards) == Counter(["dirt"] * 4 + ["water", "sun", "sun"])
    assert state.known_in_hand[0] == state.hands[0].cards  # deck empty: the table knows the whole hand


def test_energy_buys_and_actions():
    state = playing(["bumper_crop", "trellis", "dirt", "dirt", "dirt"], deck=["water"] * 4)
    state.apply(PlayAction("trellis"))
    assert state.turn.actions_left == 3 - 1 + 2 and state.turn.energy == 1
    state.apply(PlayAction("bumper_crop"))
    assert state.turn.energy == 3 and state.turn.buys_left == 3


def test_gain_a_named_basic_into_hand_or_roots():
    state = playing(["sunbeam", "sprinkler", "dirt", "dirt", "dirt"])
    sun, water = state.piles.left("sun"), state.piles.left("water")
    state.apply(PlayAction("sunbeam"))
    assert "sun" in state.hands[0].cards and state.piles.left("sun") == sun - 1 and state.owned[0]["sun"] == 1
    assert "sun" in state.known_in_hand[0]
    state.apply(PlayAction("sprinkler"))
    assert state.roots[0]["water"] == 1 and state.piles.left("water") == water - 1 and state.turn.energy == 1


def test_gain_from_an_empty_pile_gives_nothing():
    state = playing(["rain_cloud", "dirt", "dirt", "dirt", "dirt"])
    state.mulched += ["water"] * state.piles.counts["water"]
    state.piles.counts["water"] = 0
    state.apply(PlayAction("rain_cloud"))
    assert "water" not in state.hands[0].cards
    state.check()


def test_flash_flood_washes_the_whole_market_away():
    state = playing(["flash_flood", "dirt", "dirt", "dirt", "dirt"])
    old, top = state.market.cards(), state.action_deck.cards[-8:]
    state.apply(PlayAction("flash_flood"))
    assert state.market_discard.cards == old and sorted(state.market.cards()) == sorted(top)
    assert state.turn.buys_left == 3 and state.turn.energy == 1


def test_flash_flood_with_a_short_action_deck_reshuffles_the_discarded_market():
    state = playing(["flash_flood", "dirt", "dirt", "dirt", "dirt"])
    state.market_discard.cards, state.action_deck.cards = state.action_deck.cards[3:], state.action_deck.cards[:3]
    state.apply(PlayAction("flash_flood"))
    assert None not in state.market.slots and not state.market_discard.cards
    state.check()


def test_drought_and_late_frost_hit_every_other_player_with_that_card_in_their_roots():
    state = playing(["drought", "late_frost", "dirt", "dirt", "dirt"], roots={"water": 1})
    arrange(state, 1, hand=["dirt"] * 5, roots={"water": 2, "sun": 1})
    arrange(state, 2, hand=["dirt"] * 5, roots={"sun": 1})
    state.apply(PlayAction("drought"))
    assert state.roots[0]["water"] == 1 and state.roots[1]["water"] == 1 and state.discards[1].cards == ["water"]
    state.apply(PlayAction("late_frost"))
    assert state.roots[1]["sun"] == 0 and state.roots[2]["sun"] == 0 and state.discards[2].cards == ["sun"]
    assert state.turn.energy == 4


# --- effects with a choice -----------------------------------------------------------------------------
def test_mulch_removes_up_to_two_cards_from_the_game():
    state = playing(["compost_bin", "dirt", "dirt", "sun", "water"])
    state.apply(PlayAction("compost_bin"))
    assert kinds(state.legal_actions()) == ["Mulch", "Mulch", "Mulch", "Skip"]
    state.apply(Mulch("dirt"))
    assert state.pending_decision().kind == "mulch" and state.pending_decision().data["left"] == 1
    state.apply(Mulch("dirt"))
    assert state.pending_decision().kind == "act" and state.mulched == ["dirt", "dirt"]
    assert state.owned[0]["dirt"] == 0 and state.hands[0].cards == ["sun", "water"]


def test_mulch_may_stop_early():
    state = playing(["wood_chipper", "dirt", "dirt", "sun", "water"])
    state.apply(PlayAction("wood_chipper"))
    state.apply(Skip())
    assert not state.mulched and state.turn.energy == 2  # the rest of the card still happens


def test_recycle_puts_basics_from_the_discard_pile_into_the_roots():
    state = playing(["garden_hoe", "dirt", "dirt", "dirt", "dirt"], discard=["sun", "impressive_irrigation", "water"])
    state.apply(PlayAction("garden_hoe"))
    assert state.legal_actions() == [Recycle("sun"), Recycle("water"), Skip()]
    state.apply(Recycle("water"))
    state.apply(Recycle("sun"))
    assert state.roots[0] == {"sun": 1, "dirt": 0, "water": 1} and state.discards[0].cards == ["impressive_irrigation"]


def test_recycle_with_nothing_to_put_back_is_skipped():
    state = playing(["rake", "dirt", "dirt", "dirt", "dirt"], discard=["fancy_fertilizer"])
    state.apply(PlayAction("rake"))
    assert state.pending_decision().kind == "act" and state.turn.actions_left == 3


def test_a_basic_of_your_choice():
    state = playing(["seed_packet", "greenhouse", "dirt", "dirt", "dirt"], deck=["water"])
    state.apply(PlayAction("seed_packet"))
    assert state.legal_actions() == [Gain("sun"), Gain("dirt"), Gain("water")]
    state.apply(Gain("water"))
    assert state.discards[0].cards == ["water"] and state.turn.energy == 1
    state.apply(PlayAction("greenhouse"))
    state.apply(Gain("sun"))
    assert state.roots[0]["sun"] == 1 and "water" in state.hands[0].cards  # then draws 1


def test_take_a_market_card_up_to_a_cost():
    state = playing(["seed_catalog", "dirt", "dirt", "dirt", "dirt"])
    put_in_market(state, 2, "compost_bin")
    put_in_market(state, 5, "golden_shovel")
    state.apply(PlayAction("seed_catalog"))
    offered = [a for a in state.legal_actions() if isinstance(a, TakeMarket)]
    assert TakeMarket(2, "compost_bin") in offered and all(RULES.card(a.card).cost <= 4 for a in offered)
    assert TakeMarket(5, "golden_shovel") not in offered and state.legal_actions()[-1] == Skip()
    next_card = state.action_deck.cards[-1]
    state.apply(TakeMarket(2, "compost_bin"))
    assert state.discards[0].cards == ["compost_bin"] and state.market.slots[2] == next_card
    assert state.owned[0]["compost_bin"] == 1
    state.check()


def test_a_free_market_card_may_be_declined():
    state = playing(["seed_catalog", "dirt", "dirt", "dirt", "dirt"])
    put_in_market(state, 0, "compost_bin")
    state.apply(PlayAction("seed_catalog"))
    state.apply(Skip())
    assert state.market.slots[0] == "compost_bin" and not state.discards[0].cards


def test_take_a_market_card_into_the_hand():
    state = playing(["mail_order_nursery", "dirt", "dirt", "dirt", "dirt"])
    state.apply(PlayAction("mail_order_nursery"))
    choice = next(a for a in state.legal_actions() if isinstance(a, TakeMarket))
    state.apply(choice)
    assert choice.card in state.hands[0].cards and choice.card in state.known_in_hand[0]


def test_clear_market_cards_are_replaced_at_once():
    state = playing(["pruning_shears", "dirt", "dirt", "dirt", "dirt"])
    first, next_card = state.market.slots[0], state.action_deck.cards[-1]
    state.apply(PlayAction("pruning_shears"))
    state.apply(ClearMarket(0, first))
    assert state.market_discard.cards == [first] and state.market.slots[0] == next_card
    state.apply(Skip())
    assert state.turn.energy == 1 and state.pending_decision().kind == "act"


def test_squirrel_takes_a_card_from_another_players_roots():
    state = playing(["squirrel", "dirt", "dirt", "dirt", "dirt"])
    arrange(state, 1, hand=["dirt"] * 5)
    arrange(state, 2, hand=["dirt"] * 5, roots={"water": 1, "sun": 2})
    state.apply(PlayAction("squirrel"))
    assert state.legal_actions() == [StealRoot(2, "sun"), StealRoot(2, "water")]  # no Done: it must take one
    state.apply(StealRoot(2, "water"))
    assert state.roots[0]["water"] == 1 and state.roots[2]["water"] == 0
    assert state.owned[0]["water"] == 1 and state.owned[2].get("water", 0) == 0
    state.check()


def test_gopher_wilts_a_card_onto_its_owners_discard_pile():
    state = playing(["gopher", "dirt", "dirt", "dirt", "dirt"])
    arrange(state, 1, hand=["dirt"] * 5, roots={"dirt": 1})
    state.apply(PlayAction("gopher"))
    state.apply(WiltRoot(1, "dirt"))
    assert state.roots[1]["dirt"] == 0 and state.discards[1].cards == ["dirt"] and state.turn.energy == 1


def test_an_attack_with_no_roots_to_hit_does_only_the_rest():
    state = playing(["gopher", "dirt", "dirt", "dirt", "dirt"])
    for seat in (1, 2):
        arrange(state, seat, hand=["dirt"] * 5)
    state.apply(PlayAction("gopher"))
    assert state.pending_decision().kind == "act" and state.turn.energy == 1


def test_effects_happen_in_the_order_printed():
    state = playing(["worm_farm", "sun", "dirt", "dirt", "dirt"], deck=["water", "water"])
    state.apply(PlayAction("worm_farm"))
    assert state.pending_decision().kind == "mulch" and "water" not in state.hands[0].cards  # mulch, then draw
    state.apply(Mulch("sun"))
    assert state.hands[0].cards.count("water") == 2
