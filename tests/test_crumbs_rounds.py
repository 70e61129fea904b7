"""The round counter never passes the number of rounds: not in play, not on the game-over screen."""
import random

import pytest

from games.crumbs import GAME, rounds
from games.crumbs.rounds import RACE_ROUND_LIMIT


@pytest.mark.parametrize("rounds", [1, GAME.resolve_options(2, {})["rounds"]])
def test_the_round_counter_stays_within_the_game_s_rounds(rounds):
    state = GAME.new_state(2, {"rounds": rounds}, 4)
    rng = random.Random(4)
    seen = set()
    while not state.is_over():
        assert 1 <= state.round <= rounds, f"{state.round_label()} in a {rounds}-round game"
        seen.add(state.round)
        state.apply(rng.choice(state.legal_actions()))
    assert seen == set(range(1, rounds + 1))
    assert state.round == rounds and state.round_label() == f"Round {rounds} of {rounds}"
    for seat in (0, 1, None):
        assert state.view(seat).round_label() == f"Round {rounds} of {rounds}"


def test_a_race_ends_after_its_last_round_with_the_counter_on_it():
    state = GAME.new_state(2, {"race": True}, 4)
    state.round = RACE_ROUND_LIMIT - 1
    assert not rounds.game_ends_now(state)
    state.round = RACE_ROUND_LIMIT
    assert rounds.game_ends_now(state) and state.round_label() == f"Round {RACE_ROUND_LIMIT}"


def test_the_board_behind_the_game_over_screen_shows_the_last_round(monkeypatch):
    from games.core.match import Seat
    from graphics.config import seat_colours
    from graphics.views.crumbs import CrumbsView
    from tests.kit_helpers import DrawnTexts, painter
    state = GAME.new_state(2, {"rounds": 1}, 4)
    rng = random.Random(4)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    paint = painter()
    drawn = DrawnTexts(monkeypatch)
    CrumbsView(GAME, [Seat(name, colour.id) for name, colour in zip(("Ann", "Ben"), seat_colours())]).draw(
        paint, state.view(None), None, set())
    rounds = [text for text, *_ in drawn.calls if text.startswith("Round")]
    assert rounds == ["Round 1 of 1: the last round is played, the game is over."]
