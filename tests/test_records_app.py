"""The players' records in the real app, driven with the mouse and keys: a whole game with a person and a bot is
recorded once (not again when its end is opened again), a game of bots is not, a damaged records file is said
on the menu and set aside while the app goes on, the name fields offer the known players, and each game's
setup opens with the seats it was last set up with."""
import json
import random

import pygame
import pytest

from games import registry
from games.core.match import Seat
from games.core.records import FILE, Records, SeatPlan, remember_setup
from games.scrimish.bot import CasualBot
from games.stumped.bot import GardenerBot
from graphics.app import App
from graphics.config import table_layout
from graphics.launch import bot_match, launch
from graphics.scenes.common import start_play
from graphics.type_ahead import name_rect
from kitchen_table.cli import bot_seats, parse_args
from tests.app_driver import Driver
from tests.save_helpers import checked

LONGEST = "Bartholomew-Quin"  # 16 letters
WIDEST = "WWWWWWWWWWWWWWWW"


def to_menu(driver: Driver) -> None:
    driver.app.goto("menu")
    driver.frames(2)


def open_setup(driver: Driver, game_id: str):
    to_menu(driver)
    tile = next(t for t in driver.scene.tiles if t.value == game_id)
    driver.click(tile.rect)
    assert driver.scene.name == "setup"
    return driver.scene


def name_seat(driver: Driver, seat: int, name: str) -> None:
    """Clicks a seat's name field (its text is selected), types a name and presses Enter."""
    driver.click(driver.scene.names[seat].rect)
    driver.type_text(name)
    driver.key(pygame.K_RETURN)


def play_to_the_end(driver: Driver, seed: int = 9):
    play = driver.app.stack[1]
    chooser = CasualBot()
    for _ in range(30_000):
        if driver.scene.name == "gameover":
            return play
        if driver.scene.name == "handoff":
            driver.click((0, 0, 1920, 1080))
            continue
        driver.step_as_people(play, chooser, seed)
    raise AssertionError(f"the game did not end: {play.status_text()}")


def test_a_whole_game_with_a_person_and_a_bot_is_recorded_once(tmp_path):
    driver = Driver(tmp_path, "records-game")
    open_setup(driver, "scrimish")
    assert [s.bot for s in driver.scene.seats()] == [None, "normal"]
    name_seat(driver, 0, "Ada")
    driver.click(driver.button("Start").rect)
    play = play_to_the_end(driver)
    ada = Records(tmp_path).book.find("Ada")
    record = ada.games["scrimish"]
    won = 0 in play.match.state.winners()
    assert (record.played, record.won, record.scored, record.best) == (1, int(won), 0, None)  # Scrimish: no score
    assert record.against == {"normal": [1, int(won)]}
    assert len(record.last) == 1 and record.last[0].won == won and record.last[0].score is None
    assert ada.colour == "orange"
    assert [p.name for p in Records(tmp_path).book.players] == ["Ada"]  # the bot is nobody

    driver.click(driver.button("Menu").rect)  # the finished game opened again: its end shows, not counted again
    driver.click(driver.button("Load a game").rect)
    checked(driver)
    driver.click(driver.scene.entries[0].rect)
    for _ in range(600):
        driver.frames(1)
        if driver.scene.name == "gameover":
            break
    assert driver.scene.name == "gameover"
    assert Records(tmp_path).book.find("Ada").games["scrimish"].played == 1
    driver.close()


def test_a_game_with_a_score_records_it(tmp_path):
    driver = Driver(tmp_path, None)
    game = registry.get("stumped")
    match = bot_match(game, 2, {1}, driver.app.settings)  # seat 1 a person, named; Normal bot in seat 2
    match.seats[0] = Seat("Zoë", "green", None)
    start_play(driver.app, match)
    play, chooser = driver.app.stack[1], GardenerBot()
    for _ in range(40_000):
        if driver.scene.name == "gameover":
            break
        if not play.my_turn():
            driver.frames(1)
            continue
        # the person's moves are the rules' own, straight into the match (this test is about the record)
        play.play(chooser.choose(play.shown, random.Random(len(play.match.history))))
        driver.frames(1)
    assert driver.scene.name == "gameover"
    record = Records(tmp_path).book.find("Zoë").games["stumped"]
    leaves = play.match.state.scores()[0]
    assert (record.played, record.scored, record.best, record.average) == (1, 1, leaves, leaves)
    assert record.last[0].score == leaves
    driver.close()


def test_a_game_of_bots_is_not_recorded(tmp_path):
    driver = Driver(tmp_path, None, speed=60)
    start_play(driver.app, bot_match(registry.get("scrimish"), 2, {0, 1}, driver.app.settings))
    for _ in range(20_000):
        driver.frames(1)
        if driver.scene.name == "gameover":
            break
    assert driver.scene.name == "gameover"
    assert not (tmp_path / FILE).exists()
    driver.close()


def test_a_damaged_records_file_is_said_on_the_menu_kept_aside_and_the_app_goes_on(tmp_path):
    (tmp_path / FILE).write_text('{"format": "kitchen-table-players", "version": 1, "players": [', encoding="utf-8")
    driver = Driver(tmp_path, "records-damaged")
    to_menu(driver)
    line = (f"The players' records could not be read (it is not complete JSON): they start empty; it is kept as "
            f"{FILE}.damaged.")
    assert driver.app.notices == [line]
    assert (tmp_path / f"{FILE}.damaged").exists() and not (tmp_path / FILE).exists()
    open_setup(driver, "scrimish")
    name_seat(driver, 0, "Ada")
    driver.click(driver.button("Start").rect)
    assert driver.scene.name in ("play", "handoff")
    assert Records(tmp_path).book.find("Ada") is not None  # a fresh file, the damaged one still aside
    assert (tmp_path / f"{FILE}.damaged").read_text(encoding="utf-8").endswith('"players": [')
    driver.close()


def known(tmp_path, *names_colours):
    records = Records(tmp_path)
    records.change(lambda book: [book.sit(name, colour) for name, colour in names_colours])


def test_a_name_field_offers_the_known_players_and_tab_takes_one(tmp_path):
    known(tmp_path, (LONGEST, "purple"), ("Bea", "green"), (WIDEST, "blue"))
    driver = Driver(tmp_path, "records-type-ahead")
    setup = open_setup(driver, "scrimish")
    driver.click(setup.names[0].rect)  # the default name is selected: every known player is offered
    assert [p.name for p in setup.type_ahead.offers] == [WIDEST, "Bea", LONGEST]
    driver.app.screenshot("offers")
    paint = driver.app.painter()
    for player, rect in zip(setup.type_ahead.offers, setup.type_ahead.rects):
        assert not paint.fit(player.name, name_rect(rect), "body").cut  # the longest names fit
    assert setup.type_ahead.rects[0].top > setup.names[0].rect.bottom  # under the field, inside the seats panel
    assert setup.type_ahead.rects[-1].bottom <= table_layout().rect("setup.seats").bottom
    driver.type_text("b")
    assert [p.name for p in setup.type_ahead.offers] == ["Bea", LONGEST]
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_TAB)
    assert setup.names[0].text == LONGEST and not setup.names[0].focused
    assert setup.seat_colour[0] == "purple"  # the player's colour, free at this table
    assert not setup.type_ahead.shown
    driver.click(driver.button("Start").rect)
    assert driver.app.stack[1].match.seats[0].name == LONGEST
    driver.close()


def test_a_click_on_an_offered_name_takes_it_and_nothing_under_the_list_is_clicked(tmp_path):
    known(tmp_path, ("Bea", "green"))
    driver = Driver(tmp_path, None)
    setup = open_setup(driver, "stumped")
    driver.click(driver.button("4 players").rect)
    for seat in (1, 2):  # seats 2 and 3 human
        while setup.seat_kind[seat] != "human":
            driver.click(setup.seat_buttons[2 * seat + 1].rect)
    kinds = list(setup.seat_kind[:4])
    driver.click(setup.names[1].rect)
    driver.type_text("B")
    assert [p.name for p in setup.type_ahead.offers] == ["Bea"]
    driver.click(setup.type_ahead.rects[0])
    assert setup.names[1].text == "Bea" and setup.seat_kind[:4] == kinds and driver.scene is setup
    driver.click(setup.names[2].rect)  # Bea sits at seat 2: seat 3 is not offered her
    assert not setup.type_ahead.shown
    driver.type_text("Be")
    assert not setup.type_ahead.shown
    driver.close()


def test_esc_closes_the_offers_and_a_typed_new_name_makes_a_new_player(tmp_path):
    known(tmp_path, ("Bea", "green"))
    driver = Driver(tmp_path, None)
    setup = open_setup(driver, "scrimish")
    driver.click(setup.names[0].rect)
    driver.type_text("Be")
    assert setup.type_ahead.shown
    driver.key(pygame.K_ESCAPE)
    assert not setup.type_ahead.shown and setup.names[0].focused and driver.scene is setup
    driver.type_text("n")
    driver.key(pygame.K_RETURN)
    assert setup.names[0].text == "Ben"
    driver.click(driver.button("Start").rect)
    assert Records(tmp_path).book.find("Ben").colour == "orange"
    driver.close()


def test_each_game_opens_with_the_seats_it_was_last_set_up_with(tmp_path):
    driver = Driver(tmp_path, "records-last-setup")
    setup = open_setup(driver, "stumped")
    driver.click(driver.button("3 players").rect)
    driver.click(setup.seat_buttons[3].rect)  # seat 2: Normal -> Hard
    driver.click(setup.seat_buttons[0].rect)  # seat 1: the next colour
    name_seat(driver, 0, "Ada")
    colours = list(setup.seat_colour[:3])
    driver.click(driver.button("Start").rect)

    again = open_setup(driver, "stumped")
    assert again.players == 3
    assert [f.text for f in again.names[:3]] == ["Ada", "Hard bot 2", "Normal bot 3"]
    assert again.seat_kind[:3] == ["human", "hard", "normal"]
    assert again.seat_colour[:3] == colours and len(set(again.seat_colour)) == len(again.seat_colour)

    other = open_setup(driver, "scrimish")  # another game: its own defaults
    assert other.players == 2 and [f.text for f in other.names[:2]] == ["Player 1", "Normal bot 2"]
    driver.close()


def test_a_remembered_setup_the_game_cannot_take_is_left_alone(tmp_path):
    records = Records(tmp_path)
    records.change(lambda book: remember_setup(book, "scrimish", [SeatPlan("Ada", "orange", "human")] * 9))
    driver = Driver(tmp_path, None)
    setup = open_setup(driver, "scrimish")
    assert setup.players == 2 and setup.names[0].text == "Player 1"
    data = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    assert len(data["setups"]["scrimish"]) == 9
    driver.close()


def test_the_offers_of_the_last_seat_of_a_big_table_open_above_its_field(tmp_path):
    known(tmp_path, ("Bea", "green"), ("Ben", "sky"), ("Bo", "blue"))
    driver = Driver(tmp_path, "records-type-ahead-8")
    setup = open_setup(driver, "stumped")
    driver.click(driver.button("8 players").rect)
    while setup.seat_kind[7] != "human":
        driver.click(setup.seat_buttons[15].rect)
    driver.click(setup.names[7].rect)
    driver.app.screenshot("offers-above")
    rects = setup.type_ahead.rects
    assert len(rects) == 3 and rects[-1].bottom < setup.names[7].rect.top
    assert rects[0].top >= table_layout().rect("setup.seats").top
    driver.click(rects[2])
    assert setup.names[7].text == "Bea"  # the oldest seen last
    driver.close()


@pytest.mark.parametrize("words, players, first", [([], 3, "Ada"), (["--players", "2"], 2, "Player 1"),
                                                   (["--bots", "2"], 2, "Player 1")])
def test_the_command_line_setup_starts_as_last_set_up_unless_told_otherwise(tmp_path, monkeypatch, words, players,
                                                                            first):
    Records(tmp_path).change(lambda book: remember_setup(book, "scrimish", [
        SeatPlan("Ada", "orange", "human"), SeatPlan("Bo", "sky", "human"), SeatPlan("Hard bot 3", "green", "hard")]))
    seen = []
    monkeypatch.setattr(App, "run", lambda app: seen.append(app.scene) or 0)
    args = parse_args(["--game", "scrimish", *words])
    assert launch(args, bot_seats, tmp_path) == 0
    setup = seen[0]
    assert setup.name == "setup" and setup.players == players and setup.names[0].text == first
    pygame.quit()
    App.release(setup.app)
