"""Memory over many games in one app: a finished match, its play scene and the text drawn for it are let go when
the next match starts (20 bot games in one app kept every log and status line of every game, 22 MB of pixels:
benchmarks/memory.py, docs/performance.md)."""
import gc
import weakref

from tests.app_driver import Driver

from games import registry
from graphics.launch import bot_match
from graphics.scenes.common import start_play


def play_to_game_over(driver: Driver, limit: int = 40_000) -> None:
    for _ in range(limit):
        driver.frames(1)
        if driver.scene.name == "gameover":
            driver.frames(2)
            return
    raise AssertionError("the bot game did not end")


def log_texts(assets, match) -> set:
    """Returns the keys of the text cache that hold a line of `match`'s log."""
    lines = {event.describe(match.names) for step in match.history for event in step.events}
    return {key for key in assets.texts._items if key[0] in lines}


def test_play_again_lets_the_finished_match_and_its_text_go(tmp_path):
    driver = Driver(tmp_path, None, speed=400, seed=3)
    app = driver.app
    start_play(app, bot_match(registry.get("scrimish"), 2, {0, 1}, app.settings))
    for _ in range(2):
        play_to_game_over(driver)
        finished = app.stack[-2]
        old_match, old_play = weakref.ref(finished.match), weakref.ref(finished)
        old_lines = log_texts(app.assets, finished.match)
        assert old_lines, "the log's lines were never drawn through the text cache: this test would prove nothing"
        del finished

        driver.click(driver.button("Play again").rect)
        assert driver.scene.name == "play" and driver.scene.match is not old_match()
        gc.collect()
        assert old_match() is None and old_play() is None, "the finished match is still held"
        assert not old_lines & set(app.assets.texts._items), "the finished game's log lines are still kept"
