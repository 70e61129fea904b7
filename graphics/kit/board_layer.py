"""The table and the board drawn once per change of what is shown, kept as a surface with its hit map: a frame
blits it and draws only what moves (the live layer, glows) over it. Used by the play and replay scenes.

A board drawn again puts back the regions a view marks (`Painter.region`: a seat's area, the market) from their
last drawing at the same place with the same key instead of drawing them. A Scrumpy step changes one cidery or
two of seven areas; at a change of turn the cideries of the seats between the two movers stay, and a cidery is
drawn over its base (panel, bays, tiles: a region drawn once per seat, place and look). The whole board took
6-8 ms at 1080p, the p99 of a frame in a real window."""
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
            self.surface, self._key = pygame.Surface(paint.surface.get_size()).convert(), None
        if key != self._key or shown is not self._shown:
            if self._key is None or key[0] != self._key[0] or key[2:] != self._key[2:]:
                self.regions.forget()  # another viewer or window size (the hidden pieces are in regions' keys)
            self._key, self._shown = key, shown
            self.hits = HitMap()
            layer = Painter(self.surface, paint.viewport, paint.assets, self.hits)
            layer.regions = self.regions
            self.regions.canvas = canvas
            _table(layer, canvas)
            view.draw(layer, shown, viewer, hidden)
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
    """A region as drawn last at one place: its key, its pixels and its places."""

    key: Any
    pixels: pygame.Surface
    hits: HitMap


class Regions:
    """The regions of a board layer (see `Painter.region`): each one's last drawing at each place it was drawn (a
    cidery whole in the middle, or compact at one of the places in the column), put back while its key holds."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Hashable, tuple], _Kept] = {}
        self.put_back = 0  # how many drawings were put back (a figure for tests and benchmarks)
        self.canvas: tuple[int, int] | None = None  # the logical canvas the table lies on (for drawings ahead)

    def forget(self) -> None:
        """Draws every region again next time."""
        self._kept.clear()

    def draw(self, paint: Painter, name: Hashable, key: Any, rect, draw: Callable[[Painter], None]) -> None:
        """Puts back the pixels and places of region `name` as it was last drawn at the same window rect if its key
        then equals `key`; else draws it with `draw(paint)` and keeps that drawing (taken before anything is drawn over
        it). `rect` (logical) holds everything `draw` puts on the surface and under it lies what lay there then
        (the table, or the base region it is drawn on): then the two ways give the same pixels
        (tests/test_board_regions.py checks whole games)."""
        screen = paint.viewport.rect(rect).clip(paint.surface.get_rect())
        place = (name, tuple(screen))
        kept = self._kept.get(place)
        if kept is not None and kept.key == key:
            paint.surface.blit(kept.pixels, screen)
            paint.hits.include(kept.hits)
            self.put_back += 1
            return
        outer = paint.hits
        paint.hits = HitMap()
        try:
            draw(paint)
        finally:
            hits, paint.hits = paint.hits, outer
        outer.include(hits)
        # the place's last drawing gives its pixels' memory: a new surface's pages fault in as it is first written
        # (0.5 ms for a whole cidery at 1080p, ten times the copy)
        pixels = kept.pixels if kept is not None else pygame.Surface(screen.size, 0, paint.surface)
        pixels.blit(paint.surface, (0, 0), screen)
        self._kept[place] = _Kept(key, pixels, hits)

    def ahead(self, paint: Painter, name: Hashable, key: Any, rect, draw: Callable[[Painter], None]) -> None:
        """Asks for region `name` to be drawn as `draw` would (see `draw`) in a frame's spare time (Assets.ahead),
        on a surface of its own over the table, unless that drawing is kept already."""
        screen = paint.viewport.rect(rect).clip(paint.surface.get_rect())
        place, canvas = (name, tuple(screen)), self.canvas
        kept = self._kept.get(place)
        if canvas is None or (kept is not None and kept.key == key):
            return
        viewport, assets, like = paint.viewport.moved(-screen.x, -screen.y), paint.assets, paint.surface

        def make() -> None:
            kept = self._kept.get(place)
            if kept is not None and kept.key == key:
                return
            alone = Painter(pygame.Surface(screen.size, 0, like), viewport, assets)
            _table(alone, canvas)
            draw(alone)
            self._kept[place] = _Kept(key, alone.surface, alone.hits)

        assets.ahead(("region", id(self), place, key), make)
