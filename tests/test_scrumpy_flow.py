"""Scrumpy's turn flow, declared on the kit's Flow (games/scrumpy/flow.py, issue 32): every decision kind has its
options and answer, a pick or a choice runs the step that asked again with its answer, prompts name whoever
decides, and a game saved while a pick or a choice waits plays on alike."""
import json
import random

from games.core.flow import FlowState
from games.scrumpy import GAME
from games.scrumpy.flow import FLOW
from tests.scrumpy_helpers import fresh

NAMES = ["Ann", "Ben", "Cat"]


def test_the_turn_flow_is_declared_once_on_the_kit_flow():
    """Every decision kind Scrumpy asks has its options and answer on FLOW, and prompts name the deciding seat
    as {seat}, not a patched {0}."""
    FLOW.check()
    assert FLOW.kinds() == {"initial", "turn", "after", "keep", "pick", "choose", "cube"}
    state = fresh(3, seed=4)
    assert isinstance(state, FlowState) and state.flow is FLOW
    assert state.pending_decision().prompt.startswith("{seat}:")
    assert state.status(NAMES).startswith(NAMES[state.current_player()] + ":")


def test_an_answered_pick_or_choice_leaves_no_answer_behind():
    """A pick or a choice runs its step again with the `answer`; the step takes it off, so that no saved step
    (on the program or in a pending decision) carries an old answer into a later question."""
    for seed in (2, 5):
        state, rng, answered = GAME.new_state(2, {}, seed), random.Random(seed), 0
        while not state.is_over():
            kind = state.pending_decision().kind
            state.apply(rng.choice(state.legal_actions()))
            answered += kind in ("pick", "choose")
            steps = state.program + [d.data["step"] for d in state.decisions if "step" in d.data]
            assert not any("answer" in step for step in steps), steps
        assert answered > 10


def test_a_game_saved_while_a_pick_or_a_choice_waits_plays_on_alike():
    """The step waiting for a pick or a choice is saved in the decision; restored, the game plays on the same."""
    state, rng, waits = GAME.new_state(3, {}, 6), random.Random(6), 0
    while not state.is_over() and waits < 12:
        if state.pending_decision().kind in ("pick", "choose"):
            waits += 1
            restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
            assert restored.legal_actions() == state.legal_actions()
            action = rng.choice(state.legal_actions())
            events = state.apply(action)
            assert [e.describe(NAMES) for e in restored.apply(action)] == [e.describe(NAMES) for e in events]
            assert restored.to_dict() == state.to_dict()
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert waits == 12
