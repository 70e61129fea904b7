"""Scrappers on the kit's declared turn flow (games/core/flow.py): every decision kind has its options and its
answer on FLOW, prompts name the deciding seat as {seat}, steps never wait between decisions, and saves made
before the port are refused as another version of the rules."""
from __future__ import annotations

import json
import re

import pytest

from games.core.bots import RandomBot, decision_rng
from games.core.match import Match, Seat
from games.scrappers import GAME
from games.scrappers.flow import FLOW

NAMES = ["Ann", "Ben", "Cat", "Dee"]
KINDS = {"place_token", "place_space", "maintain", "turn", "button", "part_button", "target", "move", "switch",
         "commit"}


def played(players: int, options: dict, seed: int, moves: int = 3000):
    """Yields each position of a random game before its move, then the last one."""
    state = GAME.new_state(players, options, seed)
    for ply in range(moves):
        yield state
        seat = state.current_player()
        if seat is None:
            return
        state.apply(RandomBot().choose(state.view(seat), decision_rng(seed, seat, ply)))


def test_the_flow_declares_every_decision_kind_with_options_and_answer_and_its_steps():
    FLOW.check()
    assert FLOW.kinds() == KINDS
    assert GAME.make_state.flow is FLOW


@pytest.mark.parametrize("players,options,seed", [(2, {}, 3), (4, {"keelie": True, "guppy": True}, 5)])
def test_prompts_name_the_deciding_seat_and_no_step_waits_between_decisions(players, options, seed):
    seen, over = set(), None
    for state in played(players, options, seed):
        decision = state.pending_decision()
        assert state.program == [], "a step was left waiting while a seat decides"
        if decision is None:
            over = state
            break
        seen.add(decision.kind)
        assert not re.search(r"\{\d\}", decision.prompt), decision.prompt  # {seat}, not a fixed seat
        status = state.status(NAMES)
        if decision.prompt.startswith("{seat}"):
            assert status.startswith(NAMES[decision.seat]), (status, decision)
    assert over is not None and over.is_over() and over.status(NAMES).startswith("The game is over")
    assert {"place_token", "place_space", "maintain", "turn", "button", "commit"} <= seen


def test_a_seat_without_cards_passes_by_itself_through_the_turn_step():
    from games.scrappers.actions import Pass
    from tests.scrappers_helpers import table
    state = table(players=3, hands={0: ["shuffle_along"], 2: ["shuffle_along"]}, seat=0)
    events = state.apply(Pass())
    assert [(e.kind, e.data.get("seat"), e.data.get("auto")) for e in events] == \
        [("pass", 0, False), ("pass", 1, True)]
    assert state.current_player() == 2 and state.program == []


def test_a_save_from_before_the_declared_flow_keeps_its_rules_version_and_loads(tmp_path):
    # the flow plays the same moves the same way: tests/test_saves_before_flow.py loads a save written before it
    match = Match(GAME, [Seat("Ada", "orange"), Seat("Bo", "sky")], {}, 5)
    match.save(tmp_path / "scrappers.json")
    assert GAME.rules_version == 2 and json.loads((tmp_path / "scrappers.json").read_text())["rules"] == 2
    Match.load(tmp_path / "scrappers.json")
