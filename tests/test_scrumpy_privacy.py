"""Scrumpy's secrets: a private goal chosen for achieving is revealed at once (the rulebook's step 1),
so no seat's view holds it in a pending decision; at the game's end every private goal is shown."""
import random

from games.scrumpy.actions import AchieveGoal
from tests.scrumpy_helpers import NAMES, act, finish, fresh
from tests.test_contract import check_decisions_hide_secrets, check_determinization


def to_the_cube_choice(seed=2):
    """Returns a 3-player game in which the seat to move chose to achieve its private goal (15 coins)
    and must now choose the cube to move; and that seat."""
    state = fresh(3, seed)
    seat, cidery = state.seat, state.me
    if cidery.private_goal != "coins_15":
        other = next((c for c in state.cideries if c.private_goal == "coins_15"), None)
        box = state.goal_box.cards
        if other is not None:
            other.private_goal, cidery.private_goal = cidery.private_goal, "coins_15"
        elif "coins_15" in box:
            box[box.index("coins_15")] = cidery.private_goal
            cidery.private_goal = "coins_15"
        else:
            index = state.public_goals.index("coins_15")
            state.public_goals[index], cidery.private_goal = cidery.private_goal, "coins_15"
    cidery.coins = 15
    state._legal = None
    events = act(state, AchieveGoal, goal="coins_15")
    assert state.pending_decision().kind == "cube"
    return state, seat, events


def test_choosing_the_private_goal_reveals_it_before_the_cube_is_chosen():
    state, seat, events = to_the_cube_choice()
    assert [e.kind for e in events] == ["reveal"] and "Nest egg" in events[0].describe(NAMES)
    for other in [s for s in range(3) if s != seat] + [None]:
        view = state.view(other)
        assert view.cideries[seat].private_goal == "coins_15"  # shown to all, as the rulebook's step 1 says
        check_decisions_hide_secrets(state, other)
        check_determinization(state, other, random.Random(4))
    state.apply(state.legal_actions()[0])
    assert "coins_15" in state.cideries[seat].goals and state.cideries[seat].private_shown


def test_the_private_goals_are_revealed_at_the_game_end():
    state = finish(fresh(3, 5), seed=5)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert all(c.private_goal == state.cideries[c.seat].private_goal is not None for c in view.cideries)
    solo = finish(fresh(1, 5, {"automa": "core"}), seed=5)
    assert solo.view(0).cideries[0].private_goal == solo.cideries[0].private_goal


def test_the_log_says_every_private_goal_at_the_end():
    state = fresh(2, 6)
    rng, events = random.Random(6), []
    while not state.is_over():
        events += state.apply(rng.choice(state.legal_actions()))
    line = next(e for e in events if e.kind == "private_goals").describe(NAMES)
    for cidery in state.cideries:
        assert state.data.goal(cidery.private_goal).name in line
    assert "Ann" in line and "Ben" in line
