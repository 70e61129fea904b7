"""Card-table widgets: a hand fan, a market row, piles with count badges, face-down stacks, counters and
seat badges. Geometry is plain functions of logical rects (tested on their own); `draw_*` paint and
register each card's key on the hit map."""
from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Any, Hashable, Sequence

import pygame

from graphics.config import Colour, SeatColour, colour, table_layout
from graphics.kit.faces import CardFaces
from graphics.paint import Painter


# --- a hand fanned at the bottom ------------------------------------------------------------------
@dataclass(frozen=True)
class HandFan:
    """A hand of cards fanned along the bottom of `area`: overlapping when crowded, edges a little lower,
    the hovered card lifted and enlarged but kept inside the area."""

    area: pygame.Rect
    card: tuple[int, int]  # the largest card size (shrunk to the area's height if needed)
    gap: int = 12  # between cards when there is room
    arc: int = 14  # how much lower the outermost cards sit
    lift: int = 40  # the hovered card rises this much
    zoom: float = 1.15  # and grows this much

    def size(self) -> tuple[int, int]:
        """Returns the card size that leaves room for the arc and the lift."""
        w, h = self.card
        room = self.area.height - self.arc - self.lift
        if h > room:
            w, h = int(w * room / h), room
        return w, h

    def rects(self, count: int, hover: int | None = None) -> list[pygame.Rect]:
        """Returns each card's rect, left to right (the hovered one lifted and enlarged)."""
        if count <= 0:
            return []
        w, h = self.size()
        step = w + self.gap if count == 1 else min(w + self.gap, (self.area.width - w) / (count - 1))
        x0 = self.area.centerx - (w + step * (count - 1)) / 2
        middle = (count - 1) / 2 or 1
        rects = []
        for i in range(count):
            drop = self.arc * ((i - (count - 1) / 2) / middle) ** 2
            rects.append(pygame.Rect(int(x0 + i * step), int(self.area.bottom - h - self.arc + drop), w, h))
        if hover is not None and 0 <= hover < count:
            big = rects[hover].inflate(int(w * (self.zoom - 1)), int(h * (self.zoom - 1)))
            big.bottom = rects[hover].bottom - self.lift
            rects[hover] = big.clamp(self.area)
        return rects

    def draw(self, paint: Painter, faces: CardFaces, cards: Sequence[Any], keys: Sequence[Hashable],
             hover: Hashable | None = None, glow: AbstractSet[Hashable] = frozenset()) -> None:
        """Draws the hand (the hovered card last, in front) and registers each card's key."""
        index = list(keys).index(hover) if hover in keys else None
        rects = self.rects(len(cards), index)
        order = [i for i in range(len(cards)) if i != index] + ([index] if index is not None else [])
        for i in order:
            if keys[i] in glow:
                paint.glow(rects[i], colour("glow"), 1.0, 12)
            faces.draw(paint, cards[i], rects[i])
            paint.hits.add(keys[i], rects[i])


# --- a market row ------------------------------------------------------------------------------
def market_slots(area: pygame.Rect, count: int, card: tuple[int, int], gap: int, badge: int) -> list[pygame.Rect]:
    """Returns `count` card slots in a row centred in `area`, shrunk to fit, with `badge` below each for its cost."""
    if count <= 0:
        return []
    w, h = card
    scale = min(1.0, (area.width - gap * (count - 1)) / (w * count), (area.height - badge) / h)
    w, h = int(w * scale), int(h * scale)
    x0 = area.centerx - (w * count + gap * (count - 1)) / 2
    return [pygame.Rect(int(x0 + i * (w + gap)), area.y, w, h) for i in range(count)]


def draw_market(paint: Painter, faces: CardFaces, area: pygame.Rect, cards: Sequence[Any | None],
                costs: Sequence[str], keys: Sequence[Hashable], card: tuple[int, int], gap: int = 16,
                below: int = 6, edge: Colour | None = None, corner: float | None = None) -> None:
    """Draws a market row (its slots from `market_slots`): each slot's card with its cost badge `below` it,
    keys registered. An empty slot (None) is outlined in `edge` (the table's slot_edge) with rounded corners
    (`corner`, else a twelfth of its width)."""
    badge = int(table_layout().number("badge.height"))
    for slot, item, cost, key in zip(market_slots(area, len(cards), card, gap, badge + below), cards, costs, keys):
        if item is None:
            paint.rect(slot, edge or colour("slot_edge"), corner if corner is not None else max(2, slot.width // 12), 2)
        else:
            faces.draw(paint, item, slot)
        if cost:
            draw_counter(paint, pygame.Rect(slot.x, slot.bottom + below, slot.width, badge), "", cost)
        paint.hits.add(key, slot)


# --- piles and stacks ----------------------------------------------------------------------------
def pile_layers(rect: pygame.Rect, count: int, step: float, most: int) -> list[pygame.Rect]:
    """Returns the card rects of a pile drawn inside `rect`, bottom first: up to `most` edges showing,
    each `step` up and right of the one below; the top card is last."""
    layers = max(1, min(count, most))
    w = int(rect.width - step * (layers - 1))
    h = int(rect.height - step * (layers - 1))
    return [pygame.Rect(int(rect.x + i * step), int(rect.bottom - h - i * step), w, h) for i in range(layers)]


def draw_pile(paint: Painter, faces: CardFaces, rect: pygame.Rect, count: int, top: Any | None = None,
              face_up: bool = False, key: Hashable | None = None, step: float = 3, most: int = 5) -> pygame.Rect:
    """Draws a pile (its thickness shows its size), its top card face up or down and a count badge;
    an empty pile is an outlined slot. Registers `key` on the whole pile; returns the top card's rect."""
    if count <= 0:
        paint.rect(rect, colour("slot_edge"), max(2, rect.width // 12), 2)
        if key is not None:
            paint.hits.add(key, rect)
        return rect
    layers = pile_layers(rect, count, step, most)
    for layer in layers[:-1]:
        faces.draw(paint, None, layer)
    faces.draw(paint, top if face_up else None, layers[-1])
    draw_count_badge(paint, layers[-1], count)
    if key is not None:
        paint.hits.add(key, rect)
    return layers[-1]


def draw_stack(paint: Painter, faces: CardFaces, rect: pygame.Rect, count: int,
               key: Hashable | None = None) -> pygame.Rect:
    """Draws a face-down stack with its count badge."""
    return draw_pile(paint, faces, rect, count, None, False, key)


def count_badge_rect(card: pygame.Rect, text_width: float) -> pygame.Rect:
    """Returns the count badge's rect: a pill on the card's top-right corner, inside the card."""
    height = min(table_layout().number("badge.height"), card.height // 3)
    width = min(card.width, max(height, text_width + table_layout().number("badge.padding")))
    return pygame.Rect(card.right - width, card.y, width, height)


def draw_count_badge(paint: Painter, card: pygame.Rect, count: int) -> None:
    """Draws how many cards a pile holds."""
    text = str(count)
    rect = count_badge_rect(card, paint.measure(text, "tiny", "bold"))
    paint.rect(rect, colour("badge"), rect.height // 2)
    paint.rect(rect, colour("badge_text"), rect.height // 2, 1)
    paint.text(text, rect, "tiny", colour("badge_text"), "bold", floor="tiny")


# --- counters ------------------------------------------------------------------------------------
def counter_width(paint: Painter, label: str, value: Any, icon: bool = False) -> float:
    """Returns the logical width a counter needs."""
    pad = table_layout().number("badge.padding")
    height = table_layout().number("badge.height")
    return paint.measure(_counter_text(label, value), "small", "bold") + 2 * pad + (height if icon else 0)


def _counter_text(label: str, value: Any) -> str:
    """Returns a counter's text: 'energy 3', or just the value."""
    return f"{label} {value}" if label else str(value)


def counter_row(paint: Painter, area: pygame.Rect, items: Sequence[tuple[str, Any]],
                gap: int = 10) -> list[pygame.Rect]:
    """Returns rects for counters left to right in `area`, each as wide as it needs (shared out if crowded)."""
    widths = [counter_width(paint, label, value) for label, value in items]
    scale = min(1.0, (area.width - gap * max(0, len(items) - 1)) / max(1.0, sum(widths)))
    rects, x = [], float(area.x)
    for width in widths:
        rects.append(pygame.Rect(int(x), area.y, int(width * scale), area.height))
        x += width * scale + gap
    return rects


def draw_counter(paint: Painter, rect: pygame.Rect, label: str, value: Any, icon: str = "") -> None:
    """Draws a counter ('energy 3', 'buys 2'): a pill with an optional icon sprite and fitted text."""
    paint.rect(rect, colour("counter"), rect.height // 2)
    paint.rect(rect, colour("panel_edge"), rect.height // 2, 2)
    inner = rect.inflate(-table_layout().number("badge.padding"), -4)
    if icon:
        paint.image(icon, (inner.x, rect.y + 3, rect.height - 6, rect.height - 6))
        inner.width -= rect.height - 4
        inner.x += rect.height - 4
    paint.text(_counter_text(label, value), inner, "small", colour("ink"), "bold")


# --- seat badges -------------------------------------------------------------------------------
@dataclass(frozen=True)
class BadgeParts:
    """Where a seat badge puts its symbol, the name and the tag."""

    symbol: pygame.Rect
    name: pygame.Rect
    tag: pygame.Rect


def badge_parts(paint: Painter, rect: pygame.Rect, tag: str = "", size: str = "body") -> BadgeParts:
    """Returns the parts of a seat badge: the symbol at the left, the tag at its natural width at the right,
    the name in between (it shrinks or is cut, never the tag)."""
    style = table_layout().get("seat_badge")
    side = min(style["symbol"], rect.height - 4)
    gap = style["gap"]
    symbol = pygame.Rect(rect.x + gap, rect.centery - side // 2, side, side)
    tag_w = min(paint.measure(tag, "small", "bold") + 2, rect.width / 3) if tag else 0
    tag_rect = pygame.Rect(int(rect.right - gap - tag_w), rect.y, int(tag_w), rect.height)
    left = symbol.right + gap
    right = (tag_rect.x - gap) if tag else rect.right - gap
    return BadgeParts(symbol, pygame.Rect(left, rect.y, max(0, right - left), rect.height), tag_rect)


def draw_seat_badge(paint: Painter, rect: pygame.Rect, name: str, seat: SeatColour, tag: str = "",
                    active: bool = False, ink: Colour | None = None, size: str = "body",
                    band: pygame.Rect | None = None) -> BadgeParts:
    """Draws a seat's colour with its symbol and its name (never the colour alone), and a tag such as
    'Team 2' or '12 crumbs'; an active seat's badge (or the wider `band` around it) is filled with its colour."""
    parts = badge_parts(paint, rect, tag, size)
    if active:
        paint.rect((band or rect).inflate(-4, -4), seat.rgb, 12)
    text = colour("ink") if active else ink or colour("light_text")
    paint.symbol(seat.symbol, parts.symbol.center, parts.symbol.height, seat.rgb)
    paint.text(name, parts.name, size, text, "bold", "midleft")
    if tag:
        paint.text(tag, parts.tag, "small", text, "bold", "midright")
    return parts
