"""The Stumped table at its biggest (8 players) in a 1280x720 window (issue 28): 16-character names fit
their badges, plots and their parts do not overlap, and the holes of a growing tree are buds big
enough to click, apart from each other (shown large over the market while the viewer grows)."""
import itertools
import math

import pygame
import pytest

from games import registry
from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.stumped.bot import GardenerBot
from graphics.kit.table import badge_parts
from graphics.scenes.common import start_play
from graphics.views.stumped.geometry import Geometry, layout
from graphics.views.stumped.plots import badge_name
from tests.app_driver import Driver

NAMES = ["Bartholomew Quin", "Wolfgang Whitman", "Maximilianarosa1", "Wilhelmina Dove", "Evangeline Moss",
         "Mohammed Wamwiri", "Gwendolyn Pikeee", "Horatio Blackwdd"]
COLOURS = ["orange", "sky", "green", "yellow", "purple", "red", "pink", "teal"]


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    driver = Driver(tmp_path_factory.mktemp("layout"), None, size=(1280, 720), speed=60)
    yield driver
    driver.close()


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_sixteen_character_names_fit_their_plot_badges(driver, players):
    paint = driver.app.painter()
    geometry = Geometry(players)
    for seat in range(players):
        for name in NAMES:
            shown, size = badge_name(paint, geometry.badge(seat), name)
            parts = badge_parts(paint, geometry.badge(seat), "", size)
            assert shown.replace("\n", "").replace(" ", "") == name.replace(" ", "")
            assert not paint.fit(shown, parts.name, size, "bold").cut, (players, name)


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_plots_and_their_parts_do_not_overlap(players):
    geometry = Geometry(players)
    plots = [geometry.plot(seat) for seat in range(players)]
    for a, b in itertools.combinations(plots, 2):
        assert not a.colliderect(b)
    garden = layout().rect("garden")
    for seat in range(players):
        assert garden.contains(plots[seat])
        parts = [geometry.badge(seat), geometry.tree_area(seat)]
        if geometry.compact:
            parts.append(geometry.soil(seat))
        for part in parts:
            assert plots[seat].contains(part)
        for a, b in itertools.combinations(parts, 2):
            assert not a.colliderect(b), (seat, a, b)
        slots = [geometry.soil_slot(seat, what) for what in ("sun", "dirt", "water", "deck", "discard", "hand")]
        for a, b in itertools.combinations(slots, 2):
            assert not a.colliderect(b)


def grow_screen(driver, players: int):
    """Plays bot moves for every seat until seat 0 (a person) must grow a tree of 8 segments or more, then
    shows that position on screen; returns the play scene."""
    seats = [Seat(name, colour) for name, colour in zip(NAMES, COLOURS)][:players]
    match = Match(registry.get("stumped"), seats, {}, 4)
    bot = GardenerBot()
    for ply in range(20_000):
        state = match.state
        decision = state.pending_decision()
        if decision.kind == "grow" and decision.seat == 0 and len(state.trees[0].segments) >= 8:
            break
        match.apply(bot.choose(state.view(decision.seat), decision_rng(4, decision.seat, ply)))
    else:
        pytest.fail("seat 1 never grew a big tree")
    start_play(driver.app, match)
    driver.frames(2)
    reveal = [button for button in driver.scene._bar if button.label.startswith("Show my cards")]
    if reveal:
        driver.click(reveal[0].rect)
    driver.frames(3)
    return driver.scene


def bud_circles(play) -> list[tuple[pygame.Rect, tuple[float, float], float]]:
    circles = []
    for key in play.hits.keys():
        if key[0] == "hole":
            rect = play.hits.rect_of(key)
            circles.append((rect, rect.center, rect.width / 2))
    return circles


@pytest.mark.parametrize("players", [8, 4])
def test_the_holes_to_grow_in_are_big_apart_and_clickable(driver, players):
    play = grow_screen(driver, players)
    buds = bud_circles(play)
    assert len(buds) >= 3
    scale = 1280 / 1920
    for rect, _, radius in buds:
        assert radius * scale >= 7, f"a bud of {radius * scale:.1f} window pixels is too small to click"
    for (_, a, ra), (_, b, rb) in itertools.combinations(buds, 2):
        assert math.dist(a, b) >= ra + rb, "two buds overlap"
    if players > 4:
        panel = layout().rect("closeup.panel")
        assert all(panel.contains(rect) for rect, _, _ in buds), "the buds are not on the large tree"
        assert not any(key[0] == "market" for key in play.hits.keys()), "the market is under the close-up"
    for key in [key for key in play.hits.keys() if key[0] == "hole"][:2]:
        assert play.point_of(key) is not None


def test_the_winter_warning_and_the_setup_title_fit_at_1280(driver):
    from graphics.views.stumped.table import winter_text
    paint = driver.app.painter()
    assert not paint.fit(winter_text(199, 5), layout().rect("winter_text"), "small", "bold").cut
    assert not paint.fit("Round 199", layout().rect("round_text"), "small", "bold").cut
    title = "Maximilianarosa1's say: click pairs to leave out (33 out so far; at least 8 cards stay for the market)"
    assert not paint.fit(title, layout().rect("setup_title"), "body", "bold").cut
