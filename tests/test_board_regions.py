"""A board layer drawn again puts back the regions a view marks whose keys did not change since they were last drawn
at the same place (a Scrumpy cidery, the strip, the goals, the vendors): over whole bot games, every board it draws
so has the very pixels and places of the board drawn from scratch, for the public view and for each seat's, with
the pieces the animations hide; and at a change of turn the base of the new mover's whole cidery is put back."""
import time

import pygame
import pytest

from games import registry
from graphics.config import table_layout
from graphics.kit.board_layer import BoardLayer
from graphics.launch import bot_match
from graphics.paint import Painter, raised
from graphics.scenes.common import start_play
from graphics.views.scrumpy.geometry import focus_seat, layout
from tests.app_driver import Driver
from tests.kit_helpers import painter

LIMIT = 120  # boards compared a game (each drawn three ways for each viewer)


def tips(hits) -> list:
    """Returns a hit map's tooltips in drawing order, those of the maps it includes in their place."""
    found = []
    for tip in hits._tips:
        if isinstance(tip, tuple):
            found.append((tuple(tip[0]), tip[1]))
        else:
            found.extend(tips(tip))
    return found


def places(layer: BoardLayer) -> list:
    """Returns a layer's places, front-most first, and its tooltips."""
    return [(key, tuple(rect), polygon) for key, rect, polygon in layer.hits.entries()] + tips(layer.hits)


class Watcher:
    """Follows the boards a play scene draws and draws each again, for each viewer, in a layer that keeps its
    regions and in one made fresh; counts the regions put back."""

    def __init__(self, app, viewers, limit: int = LIMIT, every: int = 1) -> None:
        self.app, self.viewers, self.limit, self.every = app, viewers, limit, every
        self.kept = {viewer: BoardLayer() for viewer in viewers}
        self.boards = self.compared = self.put_back = self.whole_back = 0
        self._last = None
        self._focus = None
        self.over = False  # the game followed to its end

    def check(self, play) -> None:
        hidden = play.timeline.hidden if play.timeline else set()
        moment = (id(play.shown), frozenset(hidden))
        if moment == self._last or self.compared >= self.limit:
            return
        self._last = moment
        self.boards += 1
        compare = self.boards % self.every == 0  # the kept layers draw every board, as the scene's does
        self.compared += compare
        for viewer in self.viewers:
            # the public view as the scene shows it mid-animation; a seat's view of the position now
            shown = play.shown if viewer is None else play.match.state.view(viewer)
            kept = self.kept[viewer]
            before, whole = kept.regions.put_back, self._whole_drawing(kept, shown)
            drawn = self._draw(kept, play.view, shown, viewer, hidden)
            self.put_back += kept.regions.put_back - before
            if viewer is None:  # the public view follows the mover: a new one's cidery is drawn whole
                focus = focus_seat(shown, None)
                if self._focus not in (None, focus) and whole is not None:
                    self.whole_back += self._whole_drawing(kept, shown) is whole
                self._focus = focus
            if not compare:
                continue
            fresh = self._draw(BoardLayer(), play.view, shown, viewer, hidden)
            assert pygame.image.tobytes(drawn.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB"), \
                f"board {self.compared} for viewer {viewer}: a region put back differs from it drawn again"
            assert places(drawn) == places(fresh), f"board {self.compared} for viewer {viewer}: places differ"

    def _whole_drawing(self, layer: BoardLayer, shown):
        """Returns the drawing a layer keeps of the base of the focus seat's cidery whole (its panel, bays and
        tiles), if it keeps one."""
        seat = focus_seat(shown, None)
        place = (("cidery base", seat, True), tuple(self.app.viewport.rect(raised(layout().rect("main_board")))))
        return layer.regions._kept.get(place)

    def _draw(self, layer: BoardLayer, view, shown, viewer, hidden) -> BoardLayer:
        paint = Painter(pygame.Surface(self.app.window.get_size()), self.app.viewport, self.app.assets)
        layer.draw(paint, view, shown, viewer, hidden, self.app.canvas)
        return layer


def watch_a_game(tmp_path, players: int, size, limit: int = LIMIT, every: int = 1) -> Watcher:
    """Returns a watcher that followed a Scrumpy bot game's boards (until `limit` were compared or it ended)."""
    driver = Driver(tmp_path, None, size=size, speed=6, seed=4)
    app = driver.app
    game = registry.get("scrumpy")
    start_play(app, bot_match(game, players, set(range(players)), app.settings))
    play = app.scene
    watcher = Watcher(app, [None, 0], limit, every)
    for _ in range(400_000):
        driver.frames(1)
        if app.scene is not play or watcher.compared >= limit or play.match.state.is_over():
            break
        watcher.check(play)
    watcher.over = play.match.state.is_over()
    return watcher


@pytest.mark.parametrize("players, size", [(4, (1280, 720)), (1, (1920, 1080))])
def test_a_scrumpy_board_drawn_again_with_its_unchanged_regions_put_back_is_the_board_drawn_from_scratch(
        tmp_path, players, size):
    watcher = watch_a_game(tmp_path, players, size)
    assert watcher.compared >= LIMIT // 2, "too few boards were compared for this test to prove anything"
    assert watcher.put_back > watcher.compared, "regions were never put back: the test compared nothing kept"
    if players > 1:
        assert watcher.whole_back > 0, "a new mover's cidery base was never put back whole at a change of turn"


@pytest.mark.slow
def test_over_a_whole_four_seat_game_every_board_with_regions_kept_long_is_the_board_drawn_from_scratch(tmp_path):
    """Regions are kept from many boards back (a cidery's base, a compact cidery that did not move): a key that
    misses a value would show late in a game."""
    watcher = watch_a_game(tmp_path, 4, (1920, 1080), limit=10**6, every=2)
    assert watcher.over, "the game was not followed to its end"
    assert watcher.compared > 100, "too few boards were compared"


class Boxes:
    """A view of one region, a box of the colour shown, that asks ahead for the box of the colour `upcoming`."""

    RECT = (300, 200, 400, 240)  # logical; under the letterboxed canvas's table at 1000x700

    def __init__(self, upcoming: str) -> None:
        self.upcoming = upcoming

    def draw(self, paint, shown, viewer, hidden) -> None:
        paint.region("box", shown, raised(self.RECT), lambda p: self._box(p, shown))
        paint.region_ahead("box", self.upcoming, raised(self.RECT), lambda p: self._box(p, self.upcoming))

    def _box(self, paint, colour: str) -> None:
        paint.panel(self.RECT, pygame.Color(colour)[:3], None, 20)
        paint.hits.add(("box", colour), self.RECT)


def test_a_region_asked_ahead_is_drawn_in_spare_time_and_put_back_as_it_would_be_drawn_at_its_first_showing():
    paint = painter((1000, 700))  # letterboxed: the table does not fill the window
    canvas = table_layout().size("canvas")
    layer = BoardLayer()
    layer.draw(paint, Boxes("blue"), "red", None, set(), canvas)
    assert layer.regions.put_back == 0
    paint.assets.make_ahead(time.perf_counter() + 60)
    layer.draw(paint, Boxes("red"), "blue", None, set(), canvas)
    assert layer.regions.put_back == 1, "the box asked ahead was drawn again at its first showing"
    fresh = BoardLayer()
    fresh.draw(Painter(pygame.Surface(paint.surface.get_size()), paint.viewport, paint.assets), Boxes("red"), "blue",
               None, set(), canvas)
    assert pygame.image.tobytes(layer.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")
    assert places(layer) == places(fresh)
