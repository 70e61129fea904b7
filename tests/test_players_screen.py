"""The Players screen (from the menu): the list of players with colour and symbol, the chosen one's figures and
plots per game, pages, "Reset records" with its yes/cancel question, the empty states, and everything fitting
at 1280x720 and 1920x1080 with 16-letter names."""
import pygame
import pytest

from games.core.records import Finished, GameRecord, Records, add_game
from graphics.paint import Painter
from graphics.scenes.players import NO_GAMES, NO_PLAYERS, figures
from tests.app_driver import Driver
from tests.monkey import Monkey

LONG = ("Bartholomew-Quin", "WWWWWWWWWWWWWWWW", "Maximilian-Ottos")


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn, with whether it had to be cut."""
    texts: list[tuple[str, bool]] = []
    real = Painter.text

    def text(self, words, *args, **kwargs):
        fitted = real(self, words, *args, **kwargs)
        texts.append((words, fitted.cut))
        return fitted
    monkeypatch.setattr(Painter, "text", text)
    return texts


def play_games(tmp_path, games=("scrimish", "crumbs", "scrappers", "scrumpy", "stumped"), count=12, names=LONG[:2]):
    def fill(book):
        key = 0
        for game in games:
            for number in range(count):
                key += 1
                scored = game != "scrimish"
                scores = [number % 7 + 3, 5] if scored else None
                winners = [0] if (not scored and number % 3) or (scored and scores[0] > 5) else [1]
                add_game(book, Finished(game, f"{key:032x}", list(names) + ["Hard bot 3"],
                                        ["purple", "blue", "grey"], [None, None, "hard"],
                                        None if scores is None else scores + [1], winners), f"2026-12-03 {number:02}:00")
    Records(tmp_path).change(fill)


def open_players(driver: Driver):
    driver.app.goto("menu")
    driver.frames(2)
    driver.click(driver.button("Players").rect)
    assert driver.scene.name == "players"
    return driver.scene


def test_no_players_yet_says_how_they_come(tmp_path, drawn):
    driver = Driver(tmp_path, None)
    scene = open_players(driver)
    driver.frames(1)
    assert scene.players == [] and not driver.button("Reset records").enabled
    assert (NO_PLAYERS, False) in drawn
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "menu"
    driver.close()


def test_a_player_without_games_says_no_games_yet(tmp_path, drawn):
    Records(tmp_path).change(lambda book: book.sit("Ada", "orange"))
    driver = Driver(tmp_path, None)
    open_players(driver)
    driver.frames(1)
    assert ("Ada", False) in drawn and ("Ada: records", False) in drawn
    assert (NO_GAMES, False) in drawn
    assert not driver.button("Reset records").enabled
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_screen_fits_with_sixteen_letter_names(tmp_path, drawn, size):
    play_games(tmp_path)
    driver = Driver(tmp_path, f"players-{size[0]}", size=size)
    scene = open_players(driver)
    for name in LONG[:2]:
        drawn.clear()
        driver.click(next(b for b in scene.entries if b.label == name).rect)
        driver.app.screenshot(f"chosen-{name[:4]}")
        cut = [text for text, was_cut in drawn if was_cut]
        assert cut == [], cut
        assert f"{name}: records" in [text for text, _ in drawn]
        for title in ("Scrimish", "Crumbs", "Scrappers", "Scrumpy: Card Cider", "Stumped"):
            assert title in [text for text, _ in drawn]
        assert "Won 7 of the last 10" in [text for text, _ in drawn] or name != LONG[0]  # games 3 to 12: 4, 5, 7, 8...
    area = scene.app.canvas
    for button in scene.entries + scene.nav:
        assert 0 <= button.rect.left and button.rect.right <= area[0] and button.rect.bottom <= area[1]
    driver.close()


def test_players_are_listed_most_recent_first_with_pages(tmp_path):
    names = [f"Player name {n:02}" for n in range(15)]
    Records(tmp_path).change(lambda book: [book.sit(name, "sky") for name in names])
    driver = Driver(tmp_path, None)
    scene = open_players(driver)
    size = len(scene.entries)
    assert [b.label for b in scene.entries] == names[::-1][:size] and size < 15
    assert scene.chosen == names[-1].casefold()
    driver.click(driver.button("Later").rect)
    assert [b.label for b in scene.entries] == names[::-1][size:2 * size]
    driver.click(scene.entries[0].rect)
    assert scene.player().name == names[::-1][size]
    driver.click(driver.button("Earlier").rect)
    assert not driver.button("Earlier").enabled
    driver.close()


def test_reset_asks_first_and_cancel_keeps_everything(tmp_path):
    play_games(tmp_path, games=("crumbs",), count=3)
    driver = Driver(tmp_path, "players-reset")
    scene = open_players(driver)
    driver.click(next(b for b in scene.entries if b.label == LONG[1]).rect)
    driver.click(driver.button("Reset records").rect)
    assert scene.asking
    driver.click(next(b for b in scene.answers if b.value == "cancel").rect)
    assert not scene.asking and Records(tmp_path).book.find(LONG[1]).games["crumbs"].played == 3
    driver.click(driver.button("Reset records").rect)
    driver.key(pygame.K_ESCAPE)  # Esc answers the question, not the screen
    assert not scene.asking and driver.scene is scene
    driver.click(driver.button("Reset records").rect)
    driver.click(next(b for b in scene.answers if b.value == "yes").rect)
    book = Records(tmp_path).book
    assert book.find(LONG[1]).games == {} and book.find(LONG[0]).games["crumbs"].played == 3
    assert scene.player().name == LONG[1] and not driver.button("Reset records").enabled
    assert driver.app._toast[0] == f"{LONG[1]}'s records are reset."
    driver.close()


def test_figures_say_the_opponents_in_the_levels_order():
    record = GameRecord()
    record.add(True, 12, ["hard", "easy"], 1, "d")
    record.add(False, 4, ["normal"], 0, "d")
    assert figures(record) == ("Played 2, won 1 (50%); best 12, average 8",
                               "Against: Easy 1 (won 1), Normal 1 (won 0), Hard 1 (won 1), people 1 (won 1)")
    alone = GameRecord()
    alone.add(False, None, [], 0, "d")
    assert figures(alone) == ("Played 1, won 0 (0%); no score, wins only", "Against: nobody else")


def test_a_monkey_on_the_players_screen_breaks_nothing(tmp_path):
    play_games(tmp_path, count=4, names=(LONG[0], "Ada"))
    driver = Driver(tmp_path, None, speed=40)
    monkey = Monkey(driver, "scrimish", seed=4)
    monkey.start(2)
    for _ in range(300):  # the monkey's turns on the Players screen (back on it whenever it leaves)
        if driver.scene.name != "players":
            open_players(driver)
        monkey.step()
    report = monkey.report
    assert report.events.get("players", 0) >= 200 and report.slowest < 1.0
    assert Records(tmp_path).book.find("Ada") is not None  # a reset forgets records, never a player
    driver.close()


def test_resting_on_a_plot_says_what_it_shows(tmp_path):
    play_games(tmp_path, games=("crumbs", "scrimish"), count=3)
    driver = Driver(tmp_path, None)
    scene = open_players(driver)
    driver.click(next(b for b in scene.entries if b.label == LONG[0]).rect)
    tips = {}
    for _ in range(2):
        for point in ((1500, 230), (1750, 230), (1500, 420), (1750, 420)):
            driver.hover(point, 2)
            tip = driver.app.hits.tip_at(point)
            if tip:
                tips[tip.split(";")[0]] = tip
    assert "The share of games won after each of the last 3" in tips
    assert any(tip.startswith("The scores of the last 3 games") for tip in tips)
    assert any(tip.startswith("The last 3 games, oldest first") for tip in tips)
    driver.close()
