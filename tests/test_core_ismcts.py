"""The search bot in games/core: deterministic for a seed and an iteration budget, blind to hidden
cards (a view whose hidden cards are dealt again gives the same move), and stronger than chance."""
import random

import pytest

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.ismcts import Search, SearchBot
from games.core.levels import search_kind

SCRIMISH = registry.get("scrimish")


def midgame(seed: int, moves: int = 16):
    """Returns a Scrimish game `moves` random search actions in."""
    state = SCRIMISH.new_state(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.search_actions()))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_the_same_seed_and_budget_give_the_same_move(seed):
    state = midgame(seed)
    view = state.view(state.current_player())
    bot = SearchBot(Search(iterations=150, seconds=None))
    assert bot.choose(view, random.Random(seed)) == bot.choose(view, random.Random(seed))


@pytest.mark.parametrize("seed", range(4))
def test_a_view_whose_hidden_cards_are_dealt_again_gives_the_same_move(seed):
    state = midgame(seed)
    seat = state.current_player()
    other = state.view(seat).determinize(random.Random(99))  # the same to `seat`, different hidden cards
    assert other.to_dict() != state.to_dict()
    bot = SearchBot(Search(iterations=150, seconds=None))
    assert bot.choose(state.view(seat), random.Random(5)) == bot.choose(other.view(seat), random.Random(5))


def test_the_search_beats_the_random_bot():
    wins = 0
    for game in range(6):
        state = SCRIMISH.new_state(2, {}, game)
        searcher = game % 2
        bots = {searcher: SearchBot(Search(iterations=60, seconds=None)), 1 - searcher: RandomBot()}
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat), decision_rng(game, seat, ply)))
            ply += 1
        wins += searcher in state.winners()
    assert wins >= 5


def position(game, seed: int, moves: int = 25):
    """Returns a two-player game of `game` a few random search actions in (or fewer, if it ends)."""
    state = game.new_state(game.player_counts()[0] if game.min_players > 1 else 2, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.search_actions()))
    return state


@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_every_games_hard_level_gives_the_same_move_when_hidden_cards_are_dealt_again(game):
    for seed in range(3):
        state = position(game, seed)
        if state.is_over() or len(state.search_actions()) < 2:
            continue
        seat = state.current_player()
        other = state.view(seat).determinize(random.Random(99))
        bot = search_kind(game, 12).make()  # the Hard level with a fixed budget
        assert bot.choose(state.view(seat), random.Random(5)) == bot.choose(other.view(seat), random.Random(5))
        return
    pytest.fail(f"no position of {game.id} with a choice to search")
