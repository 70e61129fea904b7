"""The table and the board drawn once per change of what is shown, kept as a surface with its hit map: a frame
blits it and draws only what moves (the live layer, glows) over it. Used by the play and replay scenes.

A board drawn again keeps the regions a view marks (`Painter.region`: a seat's area, the market) whose key is
the one they were drawn with: their pixels and places are put back instead of drawn (a Scrumpy step changes one
cidery or two of five areas; the whole board took 6 ms at 1080p, the p99 of a frame in a real window)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

import pygame

from graphics.config import colour
from graphics.kit.hitmap import HitMap
from graphics.paint import Painter


class BoardLayer:
    """A cached picture of the board as a view draws it for one viewer."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._last: pygame.Surface | None = None  # the board drawn before: regions are put back from it
        self.hits = HitMap()  # what the cached board registered (rebuilt with it)
        self._key: tuple | None = None
        self._shown: Any = None  # the view drawn (the object itself: ids are reused)
        self.regions = Regions()

    def forget(self) -> None:
        """Draws the board again next time (the view or its colours changed)."""
        self._key = None
        self.regions.forget()

    def draw(self, paint: Painter, view: Any, shown: Any, viewer: Hashable, hidden: set, canvas) -> None:
        """Blits the board of `shown` as `view` draws it for `viewer` (redrawn only when something changed) onto
        `paint`, and adds its hit map to the frame's."""
        key = (viewer, frozenset(hidden), paint.surface.get_size(), paint.viewport.scale)
        if self.surface is None or self.surface.get_size() != paint.surface.get_size():
            self.surface, self._last, self._key = pygame.Surface(paint.surface.get_size()).convert(), None, None
        if key != self._key or shown is not self._shown:
            if self._key is None or key[0] != self._key[0] or key[2:] != self._key[2:]:
                self.regions.forget()  # another viewer or window size (the hidden pieces are in regions' keys)
            self._key, self._shown = key, shown
            if self._last is None:
                self._last = pygame.Surface(self.surface.get_size()).convert()
            self._last, self.surface = self.surface, self._last
            self.hits = HitMap()
            layer = Painter(self.surface, paint.viewport, paint.assets, self.hits)
            layer.regions = self.regions
            self.regions.start(self._last)
            _table(layer, canvas)
            view.draw(layer, shown, viewer, hidden)
            self.regions.finish()
        paint.surface.blit(self.surface, (0, 0))
        paint.hits.include(self.hits)


def _table(paint: Painter, canvas) -> None:
    """Draws the table over the canvas on the letterbox colour (not filled where an opaque table fills the window)."""
    table = paint.viewport.rect((0, 0, *canvas))
    backdrop = paint.assets.backdrop("table", table.size)
    if backdrop.get_flags() & pygame.SRCALPHA or table != paint.surface.get_rect():
        paint.surface.fill(colour("letterbox"))
    paint.surface.blit(backdrop, table)


@dataclass
class _Kept:
    """A region as drawn last: its key, window rect and places."""

    key: Any
    screen: pygame.Rect
    hits: HitMap


class Regions:
    """The regions of a board layer as drawn last (see `Painter.region`), put back from the last board's pixels."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, _Kept] = {}
        self._seen: dict[Hashable, _Kept] = {}
        self._last: pygame.Surface | None = None

    def forget(self) -> None:
        """Draws every region again next time."""
        self._kept.clear()

    def start(self, last: pygame.Surface) -> None:
        """Begins a board drawn again, over `last`, the board before."""
        self._last, self._seen = last, {}

    def finish(self) -> None:
        """Ends a board: the regions it holds are the ones to put back from it next time."""
        self._kept, self._seen, self._last = self._seen, {}, None

    def draw(self, paint: Painter, name: Hashable, key: Any, rect, draw: Callable[[], None]) -> None:
        """Puts back the pixels and places of region `name` from the last board if it was drawn there in the same
        window rect with a key equal to `key`; else draws it with `draw()`. `rect` (logical) holds everything
        `draw` puts on the surface; under it lies what lay there last time (the table) and over it nothing is
        drawn later: then the two ways give the same pixels (tests/test_board_regions.py checks whole games)."""
        screen = paint.viewport.rect(rect).clip(paint.surface.get_rect())
        kept = self._kept.get(name)
        if kept is not None and self._last is not None and kept.screen == screen and kept.key == key:
            paint.surface.blit(self._last, screen, screen)
            paint.hits.include(kept.hits)
            self._seen[name] = kept
            return
        outer = paint.hits
        paint.hits = HitMap()
        try:
            draw()
        finally:
            hits, paint.hits = paint.hits, outer
        outer.include(hits)
        self._seen[name] = _Kept(key, screen, hits)
