"""Stumped's turn flow, declared on the kit's Flow (games/stumped/turns.py): every decision kind has its
options and answer, one step carries the turn on between decisions, and prompts name whoever decides."""
import json

import pytest

from games.stumped import GAME
from games.stumped.actions import EndActions, LeaveOut, Mulch, PlayAction, Skip
from games.stumped.records import FLOW, KINDS
from tests.stumped_helpers import arrange, begin_turn, new

NAMES = ["Ann", "Bob", "Cy"]


def test_every_decision_kind_has_its_options_and_answer():
    FLOW.check()
    assert FLOW.kinds() == set(KINDS)


def mulching(seat: int = 0):
    """Returns a 3-player game in which `seat` has just played a Compost Bin (mulch up to two cards)."""
    state = new(3)
    arrange(state, seat, hand=["compost_bin", "dirt", "dirt", "sun", "water"])
    if seat:
        begin_turn(state, seat)
    state.apply(PlayAction("compost_bin"))
    return state


def test_a_cards_choice_leaves_the_turns_step_scheduled_and_the_phase_asks_again_after_it():
    state = mulching()
    assert [d.kind for d in state.decisions] == ["mulch"] and state.program == [{"op": "turn"}]
    state.apply(Skip())
    assert [d.kind for d in state.decisions] == ["act"] and state.program == []
    assert EndActions() in state.legal_actions()


def test_a_position_waiting_on_a_choice_round_trips_and_plays_on_alike():
    state = mulching()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    for copy in (state, restored):
        copy.apply(Mulch("dirt"))
        copy.apply(Mulch("sun"))
    assert restored.to_dict() == state.to_dict() and state.pending_decision().kind == "act"


def test_steps_that_do_not_fit_the_pending_decision_are_refused():
    data = json.loads(json.dumps(mulching().to_dict()))
    data["program"] = []
    with pytest.raises(ValueError, match="steps still to run"):
        GAME.state_from_dict(data)
    data = json.loads(json.dumps(new(3).to_dict()))
    data["program"] = [{"op": "turn"}]
    with pytest.raises(ValueError, match="steps still to run"):
        GAME.state_from_dict(data)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_cards_prompt_names_the_seat_deciding(seat):
    state = mulching(seat)
    assert state.status(NAMES) == f"{NAMES[seat]}: mulch cards from your hand (up to 2 more), or Done."


def test_the_setup_prompt_names_the_seat_deciding():
    state = new(3, action_cards="choose")
    state.apply(state.legal_actions()[-1])
    assert state.status(NAMES).startswith("Bob: leave out pairs of action cards")


def test_the_log_names_the_seat_that_leaves_cards_out():
    # the line said "{0}" (seat 0) whoever left the cards out
    state = new(3, action_cards="choose")
    state.apply(state.legal_actions()[-1])
    leave = next(action for action in state.legal_actions() if isinstance(action, LeaveOut))
    assert [event.describe(NAMES) for event in state.apply(leave)][0].startswith("Bob leaves the ")
