"""The fair bot's judgement of an option: its own position, and for the Hard level's guide its position
against the best rival's."""
import random

from games.scrumpy import GAME
from games.scrumpy.bot import BOLD_RIVAL_WEIGHT, FairBot, finish_move, value


def test_normal_judges_its_own_position_and_the_guide_weighs_the_best_rival():
    state, bot = GAME.new_state(3, {}, 3), FairBot()
    for ply in range(40):
        state.apply(bot.choose(state.view(state.current_player()), random.Random(ply)))
    seat = state.current_player()
    world = state.view(seat).determinize(random.Random(0))
    judged = 0
    for action in world.legal_actions()[:6]:
        after = finish_move(world, action, seat)
        rivals = [value(after, s) for s in range(after.players) if s != seat]
        assert FairBot()._outcome(world, action, seat) == value(after, seat)
        assert FairBot(BOLD_RIVAL_WEIGHT)._outcome(world, action, seat) == value(after, seat) - max(rivals)
        judged += max(rivals) != 0
    assert judged  # the rivals' positions are worth something, so the two judgements differ


def test_alone_against_the_automa_the_guide_judges_its_own_position():
    state = GAME.new_state(1, {"automa": "core"}, 3)
    world = state.view(0).determinize(random.Random(0))
    action = world.legal_actions()[0]
    assert FairBot(BOLD_RIVAL_WEIGHT)._outcome(world, action, 0) == value(finish_move(world, action, 0), 0)


def test_the_hard_level_is_guided_by_the_watchful_fair_bot():
    guide = GAME.bot_kind("hard").make().search.guide.__self__
    assert guide.rival_weight == BOLD_RIVAL_WEIGHT > 0
    assert GAME.bot_kind("normal").make().rival_weight == 0
