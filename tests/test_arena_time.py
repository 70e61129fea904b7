"""The arena at Hard's time budget (issue 33): the level's seconds a move, or --seconds, counted in CPU time of the
process playing (so two workers on a loaded machine measure the Hard the app plays on a quiet one), or by the wall
clock; the report says which, with the CPU time of a game and of Hard's searches."""
import json
import random
import time

import pytest

from games import registry
from games.arena import setup
from games.core.levels import HARD, levels
from games.simulate import timed_by_cpu
from kitchen_table.cli import main


def sleepy_hard(seconds: float):
    """Returns a Hard bot of Scrimish whose guide sleeps 0.3 s (wall time that is not CPU time) before answering."""
    bot = registry.get("scrimish").bot_kind(HARD).make()
    guide = bot.search.guide

    def slow(view, rng):
        time.sleep(0.3)
        return guide(view, rng)
    bot.search.guide = slow
    bot.search.seconds = seconds
    return bot


def opening_view():
    state = registry.get("scrimish").new_state(2, {}, 3)
    seat = state.current_player()
    view = state.view(seat)
    assert len(view.search_actions()) > 1
    return view


def test_by_the_wall_clock_a_slow_guide_eats_the_budget_but_not_by_cpu_time():
    view = opening_view()
    wall = sleepy_hard(0.1)
    wall.choose(view, random.Random(1))
    assert wall.last_iterations == 1  # the guide's 0.3 s of sleep passed the 0.1 s deadline: one imagined game
    cpu = timed_by_cpu(sleepy_hard(0.1))
    started = time.process_time()
    cpu.choose(view, random.Random(1))  # Search.clock, set by timed_by_cpu, is the process's CPU time
    spent = time.process_time() - started
    assert cpu.last_iterations > 20  # sleeping costs no CPU time: the search had its whole 0.1 s
    assert 0.1 <= spent < 0.5


def test_hard_at_a_time_budget_in_cpu_time_reports_what_its_searches_cost(capsys):
    assert main(["--arena", "scrimish", "--bots", "hard,normal", "--games", "2", "--seconds", "0.02", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["hard_seconds"] == 0.02 and figures["clock"] == "cpu" and figures["iterations"] is None
    assert "CPU time of the process playing it" in figures["budget"]
    hard, normal = figures["bots"]["hard"], figures["bots"]["normal"]
    assert hard["searched"] > 5 and hard["iterations_per_search"] > 1
    assert 0.02 <= hard["cpu_per_search"] < 0.1  # each search used its budget of CPU time, and not much more
    assert "searched" not in normal and normal["cpu_seconds"] < hard["cpu_seconds"]
    assert figures["cpu_seconds_per_game"] >= hard["cpu_seconds"] / 2


def test_the_text_report_says_the_budget_and_the_clock(capsys):
    assert main(["--arena", "scrimish", "--bots", "hard,random", "--games", "2", "--seconds", "0.01",
                 "--wall-clock"]) == 0
    text = capsys.readouterr().out
    turn = levels()[HARD].turn_seconds
    assert f"Hard at most 0.01 s a decision within its level's {turn:g} s a turn by the wall clock, as the app " \
           "plays" in text
    assert "Hard searched" in text and "CPU time:" in text and "s a game" in text
    level = levels()[HARD].seconds
    assert setup("scrimish", "hard,normal", 2).budget() == (
        f"Hard at most {level:g} s a decision (its level's) within its level's {turn:g} s a turn counted in CPU "
        "time of the process playing it, so other load on the machine does not weaken it")
    assert setup("scrimish", "normal,random", 2).budget() == ""


@pytest.mark.parametrize("argv, message", [
    (["--seconds", "0"], "--seconds must be from 0.01 to 30"),
    (["--seconds", "0.5", "--iterations", "10"], "give one"),
])
def test_bad_budgets_exit_with_one_line(argv, message):
    with pytest.raises(SystemExit) as stop:
        main(["--arena", "scrimish", "--bots", "hard,normal", *argv])
    assert str(stop.value).startswith("--arena: ") and message in str(stop.value)
