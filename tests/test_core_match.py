"""Match: history, bounded undo, atomic autosave, save and load, and damaged files refused."""
import json
import os

import pytest

from games.core import match as match_module
from games.core.errors import SaveError
from games.core.match import Match, Seat
from games.core.saves import read_save, write_atomic
from games.scrimish import GAME
from games.scrimish.actions import Attack, ChoosePile, Discard, FinishSetup, SelectCard, Shuffle, SwapCard

HUMANS = [Seat("Ada", "orange"), Seat("Bo", "sky")]


def new_match(tmp_path, seats=HUMANS, seed=5, **options) -> Match:
    return Match(GAME, seats, options, seed, autosave=tmp_path / "autosave.json")


def to_play(match: Match) -> None:
    """Finishes every seat's setup."""
    while match.state.phase == "setup":
        match.apply(FinishSetup())


def play_some(match: Match, moves: int) -> None:
    """Plays `moves` actions with the casual bot deciding for every seat."""
    bot = GAME.bots[0].make()
    from games.core.bots import decision_rng
    for _ in range(moves):
        if match.state.is_over():
            return
        seat = match.state.current_player()
        match.apply(bot.choose(match.state.view(seat), decision_rng(1, seat, len(match.history))))


def test_autosave_after_every_action_matches_the_match(tmp_path):
    match = new_match(tmp_path)
    for _ in range(6):
        play_some(match, 1)
        assert Match.load(tmp_path / "autosave.json").state.to_dict() == json.loads(json.dumps(match.state.to_dict()))
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temp files left behind


def test_save_and_load_round_trip_mid_game(tmp_path):
    match = new_match(tmp_path, seed=9, visibility="advanced")
    play_some(match, 60)
    match.save(tmp_path / "mid.json")
    loaded = Match.load(tmp_path / "mid.json")
    assert loaded.seats == match.seats and loaded.options == match.options and loaded.seed == match.seed
    assert loaded.state.to_dict() == json.loads(json.dumps(match.state.to_dict()))
    assert [e.text for e in loaded.log()] == [e.text for e in match.log()]
    play_some(match, 40)
    play_some(loaded, 40)
    assert loaded.state.to_dict() == json.loads(json.dumps(match.state.to_dict()))


def test_the_save_file_is_versioned_plain_json(tmp_path):
    match = new_match(tmp_path)
    play_some(match, 3)
    data = json.loads((tmp_path / "autosave.json").read_text())
    assert data["format"] == "kitchen-table-save" and data["version"] == 1 and data["game"] == "scrimish"
    assert len(data["history"]) == 3 and data["seats"][0] == {"name": "Ada", "colour": "orange", "bot": None}


@pytest.mark.parametrize("damage, words", [
    (lambda text: text[: len(text) // 2], "damaged: it is not a complete save file"),
    (lambda text: "", "damaged"),
    (lambda text: json.dumps({"hello": 1}), "not a Kitchen Table save file"),
    (lambda text: text.replace('"version":1', '"version":99'), "another version"),
    (lambda text: text.replace('"game":"scrimish"', '"game":"chess"', 1), "does not have"),
    (lambda text: text.replace('"history":[', '"history":[{"type":"Teleport"},', 1), "damaged"),
    (lambda text: text.replace('"sword"', '"crown"', 1), "damaged"),
    (lambda text: text.replace('"turns":', '"turns":1', 1), "does not follow from its moves"),
])
def test_a_damaged_save_is_refused_and_the_game_in_progress_goes_on(tmp_path, damage, words):
    match = new_match(tmp_path)
    to_play(match)
    play_some(match, 10)
    match.save(tmp_path / "good.json")
    bad = tmp_path / "bad.json"
    bad.write_text(damage((tmp_path / "good.json").read_text()))
    before = match.state.to_dict()
    with pytest.raises(SaveError, match=words):
        Match.load(bad)
    assert match.state.to_dict() == before
    play_some(match, 2)  # the match in progress still plays


def test_a_missing_file_is_explained(tmp_path):
    with pytest.raises(SaveError, match="There is no save file"):
        read_save(tmp_path / "nothing.json")


def test_an_interrupted_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    write_atomic(path, {"n": 1})

    def crash(*args):
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(path, {"n": 2})
    assert json.loads(path.read_text()) == {"n": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


# --- undo ---------------------------------------------------------------------------------------
def test_undo_takes_back_setup_moves_of_the_player_to_move(tmp_path):
    match = new_match(tmp_path)
    start = match.state.to_dict()
    match.apply(SelectCard(0, 0))
    match.apply(SwapCard(1, 1))
    assert match.can_undo()
    assert match.undo() and match.undo()
    assert match.state.to_dict() == start and match.history == []
    assert not match.undo()
    assert Match.load(tmp_path / "autosave.json").state.to_dict() == json.loads(json.dumps(start))


def test_undo_never_goes_past_randomness(tmp_path):
    match = new_match(tmp_path)
    match.apply(Shuffle())
    assert not match.can_undo() and not match.undo()


def test_undo_never_goes_past_a_reveal_or_into_another_players_turn(tmp_path):
    match = new_match(tmp_path)
    to_play(match)
    seat = match.state.current_player()
    match.apply(ChoosePile(0))
    assert match.can_undo()  # picking a pile reveals nothing
    attack = next(a for a in match.state.legal_actions() if isinstance(a, Attack))
    match.apply(attack)
    assert match.state.current_player() != seat
    assert not match.can_undo()  # the attack revealed two cards and the turn passed


def test_undo_stays_within_the_turn(tmp_path):
    match = new_match(tmp_path)
    to_play(match)
    match.apply(ChoosePile(1))
    match.apply(Discard(1))
    assert not match.can_undo()  # the last action was the other player's turn's end


def test_bots_never_undo(tmp_path):
    match = new_match(tmp_path, seats=[Seat("Ada", "orange", "casual"), Seat("Bo", "sky", "casual")])
    match.apply(SelectCard(0, 0))
    assert not match.can_undo()


def test_undo_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(match_module, "UNDO_LIMIT", 4)
    match = new_match(tmp_path)
    for _ in range(5):
        match.apply(SelectCard(0, 0))
        match.apply(SwapCard(0, 1))
    undone = 0
    while match.undo():
        undone += 1
    assert undone == 4 and len(match.history) == 6


def test_seats_must_name_real_bots(tmp_path):
    with pytest.raises(KeyError, match="no bot"):
        new_match(tmp_path, seats=[Seat("A", "orange"), Seat("B", "sky", "grandmaster")])
