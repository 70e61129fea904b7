"""Levels at setup, for every game: a seat's kind button cycles Human, Easy, Normal and Hard, shows the
level's description on hover, and a Hard seat is played by the search."""
import pygame
import pytest

from games import registry
from games.core.ismcts import SearchBot
from games.core.levels import levels
from graphics.config import table_layout
from graphics.scenes.play import PlayScene
from graphics.scenes.setup import HUMAN_TIP
from tests.app_driver import ARTIFACTS, Driver

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]


def setup_scene(tmp_path, game, size=(1280, 720), shots=None) -> Driver:
    """Returns a driver on the setup of `game` for two players (one for a solo-only game), seat 2 a bot."""
    driver = Driver(tmp_path, shots, size=size)
    players = next((n for n in game.player_counts() if n >= 2), game.player_counts()[0])
    driver.app.goto("menu")
    driver.app.push_scene("setup", game=game, players=players, bots={1})
    driver.frames(2)
    return driver


def hover(driver: Driver, rect) -> str | None:
    """Rests the mouse on `rect` until a tooltip would show; returns the tooltip's text."""
    pos = driver.app.viewport.point(pygame.Rect(rect).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(int(table_layout().number("hover_seconds") * 60) + 3)
    return driver.app.hits.tip_at(driver.app.mouse)


@pytest.mark.parametrize("game", GAMES)
def test_the_kind_button_cycles_human_easy_normal_hard_with_each_description(tmp_path, game):
    driver = setup_scene(tmp_path, game)
    scene = driver.scene
    button = lambda: scene.seat_buttons[3]  # noqa: E731 - seat 2's kind button, rebuilt after each click
    assert scene.seats()[1].bot == "normal" and button().label == "Normal"
    assert scene.seats()[1].name == "Normal bot 2"
    assert hover(driver, button().rect) == levels()["normal"].blurb
    seen = []
    for _ in range(4):
        driver.click(button().rect)
        seen.append((button().label, scene.seats()[1].bot))
    assert seen == [("Hard", "hard"), ("Human", None), ("Easy", "easy"), ("Normal", "normal")]
    driver.click(button().rect)
    assert hover(driver, button().rect) == levels()["hard"].blurb and scene.seats()[1].name == "Hard bot 2"
    driver.click(button().rect)
    assert hover(driver, button().rect) == HUMAN_TIP and scene.seats()[1].name == "Player 2"
    driver.close()


def test_a_hard_seat_is_played_by_the_search(tmp_path):
    driver = setup_scene(tmp_path, registry.get("scrimish"))
    driver.click(driver.scene.seat_buttons[3].rect)  # Normal -> Hard
    driver.click(driver.button("Start").rect)
    play = driver.app.stack[1]
    assert isinstance(play, PlayScene) and play.match.seats[1].bot == "hard"
    assert isinstance(play.match.bots[1], SearchBot) and 0 not in play.match.bots
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screenshots_of_the_levels_with_a_description_showing(tmp_path, size):
    game = registry.get("crumbs")
    driver = setup_scene(tmp_path, game, size, f"levels-{size[0]}")
    scene = driver.scene
    driver.click(driver.button(f"{game.player_counts()[-1]} players").rect)
    for seat, clicks in ((1, 1), (2, 2), (3, 1)):  # Normal -> Hard; Human -> Easy -> Normal; Human -> Easy
        for _ in range(clicks):
            driver.click(scene.seat_buttons[2 * seat + 1].rect)
    assert [s.bot for s in scene.seats()][:4] == [None, "hard", "normal", "easy"]
    assert hover(driver, scene.seat_buttons[3].rect) == levels()["hard"].blurb
    path = driver.app.screenshot("hard-tip")
    assert path is not None and path.exists()
    assert pygame.image.load(str(path)).get_size() == size
    driver.close()
    assert (ARTIFACTS / f"levels-{size[0]}").exists()


def test_the_command_lines_level_sets_the_level_of_the_bots_it_makes(tmp_path):
    from graphics.app import Settings
    from graphics.launch import bot_match
    from kitchen_table.cli import parse_args
    assert parse_args(["--game", "scrappers", "--bots", "2"]).level == "normal"
    assert parse_args(["--game", "scrappers", "--bots", "2", "--level", "hard"]).level == "hard"
    with pytest.raises(SystemExit):
        parse_args(["--level", "expert"])
    game = registry.get("scrappers")
    watched = bot_match(game, 3, {1, 2}, Settings(data_dir=tmp_path), "hard")
    assert [(s.name, s.bot) for s in watched.seats] == [("Player 1", None), ("Hard bot 2", "hard"),
                                                          ("Hard bot 3", "hard")]
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    driver.app.push_scene("setup", game=game, players=2, bots={1}, level="easy")
    driver.frames(2)
    assert [(s.name, s.bot) for s in driver.scene.seats()] == [("Player 1", None), ("Easy bot 2", "easy")]
    driver.close()


def test_the_player_count_buttons_say_one_player_not_one_players(tmp_path):
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    driver.app.push_scene("setup", game=registry.get("scrumpy"), players=2)
    driver.frames(2)
    assert [b.label for b in driver.scene.count_buttons] == ["1 player", "2 players", "3 players", "4 players"]
    driver.close()
