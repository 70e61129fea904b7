"""The park bot's habits: the crumbs it keeps back and what a move must gain to be paid for, and the Hard
level's own (bolder) habits."""
import random

from crumbs_helpers import empty_park, put
from games.core.levels import levels
from games.crumbs import GAME
from games.crumbs.actions import EndTurn, MoveFrom, Spawn
from games.crumbs.bot import BOLD_PAID_GAIN, BOLD_RESERVE, PAID_GAIN, RESERVE, ParkBot


def _short_of_crumbs(crumbs: int):
    """Returns seat 0's turn with no critter on the board, no free move and `crumbs` crumbs."""
    state = empty_park()
    state.free_moves = 0
    state.crumbs[0] = crumbs
    state._legal = None
    return state


def test_the_bot_keeps_its_reserve_back_after_paying_for_a_spawn():
    spawn = _short_of_crumbs(0).cost(0, "spawn")
    state = _short_of_crumbs(spawn + BOLD_RESERVE)
    assert BOLD_RESERVE < RESERVE
    assert ParkBot().choose(state.view(0), random.Random(1)) == EndTurn()
    assert isinstance(ParkBot(BOLD_RESERVE).choose(state.view(0), random.Random(1)), Spawn)
    rich = _short_of_crumbs(spawn + RESERVE)
    assert isinstance(ParkBot().choose(rich.view(0), random.Random(1)), Spawn)


def test_a_move_is_paid_for_only_when_it_gains_enough():
    state = _short_of_crumbs(20)
    put(state, 0, state.board.fountain, 2)
    gain, source, _, _ = ParkBot().best_move(state.view(0), 0, "move")
    assert gain > 0.5
    assert ParkBot(0, paid_gain=gain - 0.01).choose(state.view(0), random.Random(1)) == MoveFrom(source)
    assert ParkBot(0, paid_gain=gain + 0.01).choose(state.view(0), random.Random(1)) != MoveFrom(source)
    state.free_moves = 1
    state._legal = None
    assert ParkBot(0, paid_gain=gain + 0.01).choose(state.view(0), random.Random(1)) == MoveFrom(source)


def test_the_hard_level_is_guided_by_the_bolder_park_bot_and_normal_keeps_its_habits():
    kinds = {kind.id: kind for kind in GAME.levels}
    normal = kinds["normal"].make()
    assert (normal.reserve, normal.paid_gain) == (RESERVE, PAID_GAIN)
    guide = kinds["hard"].make().search.guide.__self__
    assert (guide.reserve, guide.paid_gain) == (BOLD_RESERVE, BOLD_PAID_GAIN)
    assert levels()["hard"].guide_share > 0
