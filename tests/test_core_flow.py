"""The kit's declared turn flow (games/core/flow.py): options and answers per decision kind, steps between
decisions, `{seat}` naming whoever decides."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.core.errors import IllegalAction
from games.core.flow import Flow, FlowState

FLOW = Flow("counting")


@dataclass(frozen=True)
class Add(Action):
    amount: int


@dataclass(frozen=True)
class Stop(Action):
    pass


class Counting(FlowState):
    """Seats take turns adding 1 or 2 to a total; a seat may instead stop, which asks it once more to
    confirm (the same decision kept open); the game ends when the total reaches 5."""

    flow = FLOW
    decisions: list[Decision]
    program: list[dict[str, Any]]
    total: int

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.decisions, self.program, self.total = [], [], 0
        self.then({"op": "turn", "seat": 0})
        self.run()

    def scores(self) -> list[int]:
        return [0] * self.players

    def _hide(self, seat: int | None) -> None:
        pass


@FLOW.step("turn")
def turn(state: Counting, step: dict[str, Any]) -> list[Event]:
    if state.total >= 5:
        return [Event("over", "The total is reached.")]
    state.ask("add", step["seat"], "{seat}: add to {total}", total=state.total)
    return []


@FLOW.options("add")
def add_options(state: Counting, decision: Decision) -> list[Action]:
    return [Add(1), Add(2)] + ([] if decision.data.get("stopping") else [Stop()])


@FLOW.answer("add")
def add(state: Counting, decision: Decision, action: Action) -> list[Event]:
    if isinstance(action, Stop):
        decision.data["stopping"] = True
        state.keep(decision)
        return []
    assert isinstance(action, Add)
    state.total += action.amount
    state.then({"op": "turn", "seat": (decision.seat + 1) % state.players})
    return [Event("add", f"{{{decision.seat}}} adds {action.amount}.")]


def test_a_flow_runs_steps_until_someone_decides_and_answers_pop_the_decision() -> None:
    state = Counting(3, {}, 1)
    assert state.current_player() == 0 and state.pending_decision().kind == "add"
    events = state.apply(Add(2))
    assert [e.kind for e in events] == ["add"] and state.current_player() == 1 and state.total == 2
    assert len(state.decisions) == 1 and state.program == []


def test_an_answer_can_keep_its_decision_open() -> None:
    state = Counting(2, {}, 1)
    state.apply(Stop())
    assert state.current_player() == 0 and Stop() not in state.legal_actions() and len(state.decisions) == 1


def test_the_game_ends_when_no_step_asks_and_the_last_step_says_so() -> None:
    state = Counting(2, {}, 1)
    events: list[Event] = []
    for amount in (2, 2, 1):
        events = state.apply(Add(amount))
    assert state.is_over() and state.legal_actions() == [] and [e.kind for e in events] == ["add", "over"]
    assert state.status() == "The game is over."


def test_seat_in_a_prompt_names_whoever_decides() -> None:
    state = Counting(3, {}, 1)
    state.apply(Add(1))
    assert state.status(["Ann", "Bob", "Cy"]) == "Bob: add to 1"


def test_an_illegal_answer_changes_nothing() -> None:
    state = Counting(2, {}, 1)
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(Add(3))
    assert state.to_dict() == before


def test_a_flow_names_what_it_lacks() -> None:
    flow = Flow("lacking")
    flow.options("a")(lambda state, decision: [])
    with pytest.raises(ValueError, match="lacking: decision kinds without both options and answer: \\['a'\\]"):
        flow.check()
    with pytest.raises(ValueError, match="lacking has no answer for 'a'"):
        flow.answer_to(None, Decision("a", 0), Stop())
    with pytest.raises(ValueError, match="a second options for 'a'"):
        flow.options("a")(lambda state, decision: [])
    FLOW.check()


def test_steps_need_a_program_field() -> None:
    class NoSteps(FlowState):
        flow = Flow("no steps")
        decisions: list[Decision]

    state = NoSteps.__new__(NoSteps)
    state.decisions = []
    assert state.run() == []
    with pytest.raises(TypeError, match="NoSteps declares no `program` field"):
        state.then({"op": "x"})
