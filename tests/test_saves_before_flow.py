"""Saves written before the games moved onto the declared flow (issue 32: main at d3fcba9, one mid-game save per
game in tests/saves_before_flow/) still load and play on: the rules play the same, only the snapshot's wording
(the decisions' prompts, now naming the decider as {seat}) and fields (the flow's saved `program`) changed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import registry
from games.core.errors import SaveError
from games.core.match import Match, as_written_now

FOLDER = Path(__file__).parent / "saves_before_flow"


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_save_from_before_the_declared_flow_loads_and_plays_on(game_id, tmp_path):
    match = Match.load(FOLDER / f"{game_id}.json")
    assert match.game.id == game_id and match.history and not match.state.is_over()
    assert "{" not in match.state.status(["Ann", "Bob", "Cat", "Dee"])
    match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "again.json")
    assert Match.load(tmp_path / "again.json").state.to_dict() == match.state.to_dict()


@pytest.mark.parametrize("game_id", ["crumbs", "scrumpy"])
def test_an_old_save_whose_position_was_changed_is_still_refused(game_id, tmp_path):
    data = json.loads((FOLDER / f"{game_id}.json").read_text())
    data["state"]["decisions"][-1]["data"]["planted"] = "the Crown"  # a detail of the pending choice changed
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="is damaged"):
        Match.load(path)


def test_only_missing_fields_and_the_words_of_agreeing_decisions_are_taken_from_the_replay():
    replayed = {"a": 1, "program": [{"op": "turn"}],
                "decisions": [{"kind": "bid", "seat": 1, "prompt": "{seat}: bid", "data": {}}]}
    old = {"a": 2, "decisions": [{"kind": "bid", "seat": 1, "prompt": "{1}: bid", "data": {}}]}
    assert as_written_now(old, replayed) == {"a": 2, "program": [{"op": "turn"}], "decisions": replayed["decisions"]}
    other = {"a": 1, "decisions": [{"kind": "bid", "seat": 0, "prompt": "{0}: bid", "data": {}}]}
    assert as_written_now(other, replayed)["decisions"] == other["decisions"]
