"""What floats over a screen: a box placed beside the mouse, tooltips, and a card shown large."""
from __future__ import annotations

from typing import Callable

import pygame

from graphics.config import colour, table_layout
from graphics.paint import Painter


def beside(anchor, size: tuple[float, float], canvas: tuple[int, int], gap: float = 30) -> pygame.Rect:
    """Returns a rect of `size` to the right of `anchor` (a point, or the rect of what is hovered), or to its
    left if there is no room, centred on it vertically and kept on the canvas."""
    around = pygame.Rect(anchor) if len(anchor) == 4 else pygame.Rect(int(anchor[0]), int(anchor[1]), 0, 0)
    w, h = int(size[0]), int(size[1])
    x = around.right + gap if around.right + gap + w <= canvas[0] else around.left - gap - w
    rect = pygame.Rect(int(x), int(around.centery - h / 2), w, h)
    rect.clamp_ip(pygame.Rect(0, 0, *canvas))
    return rect


def clear_spot(around, size: tuple[float, float], avoid, bounds, canvas: tuple[int, int],
               gap: float = 30) -> pygame.Rect:
    """Returns a rect of `size` beside `around` (to its right, left, below or above) that covers none of the
    `avoid` rects: inside `bounds` (a rect, or a list of rects tried in turn) if there is such a place, else
    anywhere on the canvas, else the place that covers the least of them."""
    a, (w, h) = pygame.Rect(around), (int(size[0]), int(size[1]))
    whole = pygame.Rect(0, 0, *canvas)
    avoid = [pygame.Rect(r) for r in avoid]

    def sides(area: pygame.Rect) -> list[pygame.Rect]:
        top = max(area.top, min(area.bottom - h, int(a.centery - h / 2)))
        left = max(area.left, min(area.right - w, int(a.centerx - w / 2)))
        return [pygame.Rect(a.right + gap, top, w, h), pygame.Rect(a.left - gap - w, top, w, h),
                pygame.Rect(left, a.bottom + gap, w, h), pygame.Rect(left, a.top - gap - h, w, h)]

    areas = [pygame.Rect(b) for b in bounds] if bounds and not isinstance(bounds[0], (int, float)) \
        else [pygame.Rect(bounds)]
    for area in areas + [whole]:
        for rect in sides(area):
            if area.contains(rect) and rect.collidelist(avoid) < 0:
                return rect
    inside = [rect.clamp(whole) for rect in sides(whole)]
    return min(inside, key=lambda rect: sum(_overlap(rect, other) for other in avoid))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Returns the area two rects share."""
    clip = a.clip(b)
    return clip.width * clip.height


def draw_tooltip(paint: Painter, text: str, pos: tuple[float, float], width: float | None = None) -> pygame.Rect:
    """Draws `text` in a small panel by the mouse, wrapped to `width` (the theme's tooltip width by default);
    returns its rect."""
    style = table_layout().get("tooltip")
    pad = style["padding"]
    longest = max(paint.measure(line, "small") for line in text.split("\n"))
    width = min(width or style["width"], longest + 2 * pad + 2)
    lines = max(1, len(paint.wrap(text, width - 2 * pad, "small")))
    line = paint.assets.font(paint.font_px("small")).get_linesize() / paint.viewport.scale
    rect = pygame.Rect(0, 0, int(width), int(lines * line + 2 * pad + 2))
    rect.topleft = (int(pos[0] + style["offset"]), int(pos[1] + style["offset"]))
    canvas = pygame.Rect(0, 0, *paint.viewport.canvas)
    if rect.right > canvas.right:
        rect.right = int(pos[0] - style["offset"])
    if rect.bottom > canvas.bottom:
        rect.bottom = int(pos[1] - style["offset"])
    rect.clamp_ip(canvas)
    paint.panel(rect, colour("tooltip"), colour("tooltip_edge"), 10)
    paint.text(text, rect.inflate(-2 * pad, -2 * pad), "small", colour("ink"), "body", "topleft")
    return rect


def zoom_room(size: tuple[int, int], caption: str = "") -> tuple[int, int]:
    """Returns the room draw_zoom takes for a card of `size`: the card and, with a caption, the band under it."""
    return size[0], size[1] + (int(table_layout().number("badge.height")) + 14 if caption else 0)


def below_status(rect: pygame.Rect, canvas: tuple[int, int]) -> pygame.Rect:
    """Returns `rect` moved down off the play scene's status line if it would cover it (where "why not?" and
    the prompt are read while a card is hovered), as long as it still fits on the canvas."""
    status = table_layout().rect("play.status")
    if not rect.colliderect(status) or status.bottom + rect.height > canvas[1]:
        return rect
    return pygame.Rect(rect.x, status.bottom + 2, rect.width, rect.height)


def draw_zoom(paint: Painter, draw_card: Callable[[Painter, pygame.Rect], None], anchor,
              size: tuple[int, int], caption: str = "", avoid=None, bounds=None) -> pygame.Rect:
    """Draws a card large beside `anchor` (the hovered card's rect, or the mouse) with `draw_card(paint, rect)`,
    and a caption band under it; given rects to `avoid` (neighbouring cards), it goes where it covers none,
    inside `bounds` if it can (see clear_spot)."""
    total = zoom_room(size, caption)
    band = total[1] - size[1]
    if avoid is not None:
        rect = clear_spot(anchor, total, avoid, bounds or (0, 0, *paint.viewport.canvas), paint.viewport.canvas)
    else:
        rect = beside(anchor, total, paint.viewport.canvas)
    rect = below_status(rect, paint.viewport.canvas)
    card = pygame.Rect(rect.x, rect.y, size[0], size[1])
    draw_card(paint, card)
    if caption:
        strip = pygame.Rect(rect.x, card.bottom + 6, rect.width, band - 6)
        paint.panel(strip, colour("panel"), None, 10)
        paint.text(caption, strip.inflate(-12, -4), "body", colour("ink"), "bold")
    return rect
