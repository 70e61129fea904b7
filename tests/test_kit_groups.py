"""A hand grouped by kind of card: one entry per kind in order of first appearance, with its count; unknown
cards last, each alone."""
from graphics.kit.groups import grouped


def test_copies_of_a_kind_group_under_their_first_copy_and_unknown_cards_stay_apart():
    hand = ["oak#2", "elm#1", None, "oak#1", "ash", "elm#3", None, "oak#4"]
    assert grouped(hand) == [("oak#2", 3), ("elm#1", 2), ("ash", 1), (None, 1), (None, 1)]


def test_by_kind_names_each_group_by_its_kind():
    hand = ["oak#2", "elm#1", None, "oak#1", "ash"]
    assert grouped(hand, by_kind=True) == [("oak", 2), ("elm", 1), ("ash", 1), (None, 1)]
    assert grouped([]) == [] and grouped([None]) == [(None, 1)]
