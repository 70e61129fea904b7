"""The park bot's habits: the crumbs it keeps back and what a move must gain to be paid for, and the Hard
level's own (bolder) habits."""
import dataclasses
import random

from crumbs_helpers import empty_park, put

from games.core.levels import levels
from games.crumbs import GAME, armies, table
from games.crumbs.actions import Cancel, EndTurn, MoveFrom, Spawn, Special
from games.crumbs.bot import BOLD, NORMAL, Habits, ParkBot


def _short_of_crumbs(crumbs: int):
    """Returns seat 0's turn with no critter on the board, no free move and `crumbs` crumbs."""
    state = empty_park()
    state.free_moves = 0
    state.crumbs[0] = crumbs
    state._legal = None
    return state


def test_the_bot_keeps_its_reserve_back_after_paying_for_a_spawn():
    spawn = _short_of_crumbs(0).cost(0, "spawn")
    state = _short_of_crumbs(spawn + BOLD.reserve)
    assert BOLD.reserve < NORMAL.reserve
    assert ParkBot().choose(state.view(0), random.Random(1)) == EndTurn()
    assert isinstance(ParkBot(BOLD).choose(state.view(0), random.Random(1)), Spawn)
    rich = _short_of_crumbs(spawn + NORMAL.reserve)
    assert isinstance(ParkBot().choose(rich.view(0), random.Random(1)), Spawn)


def test_a_move_is_paid_for_only_when_it_gains_enough():
    state = _short_of_crumbs(20)
    put(state, 0, state.board.fountain, 2)
    gain, source, _, _ = ParkBot().best_move(state.view(0), 0, "move")
    assert gain > 0.5
    assert ParkBot(Habits(0, paid_gain=gain - 0.01)).choose(state.view(0), random.Random(1)) == MoveFrom(source)
    assert ParkBot(Habits(0, paid_gain=gain + 0.01)).choose(state.view(0), random.Random(1)) != MoveFrom(source)
    state.free_moves = 1
    state._legal = None
    assert ParkBot(Habits(0, paid_gain=gain + 0.01)).choose(state.view(0), random.Random(1)) == MoveFrom(source)
    assert ParkBot(Habits(0, move_gain=gain + 0.01)).choose(state.view(0), random.Random(1)) != MoveFrom(source)



def test_the_bold_habits_attack_a_held_space_where_normal_takes_an_empty_one():
    """Winning a scuffle also removes the rival's critter: the bold habits count it as 2.5 crumbs, not 1."""
    state = _short_of_crumbs(20)
    state.free_moves = 1
    put(state, 0, state.board.fountain, 2)
    put(state, 1, "north_lawn", 2)  # the best space, held by two rival critters; south_lawn is empty
    assert ParkBot(NORMAL).best_move(state.view(0), 0, "move")[3] == "south_lawn"
    assert ParkBot(BOLD).best_move(state.view(0), 0, "move")[3] == "north_lawn"


def test_a_crowded_space_is_spawned_into_less_the_more_the_habits_mind_crowding():
    state = _short_of_crumbs(20)
    put(state, 0, "north_lawn", 2)
    put(state, 0, "lily_pond", 1)
    view = state.view(0)
    bot = ParkBot()
    assert bot.worth(view, 0, "north_lawn") > bot.worth(view, 0, "lily_pond")
    no_moves = {"move_gain": 99.0}
    assert ParkBot(dataclasses.replace(NORMAL, **no_moves)).choose(view, random.Random(1)) == Spawn("north_lawn")
    assert ParkBot(dataclasses.replace(BOLD, **no_moves)).choose(view, random.Random(1)) == Spawn("lily_pond")

def test_the_hard_level_is_guided_by_the_bolder_park_bot_and_normal_keeps_its_habits():
    kinds = {kind.id: kind for kind in GAME.levels}
    assert kinds["normal"].make().habits == NORMAL == Habits()
    assert kinds["hard"].make().search.guide.__self__.habits == BOLD != NORMAL
    assert levels()["hard"].guide_share > 0


def test_the_hard_level_imagines_its_games_with_the_guides_habits_and_leaves_it_the_army():
    """Eight imagined actions cannot judge an army that plays a whole game: the search chose the Pigeons in 82
    of 84 Hard games. The army is its guide's choice, and the imagined games are played with the guide's habits."""
    search = {kind.id: kind for kind in GAME.levels}["hard"].make().search
    assert search.profile.simulation.policy.__self__.habits == BOLD
    state = GAME.new_state(2, seed=7)
    assert state.pending_decision().kind == "army"
    action, root = search.run(state.view(0), random.Random(3))
    assert root.visits == 0 and action in state.legal_actions()


def test_the_bot_flies_its_fountain_pigeon_and_never_picks_every_pigeon_and_cancels():
    """Picking all the pigeons left nowhere to fly: the bot cancelled and started Feathered Friends again,
    for ever (found by a 2,000-game duel that never finished). It flies the fountain's pigeon alone."""
    state = _short_of_crumbs(20)
    fountain = state.board.fountain
    lawns = [s for s in state.board.spaces if s != fountain][:2]
    put(state, 0, fountain, 1)
    for lawn in lawns:
        put(state, 0, lawn, 1)
    state._legal = None
    bot, rng = ParkBot(), random.Random(1)
    assert len(table.critters_in(state, fountain, 0)) == 1 and armies.number(state, 0, "fly") >= 3
    special = next(a for a in state.legal_actions() if isinstance(a, Special))
    state.apply(special)
    for _ in range(5):  # a pick, Fly them, a space: the pigeon flies
        decision = state.pending_decision()
        if decision.kind not in ("fly_pick", "fly_to"):
            break
        action = bot.choose(state.view(0), rng)
        assert not isinstance(action, Cancel)
        state.apply(action)
    assert not table.critters_in(state, fountain, 0)
    assert sorted(len(table.critters_in(state, lawn, 0)) for lawn in lawns) == [1, 2]  # the fountain's pigeon flew alone
    assert state.pending_decision().kind == "turn"
