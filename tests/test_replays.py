"""Replays without a window (games/core/replays.py): finished games kept in the data folder's replays/ (the last 200,
named so that name order is age order), a replay that steps forward and back to the same positions as the match,
public views only, and the exported text: the whole game, with no hidden card in it."""
import dataclasses
import datetime
import json
from pathlib import Path

import pytest

from games import registry
from games.core.actions import Secret
from games.core.match import Match, Seat
from games.core.replays import (
    CHECKPOINT,
    KEEP,
    Replay,
    archive,
    keep,
    list_replays,
    prune,
    replays_folder,
    result_line,
    shown_date,
    summarize,
)
from games.core.saves import read_save
from games.core.state import SPECTATOR

GAMES = [game.id for game in registry.all()]
COLOURS = ("orange", "sky", "green", "yellow", "blue", "vermilion", "purple", "grey")
_played: dict[str, Match] = {}


def finished(game_id: str, players: int = 2, seed: int = 7) -> Match:
    """Returns a finished game of Normal bots (one per game, played once for the whole module)."""
    key = f"{game_id}-{players}-{seed}"
    if key not in _played:
        game = registry.get(game_id)
        seats = [Seat(f"Seat {i + 1}", COLOURS[i], "normal") for i in range(players)]
        match = Match(game, seats, {}, seed)
        while not match.state.is_over():
            match.play_bot()
        _played[key] = match
    return _played[key]


def plain(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def replay_of(match: Match, tmp_path: Path) -> Replay:
    """Returns the replay of `match` as the Replays screen makes it: from the save file, loaded with every check."""
    path = tmp_path / f"{match.game.id}.json"
    match.save(path)
    return Replay.from_match(Match.load(path), read_save(path)["saved_at"])


def small_save(game: str = "scrimish") -> dict:
    return {"game": game, "format": "kitchen-table-save"}


def test_archives_are_named_by_when_the_game_ended_and_the_last_200_are_kept(tmp_path):
    start = datetime.datetime(2026, 1, 1, 12, 0, 0)
    written = [archive(small_save(), tmp_path, now=start + datetime.timedelta(minutes=i)) for i in range(KEEP + 1)]
    kept = list_replays(tmp_path)
    assert len(kept) == KEEP == 200
    assert not written[0].exists(), "the oldest game is dropped"
    assert kept[0] == written[-1] and kept[-1] == written[1], "newest first"
    assert written[0].name == "20260101-120000-000000-scrimish.json"


def test_two_games_ending_in_the_same_microsecond_are_both_kept(tmp_path):
    now = datetime.datetime(2026, 1, 1, 12, 0, 0)
    first, second = archive(small_save(), tmp_path, now=now), archive(small_save(), tmp_path, now=now)
    assert first != second and first.exists() and second.exists()
    assert list_replays(tmp_path) == [second, first]


def test_prune_leaves_files_it_cannot_delete_and_reports_the_rest(tmp_path):
    for i in range(5):
        (tmp_path / f"2026010{i}-x.json").write_text("{}")
    gone = prune(tmp_path, 3)
    assert sorted(p.name for p in gone) == ["20260100-x.json", "20260101-x.json"]
    assert len(list_replays(tmp_path)) == 3


def test_a_replay_that_cannot_be_written_is_one_line_and_changes_nothing(tmp_path):
    (tmp_path / "replays").write_text("a file where the folder should be")
    problem = keep(finished("scrimish").to_dict(), tmp_path)
    assert problem is not None and problem.startswith(f"Can't save to {tmp_path / 'replays'}:")
    assert problem.endswith("This game's replay is not kept.") and "\n" not in problem
    assert keep(finished("scrimish").to_dict(), tmp_path / "fresh") is None
    assert len(list_replays(replays_folder(tmp_path / "fresh"))) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_stepping_forward_to_the_end_reaches_the_match_s_final_position(tmp_path, game_id):
    match = finished(game_id)
    replay = replay_of(match, tmp_path)
    assert replay.moves == len(match.history) and replay.over()
    for done in range(replay.moves + 1):
        view = replay.public(done)
        assert view.viewer == SPECTATOR
    assert plain(replay.public(replay.moves)) == plain(match.state.view(None))
    assert replay.log(replay.moves) == [line for step in match.history for line in
                                        (e.seen_by(None).describe(match.names) for e in step.events) if line]


@pytest.mark.parametrize("game_id", GAMES)
def test_back_then_forward_gives_the_same_positions(tmp_path, game_id):
    match = finished(game_id)
    replay = replay_of(match, tmp_path)
    forward = [plain(replay.public(done)) for done in range(replay.moves + 1)]
    backward = [plain(replay.public(done)) for done in range(replay.moves, -1, -1)]
    assert backward[::-1] == forward
    middle = replay.moves // 2
    jumps = [replay.moves, 0, middle, middle - 1, middle + CHECKPOINT + 3, middle]
    for done in jumps:
        assert plain(replay.public(done)) == forward[done]
    for index in (0, middle, replay.moves - 1):
        move = replay.move(index)
        assert plain(move.before) == forward[index] and plain(move.after) == forward[index + 1]
        assert move.action == match.history[index].action and move.seat == match.history[index].seat


@pytest.mark.parametrize("game_id", GAMES)
def test_the_exported_log_holds_the_whole_game_and_no_hidden_card(tmp_path, game_id):
    match = finished(game_id)
    replay = replay_of(match, tmp_path)
    path = replay.export(tmp_path / "exports", "game")
    text = path.read_text(encoding="utf-8")
    assert text == replay.export_text()
    assert text.startswith(f"Kitchen Table: {match.game.title}\nDate: ")
    assert "Players: Seat 1 (Normal bot), Seat 2 (Normal bot)" in text
    for rule in match.game.table_rules(2, match.options):
        assert f"  {rule}\n" in text
    body = text.split(f"Moves ({replay.moves}):\n", 1)[1]
    for line in replay.log(replay.moves):
        assert line in body
    assert f"Result: {result_line(match.state, match.names)}." in text
    assert not any(line.lower().startswith("seed") for line in text.splitlines()), "the seed deals every hidden card"
    secrets = {event.seen_by(seat).describe(match.names) for index in range(replay.moves)
               for event in replay.all_events(index) if event.secret is not None for seat in event.secret.seats}
    public = set(replay.log(replay.moves))
    hidden = {line for line in secrets - public if line}
    assert all(line not in text for line in hidden), sorted(line for line in hidden if line in text)[:3]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_exported_text_does_not_change_when_every_secret_is_dealt_otherwise(tmp_path, game_id):
    """The text reads no event's hidden side: with every secret's words and data replaced, it is the same."""
    replay = replay_of(finished(game_id), tmp_path)
    text = replay.export_text()
    for events in replay._events:
        for index, event in enumerate(events):
            if event.secret is not None:
                other = Secret(event.secret.seats, "a re-dealt {0} holds the Crown", {"card": "crown"})
                events[index] = dataclasses.replace(event, secret=other)
    replay._lines.clear()
    assert replay.export_text() == text


def test_some_games_have_secrets_to_keep_from_the_export(tmp_path):
    """The export's privacy test above means something: the games' events carry hidden texts."""
    counts = {}
    for game_id in GAMES:
        replay = replay_of(finished(game_id), tmp_path)
        counts[game_id] = sum(event.secret is not None and event.secret.text != event.text
                              for index in range(replay.moves) for event in replay.all_events(index))
    assert sum(1 for count in counts.values() if count) >= 3, counts


def test_the_list_s_summary_reads_the_checked_snapshot(tmp_path):
    match = finished("scrimish")
    match.save(tmp_path / "a.json")
    summary = summarize(read_save(tmp_path / "a.json"), match.game)
    assert summary.title == "Scrimish" and summary.names == ("Seat 1", "Seat 2")
    winner = match.names[match.state.winners()[0]]
    assert summary.result == f"{winner} wins"
    assert len(summary.date) == 16 and summary.date[4] == "-" and summary.date[13] == ":"
    assert shown_date("") == "no date"
