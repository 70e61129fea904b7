"""A board layer drawn again puts back the regions a view marks whose keys did not change (a Scrumpy cidery, the
vendors): over whole bot games, every board it draws so has the very pixels and places of the board drawn from
scratch, for the public view and for each seat's, with the pieces the animations hide."""
import pygame
import pytest

from games import registry
from graphics.kit.board_layer import BoardLayer
from graphics.launch import bot_match
from graphics.paint import Painter
from graphics.scenes.common import start_play
from tests.app_driver import Driver

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

    def __init__(self, app, viewers) -> None:
        self.app, self.viewers = app, viewers
        self.kept = {viewer: BoardLayer() for viewer in viewers}
        self.compared = self.put_back = 0
        self._last = None

    def check(self, play) -> None:
        hidden = play.timeline.hidden if play.timeline else set()
        moment = (id(play.shown), frozenset(hidden))
        if moment == self._last or self.compared >= LIMIT:
            return
        self._last = moment
        self.compared += 1
        for viewer in self.viewers:
            # the public view as the scene shows it mid-animation; a seat's view of the position now
            shown = play.shown if viewer is None else play.match.state.view(viewer)
            kept = self.kept[viewer]
            before = dict(kept.regions._kept)
            drawn = self._draw(kept, play.view, shown, viewer, hidden)
            self.put_back += sum(1 for name, region in kept.regions._kept.items() if before.get(name) is region)
            fresh = self._draw(BoardLayer(), play.view, shown, viewer, hidden)
            assert pygame.image.tobytes(drawn.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB"), \
                f"board {self.compared} for viewer {viewer}: a region put back differs from it drawn again"
            assert places(drawn) == places(fresh), f"board {self.compared} for viewer {viewer}: places differ"

    def _draw(self, layer: BoardLayer, view, shown, viewer, hidden) -> BoardLayer:
        paint = Painter(pygame.Surface(self.app.window.get_size()), self.app.viewport, self.app.assets)
        layer.draw(paint, view, shown, viewer, hidden, self.app.canvas)
        return layer


@pytest.mark.parametrize("players, size", [(4, (1280, 720)), (1, (1920, 1080))])
def test_a_scrumpy_board_drawn_again_with_its_unchanged_regions_put_back_is_the_board_drawn_from_scratch(
        tmp_path, players, size):
    driver = Driver(tmp_path, None, size=size, speed=6, seed=4)
    app = driver.app
    game = registry.get("scrumpy")
    start_play(app, bot_match(game, players, set(range(players)), app.settings))
    play = app.scene
    watcher = Watcher(app, [None, 0])
    for _ in range(60_000):
        driver.frames(1)
        if app.scene is not play or watcher.compared >= LIMIT:
            break
        watcher.check(play)
    assert watcher.compared >= LIMIT // 2, "too few boards were compared for this test to prove anything"
    assert watcher.put_back > watcher.compared, "regions were never put back: the test compared nothing kept"
