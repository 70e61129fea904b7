"""Where each Scrimish seat, pile and card sits on the board, for one view and viewer."""
from __future__ import annotations

import math

import pygame

from games.scrimish.state import SETUP, ScrimishState
from graphics.config import game_layout


class Geometry:
    """Seat areas in turn order (the viewer at the bottom), pile slots, card rects."""

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
        self.areas = {self.me: layout.rect("me")}
        others = [(self.me + i) % view.players for i in range(1, view.players)]
        self.areas.update(zip(others, self._grid(layout.rect("others"), len(others),
                                                 int(layout.number("others_per_row")), int(layout.number("gap")))))
        self.card = {seat: self._card_size(seat, layout.number("max_card_width")) for seat in self.areas}

    @staticmethod
    def _grid(area: pygame.Rect, count: int, per_row: int, gap: int) -> list[pygame.Rect]:
        """Returns `count` cells filling `area`, at most `per_row` across."""
        if count == 0:
            return []
        cols = min(per_row, count)
        rows = math.ceil(count / cols)
        w, h = (area.width - gap * (cols - 1)) // cols, (area.height - gap * (rows - 1)) // rows
        return [pygame.Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (h + gap), w, h)
                for i in range(count)]

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
        height = (area.height - self.label_h - 8 - (self.pile_size - 1) * self.stack) / depth
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
            return pygame.Rect(int(x), int(area.bottom - h - 4), w, h)
        thickness = (self.pile_size - 1) * self.stack
        room = area.height - self.label_h - 8
        y = area.y + self.label_h + 4 + (room - h - thickness) / 2 + thickness
        return pygame.Rect(int(x), int(y), w, h)

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
