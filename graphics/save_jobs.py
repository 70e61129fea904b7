"""Save files checked and opened on a worker thread, so that the window keeps drawing while a long save
replays (a few seconds at most: see Game.longest_game); the scenes read a job's progress every frame."""
from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Any, Callable

from games import registry
from games.core.match import Cancelled, Match
from games.core.replays import Replay
from games.core.save_check import Verdict, Verdicts
from games.core.saves import read_save
from graphics.views import data_problem

SLICE_SECONDS = 0.005  # in each frame, the window's thread stands aside this long for a replay on the worker
WAIT_SECONDS = 0.05  # the longest a replay waits between two moves for a frame to end (then it shares)
QUICK_SECONDS = 0.08  # a job that finishes this soon is waited for in the frame that starts it: a small save
#                       opens (or a page of small saves is checked) with no progress panel or "checking" flashing


def problems() -> Callable[[Any], str | None]:
    """Returns each game's data problem (its rules' and its view's files), looked up on this thread first
    so that the worker only reads the answers."""
    found = {game.id: data_problem(game) for game in registry.all()}
    return lambda game: found.get(game.id)


class Job:
    """One piece of work on its own daemon thread: `done` of `total` moves replayed so far, then `result`
    (or `error`, for the thread that asked to raise). `cancel` stops it at the next move."""

    def __init__(self, work: Callable[[Callable[[int, int], None]], Any], idle: threading.Event) -> None:
        self._idle = idle
        self.done = 0
        self.total = 0
        self.cancelled = False
        self.finished = False
        self.result: Any = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), name="saves", daemon=True)
        self._thread.start()

    def progress(self, done: int, total: int) -> None:
        """Takes the worker's progress; stops the work if the job was cancelled."""
        if self.cancelled:
            raise Cancelled()
        self.done, self.total = done, total
        self._idle.wait(WAIT_SECONDS)  # a frame is on: let it be, for a while
        time.sleep(0)  # and between moves the window's thread takes the interpreter at once, not 5 ms later

    def cancel(self) -> None:
        """Asks the work to stop at its next move."""
        self.cancelled = True

    def wait(self, seconds: float) -> bool:
        """Waits for the work to finish, standing aside meanwhile; returns whether it did."""
        was = self._idle.is_set()
        self._idle.set()
        try:
            self._thread.join(seconds)
        finally:
            if not was:
                self._idle.clear()
        return self.finished

    def _run(self, work) -> None:
        try:
            self.result = work(self.progress)
        except Cancelled:
            pass
        except BaseException as error:  # noqa: BLE001 - handed to the main thread, which raises it
            self.error = error
        finally:
            self.finished = True


class SaveWorker:
    """The app's worker for save files: the jobs it starts, the verdicts on the files checked so far, and
    the turn-taking between a replay on the worker and the window's frames."""

    def __init__(self) -> None:
        self.verdicts = Verdicts()
        self._idle = threading.Event()  # set while the window's thread sleeps between frames, or stands aside
        self._idle.set()

    @contextlib.contextmanager
    def busy(self):
        """Marks a frame of the window's thread (App.frame): a replay on the worker waits between moves
        meanwhile, except while a scene stands aside for it (share), so that frames come as often as without it."""
        self._idle.clear()
        try:
            yield
        finally:
            self._idle.set()

    def share(self, seconds: float = SLICE_SECONDS) -> None:
        """Lets a replay on the worker run alone for `seconds` of this frame (a scene waiting for one calls it
        from its update): the replay goes on at a steady pace even when drawing takes the whole frame."""
        was = self._idle.is_set()
        self._idle.set()
        time.sleep(seconds)
        if not was:
            self._idle.clear()

    def open_job(self, path: Path, autosave: Path) -> Job:
        """Starts opening the save at `path` (Match.load with every check); its result is the match, or the
        SaveError that refuses it as `error`."""
        problem_of = problems()
        return Job(lambda progress: Match.load(path, autosave=autosave, progress=progress, data_problem=problem_of),
                   self._idle)

    def replay_job(self, path: Path) -> Job:
        """Starts opening a finished game for the replay screen: Match.load with every check, then its Replay
        (games/core/replays.py); the result is the Replay, or the SaveError that refuses it as `error`."""
        problem_of = problems()

        def work(progress):
            match = Match.load(path, progress=progress, data_problem=problem_of)
            return Replay.from_match(match, read_save(path).get("saved_at", ""))
        return Job(work, self._idle)

    def described_job(self, paths: list[Path], verdicts: dict[Path, Verdict], described: dict[Path, Any],
                      describe: Callable[[Path, Verdict], Any]) -> Job:
        """Starts checking `paths` as check_job does, with what `describe(path, verdict)` makes of each file (on
        the worker too: the Replays list's date, game, players and winner), put into `described` before the verdict
        goes into `verdicts`."""
        problem_of = problems()

        def work(progress):
            for path in paths:
                if path not in verdicts:
                    verdict = self.verdicts.check(path, problem_of, progress)
                    described[path] = describe(path, verdict)
                    verdicts[path] = verdict
            return len(paths)
        return Job(work, self._idle)

    def check_job(self, paths: list[Path], verdicts: dict[Path, Verdict],
                  problem_of: Callable[[Any], str | None] | None = None) -> Job:
        """Starts checking `paths` one after another, putting each verdict into `verdicts` as it comes (each
        game's data problem from `problem_of` if given: the menu's, already checked)."""
        problem_of = problem_of or problems()

        def work(progress):
            for path in paths:
                if path not in verdicts:
                    verdicts[path] = self.verdicts.check(path, problem_of, progress)
            return len(paths)
        return Job(work, self._idle)

    def verdict_now(self, path: Path) -> Verdict | None:
        """Returns the verdict on this version of the file if it was checked already."""
        return self.verdicts.known(path)
