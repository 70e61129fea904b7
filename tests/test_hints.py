"""Hints (games/core/hints.py): the Hard search's three best moves from a seat's view, ranked by the share of
imagined games won, each with one short reason; a forced move answers without a search; the answer is the
same whatever the seat cannot see (its view re-dealt)."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.hints import COUNT, MOST_CHARS, advise, hint_search, won
from games.core.ismcts import Node, Search
from tests.kit_helpers import random_positions

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]
BUDGET = 24  # imagined games a hint plays in these tests (the same answer on any machine)



def test_root_statistics_lists_the_tried_moves_most_played_first_with_their_share():
    root = Node(None, None)
    for name, visits, reward in (("a", 3, 3.0), ("b", 10, 4.0), ("c", 0, 0.0)):
        child = Node(name, 0)
        child.visits, child.reward = visits, reward
        root.children[name] = child
    assert Search.root_statistics(root) == [("b", 10, 0.4), ("a", 3, 1.0)]


def test_the_reason_says_the_share_won_of_the_imagined_games():
    assert won(0.6401, 820) == "Won 64% of 820 imagined games"
    assert won(1.0, 1) == "Won 100% of 1 imagined game"
    assert won(0.5, 1820) == "Won 50% of 1,820 imagined games"


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_gives_up_to_three_legal_distinct_moves_ranked_by_share_with_one_line_each(game):
    for state in random_positions(game, 1, 2, 13, choices=True):
        seat = state.current_player()
        view = state.view(seat)
        advice = advise(game, view, random.Random(7), iterations=BUDGET)
        legal = view.legal_actions()
        actions = advice.actions()
        assert advice.seat == seat and not advice.forced
        assert 1 <= len(actions) <= COUNT and len(set(actions)) == len(actions)
        assert all(action in legal for action in actions)
        shares = [hint.share for hint in advice.hints]
        assert shares == sorted(shares, reverse=True), f"{game.id}: not ranked by share: {shares}"
        for hint in advice.hints:
            assert hint.reason.startswith(won(hint.share, hint.games)), hint.reason
            assert "\n" not in hint.reason and len(hint.reason) <= MOST_CHARS, hint.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_forced_move_is_answered_at_once_without_a_search(game, monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("searched a forced move")
    monkeypatch.setattr(Search, "run", no_search)
    state = game.new_state(min(game.player_counts()), {}, 4)
    rng = random.Random(4)
    for _ in range(2000):
        if state.is_over():
            pytest.skip(f"{game.id}: no forced move in this game")
        view = state.view(state.current_player())
        if len(view.search_actions()) == 1:
            advice = advise(game, view, random.Random(1), iterations=BUDGET)
            assert advice.forced and advice.actions() == view.search_actions()
            assert advice.hints[0].reason.startswith("The only move you can make now")
            return
        state.apply(rng.choice(state.legal_actions()))
    pytest.skip(f"{game.id}: no forced move in this game")


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_the_same_whatever_the_seat_cannot_see(game):
    """Privacy: re-deal everything seat A cannot see; with a fixed budget and generator the hint is the same."""
    for state in random_positions(game, 2, 2, 17, choices=True):
        seat = state.current_player()
        view = state.view(seat)
        asked = advise(game, view, random.Random(11), iterations=BUDGET)
        for deal in (5, 6):
            redealt = view.determinize(random.Random(deal)).view(seat)
            again = advise(game, redealt, random.Random(11), iterations=BUDGET)
            assert again == asked, f"{game.id}: the hint changed with cards seat {seat} cannot see"


def test_the_hint_benchmark_times_a_hint_of_about_the_hard_levels_second():
    from benchmarks.search import hint_seconds
    from games.core.levels import levels
    seconds = hint_seconds("scrimish", 2, count=1)
    budget = levels()["hard"].seconds
    assert len(seconds) == 1 and budget * 0.9 <= seconds[0] <= budget * 3


@pytest.mark.parametrize("game", GAMES)
def test_the_normal_bots_words_on_any_legal_move_fit_one_line_after_the_longest_share(game):
    longest = won(1.0, 99_999) + "; "
    said, normal = set(), game.bots[0].make()
    for state in random_positions(game, 3, 30, 11, choices=True):
        view = state.view(state.current_player())
        for action in view.legal_actions():
            words = normal.explain(view, action)
            if words is not None:
                said.add(words)
                assert "\n" not in words and len(longest + words) <= MOST_CHARS, words
    assert said, f"{game.id}: the Normal bot never said why"


def test_scrimish_words_tell_the_expected_card_points_of_an_attack():
    from games.scrimish.actions import Attack, Discard
    game = registry.get("scrimish")
    normal = game.bots[0].make()
    for state in random_positions(game, 5, 40, 3, choices=True):
        view = state.view(state.current_player())
        for action in view.legal_actions():
            words = normal.explain(view, action)
            if isinstance(action, (Attack, Discard)):
                assert words is not None and ("card point" in words or "Crown" in words or "nothing" in words)
                return
    pytest.fail("no attack was reached")


def test_a_hint_searches_a_decision_the_hard_level_leaves_to_its_guide():
    game = registry.get("crumbs")  # Hard leaves the army to its guide; a hint weighs every army
    state = game.new_state(2, {}, 1)
    view = state.view(state.current_player())
    assert view.pending_decision().kind in game.search.guide.decisions
    search = hint_search(game, iterations=BUDGET)
    assert not search.profile.guide.decisions
    assert (search.profile.simulation, search.profile.world) == (game.search.simulation, game.search.world)
    advice = advise(game, view, random.Random(1), iterations=BUDGET)
    assert not advice.forced and sum(hint.games for hint in advice.hints) > 0
    assert game.bot_kind("hard").make().search.run(view, random.Random(1))[1].visits == 0  # Hard itself does not
