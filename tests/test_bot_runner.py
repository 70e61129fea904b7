"""The bot runner thinks off the drawing thread: a slow bot never blocks a frame, and a thinking bot
hands the interpreter back often enough for the window to keep drawing."""
import sys
import time

from games import registry
from games.core.bots import Bot
from games.core.match import Match, Seat
from graphics.bot_runner import SWITCH_SECONDS, BotRunner


class Slow(Bot):
    """Thinks for a fixed time, then plays the first legal action."""

    def choose(self, view, rng):
        time.sleep(0.3)
        return view.legal_actions()[0]


def test_a_slow_bot_never_blocks_a_frame_and_the_interpreter_is_shared_often():
    runner = BotRunner()
    assert sys.getswitchinterval() <= SWITCH_SECONDS
    match = Match(registry.get("scrimish"), [Seat("A", "orange", "casual"), Seat("B", "sky", "casual")], {}, 1)
    match.bots = {0: Slow(), 1: Slow()}
    started = time.perf_counter()
    polls = 0
    while runner.poll(match, 1 / 60, 1.0, think=0.0) is None:
        polls += 1
        assert time.perf_counter() - started < 5, "the bot never answered"
    assert polls > 5, "the frame loop waited for the bot instead of drawing"
    runner.cancel()
