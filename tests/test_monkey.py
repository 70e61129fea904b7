"""The monkey at the table (tests/monkey.py): random moves, hovers, clicks, drags, keys (Esc, Ctrl+Z, F11, H) and
resizes over games of all five games, people and bots mixed, through every scene; nothing may raise and no
frame may take a second. In a real X11 window with xdotool's events where xvfb-run is installed, and always
in-process with events posted to SDL (the dummy video driver). Whole games at the biggest tables are `slow`."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry
from tests.monkey import monkey_run, x11_available

GAMES = [game.id for game in registry.all()]
ROOT = Path(__file__).resolve().parents[1]
NO_X11 = "xvfb-run and xdotool are not installed (Debian: apt install xvfb xdotool): the dummy driver runs instead"


def x11_monkey(*words: str, timeout: int) -> str:
    """Runs the monkey in a real window on a virtual screen; returns what it printed (fails on an error)."""
    command = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-m", "tests.monkey", "--x11",
               *words]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return done.stdout


@pytest.mark.parametrize("events", [180, pytest.param(300, marks=pytest.mark.slow)], ids=lambda n: f"{n} events")
@pytest.mark.parametrize("game_id", GAMES)
def test_a_monkey_at_the_table_breaks_nothing(tmp_path, game_id, events):
    report = monkey_run(tmp_path, game_id, seed=3, events=events)
    assert report.moves >= 20, f"the game hardly went on: {report}"
    assert {"play", "pause"} <= report.scenes
    assert report.slowest < 1.0
    assert set(report.events) >= {"act", "hover", "click", "key", "resize"}


@pytest.mark.skipif(not x11_available(), reason=NO_X11)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_monkey_in_a_real_window_breaks_nothing(game_id):
    """A game at a time (one long test would hold a test process up at the end of the run)."""
    printed = x11_monkey("--game", game_id, "--events", "120", "--seed", "5", timeout=1200)
    assert [line.split(":")[0] for line in printed.splitlines()] == [game_id], printed


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_monkey_plays_whole_games_at_the_biggest_table(tmp_path, game_id):
    players = registry.get(game_id).player_counts()[-1]
    if x11_available():
        printed = x11_monkey("--game", game_id, "--whole-games", "2", "--events", "40000", "--players",
                             str(players), "--seed", "11", timeout=3600)
        assert "2 games over" in printed, printed
    else:
        report = monkey_run(tmp_path, game_id, seed=11, events=40_000, whole_games=2, players=players)
        assert report.games_over >= 2
