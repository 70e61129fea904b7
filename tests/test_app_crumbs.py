"""Crumbs in the real app loop, headless: a whole game with one person clicking (popups, the deck,
the action bar) against park bots, with screenshots of a drop in flight and at rest."""
import pygame
import pytest

from games import registry
from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.crumbs.bot import ParkBot
from graphics.kit.timeline import Frames
from graphics.scenes.common import start_play
from tests.app_driver import ARTIFACTS, Driver


def click_action(driver: Driver, play, action) -> None:
    """Does `action` with the mouse: its place (through the popup menu if needed) or its button."""
    place = play.view.key_of(play.shown, action)
    targets = play.targets()
    if place is not None and place in targets:
        if place[0] == "space":
            park = play.view._park(play.shown)
            board = play.shown.board
            spot = board.free_spot(place[1], [], 1.0, 25.0)
            point = park.point(spot)
            rect = pygame.Rect(int(point[0]) - 1, int(point[1]) - 1, 2, 2)
        else:
            rect = play.rect_of(place)
        driver.click(rect)
        if len(targets[place]) > 1:
            driver.click(next(b for b in play.popup if b.value == action).rect)
        return
    driver.click(next(b for b in play._bar if b.value == action).rect)


def test_a_whole_crumbs_game_with_the_mouse(tmp_path):
    driver = Driver(tmp_path, "app-crumbs", speed=6)
    game = registry.get("crumbs")
    seats = [Seat("Ann", "orange"), Seat("Park bot 2", "sky", "park"), Seat("Park bot 3", "green", "park")]
    match = Match(game, seats, {"rounds": 2}, 4, autosave=tmp_path / "autosave.json")
    start_play(driver.app, match)
    play = driver.scene
    bot, shots, clicks = ParkBot(), set(), 0
    for _ in range(60_000):
        if driver.scene.name == "gameover":
            break
        step, t = _playing(play)
        if isinstance(step, Frames) and len(step.frames) > 30:
            if t > len(step.frames) / 120 and "flight" not in shots:
                shots.add("flight")
                driver.app.screenshot("drop-in-flight")
            if t >= (len(step.frames) - 6) / 60 and "rest" not in shots:  # its last frame shown at speed 6
                shots.add("rest")
                driver.app.screenshot("drop-at-rest")
        if play.my_turn():
            action = bot.choose(play.shown, decision_rng(4, 0, len(match.history)))
            before = len(match.history)
            click_action(driver, play, action)
            assert len(match.history) == before + 1, f"the click did not play {action}"
            clicks += 1
            continue
        driver.frames(1)
    else:
        pytest.fail("the game did not finish")
    assert match.state.is_over() and clicks >= 6 and shots == {"flight", "rest"}
    names = {p.name.split("-", 1)[1] for p in (ARTIFACTS / "app-crumbs").glob("*.png")}
    assert {"play.png", "drop-in-flight.png", "drop-at-rest.png", "gameover.png"} <= names
    driver.close()


def test_every_kind_of_action_can_be_clicked(tmp_path):
    """A person choosing at random (alternate start, race) clicks every kind of action at least once."""
    from games.core.bots import RandomBot
    driver = Driver(tmp_path, None, speed=30)
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky")]
    match = Match(registry.get("crumbs"), seats, {"start": "place", "race": True, "target": 30}, 6)
    start_play(driver.app, match)
    play, chooser, kinds = driver.scene, RandomBot(), set()
    for _ in range(40_000):
        if match.state.is_over():
            break
        if play.my_turn():
            action = chooser.choose(play.shown, decision_rng(6, play.viewer, len(match.history)))
            click_action(driver, play, action)
            assert match.history[-1].action == action
            kinds.add(type(action).__name__)
            continue
        driver.frames(1)
    assert match.state.is_over()
    assert {"ChooseArmy", "PlaceStart", "DrawBuzz", "MoveFrom", "MoveTo", "EndTurn", "DropCrumbs", "Cancel"} <= kinds
    driver.close()


def _playing(play):
    """Returns the drop playing now with its own time, if any."""
    timeline = play.timeline
    playing = timeline.playing(Frames) if timeline is not None else []
    return playing[0] if playing else (None, 0.0)


def test_the_setup_screen_hides_options_that_do_not_apply(tmp_path):
    from games.crumbs import GAME
    from graphics.scenes.setup import SetupScene
    from tests.app_driver import Driver

    driver = Driver(tmp_path, None)
    driver.app.reset(SetupScene(driver.app, GAME))
    driver.frames(2)
    shown = [option.id for option in driver.scene.shown_options]
    assert "target" not in shown and "rounds" in shown
    race = next(b for b in driver.scene.option_buttons if b.value == "race")
    driver.click(race.rect)
    shown = [option.id for option in driver.scene.shown_options]
    assert driver.scene.options["race"] is True and "target" in shown and "rounds" not in shown
    driver.close()
