"""The table and the board drawn once per change of what is shown, kept as a surface with its hit map: a frame
blits it and draws only what moves (the live layer, glows) over it. Used by the play and replay scenes."""
from __future__ import annotations

from typing import Any, Hashable

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

    def forget(self) -> None:
        """Draws the board again next time (the view or its colours changed)."""
        self._key = None

    def draw(self, paint: Painter, view: Any, shown: Any, viewer: Hashable, hidden: set, canvas) -> None:
        """Blits the board of `shown` as `view` draws it for `viewer` (redrawn only when something changed) onto
        `paint`, and adds its hit map to the frame's."""
        key = (viewer, frozenset(hidden), paint.surface.get_size(), paint.viewport.scale)
        if self.surface is None or self.surface.get_size() != paint.surface.get_size():
            self.surface, self._key = pygame.Surface(paint.surface.get_size()).convert(), None
        if key != self._key or shown is not self._shown:
            self._key, self._shown = key, shown
            self.hits = HitMap()
            layer = Painter(self.surface, paint.viewport, paint.assets, self.hits)
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
