"""kill -9 during bot games: the app (main.py, in a process of its own) is killed with SIGKILL at seeded random
moments; its autosave must load, its moves must replay to its saved position, at most the move in flight may
be lost, a temporary file the kill left must not break the next start, and the game must play on to its end.

The app runs under a small launcher that prints one line after each autosave it finished writing ("saved N
PATH"), so the test knows what the app had saved when it died. Short kills of every game are in the default
suite; kills of saves of 200+ moves (Stumped, Scrappers) that then play to the end in the app are `slow`.
"""
from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from games import registry
from games.core.match import Match, Seat

ROOT = Path(__file__).resolve().parents[1]
LAUNCHER = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from games.core.match import Match
_autosave = Match.autosave
def autosave(self):
    _autosave(self)
    if self.autosave_path is not None:
        print("saved", len(self.history), self.autosave_path, flush=True)
Match.autosave = autosave
import os, signal
KILL_AT = int(os.environ.get("KT_KILL_IN_WRITE", "0"))
if KILL_AT:  # kill -9 in the middle of the KILL_AT-th autosave write: written and synced, not yet in place
    _replace, _writes = os.replace, []
    def replace(source, target, *args, **kwargs):
        if os.path.basename(str(target)) == "autosave.json":
            _writes.append(target)
            if len(_writes) == KILL_AT:
                os.kill(os.getpid(), signal.SIGKILL)
        return _replace(source, target, *args, **kwargs)
    os.replace = replace
import runpy
sys.argv = ["main.py", *sys.argv[1:]]
runpy.run_path({str(ROOT / "main.py")!r}, run_name="__main__")
"""
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
SPEED = "100"
WAIT = 120.0  # seconds the app may take to reach a move (a loaded machine); never reached when all is well


def temps(data: Path) -> list[Path]:
    """Returns the hidden temporary files in the data folder and its saves folder."""
    return sorted(p for folder in (data, data / "saves") for p in folder.glob(".*.tmp"))


class AppRun:
    """main.py in a process of its own, with the autosaves it finished reported as they happen."""

    def __init__(self, args: list[str], data: Path, log: Path, env: dict | None = None) -> None:
        self.log = log
        with open(log, "a", encoding="utf-8") as err:
            self.proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, *args, "--data-dir", str(data)],
                                         stdout=subprocess.PIPE, stderr=err, text=True, env={**ENV, **(env or {})},
                                         cwd=ROOT)
        self.saved: list[tuple[int, Path]] = []
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _take(self, timeout: float) -> bool:
        """Takes one reported line (False at the end of the output)."""
        line = self._lines.get(timeout=timeout)
        if line is None:
            return False
        if line.startswith("saved "):
            _, moves, path = line.rstrip("\n").split(" ", 2)
            self.saved.append((int(moves), Path(path)))
        return True

    def wait_for(self, moves: int) -> None:
        """Waits until the app has saved a position of at least `moves` moves."""
        end = time.monotonic() + WAIT
        while not self.saved or self.saved[-1][0] < moves:
            try:
                alive = self._take(max(0.1, end - time.monotonic()))
            except queue.Empty:
                alive = False
            if not alive:
                self.proc.kill()
                self.proc.wait()
                pytest.fail(f"the app did not reach move {moves} (saved {self.saved[-1:]}, exit "
                            f"{self.proc.returncode}): {self.log.read_text()[-2000:]}")

    def kill(self) -> tuple[int, Path]:
        """Kills the app with SIGKILL; returns the last autosave it reported finished (moves, path)."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        while self._take(30):  # what it printed before dying is still in the pipe
            pass
        assert self.proc.returncode == -signal.SIGKILL
        return self.saved[-1]

    def finish(self, timeout: float = 600) -> int:
        """Waits for the app to quit by itself; returns its exit code."""
        self.proc.wait(timeout=timeout)
        while self._take(30):
            pass
        return self.proc.returncode


def moves_of(match: Match) -> list[dict]:
    """Returns a match's moves as saved."""
    return [step.action.to_dict() for step in match.history]


def check_killed(reported: tuple[int, Path], before: list[dict]) -> Match:
    """Checks the autosave a kill left: it loads (which replays its moves and compares the position they reach
    with its snapshot), holds what the app had reported saved and at most the move in flight besides, and
    goes on from the moves saved before; returns the match."""
    moves, path = reported
    match = Match.load(path, autosave=path)
    assert moves <= len(match.history) <= moves + 1, \
        f"the app had saved {moves} moves; its autosave after kill -9 holds {len(match.history)}"
    assert moves_of(match)[:len(before)] == before, "the autosave does not go on from the moves saved before"
    return match


def kill_and_check(run: AppRun, rng: random.Random, moves: int, before: list[dict]) -> Match:
    """Lets `run` save `moves` moves, kills it a seeded fraction of a move later, and checks what it left."""
    run.wait_for(moves)
    time.sleep(rng.uniform(0.0, 0.06))  # a seeded moment inside the next move: thinking, animating or writing
    return check_killed(run.kill(), before)


def play_to_the_end(match: Match) -> None:
    """Plays the match to the end headless, every seat by the game's random bot (the quickest: what is checked
    is that the resumed game goes on to an end, not how well it is played)."""
    random_bot = match.game.bot_kind("random")
    match.bots = {seat: random_bot.make() for seat in range(len(match.seats))}
    match.autosave_path = None
    for _ in range(20_000):
        if match.state.is_over():
            return
        bot, view, decision = match.bot_request()
        match._record(bot.choose(view, decision))
    pytest.fail("the resumed game did not end")


def players(game_id: str) -> int:
    counts = registry.get(game_id).player_counts()
    return next((n for n in counts if n >= 2), counts[0])


@pytest.mark.parametrize("game_id", ["scrimish", "crumbs", "scrappers", "scrumpy", "stumped"])
def test_a_kill_mid_game_loses_at_most_the_move_in_flight_and_the_game_goes_on(game_id, tmp_path):
    rng = random.Random(f"kill-{game_id}")
    data, log = tmp_path / "data", tmp_path / "stderr.txt"
    first = AppRun(["--game", game_id, "--players", str(players(game_id)), "--bots", "all",
                    "--seed", str(rng.randrange(1000)), "--speed", SPEED], data, log)
    killed = kill_and_check(first, rng, rng.randint(2, 12), [])
    left = temps(data)  # a kill inside a write leaves its temporary file: the next start must not mind it
    autosave = killed.autosave_path

    second = AppRun(["--load", str(autosave), "--speed", SPEED], data, log)  # the next start
    second.wait_for(len(killed.history) + 1)
    assert not [p for p in left if p.exists()], "the next start kept the temporary files of the killed app"
    again = kill_and_check(second, rng, len(killed.history) + rng.randint(1, 5), moves_of(killed))

    play_to_the_end(again)
    assert again.state.is_over() and len(again.history) > len(killed.history)


@pytest.mark.parametrize("game_id", ["scrimish", "stumped"])
def test_a_kill_inside_an_autosave_write_loses_that_move_only_and_its_temporary_file_goes(game_id, tmp_path):
    writes = random.Random(f"write-{game_id}").randint(3, 12)
    data, log = tmp_path / "data", tmp_path / "stderr.txt"
    first = AppRun(["--game", game_id, "--players", str(players(game_id)), "--bots", "all", "--seed", "7",
                    "--speed", SPEED], data, log, {"KT_KILL_IN_WRITE": str(writes)})
    assert first.finish(timeout=WAIT) == -signal.SIGKILL, "the app was not killed inside its autosave write"
    moves, autosave = first.saved[-1]
    left = temps(data)
    assert left, "a kill inside the write left no temporary file: this test would prove nothing"
    killed = Match.load(autosave, autosave=autosave)
    assert len(killed.history) == moves == writes - 2  # the first write is the empty table's; the last was lost

    second = AppRun(["--load", str(autosave), "--speed", SPEED], data, log)
    second.wait_for(moves + 2)
    assert not [p for p in left if p.exists()], "the next start kept the temporary file of the killed write"
    again = check_killed(second.kill(), moves_of(killed))
    play_to_the_end(again)
    assert again.state.is_over()


def late_save(game_id: str, count: int, seed: int, moves: int, path: Path) -> Match:
    """Returns a match of `count` Normal bot seats played headless past `moves` moves (not over), saved at
    `path` as the autosave. Its moves are the random bot's where its games last that long (quick to make),
    else Normal's; the app goes on with Normal bots."""
    game = registry.get(game_id)
    for bot, tries in ((bot, tries) for bot in ("random", "normal") for tries in range(10)):
        match = Match(game, [Seat(f"Bot {i + 1}", "orange", "normal") for i in range(count)], {}, seed + tries)
        match.bots = {seat: game.bot_kind(bot).make() for seat in range(count)}
        while len(match.history) < moves and not match.state.is_over():
            bot, view, decision = match.bot_request()
            match._record(bot.choose(view, decision))  # no autosave per move: only the last position counts
        if not match.state.is_over():
            match.autosave_path = path
            match.autosave()
            return match
    raise AssertionError(f"no {game_id} game of {count} lasted {moves} moves")


LATE = [("stumped", 2), ("scrappers", 4)]


@pytest.mark.parametrize("game_id, count", LATE)
def test_a_kill_late_in_a_long_game_loses_at_most_the_move_in_flight(game_id, count, tmp_path):
    rng = random.Random(f"late-kill-{game_id}")
    data, log = tmp_path / "data", tmp_path / "stderr.txt"
    data.mkdir()
    saved = late_save(game_id, count, rng.randrange(1000), 200 + rng.randrange(40), data / "autosave.json")
    assert len(saved.history) >= 200
    run = AppRun(["--load", str(saved.autosave_path), "--speed", SPEED], data, log)
    killed = kill_and_check(run, rng, len(saved.history) + rng.randint(1, 8), moves_of(saved))
    play_to_the_end(killed)
    assert killed.state.is_over()


@pytest.mark.slow
@pytest.mark.parametrize("game_id, count", LATE)
def test_kills_late_in_long_games_then_the_app_plays_to_the_end(game_id, count, tmp_path):
    rng = random.Random(f"late-{game_id}")
    data, log = tmp_path / "data", tmp_path / "stderr.txt"
    data.mkdir()
    saved = late_save(game_id, count, rng.randrange(1000), 200 + rng.randrange(40), data / "autosave.json")
    assert len(saved.history) >= 200
    before = moves_of(saved)
    autosave = saved.autosave_path
    for _ in range(3):
        run = AppRun(["--load", str(autosave), "--speed", SPEED], data, log)
        killed = kill_and_check(run, rng, len(before) + rng.randint(1, 12), before)
        before = moves_of(killed)
    last = AppRun(["--load", str(autosave), "--speed", SPEED, "--exit-when-over"], data, log)
    assert last.finish() == 0, log.read_text()[-2000:]
    final = Match.load(autosave)
    assert final.state.is_over() and moves_of(final)[:len(before)] == before
    assert temps(data) == [], "temporary files were left after the game ended"
