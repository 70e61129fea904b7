"""The tree: growth from complete sets, what may grow where, supply limits, positions and our rulings
on unspendable growth and room for the winning leaves (data/stumped/rulings.md, "Growth")."""
import math

import pytest

from games.core.errors import IllegalAction
from games.stumped.actions import Grow, PlayAction
from games.stumped.tree import Tree, check_tree
from tests.stumped_helpers import RULES, arrange, begin_turn, grow_tree, new, settle, standard_tree

SHAPES = RULES.shapes


def growing(growth: int, seat: int = 0, players: int = 3):
    """Returns a game in `seat`'s growth phase with `growth` to spend."""
    state = new(players)
    arrange(state, seat, hand=["dirt"] * 5)
    begin_turn(state, seat)
    state.turn.growth = growth
    settle(state)
    state._legal = None
    return state


def grows(state) -> set[tuple[str, str, str]]:
    """Returns the (segment, parent, hole) options of a grow decision."""
    return {(a.segment, a.parent, a.hole) for a in state.legal_actions() if isinstance(a, Grow)}


def test_complete_sets_in_the_roots_go_to_the_discard_pile_for_two_growth_each():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, roots={"sun": 2, "dirt": 3, "water": 2})
    events = begin_turn(state, 0)
    assert state.turn.growth == 4
    assert state.roots[0] == {"sun": 0, "dirt": 1, "water": 0}
    assert sorted(state.discards[0].cards) == sorted(["sun", "dirt", "water"] * 2)
    assert any(e.kind == "harvest" and e.data["sets"] == 2 for e in events)
    assert state.pending_decision().kind == "grow" and state.turn.phase == "growth"


def test_no_growth_phase_on_a_players_first_turn():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, roots={"sun": 1, "dirt": 1, "water": 1})
    begin_turn(state, 0, first=True)
    assert state.turn.growth == 0 and state.roots[0] == {"sun": 1, "dirt": 1, "water": 1}
    assert state.pending_decision().kind == "act"


def test_an_incomplete_set_stays_in_the_roots():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, roots={"sun": 2, "dirt": 5})
    begin_turn(state, 0)
    assert state.turn.growth == 0 and state.roots[0] == {"sun": 2, "dirt": 5, "water": 0}


def test_the_trunk_comes_first():
    state = growing(2)
    assert grows(state) == {("trunk", "base", "base")}
    state.apply(Grow("trunk", "base", "base"))
    assert state.trees[0].segments[0].name == "trunk"


def test_a_branch_comes_before_any_leaf_or_fruit_and_grows_in_the_trunks_holes():
    state = growing(4)
    state.apply(Grow("trunk", "base", "base"))
    assert grows(state) == {("branch", "trunk", hole) for hole in ("left", "right", "top")}


def test_leaves_grow_in_side_holes_fruit_on_ends_branches_in_both():
    state = growing(4)
    grow_tree(state, 0, [("trunk", "base", "base"), ("branch", "trunk", "top")])
    options = grows(state)
    sides = {f"side {n}" for n in (1, 2, 3)}
    assert {hole for kind, parent, hole in options if kind == "leaf"} == sides
    assert {(parent, hole) for kind, parent, hole in options if kind == "fruit"} == {("branch 1", "end")}
    assert {hole for kind, parent, hole in options if kind == "branch" and parent == "branch 1"} == sides | {"end"}
    assert not any(kind == "leaf" and parent == "trunk" for kind, parent, _ in options)


def test_a_fruit_costs_two_growth():
    state = growing(1)
    grow_tree(state, 0, [("trunk", "base", "base"), ("branch", "trunk", "top")])
    assert not any(kind == "fruit" for kind, _, _ in grows(state))
    with pytest.raises(IllegalAction):
        state.apply(Grow("fruit", "branch 1", "end"))
    state.turn.growth = 2
    state._legal = None
    state.apply(Grow("fruit", "branch 1", "end"))
    assert state.trees[0].count("fruit") == 1 and state.turn.growth == 0


def test_segments_are_limited_by_the_players_supply():
    state = growing(2)
    standard_tree(state, 0, 0)
    grow_tree(state, 0, [("branch", "branch 1", "end"), ("fruit", "branch 4", "end"), ("fruit", "branch 3", "end")])
    options = grows(state)
    assert state.segments[0].left("branch") == 0 and state.segments[0].left("fruit") == 0
    assert options and {kind for kind, _, _ in options} == {"leaf"}


def test_growth_is_spent_one_segment_at_a_time_until_none_is_left():
    state = growing(4)
    assert all(isinstance(a, Grow) for a in state.legal_actions())  # growth cannot be saved or skipped
    for action in (Grow("trunk", "base", "base"), Grow("branch", "trunk", "left"), Grow("leaf", "branch 1", "side 1")):
        state.apply(action)
        assert state.pending_decision().kind == "grow"
    state.apply(Grow("leaf", "branch 1", "side 2"))
    assert state.turn.growth == 0 and state.pending_decision().kind == "act" and state.turn.phase == "action"
    assert state.trees[0].leaves == 2


def test_growth_that_cannot_be_spent_is_lost():
    state = new()
    arrange(state, 0, hand=["dirt"] * 5, roots={"sun": 1, "dirt": 1, "water": 1})
    standard_tree(state, 0, 9)
    grow_tree(state, 0, [("branch", "branch 1", "end"), ("fruit", "branch 2", "end"), ("fruit", "branch 3", "end")])
    state.segments[0].counts["leaf"] = 0  # as if the last leaf piece were missing: nothing can grow
    events = begin_turn(state, 0)
    assert any(e.kind == "growth_lost" and e.data["growth"] == 2 for e in events)
    assert state.turn.growth == 0 and state.pending_decision().kind == "act"


def test_one_growth_is_lost_when_only_a_fruit_could_grow():
    state = growing(3)
    standard_tree(state, 0, 9)
    grow_tree(state, 0, [("branch", "branch 1", "end")])
    state.segments[0].counts["leaf"] = 0
    state._legal = None
    assert {kind for kind, _, _ in grows(state)} == {"fruit"}
    state.apply(Grow("fruit", "branch 2", "end"))
    assert state.turn.growth == 0 and state.pending_decision().kind == "act"


def test_no_branch_or_fruit_that_would_leave_no_room_for_the_winning_leaves():
    state = growing(2)
    grow_tree(state, 0, [("trunk", "base", "base"), ("branch", "trunk", "top"), ("branch", "branch 1", "side 1"),
                         ("branch", "branch 2", "side 1")])
    # three branches, two of them in side holes: 7 free sides; a 4th branch in a side hole would leave
    # room for only 9 leaves, one in an end or trunk hole for 10.
    options = grows(state)
    assert ("branch", "trunk", "left") in options and ("branch", "branch 3", "end") in options
    assert not any(kind == "branch" and hole.startswith("side") for kind, _, hole in options)


def test_a_fruit_may_not_close_the_last_end_while_a_branch_must_still_grow():
    # Only possible with more fruit than the game has: epic tree, 3 branches on the trunk, 4 in side
    # holes (room for exactly 20 leaves), one branch left and fruit on all ends but one.
    state = new(2, tree="epic")
    arrange(state, 0, hand=["dirt"] * 5)
    begin_turn(state, 0)
    plan = [("trunk", "base", "base")] + [("branch", "trunk", hole) for hole in ("left", "right", "top")]
    plan += [("branch", f"branch {n}", "side 1") for n in (1, 2, 3)] + [("branch", "branch 4", "side 1")]
    state.segments[0].give("fruit", 10)
    grow_tree(state, 0, plan + [("fruit", f"branch {n}", "end") for n in range(1, 7)])
    state.turn.growth = 2
    settle(state)
    options = grows(state)
    assert ("branch", "branch 7", "end") in options
    assert ("fruit", "branch 7", "end") not in options


def test_positions_follow_the_holes_of_the_tree_data():
    tree = Tree()
    trunk = tree.grow("trunk", tree.spot(SHAPES, "base", "base"))
    assert (trunk.x, trunk.y, trunk.angle) == (0.0, 0.0, 0.0)
    branch = tree.grow("branch", tree.spot(SHAPES, "trunk", "top"))
    top = SHAPES["trunk"].hole("top")
    assert branch.y == pytest.approx(SHAPES["trunk"].length, abs=0.2) and branch.angle == top.turn
    leaf = tree.grow("leaf", tree.spot(SHAPES, "branch 1", "side 2"))
    turned, lean, keep = top.turn + SHAPES["branch"].hole("side 2").turn, SHAPES["branch"].lean, SHAPES["branch"].lean_keep
    leaned = turned if abs(turned) <= lean else math.copysign(lean + (abs(turned) - lean) * keep, turned)
    assert leaf.angle == pytest.approx(leaned, abs=0.1)
    assert leaf.y > branch.y
    check_tree(tree, SHAPES, "test")


def test_the_tree_check_refuses_a_segment_in_a_taken_or_wrong_hole():
    tree = Tree()
    tree.grow("trunk", tree.spot(SHAPES, "base", "base"))
    tree.grow("branch", tree.spot(SHAPES, "trunk", "top"))
    tree.grow("leaf", tree.spot(SHAPES, "branch 1", "side 1"))
    tree.grow("leaf", tree.spot(SHAPES, "branch 1", "side 1"))
    with pytest.raises(ValueError, match="does not grow in a free"):
        check_tree(tree, SHAPES, "test")
    wrong = Tree()
    wrong.grow("trunk", wrong.spot(SHAPES, "base", "base"))
    wrong.grow("leaf", wrong.spot(SHAPES, "trunk", "left"))
    with pytest.raises(ValueError):
        check_tree(wrong, SHAPES, "test")


def test_growth_from_a_card_is_spent_at_once_in_the_action_phase_even_on_a_first_turn():
    state = new()
    arrange(state, 0, hand=["plant_food", "dirt", "dirt", "dirt", "dirt"])
    assert state.turns_taken[0] == 0
    grow_tree(state, 0, [("trunk", "base", "base"), ("branch", "trunk", "top")])
    state.apply(PlayAction("plant_food"))
    assert state.pending_decision().kind == "grow" and state.turn.growth == 1
    state.apply(Grow("leaf", "branch 1", "side 1"))
    assert state.pending_decision().kind == "act" and state.trees[0].leaves == 1


def test_the_grow_event_says_where_the_segment_lies():
    state = growing(2)
    state.apply(Grow("trunk", "base", "base"))
    events = state.apply(Grow("branch", "trunk", "left"))
    data = events[0].data
    segment = state.trees[0].segments[1]
    assert data["segment"] == "branch 1" and data["parent"] == "trunk" and data["hole"] == "left"
    assert (data["x"], data["y"], data["angle"]) == (segment.x, segment.y, segment.angle)


def test_what_grows_on_a_branch_leans_up_not_down():
    """A branch on the left of the trunk turns its first side hole further left: past the data's lean the
    turn is mostly kept back, so the tree reaches up and out; a hole within the lean keeps its full turn."""
    tree = Tree()
    tree.grow("trunk", tree.spot(SHAPES, "base", "base"))
    left = tree.grow("branch", tree.spot(SHAPES, "trunk", "left"))
    lean, keep = SHAPES["branch"].lean, SHAPES["branch"].lean_keep
    turned = left.angle + SHAPES["branch"].hole("side 1").turn
    assert abs(turned) > lean > 0
    side = tree.spot(SHAPES, left.name, "side 1")
    assert side.angle == pytest.approx(-(lean + (abs(turned) - lean) * keep), abs=0.1)
    assert tree.spot(SHAPES, left.name, "side 2").angle == pytest.approx(left.angle + SHAPES["branch"].hole("side 2").turn)
    for _ in range(6):  # a chain of branches out of ends never points below the lean's limit
        left = tree.grow("branch", tree.spot(SHAPES, left.name, "end"))
        assert abs(left.angle) <= lean + (180 - lean) * keep
    check_tree(tree, SHAPES, "test")
