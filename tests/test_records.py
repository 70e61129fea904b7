"""The table's players and their records (games/core/records.py): what a finished game adds, what does not
count, the bounds, and the file: written whole, read back checked, a damaged one set aside in one line."""
import json
import random

import pytest

from games import registry
from games.core.records import (
    FILE,
    LAST,
    Book,
    Finished,
    GameRecord,
    Records,
    SeatPlan,
    add_game,
    book_from,
    remember_setup,
    reset,
    seat_scores,
)


def finished(key="a" * 32, names=("Ann", "Easy bot 2"), bots=(None, "easy"), scores=(7, 3), winners=(0,),
             game="crumbs") -> Finished:
    return Finished(game, key, list(names), ["orange", "sky", "green", "yellow"][:len(names)], list(bots),
                    None if scores is None else list(scores), list(winners))


def test_a_game_with_a_person_and_bots_counts_for_the_person_only():
    book = Book()
    assert add_game(book, finished(), "2026-12-03 10:00") == ["Ann"]
    assert [p.name for p in book.players] == ["Ann"]
    record = book.find("ann").games["crumbs"]
    assert (record.played, record.won, record.best, record.average) == (1, 1, 7, 7)
    assert record.against == {"easy": [1, 1]}
    assert record.last[0].date == "2026-12-03 10:00" and record.last[0].score == 7 and record.last[0].won
    assert book.find("Ann").colour == "orange"


def test_a_game_of_bots_does_not_count():
    book = Book()
    assert add_game(book, finished(names=("Easy bot 1", "Hard bot 2"), bots=("easy", "hard")), "d") == []
    assert book.players == [] and book.recorded == []


def test_one_game_counts_once_however_often_its_end_is_shown():
    book = Book()
    add_game(book, finished(), "d")
    assert add_game(book, finished(), "d") == []
    assert book.find("Ann").games["crumbs"].played == 1


def test_an_unnamed_seat_is_nobody_but_the_others_count():
    book = Book()
    game = finished(names=("Player 1", "Bob", "Hard bot 3"), bots=(None, None, "hard"), scores=(2, 9, 4),
                    winners=(1,))
    assert add_game(book, game, "d") == ["Bob"]
    bob = book.find("Bob").games["crumbs"]
    assert bob.against == {"hard": [1, 1], "people": [1, 1]}
    assert bob.last[0].people == 1 and bob.last[0].against == ["hard"]


def test_a_game_without_a_score_records_the_win_only():
    assert seat_scores([1, 0, 0], [[("Won", 1)], [("Won", 0)], [("Won", 0)]]) is None  # Scrimish: the score says who won
    assert seat_scores([10, 6], [[("Won", 1), ("Leaves", 10)], [("Won", 0), ("Leaves", 6)]]) == [10, 6]  # Stumped
    assert seat_scores([1], [[("Tokens", 1)]]) == [1]  # a solo Scrumpy of 1 prestige has a score all the same
    book = Book()
    add_game(book, finished(scores=None, winners=(1,)), "d")
    record = book.find("Ann").games["crumbs"]
    assert (record.played, record.won, record.scored, record.best, record.average) == (1, 0, 0, None, None)
    assert record.last[0].score is None


def test_the_last_ten_results_are_kept_with_running_totals():
    record = GameRecord()
    for game in range(14):
        record.add(game % 2 == 0, game, ["normal"], 0, f"day {game}")
    assert record.played == 14 and record.won == 7 and len(record.last) == LAST
    assert [r.date for r in record.last] == [f"day {g}" for g in range(4, 14)]
    assert record.last[-1].played == 14 and record.last[-1].wins == 7 and record.last[-1].win_rate == 0.5
    assert record.best == 13 and record.average == pytest.approx(6.5)
    assert record.against == {"normal": [14, 7]}


def test_names_are_one_player_in_any_case_and_offered_by_their_start():
    book = Book()
    for name in ("Ann", "Anneliese", "Bob"):
        book.sit(name, "orange")
    assert book.find("ANN").name == "Ann"
    assert [p.name for p in book.offers("an")] == ["Anneliese", "Ann"]  # the most recent first
    assert [p.name for p in book.offers("an", exclude=["anneliese"])] == ["Ann"]
    assert [p.name for p in book.offers("Ann")] == ["Anneliese"]  # not the name typed whole
    assert [p.name for p in book.offers("")] == ["Bob", "Anneliese", "Ann"]


def test_remembered_setups_make_players_of_the_people_named():
    book = Book()
    remember_setup(book, "stumped", [SeatPlan("Zoë", "green", "human"), SeatPlan("Player 2", "sky", "human"),
                                     SeatPlan("Hard bot 3", "blue", "hard")])
    assert [p.name for p in book.players] == ["Zoë"] and book.find("Zoë").colour == "green"
    assert [s.kind for s in book.setups["stumped"]] == ["human", "human", "hard"]
    assert "crumbs" not in book.setups


def test_reset_forgets_the_records_but_keeps_the_player():
    book = Book()
    add_game(book, finished(), "d")
    assert reset(book, "Ann") and book.find("Ann").games == {}
    assert not reset(book, "Ann") and not reset(book, "Nobody")


def test_the_file_reads_back_what_was_written(tmp_path):
    records = Records(tmp_path)
    records.change(lambda book: add_game(book, finished(), "d"))
    records.change(lambda book: remember_setup(book, "crumbs", [SeatPlan("Ann", "orange", "human")]))
    again = Records(tmp_path)
    assert again.problem is None
    assert again.book.to_dict() == records.book.to_dict()
    assert again.book.find("Ann").games["crumbs"].last[0].score == 7
    assert [p.name for p in tmp_path.iterdir()] == [FILE]  # no temporary file left


def test_each_change_reads_the_file_again_so_two_windows_lose_nothing(tmp_path):
    one, two = Records(tmp_path), Records(tmp_path)
    one.change(lambda book: add_game(book, finished(key="1" * 32), "d"))
    two.change(lambda book: add_game(book, finished(key="2" * 32), "d"))
    assert Records(tmp_path).book.find("Ann").games["crumbs"].played == 2


@pytest.mark.parametrize("text, why", [
    ("{not json", "it is not complete JSON"),
    (json.dumps({"format": "something else"}), "it is not a players file"),
    (json.dumps({"format": "kitchen-table-players", "version": 9}), "it was written by another version (format 9)"),
])
def test_a_damaged_file_is_set_aside_and_said_in_one_line(tmp_path, text, why):
    (tmp_path / FILE).write_text(text, encoding="utf-8")
    records = Records(tmp_path)
    assert records.problem == (f"The players' records could not be read ({why}): they start empty; it is kept "
                               f"as {FILE}.damaged.")
    assert records.book.players == []
    assert (tmp_path / f"{FILE}.damaged").read_text(encoding="utf-8") == text
    records.change(lambda book: add_game(book, finished(), "d"))
    assert (tmp_path / f"{FILE}.damaged").read_text(encoding="utf-8") == text  # never overwritten
    assert Records(tmp_path).problem is None


def test_a_second_damaged_file_keeps_the_first_aside(tmp_path):
    (tmp_path / FILE).write_text("first", encoding="utf-8")
    Records(tmp_path)
    (tmp_path / FILE).write_text("second", encoding="utf-8")
    assert Records(tmp_path).problem.endswith(f"it is kept as {FILE}.damaged-2.")
    assert (tmp_path / f"{FILE}.damaged").read_text(encoding="utf-8") == "first"


def good_document():
    book = Book()
    add_game(book, finished(), "d")
    return json.loads(json.dumps(book.to_dict()))


@pytest.mark.parametrize("damage", [
    lambda d: d["players"][0].update(name="\u200fAnn"),  # a name the rule refuses
    lambda d: d["players"][0]["games"]["crumbs"].update(won=5),  # more won than played
    lambda d: d["players"][0]["games"]["crumbs"].update(last=[{}] * 11),  # more than ten results
    lambda d: d["players"][0]["games"]["crumbs"]["last"][0].update(score="7"),
    lambda d: d["players"].append(dict(d["players"][0], name="ANN")),  # one player twice
    lambda d: d.update(recorded=["not a key"]),
    lambda d: d.update(setups={"crumbs": [{"name": "Ann", "colour": "orange"}]}),
    lambda d: d.update(clock=-1),
])
def test_every_field_is_checked_when_read_back(damage):
    document = good_document()
    book_from(document)
    damage(document)
    with pytest.raises(ValueError):
        book_from(document)


def test_a_records_file_that_cannot_be_written_says_why_and_the_game_goes_on(tmp_path):
    (tmp_path / "sub").write_text("a file in the way", encoding="utf-8")
    records = Records(tmp_path / "sub" / "deeper")
    _, problem = records.change(lambda book: add_game(book, finished(), "d"))
    assert problem.startswith("Can't save to ") and problem.endswith("The players' records are not kept.")
    assert records.book.find("Ann") is not None


def test_a_damaged_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path, monkeypatch):
    (tmp_path / FILE).write_text("garbage", encoding="utf-8")
    monkeypatch.setattr(Records, "set_aside", lambda self: None)
    records = Records(tmp_path)
    assert records.problem == ("The players' records could not be read (it is not complete JSON): they start "
                               "empty; it is left as it is and not written over.")
    _, problem = records.change(lambda book: add_game(book, finished(), "d"))
    assert problem == records.problem and records.book.find("Ann") is not None
    assert (tmp_path / FILE).read_text(encoding="utf-8") == "garbage"


@pytest.mark.parametrize("game_id", ["scrimish", "crumbs", "scrappers", "scrumpy", "stumped"])
def test_only_scrimish_is_a_game_without_a_score(game_id):
    game = registry.get(game_id)
    state = game.new_state(2, {}, 3)
    bot, rng = game.bots[0].make(), random.Random(3)
    while not state.is_over():
        state.apply(bot.choose(state.view(state.current_player()), rng))
    scores = seat_scores(state.scores(), state.score_details())
    assert (scores is None) == (game_id == "scrimish")
    assert scores is None or scores == state.scores()
