"""The colour-blind seat palette (data/table/seats.yaml, palettes.colour_blind; Settings, "Seat colours"): the same
seats and symbols, kept further apart than the standard colours for people with a colour-vision deficiency, by the
figures seats.yaml states (the smallest CIEDE2000 difference between two seats under normal vision and simulated protanopia,
deuteranopia and tritanopia, tests/colour_vision.py)."""
import pytest

from graphics.config import seat_colours
from tests.colour_vision import SIMULATIONS, closest_pair, worst_case

STATED = {3: (29.7, 12.1), 5: (21.4, 11.6), 8: (15.6, 10.9)}  # seats: (colour-blind, standard), as seats.yaml says


@pytest.mark.parametrize("seats", sorted(STATED))
def test_the_colour_blind_palette_keeps_the_first_seats_further_apart(seats):
    blind = [c.rgb for c in seat_colours("colour_blind")[:seats]]
    standard = [c.rgb for c in seat_colours()[:seats]]
    assert (round(worst_case(blind), 1), round(worst_case(standard), 1)) == STATED[seats]
    assert worst_case(blind) > worst_case(standard) * 1.4


def test_under_each_dichromacy_the_colour_blind_palette_does_at_least_as_well():
    blind = [c.rgb for c in seat_colours("colour_blind")]
    standard = [c.rgb for c in seat_colours()]
    for simulation in SIMULATIONS:
        if simulation != "normal":
            assert closest_pair(blind, simulation) > closest_pair(standard, simulation), simulation


def test_the_measure_tells_apart_what_it_should():
    assert worst_case([(230, 159, 0), (230, 159, 0)]) == 0
    red, green = (200, 40, 40), (40, 160, 40)
    assert closest_pair([red, green], "deuteranopia") < closest_pair([red, green], "normal") / 2, \
        "red and green come close for a deuteranope"


BROKEN = [
    ("palettes:\n  colour_blind:\n    orange: {name: Red, rgb: [300, 0, 0]}",
     "palettes.colour_blind: every seat colour id once, and no other ('sky')"),
    ("palettes: {}", "'palettes' needs a 'colour_blind:' mapping of seat colour ids to a name and rgb"),
]


@pytest.mark.parametrize("palettes, message", BROKEN)
def test_a_broken_palette_is_reported_with_the_file_and_entry(tmp_path, monkeypatch, palettes, message):
    from games.core.errors import DataError
    from graphics import config
    text = (config.TABLE / "seats.yaml").read_text().split("\npalettes:")[0]
    (tmp_path / "seats.yaml").write_text(text + "\n" + palettes + "\n")
    monkeypatch.setattr(config, "TABLE", tmp_path)
    config.seat_colours.cache_clear()
    try:
        with pytest.raises(DataError) as raised:
            config.seat_colours("colour_blind")
        assert str(raised.value) == f"{tmp_path / 'seats.yaml'}: {message}"
    finally:
        config.seat_colours.cache_clear()


def test_a_colour_out_of_range_in_a_palette_names_the_entry_and_field(tmp_path, monkeypatch):
    from games.core.errors import DataError
    from graphics import config
    text = (config.TABLE / "seats.yaml").read_text().replace("sky:       {name: Red,        rgb: [204, 51, 17]}",
                                                               "sky: {name: Red, rgb: [204, 51, 317]}")
    (tmp_path / "seats.yaml").write_text(text)
    monkeypatch.setattr(config, "TABLE", tmp_path)
    config.seat_colours.cache_clear()
    try:
        with pytest.raises(DataError, match=r"seats.yaml: palettes.colour_blind.sky: field 'rgb'"):
            config.seat_colours("colour_blind")
    finally:
        config.seat_colours.cache_clear()


@pytest.mark.parametrize("game_id", ["scrimish", "crumbs", "scrappers", "scrumpy", "stumped"])
def test_every_games_view_draws_the_seats_in_the_palette_the_table_chose(tmp_path, monkeypatch, game_id):
    import pygame

    from games import registry
    from games.core.match import Match, Seat
    from graphics.paint import Painter
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    drawn = []
    symbol = Painter.symbol

    def spy(paint, kind, center, size, rgb, outline=None):
        drawn.append(tuple(rgb))
        return symbol(paint, kind, center, size, rgb, outline)
    monkeypatch.setattr(Painter, "symbol", spy)
    driver = Driver(tmp_path, None)
    try:
        driver.app.prefer(palette="colour_blind")
        game = registry.get(game_id)
        players = max(2, game.player_counts()[0])
        seats = [Seat(f"Bot {i + 1}", c.id, "normal") for i, c in enumerate(seat_colours()[:players])]
        start_play(driver.app, Match(game, seats, {}, 4))
        for _ in range(40):
            driver.frames(5)
        pygame.display.flip()
    finally:
        driver.close()
    blind = {c.rgb for c in seat_colours("colour_blind")[:players]}
    standard = {c.rgb for c in seat_colours()[:players]}
    assert blind <= set(drawn), "each seat's symbol in the colour-blind palette"
    assert not standard & set(drawn), "no seat in the standard colours"
