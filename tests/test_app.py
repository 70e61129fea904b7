"""The real app loop, headless, driven with posted mouse events: menu, setup, hand-offs, a whole
game against a bot, the Esc menu, rules, saving and a refused damaged save. Screenshots of every
scene land in artifacts/."""
import json
from pathlib import Path

import pygame
import pytest

from games.core.bots import decision_rng
from games.scrimish.bot import CasualBot
from graphics.scenes.handoff import HandoffScene
from graphics.scenes.play import PlayScene
from tests.app_driver import ARTIFACTS, Driver
from tests.save_helpers import checked


def assert_private(play: PlayScene) -> None:
    """The screen shows only the seat at the screen: no other seat's hidden cards."""
    shown = play.shown
    assert shown.viewer == play.viewer == play.match.state.current_player()
    for seat in range(shown.players):
        if seat != play.viewer and not shown.is_over():
            for p, pile in enumerate(shown.piles[seat]):
                assert all(card is None for card in pile[:-1])
                assert pile == [] or pile[-1] is None or shown.known[seat][p]


def test_menu_setup_handoffs_and_a_whole_game_against_a_bot(tmp_path):
    driver = Driver(tmp_path, "app-game")
    app = driver.app
    from graphics.scenes.menu import MenuScene
    app.reset(MenuScene(app))
    driver.frames(2)
    assert driver.scene.name == "menu" and not driver.button("Continue").enabled
    driver.click(driver.scene.tiles[0].rect)
    assert driver.scene.name == "setup"
    driver.click(driver.button("3 players").rect)
    for _ in range(2):  # the third seat: Normal -> Hard -> Human
        driver.click(driver.scene.seat_buttons[5].rect)
    name_field = driver.scene.names[0]
    driver.click(name_field.rect)
    for _ in range(len(name_field.text)):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Ada")
    driver.key(pygame.K_RETURN)
    assert [s.bot for s in driver.scene.seats()] == [None, "normal", None]
    assert driver.scene.seats()[0].name == "Ada"
    driver.click(driver.button("Beginner").rect)  # -> Advanced
    driver.click(driver.button("Start").rect)

    play = app.stack[1]
    assert isinstance(play, PlayScene) and play.match.options["visibility"] == "advanced"
    scenes, handoffs, turns = {"menu", "setup"}, 0, 0
    bot = CasualBot()
    for _ in range(20_000):
        scenes.add(driver.scene.name)
        if driver.scene.name == "gameover":
            break
        if isinstance(driver.scene, HandoffScene):
            assert play.viewer != driver.scene.seat  # nothing of the next seat was on screen before
            handoffs += 1
            driver.click((0, 0, 1920, 1080))
            continue
        if play.my_turn():
            assert_private(play)
            seat = play.viewer
            action = bot.choose(play.shown, decision_rng(9, seat, len(play.match.history)))
            before = len(play.match.history)
            driver.play_action(play, action)
            assert len(play.match.history) == before + 1, f"the click did not play {action}"
            turns += 1
            if turns == 30:
                scenes |= esc_menu_rules_save_and_load(driver, play, tmp_path)
            continue
        driver.frames(1)
    else:
        pytest.fail(f"the game did not finish: {driver.scene.name} {play.status_text()} {len(play.match.history)} {play.busy()}")
    assert play.match.state.is_over()
    assert {"menu", "setup", "handoff", "play", "gameover", "pause", "rules", "load"} <= scenes
    assert handoffs >= 2
    driver.frames(3)
    shots = {p.name.split("-", 1)[1] for p in (ARTIFACTS / "app-game").glob("*.png")}
    assert {"menu.png", "setup.png", "handoff.png", "play.png", "gameover.png", "pause.png", "rules.png"} <= shots
    driver.click(driver.button("Menu").rect)
    assert driver.scene.name == "menu"
    driver.close()


def esc_menu_rules_save_and_load(driver: Driver, play: PlayScene, tmp_path: Path) -> set[str]:
    """Opens the Esc menu mid-game: rules, save, a damaged save refused, resume; returns the scenes seen."""
    state_before = play.match.state.to_dict()
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "pause"
    driver.click(driver.button("Rules").rect)
    assert driver.scene.name == "rules"
    driver.click(driver.button("Down").rect)
    assert driver.scene.text.offset > 0
    driver.click(driver.button("Back").rect)
    driver.click(driver.button("Save game").rect)
    saves = list((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1 and json.loads(saves[0].read_text())["game"] == "scrimish"
    broken = tmp_path / "saves" / "zz-broken.json"
    broken.write_text(saves[0].read_text()[:300])
    driver.click(driver.button("Load game").rect)
    assert driver.scene.name == "load"
    checked(driver)
    damaged = next(b for b in driver.scene.entries if "damaged" in b.label)
    assert not damaged.enabled  # refused when listed, with its reason: it cannot be clicked
    driver.click(damaged.rect)
    assert driver.scene.name == "load"
    assert play.match.state.to_dict() == state_before
    broken.unlink()
    driver.click(driver.button("Back").rect)
    driver.click(driver.button("Resume").rect)
    assert driver.scene is play
    return {"pause", "rules", "load"}


def test_continue_resumes_the_autosave_and_undo_works_with_the_mouse(tmp_path):
    driver = Driver(tmp_path, "app-continue")
    from games.core.match import Match, Seat
    from games.scrimish import GAME
    from graphics.scenes.common import start_play
    from graphics.scenes.menu import MenuScene
    match = Match(GAME, [Seat("Ada", "orange"), Seat("Bot", "sky", "casual")], {}, 3,
                  autosave=tmp_path / "autosave.json")
    match.autosave()
    start_play(driver.app, match)
    driver.frames(3)
    play = driver.scene
    first = play.rect_of(("card", 0, 0, 0))
    second = play.rect_of(("card", 0, 1, 0))
    cards = (play.shown.card_at(0, 0, 0), play.shown.card_at(0, 1, 0))
    driver.press(first)
    driver.release(second)  # a drag swaps two cards
    assert (play.shown.card_at(0, 0, 0), play.shown.card_at(0, 1, 0)) == cards[::-1]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert (play.shown.card_at(0, 0, 0), play.shown.card_at(0, 1, 0)) == cards
    driver.click(play.rect_of(("card", 0, 2, 0)))
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    assert driver.button("Continue").enabled
    driver.click(driver.button("Continue").rect)
    assert driver.scene.name == "play" and driver.scene.match.state.selected == (2, 0)
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440), (1000, 800)])
def test_every_window_size_draws_the_board(tmp_path, size):
    driver = Driver(tmp_path, f"app-size-{size[0]}x{size[1]}", size=size)
    from games.core.match import Match, Seat
    from games.scrimish import GAME
    from graphics.scenes.common import start_play
    start_play(driver.app, Match(GAME, [Seat("Ada", "orange"), Seat("Bot", "sky", "casual")], {}, 3))
    driver.frames(3)
    scale = driver.app.viewport.scale
    assert driver.app.viewport.rect((0, 0, 1920, 1080)).width <= size[0]
    assert abs(scale - min(size[0] / 1920, size[1] / 1080)) < 1e-9
    pygame.display.set_mode((size[1], size[0]), pygame.RESIZABLE)
    driver.app.resized()
    driver.frames(2)
    assert driver.app.viewport.window == (size[1], size[0])
    driver.close()


# A bot game from the command line that exits when over, with its screenshots: tests/test_package.py plays it
# with the installed command (and tests/test_cli.py with main.py, a Crumbs game).


def test_the_drivers_fast_png_holds_the_very_pixels_of_the_window(tmp_path):
    """tests/app_driver.py writes the app's screenshots with a faster PNG writer (issue 32, suite)."""
    from graphics.scenes.menu import MenuScene
    driver = Driver(tmp_path, "driver-png")
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    shot = driver.app.screenshot("menu-again")
    loaded = pygame.image.load(str(shot))
    assert loaded.get_size() == driver.app.window.get_size() == (1280, 720)
    assert pygame.image.tobytes(loaded, "RGB") == pygame.image.tobytes(driver.app.window, "RGB")
    assert len(set(pygame.image.tobytes(loaded, "RGB")[::997])) > 3, "a picture, not a blank"
    driver.close()
