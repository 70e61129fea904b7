"""Helpers for the tests of save files on screen: waiting for the worker thread that checks and opens them."""
from __future__ import annotations

import time

from tests.app_driver import Driver


def checked(driver: Driver, seconds: float = 30) -> None:
    """Runs frames until the worker has checked every save on the Load screen's page."""
    from graphics.scenes.load import CHECKING
    deadline = time.perf_counter() + seconds
    while any(CHECKING in button.label for button in driver.scene.entries):
        assert time.perf_counter() < deadline, "the saves were not checked in time"
        driver.frames(1)
        time.sleep(0.005)


def opened(driver: Driver, seconds: float = 30) -> None:
    """Runs frames while a save opens (the opening scene is on top)."""
    deadline = time.perf_counter() + seconds
    while driver.scene.name == "opening":
        assert time.perf_counter() < deadline, "the save did not open in time"
        driver.frames(1)
        time.sleep(0.005)
