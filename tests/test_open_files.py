"""Open files stay few however long a table plays: every font opened keeps its file open, and a window dragged
through hundreds of sizes opened fonts at each size without letting the old ones go (60 sizes: 63 font files
open and rising). At about a thousand the process can open no file, and then no autosave. Found by the slow
data-mutation run, whose apps ran out of files ("Too many open files")."""
import gc
import os
from pathlib import Path

import pygame
import pytest

from games import registry
from games.core.match import Match, Seat
from graphics.scenes.common import start_play
from tests.app_driver import Driver

FDS = Path("/proc/self/fd")
pytestmark = pytest.mark.skipif(not FDS.is_dir(), reason="counts open files through /proc")


def open_fonts() -> int:
    """Returns how many font files this process has open (after letting go of any font no longer held)."""
    gc.collect()
    count = 0
    for fd in os.listdir(FDS):
        try:
            count += "/fonts/" in os.readlink(FDS / fd)
        except OSError:  # closed since listed
            pass
    return count


def resize(driver: Driver, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.app.resized()
    driver.frames(2)


def test_a_window_dragged_through_many_sizes_keeps_few_font_files_open(tmp_path):
    before = open_fonts()
    driver = Driver(tmp_path, None)
    start_play(driver.app, Match(registry.get("scrumpy"), [Seat("Ada", "orange"), Seat("Bot", "sky", "easy")], {}, 1))
    driver.frames(20)
    resize(driver, (1280, 720))
    at_one_size = open_fonts() - before
    assert at_one_size > 0, "no font was open: this test would prove nothing"
    for step in range(60):
        resize(driver, (900 + step * 17, 600 + step * 9))
    assert open_fonts() - before <= 2 * at_one_size  # 63 and rising before
    resize(driver, (1280, 720))
    assert open_fonts() - before <= at_one_size + 2
    driver.close()


def test_a_closed_app_leaves_no_font_file_open(tmp_path):
    before = open_fonts()
    for game in registry.all()[:2]:
        driver = Driver(tmp_path, None)
        start_play(driver.app, Match(game, [Seat("Ada", "orange"), Seat("Bot", "sky", "easy")], {}, 1))
        driver.frames(10)
        assert open_fonts() > before
        driver.close()
        assert open_fonts() <= before  # pygame.quit before the fonts were let go left each app's files open
