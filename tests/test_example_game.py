"""The example game of docs/adding-a-game.md (Goofspiel, tests/goofspiel/): written from the guide alone,
registered only in the tests, kept by the contract suite (tests/test_contract.py runs over it). Its rules
and the rulebook's examples are tested here like any game's."""
from __future__ import annotations

import pytest

from games import registry
from games.core.errors import DataError
from tests.golden import assert_golden, transcript
from tests.goofspiel import GAME
from tests.goofspiel.actions import Bid
from tests.goofspiel.bot import MatchBot
from tests.goofspiel.state import BID, FLOW


def dealt(players: int = 2, prizes: list[str] | None = None, **options):
    """Returns a new game with the prizes (top last) as given."""
    state = GAME.new_state(players, options, 1)
    if prizes is not None:
        state.prizes.cards = list(prizes[:-1])
        state.prize = prizes[-1]
    return state


def test_it_is_registered_only_in_the_tests():
    assert GAME.id not in registry.ids()
    with pytest.raises(KeyError):
        registry.get(GAME.id)


def test_its_flow_declares_options_and_an_answer_for_its_one_decision():
    FLOW.check()
    assert FLOW.kinds() == {BID}


def test_each_seat_starts_with_the_cards_1_to_13_and_thirteen_prizes_face_down():
    state = dealt(3)
    assert all(hand == [str(n) for n in range(1, 14)] for hand in state.hands)
    assert len(state.prizes.cards) == 12 and state.prize is not None
    assert state.view(0).prizes.cards == [None] * 12


def test_the_highest_bid_wins_the_prize_and_the_bids_are_discarded():
    state = dealt(2, ["9", "5"])
    state.apply(Bid(3))
    events = state.apply(Bid(7))
    assert state.won == [[], ["5"]] and "3" not in state.hands[0] and "7" not in state.hands[1]
    assert events[1].describe(["Ann", "Bob"]) == "Bids: Ann 3 and Bob 7. Bob wins the 5."
    assert state.prize == "9" and state.current_player() == 0


def test_a_tie_for_the_highest_bid_wins_nothing_and_the_prize_is_discarded():
    state = dealt(3, ["2", "12"])
    for card in (10, 10, 4):
        events = state.apply(Bid(card))
    assert state.won == [[], [], []] and state.lost == ["12"]
    assert "A tie: nobody wins the 12." in events[1].describe(["A", "B", "C"])


def test_a_bid_is_secret_until_everyone_has_bid():
    state = dealt(3)
    events = state.apply(Bid(13))
    assert events[0].seen_by(1).describe(["A", "B", "C"]) == "A bids."
    assert events[0].seen_by(0).describe(["A", "B", "C"]) == "A bids 13."
    assert state.view(1).bids == [None, None, None] and state.view(0).bids == ["13", None, None]
    assert "13" in state.view(1).hands[0]  # the hand shows it until the bids are shown together


def test_the_game_ends_when_the_prizes_are_gone_and_the_most_points_win():
    state = dealt(2, length="short")
    while not state.is_over():
        state.apply(state.legal_actions()[0])  # both bid their lowest card: every prize is tied, and lost
    assert state.scores() == [0, 0] and sorted(state.lost) == ["1", "2", "3", "4", "5"]
    assert state.winners() == [0, 1] and state.status() == "The game is over."


def test_the_prompt_names_whoever_bids_and_the_prize():
    state = dealt(2, ["9", "5"])
    state.apply(Bid(1))
    assert state.status(["Ann", "Bob"]) == "Bob: bid a card for the 5"


def test_the_short_game_is_marked_as_ours():
    assert [c.ours != "" for c in GAME.options[0].choices] == [False, True]
    assert len(dealt(2, length="short").hands[0]) == 5


def test_a_broken_numbers_file_is_a_data_error_naming_the_field(tmp_path, monkeypatch):
    from tests.goofspiel import state as rules
    (tmp_path / "numbers.yaml").write_text("cards: thirteen\nshort_cards: 5\n")
    monkeypatch.setattr(rules, "DATA", tmp_path)
    rules.numbers.cache_clear()
    try:
        with pytest.raises(DataError, match="numbers.yaml.*cards"):
            rules.check_data()
    finally:
        rules.numbers.cache_clear()


def test_a_seeded_bot_game_plays_as_it_always_has():
    state = GAME.new_state(2, {}, 7)
    lines = transcript(state, [MatchBot(), MatchBot()], 7, ["North", "South"])
    assert_golden("goofspiel_match_seed7.txt", lines + [f"scores: {state.scores()}"])
