"""The arena: seats rotated so every bot sits everywhere, Wilson intervals, the JSON object, the plot and the
messages for bad flags."""
import json
from collections import Counter

import pygame
import pytest

from games.arena import lineups, setup, wilson
from kitchen_table.cli import main


def test_every_bot_sits_in_every_seat_equally_often():
    games = lineups(["hard", "normal"], 2, 6, 10)
    assert [seed for seed, _ in games] == list(range(10, 16))
    assert games[0][1] == ("hard", "normal") and games[1][1] == ("normal", "hard")
    for seat in range(2):
        assert Counter(seats[seat] for _, seats in games) == {"hard": 3, "normal": 3}


def test_with_more_seats_than_bots_the_list_repeats_round_the_table():
    games = lineups(["hard", "normal"], 3, 6, 0)
    assert games[0][1] == ("hard", "normal", "hard")
    assert all(Counter(seats) == {"hard": 2, "normal": 1} for _, seats in games)
    for seat in range(3):
        assert Counter(seats[seat] for _, seats in games) == {"hard": 4, "normal": 2}


@pytest.mark.parametrize("wins, games, low, high", [
    (8, 10, 0.4902, 0.9433),     # the textbook example (Newcombe 1998)
    (0, 10, 0.0, 0.2775),
    (50, 100, 0.4038, 0.5962),
    (2.5, 10, 0.0809, 0.5578),   # shared wins count 1/k (worked by hand: centre 0.3194, half 0.2384)
])
def test_the_wilson_interval_on_known_numbers(wins, games, low, high):
    assert wilson(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_the_json_object_has_the_bots_the_first_seat_the_sides_and_the_lengths(capsys):
    assert main(["--arena", "crumbs", "--bots", "normal,random", "--games", "6", "--seed", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["game"] == "crumbs" and figures["games"] == 6 and figures["players"] == 2
    assert set(figures["bots"]) == {"normal", "random"}
    for figure in figures["bots"].values():
        low, high = figure["ci95"]
        assert figure["games"] == 6 and low <= figure["win_rate"] <= high and figure["fair"] == 0.5
    assert sum(f["win_rate"] for f in figures["bots"].values()) == pytest.approx(1.0, abs=1e-3)
    first = figures["first_seat"]
    assert first["games"] == 6 and first["who"] == "Granny's Favor first" and len(first["ci95"]) == 2
    assert sum(f["games"] for f in figures["sides"].values()) == 12
    assert figures["length"]["min"] <= figures["length"]["mean"] <= figures["length"]["max"]
    assert "6/6 games" in err  # the progress bar goes to standard error


def test_the_text_report_names_each_bot_with_its_interval(capsys):
    assert main(["--arena", "scrimish", "--bots", "normal,random", "--games", "4"]) == 0
    text = capsys.readouterr().out
    assert "4 games of Scrimish, 2 players" in text
    assert "Normal" in text and "Random" in text and "first player (drawn at random)" in text


def test_the_plot_is_written(tmp_path, capsys):
    path = tmp_path / "rates.png"
    assert main(["--arena", "scrimish", "--bots", "easy,normal,random", "--games", "3", "--plot", str(path)]) == 0
    picture = pygame.image.load(str(path))
    assert picture.get_width() >= 1000 and picture.get_height() > 300


def test_hard_with_an_iteration_budget_plays_the_same_games_again():
    from games.arena import run
    contest = setup("scrimish", "hard,random", 2, iterations=30, seed=4)
    first, second = run(contest, err=open("/dev/null", "w")), run(contest, err=open("/dev/null", "w"))
    def played(figures):  # what the games came to (CPU times differ from run to run)
        return {bot: (f["win_rate"], f["ci95"], f["games"], f.get("searched"), f.get("iterations_per_search"))
                for bot, f in figures["bots"].items()}
    assert played(first) == played(second) and first["length"] == second["length"]
    assert first["iterations"] == 30 and first["bots"]["hard"]["iterations_per_search"] == 30


@pytest.mark.parametrize("argv, message", [
    (["--arena", "scrimish", "--bots", "hard,clever"], "no bot 'clever'"),
    (["--arena", "crumbs", "--option", "map=nowhere"], "map is one of central_park"),
    (["--arena", "scrimish", "--bots", "hard,normal,easy", "--players", "2"], "3 bots need at least 3 seats"),
    (["--arena", "scrappers", "--players", "7"], "Scrappers is played by 2, 3, 4 players, not 7"),
])
def test_bad_flags_exit_with_one_line(argv, message):  # an unknown game or 0 games: argparse's (test_cli.py)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    text = str(stop.value)
    assert text.startswith("--arena: ") and message in text and "\n" not in text


def test_a_time_limit_stops_after_whole_turns_of_the_seats(capsys):
    assert main(["--arena", "scrimish", "--bots", "normal,random", "--games", "400", "--minutes", "0.0001",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert 0 < figures["games"] < 400 and figures["games"] % 2 == 0
    assert figures["bots"]["normal"]["games"] == figures["bots"]["random"]["games"] == figures["games"]
    assert figures["cpu_seconds"] > 0


def test_the_arena_plays_the_same_games_again_with_its_own_bots_seed_and_records_it(capsys):
    def figures(*extra):
        assert main(["--arena", "scrimish", "--bots", "easy,random", "--games", "6", "--seed", "2", "--json",
                     *extra]) == 0
        return json.loads(capsys.readouterr().out)
    default, again, other = figures(), figures("--bot-seed", "0"), figures("--bot-seed", "77")
    assert default["bot_seed"] == 0 and other["bot_seed"] == 77
    def played(figures):  # what the games came to (CPU times differ from run to run)
        return [(f["win_rate"], f["games"]) for f in figures["bots"].values()], figures["length"]
    assert played(default) == played(again)
    assert played(other) != played(default)  # the same deals, other bots' luck
    assert main(["--arena", "scrimish", "--bots", "easy,random", "--games", "2", "--bot-seed", "77"]) == 0
    assert "bots' seed 77" in capsys.readouterr().out
