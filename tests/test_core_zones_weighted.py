"""Dealing unknown places by weight: a hand dealt as players are seen to hold their cards."""
import random
from collections import Counter

import pytest

from games.core.zones import DOWN, Pile, fill_weighted


def test_a_weighted_deal_fills_every_unknown_place_and_hands_back_the_rest():
    hand, deck = ["a#1", None, None], Pile([None], DOWN)
    pool = ["b#1", "c#1", "d#1", "e#1"]
    left = fill_weighted([hand, deck], pool, lambda card: 1.0, random.Random(1))
    assert None not in hand and None not in deck.cards and hand[0] == "a#1"
    assert Counter(hand[1:] + deck.cards + left) == Counter(pool) and len(left) == 1


def test_a_weighted_deal_draws_cards_in_proportion_to_their_weight():
    rng, drawn = random.Random(2), Counter()
    for _ in range(4_000):
        hand = [None]
        fill_weighted([hand], ["heavy#1", "light#1"], lambda card: 3.0 if card.startswith("heavy") else 1.0, rng)
        drawn[hand[0]] += 1
    assert 0.72 < drawn["heavy#1"] / 4_000 < 0.78  # 3 to 1: three quarters


def test_a_weighted_deal_refuses_more_places_than_cards():
    with pytest.raises(ValueError, match="1 cards for 2 unknown places"):
        fill_weighted([[None, None]], ["a#1"], lambda card: 1.0, random.Random(3))
