"""Runs a bot's decision off the drawing thread, with a short visible delay, never freezing the window. The
delay is the turn's rather than each decision's: a bot's first decision of a turn seems to think a while, the
decisions that follow in the same turn (a seat's consecutive decisions) only briefly, so a turn of eight
decisions is not eight pauses to watch."""
from __future__ import annotations

import sys
from concurrent.futures import Future, ThreadPoolExecutor, wait

from games.core.actions import Action
from games.core.match import Match

THINK_SECONDS = 0.6  # the least time a bot seems to think at the start of its turn, at speed 1
FOLLOW_SECONDS = 0.15  # the least time it seems to think about each later decision of the same turn, at speed 1
YIELD_SECONDS = 0.004  # per frame, the drawing thread waits this long for the bot (lets it hold the GIL)
SWITCH_SECONDS = 0.001  # a thinking bot hands the interpreter back this often (Python's default: 5 ms), so
#                         a Hard bot's second of search never holds a frame up (benchmarks: frame_while_hard)


class BotRunner:
    """Asks the bot to move in a worker thread; hands back its action once the delay has passed."""

    def __init__(self) -> None:
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: Future | None = None
        self._ply = -1
        self._waited = 0.0
        self._follows = False  # whether the decision under way follows one of the same seat's (the turn goes on)

    def poll(self, match: Match, dt: float, speed: float, think: float | None = None) -> Action | None:
        """Starts or checks the decision for the position after `len(match.history)` moves; the action is
        handed back once it is ready and the least pause has passed: `think` seconds (THINK_SECONDS by
        default), or no more than FOLLOW_SECONDS when the same seat made the move before (its turn goes on)."""
        ply = len(match.history)
        if self._future is None or self._ply != ply:
            bot, view, rng = match.bot_request()
            self._future = self._pool.submit(bot.choose, view, rng)
            self._ply, self._waited = ply, 0.0
            self._follows = bool(match.history) and match.history[-1].seat == match.bot_seat()
            return None
        self._waited += dt * speed
        if not self._future.done():
            wait([self._future], timeout=YIELD_SECONDS)
        if self._waited < self.pause(think) or not self._future.done():
            return None
        action = self._future.result()
        self._future = None
        return action

    def pause(self, think: float | None = None) -> float:
        """Returns the least seconds (at speed 1) the decision under way seems to think: `think` (else
        THINK_SECONDS) at the start of a turn, at most FOLLOW_SECONDS within one."""
        pause = THINK_SECONDS if think is None else think
        return min(pause, FOLLOW_SECONDS) if self._follows else pause

    def submit(self, job, *args) -> Future:
        """Runs `job(*args)` on the bot's thread (a hint while a person decides) and returns its future."""
        return self._pool.submit(job, *args)

    def cancel(self) -> None:
        """Forgets a decision under way (after undo or load); the thread's answer is ignored."""
        self._future = None

    def close(self) -> None:
        """Stops the worker thread once it is idle."""
        self._pool.shutdown(wait=False, cancel_futures=True)
