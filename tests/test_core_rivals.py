"""State.rivals(): opponents the rules play, seated nowhere. Without one, a finished game always has
a winner; with one (Scrumpy's solo Automa), nobody at the table may win."""
import random

from games import registry
from games.scrumpy import GAME as SCRUMPY


def test_games_without_rivals_report_none():
    for game in registry.all():
        state = game.new_state(game.player_counts()[-1], {}, 1)
        assert state.rivals() == []


def test_a_rival_can_win_and_then_nobody_at_the_table_does():
    state = SCRUMPY.new_state(1, {"automa": "advanced"}, 3)
    rng = random.Random(3)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    (name, score), = state.rivals()
    assert name == "Automa" and score > state.scores()[0] and state.winners() == []


def test_rival_details_give_one_row_list_per_rival():
    for game in registry.all():
        state = game.new_state(game.player_counts()[-1], {}, 1)
        assert state.rival_details() == []
    state = SCRUMPY.new_state(1, {"automa": "core"}, 3)
    details, = state.rival_details()
    assert dict(details)["Prestige tokens"] == state.automa.tokens and sum(v for _, v in details) == state.rivals()[0][1]
