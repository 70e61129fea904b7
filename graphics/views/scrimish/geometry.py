"""Where each Scrimish seat, pile and card sits on the board, for one view and viewer."""
from __future__ import annotations

import pygame

from games.scrimish.state import SETUP, ScrimishState
from graphics.config import game_layout


class Geometry:
    """Seat areas as players sit round the table (the viewer at the bottom; seat numbers go clockwise, so
    the next seat clockwise is the first one to the viewer's left and a free-for-all, going
    counter-clockwise, passes to the first one on the right), pile slots, card rects, pile numbers."""

    def __init__(self, view: ScrimishState, viewer: int | None) -> None:
        layout = game_layout("scrimish")
        self.view = view
        self.me = viewer if viewer is not None and 0 <= viewer < view.players else 0
        self.viewer = viewer
        self.pile_size = view.deck.pile_size
        self.piles = view.deck.piles
        self.label_h = layout.number("label_height")
        self.slot_gap = layout.number("slot_gap")
        self.ratio = layout.number("card_ratio")
        self.fan = layout.number("fan_step")
        self.stack = layout.number("stack_step")
        self.pill_w = layout.number("discard_width")
        self.number_h = layout.number("pile_number.height")
        self.number_w = layout.number("pile_number.width")
        self.areas = {self.me: layout.rect("me")}
        others = [(self.me + i) % view.players for i in range(1, view.players)]  # clockwise from the viewer
        self.areas.update(zip(others, ring(layout.rect("others"), len(others), int(layout.number("gap")))))
        self.card = {seat: self._card_size(seat, layout.number("max_card_width")) for seat in self.areas}

    def fanned(self, seat: int) -> bool:
        """Returns whether a seat's piles are drawn fanned (the viewer sees them whole)."""
        if seat != self.viewer:
            return False
        return self.view.phase == SETUP or self.view.options["visibility"] == "beginner" or self.view.is_over()

    def _card_size(self, seat: int, max_width: float) -> tuple[int, int]:
        """Returns the card size that fits a seat's piles in its area."""
        area = self.areas[seat]
        across = self.piles + (self.piles - 1) * self.slot_gap
        width = (area.width - 20) / across
        depth = 1 + (self.pile_size - 1) * self.fan if self.fanned(seat) else 1
        height = (area.height - self.label_h - 8 - self.number_h - (self.pile_size - 1) * self.stack) / depth
        width = min(width, height / self.ratio, max_width)
        return int(width), int(width * self.ratio)

    def label(self, seat: int) -> pygame.Rect:
        """Returns the name band of a seat."""
        area = self.areas[seat]
        return pygame.Rect(area.x, area.y, area.width, self.label_h)

    def slot(self, seat: int, pile: int) -> pygame.Rect:
        """Returns the rect of the lowest drawn card of a pile (the resting place of its top card when one left)."""
        w, h = self.card[seat]
        area = self.areas[seat]
        across = w * self.piles + w * self.slot_gap * (self.piles - 1)
        x = area.centerx - across / 2 + pile * w * (1 + self.slot_gap)
        if self.fanned(seat):
            return pygame.Rect(int(x), int(area.bottom - h - 4 - self.number_h), w, h)
        thickness = (self.pile_size - 1) * self.stack
        room = area.height - self.label_h - 8 - self.number_h
        y = area.y + self.label_h + 4 + (room - h - thickness) / 2 + thickness
        return pygame.Rect(int(x), int(y), w, h)

    def pile_number(self, seat: int, pile: int) -> pygame.Rect:
        """Returns where a pile's number (1 to 5, as the log and buttons say) sits: under the pile's top card,
        the end nearest the player (the bottom card, where the Crown hides, is at the far end)."""
        slot = self.slot(seat, pile)
        width = min(self.number_w, slot.width)
        return pygame.Rect(int(slot.centerx - width / 2), slot.bottom + 2, int(width), int(self.number_h - 2))

    def card_rect(self, seat: int, pile: int, depth: int, count: int | None = None) -> pygame.Rect:
        """Returns the rect of the card `depth` below the top (0 = top) of a pile of `count` cards."""
        count = len(self.view.piles[seat][pile]) if count is None else count
        base = self.slot(seat, pile)
        index = count - 1 - depth  # 0 = bottom card
        if self.fanned(seat):
            step = int(self.card[seat][1] * self.fan)
            return base.move(0, -depth * step)
        return base.move(index * self.stack // 2, -index * self.stack)

    def top_rect(self, seat: int, pile: int) -> pygame.Rect:
        """Returns the rect of a pile's top card (its empty slot if the pile is empty)."""
        count = len(self.view.piles[seat][pile])
        return self.card_rect(seat, pile, 0, count) if count else self.slot(seat, pile)

    def visible_rect(self, seat: int, pile: int, depth: int) -> pygame.Rect:
        """Returns the part of a card that is not covered by the cards above it."""
        rect = self.card_rect(seat, pile, depth)
        if depth == 0 or not self.fanned(seat):
            return rect
        return pygame.Rect(rect.x, rect.y, rect.width, int(self.card[seat][1] * self.fan))

    def pile_rects(self, seat: int) -> list[pygame.Rect]:
        """Returns what each of a seat's piles covers: all its cards (or its empty slot) and its number."""
        rects = []
        for pile in range(self.piles):
            count = len(self.view.piles[seat][pile])
            cards = [self.card_rect(seat, pile, depth) for depth in range(count)] or [self.slot(seat, pile)]
            rects.append(self.pile_number(seat, pile).unionall(cards))
        return rects

    def all_pile_rects(self) -> list[pygame.Rect]:
        """Returns what every seat's piles cover."""
        return [rect for seat in self.areas for rect in self.pile_rects(seat)]

    def discard_pill(self, seat: int) -> pygame.Rect:
        """Returns the pill at the right of a seat's name band that shows its discards and their count."""
        band = self.label(seat)
        return pygame.Rect(band.right - self.pill_w - 8, band.y + 5, self.pill_w, band.height - 10)

    def discard(self, seat: int) -> pygame.Rect:
        """Returns the small face-down card standing for a seat's discards, inside its pill."""
        pill = self.discard_pill(seat)
        h = pill.height - 6
        return pygame.Rect(pill.x + 10, pill.y + 3, int(h / self.ratio), h)

    def discard_count(self, seat: int) -> pygame.Rect:
        """Returns where a seat's discard count is written, inside its pill."""
        pill, card = self.discard_pill(seat), self.discard(seat)
        return pygame.Rect(card.right + 4, pill.y, pill.right - card.right - 12, pill.height)

    def badge(self, seat: int) -> pygame.Rect:
        """Returns the part of the name band left for the seat badge (symbol, name, team)."""
        band = self.label(seat)
        return pygame.Rect(band.x, band.y, self.discard_pill(seat).x - 4 - band.x, band.height)


def ring(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """Returns `count` seat areas inside `area` (the part of the table across from the viewer) in clockwise
    order round the table, starting at the viewer's left: one row for up to three; with four or five, the
    first and last sit in a lower row at the sides, nearer the viewer, the rest across the top."""
    if count <= 3:
        return _cells(area, max(1, count), 1, gap)[:count]
    cols = count - 2
    cells = _cells(area, cols, 2, gap)
    top, bottom = cells[:cols], cells[cols:]
    return [bottom[0]] + top + [bottom[-1]]


def _cells(area: pygame.Rect, cols: int, rows: int, gap: int) -> list[pygame.Rect]:
    """Returns a grid of cells filling `area`, row by row from the top left."""
    w, h = (area.width - gap * (cols - 1)) // cols, (area.height - gap * (rows - 1)) // rows
    return [pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h) for r in range(rows) for c in range(cols)]
