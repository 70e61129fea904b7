"""The game-over table at 1280x720 at a game's biggest table with the longest names a field takes: every name
and every category's name drawn whole (a 16-W name was cut to "WWWWWWWWWWWWWW..." while the columns had room,
and giving it that room cut Scrumpy's "Skilled & Masters" until a column's need counted its name in two lines)."""
import random

import pytest

from games import registry
from games.core.match import Match, Seat
from graphics.config import seat_colours
from graphics.paint import Painter
from graphics.scenes.common import start_play
from graphics.scenes.gameover import score_sheet
from tests.app_driver import Driver
from tests.monkey import LONG_NAME

WIDEST = "W" * len(LONG_NAME)  # the widest name of the longest length


def finished(game_id: str, players: int, seed: int = 3) -> Match:
    """Returns a match of `players` people with the longest names, played at random to its end."""
    names = [WIDEST, LONG_NAME] + [f"Player {i + 1}" for i in range(2, players)]
    colours = [colour.id for colour in seat_colours()]
    match = Match(registry.get(game_id), [Seat(names[i], colours[i]) for i in range(players)], {}, seed)
    rng = random.Random(seed)
    while not match.state.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("game_id, players", [("scrumpy", 4), ("stumped", 8)])
def test_the_game_over_table_draws_every_name_and_category_whole(tmp_path, monkeypatch, game_id, players):
    cut = {}
    original = Painter.text

    def fitted(paint, text, rect, size="body", rgb=None, face="body", align="center", floor=None):
        cut[text] = paint.fit(text, rect, size, face, floor).cut
        return original(paint, text, rect, size, rgb, face, align, floor)

    driver = Driver(tmp_path, None, size=(1280, 720), speed=50)
    match = finished(game_id, players)
    start_play(driver.app, match)
    for _ in range(300):
        driver.frames(1)
        if driver.scene.name == "gameover":
            break
    assert driver.scene.name == "gameover"
    monkeypatch.setattr(Painter, "text", fitted)
    driver.app.draw_next()
    driver.frames(1)
    categories, _ = score_sheet(match.state)
    for text in [seat.name for seat in match.seats] + categories:
        assert text in cut, f"{text!r} was not drawn"
        assert not cut[text], f"{text!r} was cut"
