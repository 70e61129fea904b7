"""The preferences file (graphics/preferences.py): it round-trips; every kind of damage gives the defaults and one
line that says so (and the app starts, saying it on the menu); unknown keys are ignored, missing ones defaulted."""
import json
import os

import pygame
import pytest

from games.core.saves import shown_path
from graphics import preferences as preferences_module
from graphics.preferences import FILE, Preferences, Window, load, save
from tests.app_driver import Driver

CHANGED = Preferences(volume=0.3, muted=True, speed="fast", confirm=False, hints=False, fullscreen=True,
                      palette="colour_blind", window=Window((1500, 900), (40, 50)))


def test_the_preferences_round_trip_through_the_file(tmp_path):
    assert save(tmp_path, CHANGED) is None
    assert load(tmp_path) == (CHANGED, None)
    assert not [p for p in tmp_path.iterdir() if p.name != FILE], "no temporary file left behind"


def test_no_file_gives_the_defaults_quietly(tmp_path):
    assert load(tmp_path) == (Preferences(), None)


def test_unknown_keys_are_ignored_and_missing_ones_take_their_default(tmp_path):
    (tmp_path / FILE).write_text(json.dumps({"volume": 0.5, "colour_of_the_tablecloth": "red", "future": [1, 2]}))
    preferences, problem = load(tmp_path)
    assert problem is None and preferences == Preferences(volume=0.5)


DAMAGE = [
    ("not JSON", b"{volume: 0.5", "it is not JSON"),
    ("not text", bytes(range(256)), "it is not JSON"),
    ("nested to death", b"[" * 60_000, "it is not JSON"),
    ("a list", b"[1, 2, 3]", "it is not a table of settings"),
    ("another format", json.dumps({"format": "kitchen-table-save"}).encode(), "it is not a settings file"),
    ("a volume as text", json.dumps({"volume": "loud"}).encode(), "'volume' must be a number from 0 to 1"),
    ("a volume too high", json.dumps({"volume": 7}).encode(), "'volume' must be a number from 0 to 1"),
    ("a volume not a number", b'{"volume": NaN}', "'volume' must be a number from 0 to 1"),
    ("a switch as a number", json.dumps({"muted": 1}).encode(), "'muted' must be true or false"),
    ("a bool as a volume", json.dumps({"volume": True}).encode(), "'volume' must be a number from 0 to 1"),
    ("an unknown speed", json.dumps({"speed": "warp"}).encode(), "'speed' must be one of slow, normal, fast"),
    ("an unknown palette", json.dumps({"palette": "neon"}).encode(),
     "'palette' must be one of standard, colour_blind"),
    ("a window of no size", json.dumps({"window": {"size": [0, 5]}}).encode(),
     "'window' size must be [width, height], each 1 to 16384"),
    ("a window far away", json.dumps({"window": {"size": [800, 600], "position": [10 ** 9, 0]}}).encode(),
     "'window' position must be [x, y] on a screen"),
    ("far too big", b" " * (70 * 1024) + b"{}", "it is far too big"),
]


@pytest.mark.parametrize("case, content, why", DAMAGE, ids=[case for case, _, _ in DAMAGE])
def test_a_damaged_file_gives_the_defaults_one_line_and_is_replaced(tmp_path, case, content, why):
    (tmp_path / FILE).write_bytes(content)
    preferences, problem = load(tmp_path)
    assert preferences == Preferences()
    assert problem == f"The settings file was damaged ({why}): the settings are back to the defaults."
    assert "\n" not in problem
    assert load(tmp_path) == (Preferences(), None), "the defaults were written over the damaged file"


def test_a_folder_in_the_files_place_gives_the_defaults_and_saving_says_why(tmp_path):
    (tmp_path / FILE).mkdir()
    preferences, problem = load(tmp_path)
    assert preferences == Preferences()
    shown = shown_path(tmp_path / FILE, 50)
    assert problem == f"Can't use the settings file {shown} (it is a folder, not a file): the defaults are in use."
    assert save(tmp_path, CHANGED) == (f"Can't save the settings to {shown} (a folder is in the way of the file): "
                                       "they last until you quit.")


def test_an_unreadable_file_gives_the_defaults_and_one_line(tmp_path, monkeypatch):
    path = tmp_path / FILE
    save(tmp_path, CHANGED)

    def refused(*_args, **_kwargs):  # as chmod 0 does for anyone but root (the tests may run as root)
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(preferences_module, "open", refused, raising=False)
    preferences, problem = load(tmp_path)
    assert preferences == Preferences()
    assert problem == (f"Can't use the settings file {shown_path(path, 50)} (it cannot be read: permission denied): "
                       "the defaults are in use.")


def test_a_pipe_in_the_files_place_is_not_opened(tmp_path):
    os.mkfifo(tmp_path / FILE)  # opening it to read would wait forever for a writer
    preferences, problem = load(tmp_path)
    assert preferences == Preferences() and "it is not a plain file" in problem


@pytest.mark.parametrize("content", [content for _, content, _ in DAMAGE] + ["folder", "pipe"],
                         ids=[case for case, _, _ in DAMAGE] + ["a folder", "a pipe"])
def test_the_app_starts_with_the_defaults_and_the_menu_says_so_in_one_line(tmp_path, content):
    if content == "folder":
        (tmp_path / FILE).mkdir()
    elif content == "pipe":
        os.mkfifo(tmp_path / FILE)
    else:
        (tmp_path / FILE).write_bytes(content)
    driver = Driver(tmp_path, None)
    try:
        driver.app.goto("menu")
        driver.frames(2)
        assert driver.app.preferences == Preferences()
        [notice] = driver.app.notices
        assert "settings" in notice and "\n" not in notice
        assert driver.scene.name == "menu"
        driver.click(driver.button("Settings").rect)
        driver.key(pygame.K_ESCAPE)
        assert driver.scene.name == "menu" and not driver.app.notices, "said until the Settings screen was seen"
    finally:
        driver.close()
