"""The Scrumpy Hard level searches the card to play (and what to keep), comparing the cards side by side on
shared imagined deals, and leaves the rest of each move to its guide; its imagined games finish each move
by habit."""
import random

from games.core.levels import search_kind
from games.scrumpy import GAME
from games.scrumpy.bot import MOVE_DECISIONS, FairBot, habit, rollout


def _game_until(kind: str, seed: int = 5):
    """Returns a two-player game played by the fair bot until seat decisions of `kind` with a choice."""
    state, bot, rng = GAME.new_state(2, {}, seed), FairBot(), random.Random(seed)
    for _ in range(40):
        state.apply(bot.choose(state.view(state.current_player()), rng))
    while state.pending_decision().kind != kind or len(state.legal_actions()) < 2:
        state.apply(bot.choose(state.view(state.current_player()), rng))
    return state


def test_hard_searches_the_card_to_play_and_leaves_the_rest_of_the_move_to_its_guide():
    hard = search_kind(GAME, 60).make()
    turn = _game_until("turn")
    action, root = hard.search.run(turn.view(turn.current_player()), random.Random(1))
    assert 60 <= root.visits < 60 + len(turn.search_actions()) and action in turn.legal_actions()
    pick = _game_until("pick")
    assert pick.pending_decision().kind in MOVE_DECISIONS
    action, root = hard.search.run(pick.view(pick.current_player()), random.Random(1))
    guide = hard.search.guide.__self__
    assert root.visits == 0 and action in pick.legal_actions()
    assert isinstance(guide, FairBot) and guide.rival_weight > 0


def test_imagined_games_finish_a_move_by_habit_and_choose_cards_at_random():
    pick = _game_until("pick")
    assert rollout(pick, random.Random(1)) == habit(pick, pick.legal_actions())
    turn = _game_until("turn")
    played = {rollout(turn, random.Random(seed)) for seed in range(30)}
    assert len(played) > 1 and played <= set(turn.search_actions())


def test_hard_plays_every_card_on_each_imagined_deal_so_their_luck_is_shared():
    hard = search_kind(GAME, 200).make()
    turn = _game_until("turn")
    assert hard.search.profile.guide.paired
    action, root = hard.search.run(turn.view(turn.current_player()), random.Random(2))
    visits = {child.visits for child in root.children.values()}
    assert len(visits) == 1 and len(root.children) == len(turn.search_actions())  # each card on every deal
    assert action in turn.legal_actions()
