"""Saves written before the games moved onto the declared flow (kitchen-table 1.0, main at d3fcba9: one mid-game
save per game in tests/saves_before_flow/, and Stumped's while a card's choice waits) still load and play on: the
rules play the same, only how a state says what is pending changed (the decisions' prompts, now naming the decider
as {seat}; Stumped's stacking of a card's choice; the flow's saved `program`)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import registry
from games.core.errors import SaveError
from games.core.match import Match, as_written_now, written_before_flow

FOLDER = Path(__file__).parent / "saves_before_flow"


@pytest.mark.parametrize("name", [*registry.ids(), "stumped_choice"])
def test_a_save_from_before_the_declared_flow_loads_and_plays_on(name, tmp_path):
    match = Match.load(FOLDER / f"{name}.json")
    assert name.startswith(match.game.id) and match.history and not match.state.is_over()
    assert "{" not in match.state.status(["Ann", "Bob", "Cat", "Dee"])
    match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "again.json")
    assert Match.load(tmp_path / "again.json").state.to_dict() == match.state.to_dict()


@pytest.mark.parametrize("game_id", ["crumbs", "scrumpy"])
def test_an_old_save_whose_position_was_changed_is_still_refused(game_id, tmp_path):
    data = json.loads((FOLDER / f"{game_id}.json").read_text())
    data["state"]["rng"][1][0] += 1  # the generator, a field the flow did not touch
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="is damaged"):
        Match.load(path)


def test_a_save_of_this_version_is_compared_whole():
    from kitchen_table import __version__
    assert written_before_flow({"written_by": "kitchen-table 1.0.0"}) and written_before_flow({})
    assert not written_before_flow({"written_by": f"kitchen-table {__version__}"})
    assert not written_before_flow({"written_by": "kitchen-table 1.10.2"})


def test_only_the_decisions_and_missing_fields_are_taken_from_the_replay():
    replayed = {"a": 1, "program": [{"op": "turn"}],
                "decisions": [{"kind": "bid", "seat": 1, "prompt": "{seat}: bid", "data": {}}]}
    old = {"a": 2, "decisions": [{"kind": "act", "seat": 1, "prompt": "{1}: act", "data": {}},
                                 {"kind": "bid", "seat": 1, "prompt": "{1}: bid", "data": {}}]}
    assert as_written_now(old, replayed) == {"a": 2, "program": [{"op": "turn"}], "decisions": replayed["decisions"]}
