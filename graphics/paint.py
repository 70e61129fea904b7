"""Drawing in logical coordinates: panels, fitted text, sprites and seat symbols, scaled to the window."""
from __future__ import annotations

import math
from typing import Any, Callable, Hashable

import pygame

from graphics.assets import Assets
from graphics.config import Colour, colour, table_layout
from graphics.kit.hitmap import HitMap
from graphics.kit.text import Fitted, fit, positions, wrap
from graphics.viewport import Viewport

SHADOW = (6, 8)  # a panel's shadow lies this far right and down (logical pixels)
SYMBOL_POINTS = {"triangle": 3, "square": 4, "diamond": 4, "pentagon": 5, "hexagon": 6}
SYMBOLS = ("circle", "star", "cross", *SYMBOL_POINTS)  # every symbol `symbol_points` draws


class Painter:
    """Draws onto a surface with logical rects (all sizes are logical pixels) and fills a hit map as it goes."""

    def __init__(self, surface: pygame.Surface, viewport: Viewport, assets: Assets,
                 hits: HitMap | None = None) -> None:
        self.surface = surface
        self.viewport = viewport
        self.assets = assets
        self.hits = hits if hits is not None else HitMap()
        self.regions: Any = None  # a board layer's kept regions (graphics/kit/board_layer.py), if it keeps them
        self.fonts = table_layout().get("fonts")
        self.text_style = table_layout().get("text")

    def font_px(self, size: str | int) -> int:
        """Returns window pixels for a named font size (title, heading, body, small) or a number."""
        return self.viewport.px(self.fonts[size] if isinstance(size, str) else size)

    def region(self, name: Hashable, key: Any, rect, draw: Callable[[Painter], None]) -> None:
        """Draws a part of a board with `draw(painter)`: a board layer puts the part back as it was last drawn at
        the same place instead when `key` (every value the part is drawn from, beyond the game's data) was the same
        then. `rect` (logical) must hold all that `draw` puts on the surface (a panel's shadow too: `raised`);
        what is drawn over it afterwards is not part of it (a region may be the background of another)."""
        if self.regions is None:
            draw(self)
        else:
            self.regions.draw(self, name, key, rect, draw)

    def region_ahead(self, name: Hashable, key: Any, rect, draw: Callable[[Painter], None]) -> None:
        """Asks a board layer to draw a region as `region` would, in a frame's spare time, where it has not kept
        that drawing yet: its first showing then puts it back (nothing without a board layer)."""
        if self.regions is not None:
            self.regions.ahead(self, name, key, rect, draw)

    # --- shapes -----------------------------------------------------------------------
    def fill(self, rgb: Colour) -> None:
        """Fills the whole window."""
        self.surface.fill(rgb)

    def rect(self, rect, rgb: Colour, radius: float = 0, width: float = 0) -> None:
        """Draws a (rounded) rect, filled or outlined."""
        w = self.viewport.px(width) if width else 0
        pygame.draw.rect(self.surface, rgb, self.viewport.rect(rect), w, border_radius=self.viewport.px(radius) if radius else 0)

    def shade(self, rect, rgb: Colour, alpha: int, radius: float = 0, cover=None) -> None:
        """Draws a translucent (rounded) rect (its layer cached by size, colour and opacity). Given `cover`, the
        rect of an opaque panel with the same corners about to be drawn over it from above and left of it (a
        shadow), only the strips along its right and bottom edges that the panel leaves showing."""
        screen = self.viewport.rect(rect)
        alpha = max(0, min(255, alpha)) // 8 * 8
        corner = self.viewport.px(radius) if radius else 0
        layer = self.assets.cached(("shade", screen.size, rgb, alpha, corner),
                                   lambda: _layer(screen.size, rgb, alpha, corner))
        if cover is None:
            self.surface.blit(layer, screen)
            return
        covered = self.viewport.rect(cover)
        right = min(max(covered.right - corner, screen.left), screen.right)  # the cover's corners show it too
        bottom = min(max(covered.bottom - corner, screen.top), screen.bottom)
        self.surface.blit(layer, (right, screen.top), (right - screen.left, 0, screen.right - right, screen.height))
        self.surface.blit(layer, (screen.left, bottom), (0, bottom - screen.top, right - screen.left,
                                                         screen.bottom - bottom))

    def panel(self, rect, fill: Colour | None = None, edge: Colour | None = None, radius: float = 18) -> None:
        """Draws a raised panel: soft shadow (only where the panel leaves it showing), fill and a thin edge."""
        rect = pygame.Rect(rect)
        self.shade(rect.move(*SHADOW), colour("shadow"), 70, radius, cover=rect)
        self.rect(rect, fill or colour("panel"), radius)
        self.rect(rect, edge or colour("panel_edge"), radius, 2)

    def line(self, start, end, rgb: Colour, width: float = 2) -> None:
        """Draws a line between logical points."""
        pygame.draw.line(self.surface, rgb, self.viewport.point(start), self.viewport.point(end), self.viewport.px(width))

    def glow(self, rect, rgb: Colour, strength: float, radius: float = 14) -> None:
        """Draws a pulsing halo around `rect` (strength 0..1)."""
        rect = pygame.Rect(rect)
        for grow, alpha in ((14, 50), (8, 90), (3, 150)):
            self.shade(rect.inflate(grow * 2, grow * 2), rgb, int(alpha * (0.55 + 0.45 * strength)), radius + grow)

    def symbol(self, kind: str, center, size: float, rgb: Colour, outline: Colour | None = None) -> None:
        """Draws a seat symbol (circle, triangle, square, diamond, star, cross, hexagon, pentagon)."""
        outline = outline or colour("symbol_outline")
        cx, cy = self.viewport.point(center)
        r = self.viewport.px(size / 2)
        points = symbol_points(kind, cx, cy, r)
        if points is None:
            pygame.draw.circle(self.surface, rgb, (cx, cy), r)
            pygame.draw.circle(self.surface, outline, (cx, cy), r, max(1, r // 6))
        else:
            pygame.draw.polygon(self.surface, rgb, points)
            pygame.draw.polygon(self.surface, outline, points, max(1, r // 6))

    # --- sprites and text -------------------------------------------------------------
    def image(self, name: str, rect) -> None:
        """Draws the asset `name` fitted into `rect`."""
        screen = self.viewport.rect(rect)
        self.surface.blit(self.assets.image(name, screen.size), screen)

    def blit(self, surface: pygame.Surface, rect, align: str = "center") -> pygame.Rect:
        """Draws a ready window-pixel surface aligned inside a logical rect; returns where."""
        screen = self.viewport.rect(rect)
        placed = surface.get_rect(**{align: getattr(screen, align)})
        self.surface.blit(surface, placed)
        return placed

    def fit(self, text: str, rect, size: str | int = "body", face: str = "body",
            floor: str | int | None = None) -> Fitted:
        """Returns how `text` fits `rect`: wrapped, shrunk down to the floor, else cut (see graphics.kit.text)."""
        screen = self.viewport.rect(rect)
        px = self.font_px(size)
        floor_px = min(px, self.font_px(floor if floor is not None else self.text_style["floor"]))
        return fit(self.assets, text, screen.size, face, px, floor_px, self.text_style["spacing"])

    def text(self, text: str, rect, size: str | int = "body", rgb: Colour | None = None,
             face: str = "body", align: str = "center", floor: str | int | None = None) -> Fitted:
        """Draws `text` fitted into `rect` (align: a pygame.Rect point name); text that had to be cut
        ends in an ellipsis and shows in full in a tooltip when hovered."""
        rect = pygame.Rect(rect)
        fitted = self.fit(text, rect, size, face, floor)
        ink = rgb or colour("ink")
        for line, corner in positions(fitted, self.viewport.rect(rect), align):
            self.surface.blit(self.assets.text(line, fitted.px, ink, face), corner)
        if fitted.cut:
            self.hits.tip(rect, text)
        return fitted

    def paragraph(self, text: str, rect, size: str | int = "body", rgb: Colour | None = None,
                  face: str = "body", floor: str | int | None = None) -> float:
        """Draws fitted text from the top left of `rect`; returns the logical height used."""
        fitted = self.text(text, rect, size, rgb, face, "topleft", floor)
        return fitted.height / self.viewport.scale

    def measure(self, text: str, size: str | int = "body", face: str = "body") -> float:
        """Returns the logical width of one line of `text`."""
        return self.assets.font(self.font_px(size), face).size(text)[0] / self.viewport.scale

    def wrap(self, text: str, width: float, size: str | int = "body", face: str = "body",
             break_words: bool = False) -> list[str]:
        """Returns `text` broken into lines that fit `width` logical pixels at `size` (see kit.text.wrap)."""
        return wrap(self.assets.font(self.font_px(size), face), text, self.viewport.px(width), break_words)


def symbol_points(kind: str, cx: int, cy: int, r: int) -> list[tuple[float, float]] | None:
    """Returns the polygon of a seat symbol in window pixels, None for a circle."""
    if kind == "circle":
        return None
    if kind == "star":
        return [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                 cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    if kind == "cross":
        a, b = r, r * 0.38
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    n = SYMBOL_POINTS[kind]
    turn = math.pi / 4 if kind == "square" else 0.0
    rr = r * (0.85 if kind == "square" else 1.0)
    return [(cx + rr * math.sin(turn + 2 * math.pi * i / n), cy - rr * math.cos(turn + 2 * math.pi * i / n))
            for i in range(n)]


def _layer(size: tuple[int, int], rgb: Colour, alpha: int, corner: int) -> pygame.Surface:
    """Returns a translucent rounded rect surface."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*rgb, alpha), layer.get_rect(), border_radius=corner)
    return layer


def raised(rect) -> pygame.Rect:
    """Returns the logical rect a panel at `rect` covers with its shadow."""
    rect = pygame.Rect(rect)
    return rect.union(rect.move(*SHADOW))
