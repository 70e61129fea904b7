"""The menu's first frame comes before any game's data is checked: the check (every game's opening state) is
kept in the data folder under the data's key and made again, after the first frame, only when the data changed;
a broken file still greys out its game. The menu's pictures are kept rasterized, the same pixels as rasterized."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from games import registry
from games.core.game import DATA_ROOT, Game
from graphics import data_checks
from graphics.assets import ROOT, Assets
from tests.app_driver import Driver
from tests.test_data_errors import CRUMBS, SCRIMISH, assert_message, broken_copy, clean_caches, point_at  # noqa: F401


def count_checks(monkeypatch) -> list[str]:
    """Returns the list each game's data check (and each opening state made) appends its game's id to."""
    seen: list[str] = []
    real_problem, real_state = Game.data_problem, Game._open_with_defaults

    def data_problem(game):
        seen.append(game.id)
        return real_problem(game)

    def opening(game):
        seen.append(f"state {game.id}")
        return real_state(game)
    monkeypatch.setattr(Game, "data_problem", data_problem)
    monkeypatch.setattr(Game, "_open_with_defaults", opening)
    return seen


def test_the_menu_s_first_frame_checks_no_data_and_the_next_keeps_the_check(tmp_path, monkeypatch):
    seen = count_checks(monkeypatch)
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    driver.frames(1)
    assert seen == [] and driver.app.frames_drawn == 1 and driver.scene.unchecked
    driver.frames(1)
    assert sorted(s for s in seen if not s.startswith("state")) == sorted(registry.ids())
    assert not driver.scene.unchecked and (tmp_path / data_checks.CHECKS_FILE).is_file()
    assert driver.scene.counts == {game.id: game.player_counts() for game in registry.all()}
    seen.clear()
    driver.app.goto("menu")  # a new menu (as after a game) and a new start find the check kept
    driver.frames(3)
    assert seen == [] and not driver.scene.unchecked and all(tile.enabled for tile in driver.scene.tiles)
    driver.close()
    again = Driver(tmp_path, None)
    again.app.goto("menu")
    again.frames(3)
    assert seen == [] and not again.scene.unchecked
    again.close()


@pytest.mark.usefixtures("clean_caches")
def test_a_file_broken_since_the_check_was_kept_greys_its_game_out_after_the_first_frame(tmp_path, monkeypatch):
    file, find, put, expected = SCRIMISH[0]
    root = tmp_path / "data"
    shutil.copytree(DATA_ROOT, root, ignore=shutil.ignore_patterns("*.txt", "*.md"))
    point_at(monkeypatch, root)
    folder = tmp_path / "user"
    driver = Driver(folder, "menu-broken-since")
    driver.app.goto("menu")
    driver.frames(2)
    assert all(tile.enabled for tile in driver.scene.tiles)
    key = driver.scene.data_key
    driver.close()
    path = root / file  # the same folder, one file broken in place: the kept answer no longer holds
    path.write_text(path.read_text(encoding="utf-8").replace(find, put, 1), encoding="utf-8")
    point_at(monkeypatch, root)  # (forgets the loads made so far)
    assert data_checks.fingerprint() != key and data_checks.kept(folder, key) is not None
    driver = Driver(folder, "menu-broken-since")
    driver.app.goto("menu")
    driver.frames(1)
    menu = driver.scene
    assert menu.unchecked and driver.app.frames_drawn == 1
    driver.frames(1)
    tile = next(t for t in menu.tiles if t.value == "scrimish")
    assert not tile.enabled and all(t.enabled for t in menu.tiles if t is not tile)
    assert_message(menu.problems["scrimish"], expected)
    driver.click(tile.rect)
    assert driver.scene.name == "menu"
    driver.close()
    driver = Driver(folder, None)  # and the broken answer is the one kept now: greyed out from the first frame
    driver.app.goto("menu")
    driver.frames(1)
    assert not driver.scene.unchecked and not next(t for t in driver.scene.tiles if t.value == "scrimish").enabled
    driver.close()


@pytest.mark.usefixtures("clean_caches")
def test_a_click_on_an_unchecked_menu_checks_first(tmp_path, monkeypatch):
    file, find, put, _ = CRUMBS[0]
    point_at(monkeypatch, broken_copy(tmp_path, file, find, put))
    driver = Driver(tmp_path / "user", None)
    driver.app.goto("menu")
    driver.frames(1)
    menu = driver.scene
    tile = next(t for t in menu.tiles if t.value == "crumbs")
    assert menu.unchecked and tile.enabled
    menu.shown = False  # as if its first frame were still to come: the click alone checks
    driver.click(tile.rect, frames=1)
    assert driver.scene.name == "menu" and not tile.enabled and menu.problems["crumbs"]
    driver.close()


def test_an_odd_kept_file_is_checked_again(tmp_path):
    key = data_checks.fingerprint()
    (tmp_path / data_checks.CHECKS_FILE).write_text('{"key": "%s", "problems": {"scrimish": null}}' % key)
    assert data_checks.kept(tmp_path, key) is None
    (tmp_path / data_checks.CHECKS_FILE).write_text("not json")
    assert data_checks.kept(tmp_path, key) is None
    checked = data_checks.check(tmp_path, key)
    assert data_checks.kept(tmp_path, key) == checked and data_checks.kept(tmp_path, key + "x") is None
    assert checked.tiles == [(game.id, game.title, game.blurb) for game in registry.all()]
    found = json.loads((tmp_path / data_checks.CHECKS_FILE).read_text())
    for tiles in (None, found["tiles"][1:], found["tiles"][::-1], [[*tile, "extra"] for tile in found["tiles"]],
                  [[tile[0], 5, tile[2]] for tile in found["tiles"]]):
        (tmp_path / data_checks.CHECKS_FILE).write_text(json.dumps({**found, "tiles": tiles}))
        assert data_checks.kept(tmp_path, key) is None, tiles


def test_the_key_covers_every_game_s_data_folder():
    """The key hashes the data folder, not each game's (finding those would import every game): each lies in it."""
    assert all(game.data_dir().resolve().is_relative_to(DATA_ROOT.resolve()) for game in registry.all())


FIRST_START = """
import sys; sys.path.insert(0, {root!r})
from pathlib import Path
from graphics.app import App, Settings
from graphics.scenes.menu import MenuScene
app = App(Settings(data_dir=Path({data!r})))
app.reset(MenuScene(app))
app.frame(0.0)
print(" ".join(sorted(name for name in sys.modules if name.split(".")[:2] in [["games", id] for id in {ids!r}])))
print(" ".join(tile.label for tile in app.scene.tiles))
app.frame(0.0)  # a fresh folder's check, kept
"""


def test_a_menu_drawn_from_a_kept_check_imports_no_game(tmp_path):
    """The first frame on a kept check shows every tile without importing any game's rules (a tenth of a second
    of a start); a first start on a fresh folder imports them to check them."""
    code = FIRST_START.format(root=str(Path(__file__).resolve().parents[1]), data=str(tmp_path), ids=registry.ids())
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
            for _ in range(2)]
    (fresh_modules, fresh_tiles), (kept_modules, kept_tiles) = [run.stdout.splitlines()[-2:] for run in runs]
    assert fresh_modules and not kept_modules.strip()
    assert fresh_tiles == kept_tiles == " ".join(game.title for game in registry.all())


def test_a_kept_picture_has_the_pixels_rasterized_and_follows_its_svg(tmp_path):
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    root = tmp_path / "assets"
    shutil.copytree(ROOT / "covers", root / "covers")
    keep = tmp_path / "keep"
    plain = Assets(root)
    for _ in range(2):  # rasterized and kept, then read back by a new app
        kept = Assets(root, keep=keep)
        for size in ((171, 107), (40, 90)):
            a, b = kept.image("covers/scrimish", size), plain.image("covers/scrimish", size)
            assert a.get_size() == b.get_size() == size
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    assert len(list(keep.glob("covers-scrimish-*"))) == 1  # one size of each picture is kept
    svg = root / "covers" / "scrimish.svg"
    svg.write_text(svg.read_text(encoding="utf-8").replace("<svg", "<svg opacity='0.5'", 1), encoding="utf-8")
    changed, fresh = Assets(root, keep=keep).image("covers/scrimish", (40, 90)), Assets(root).image(
        "covers/scrimish", (40, 90))
    assert pygame.image.tobytes(changed, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    assert pygame.image.tobytes(changed, "RGBA") != pygame.image.tobytes(plain.image("covers/scrimish", (40, 90)),
                                                                         "RGBA")
    (tmp_path / "a-file").write_text("in the way of the folder")
    assert Assets(root, keep=tmp_path / "a-file").image("covers/scrappers", (30, 30)).get_size() == (30, 30)
