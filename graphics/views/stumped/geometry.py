"""Where everything of a Stumped table lies, from data/stumped/layout.yaml: the market and its action
deck, the supply and energy piles, one plot per player (seat badge, tree, leaf count, and the soil with
the roots, deck, discard pile and hand: below the tree, or beside it in a garden of two rows), the turn
panel with the cards played, and the hand fan."""
from __future__ import annotations

import functools
import math

import pygame

from graphics.config import Layout, game_layout
from graphics.kit.table import HandFan

GAME = "stumped"
SOIL = ("sun", "dirt", "water", "deck", "discard", "hand")  # what lies in a plot's soil, left to right


@functools.lru_cache(maxsize=1)
def layout() -> Layout:
    """Returns data/stumped/layout.yaml."""
    return game_layout(GAME)


def kept(method):
    """Caches a rect of a geometry by its arguments (the layout does not change), handing out copies."""
    @functools.wraps(method)
    def wrapper(self, *args):
        key = (method.__name__, args)
        if key not in self._kept:
            self._kept[key] = method(self, *args)
        return pygame.Rect(self._kept[key])
    return wrapper


@functools.lru_cache(maxsize=8)
def geometry_for(players: int, columns: int) -> "Geometry":
    """Returns the (shared) geometry of a table size."""
    return Geometry(players, columns)


def grid(count: int) -> tuple[int, int]:
    """Returns (columns, rows) of the garden's plots: one row up to four players, else two."""
    rows = 1 if count <= 4 else 2
    return math.ceil(count / rows), rows


def spread(area: pygame.Rect, count: int, size: tuple[int, int], gap: float) -> list[pygame.Rect]:
    """Returns `count` rects of `size` in a row centred in `area` (shrunk to fit), vertically centred."""
    if count <= 0:
        return []
    w, h = size
    scale = min(1.0, (area.width - gap * (count - 1)) / (w * count), area.height / h)
    w, h = int(w * scale), int(h * scale)
    x0 = area.centerx - (w * count + gap * (count - 1)) / 2
    return [pygame.Rect(int(x0 + i * (w + gap)), area.centery - h // 2, w, h) for i in range(count)]


class Geometry:
    """The rects of one table size (the number of players and market columns)."""

    def __init__(self, players: int, columns: int = 4) -> None:
        self.players = players
        self.columns = columns
        self.compact = players > 4
        self.cols, self.rows = grid(players)
        self._kept: dict = {}

    # --- the market and the piles ---------------------------------------------------------------
    @kept
    def market_slot(self, slot: int) -> pygame.Rect:
        """Returns a market slot's card rect (slots row by row)."""
        area, (w, h) = layout().rect("market_cards"), layout().size("market_card")
        gap, pitch = layout().number("market_gap"), layout().number("row_pitch")
        row, col = divmod(slot, self.columns)
        x0 = area.centerx - (w * self.columns + gap * (self.columns - 1)) / 2
        return pygame.Rect(int(x0 + col * (w + gap)), int(area.y + row * pitch), w, h)

    @staticmethod
    def cost_rect(card: pygame.Rect) -> pygame.Rect:
        """Returns the cost badge under a card."""
        cost = layout().get("cost")
        return pygame.Rect(card.x, card.bottom + cost["gap"], card.width, cost["height"])

    @staticmethod
    def pile(index: int, count: int) -> pygame.Rect:
        """Returns the rect of supply or energy pile `index` of `count`."""
        area = layout().rect("piles")
        return spread(area, count, layout().size("pile_card"), layout().number("pile_gap"))[index]

    # --- the plots --------------------------------------------------------------------------------
    @kept
    def plot(self, seat: int) -> pygame.Rect:
        """Returns a player's plot in the garden, seats row by row (a short last row centred)."""
        garden, gap = layout().rect("garden"), layout().number("plot.gap")
        w = (garden.width - gap * (self.cols - 1)) / self.cols
        h = (garden.height - gap * (self.rows - 1)) / self.rows
        row, col = divmod(seat, self.cols)
        in_row = min(self.cols, self.players - row * self.cols)
        x0 = garden.centerx - (w * in_row + gap * (in_row - 1)) / 2
        return pygame.Rect(int(x0 + col * (w + gap)), int(garden.y + row * (h + gap)), int(w), int(h))

    def _plot_number(self, name: str) -> float:
        """Returns a plot measure, its smaller version in a garden of two rows."""
        key = f"{name}_small" if self.compact and f"{name}_small" in layout().get("plot") else name
        return layout().number(f"plot.{key}")

    @kept
    def badge(self, seat: int) -> pygame.Rect:
        """Returns the seat badge at the top of a plot."""
        plot, pad = self.plot(seat), layout().number("plot.padding")
        return pygame.Rect(plot.x, plot.y + pad // 2, plot.width, self._plot_number("badge"))

    @kept
    def soil(self, seat: int) -> pygame.Rect:
        """Returns a plot's soil: the ground at the bottom, or, in a garden of two rows, a column at the right
        (so that the tree keeps its height)."""
        plot, badge = self.plot(seat), self.badge(seat)
        if self.compact:
            width = layout().number("plot.side_small")
            return pygame.Rect(plot.right - width, badge.bottom, width, plot.bottom - badge.bottom)
        height = layout().number("plot.soil")
        return pygame.Rect(plot.x, plot.bottom - height, plot.width, height)

    @kept
    def ground(self, seat: int) -> pygame.Rect:
        """Returns the ground under the tree (the top of the soil, or a strip of its own beside a soil column)."""
        plot, soil = self.plot(seat), self.soil(seat)
        if self.compact:
            height = layout().number("plot.ground_small")
            return pygame.Rect(plot.x, plot.bottom - height, soil.x - plot.x, height)
        return soil

    @kept
    def tree_area(self, seat: int) -> pygame.Rect:
        """Returns where a plot's tree may grow: between the badge and the ground, left of a soil column."""
        plot, badge, ground = self.plot(seat), self.badge(seat), self.ground(seat)
        return pygame.Rect(plot.x, badge.bottom, ground.width, ground.y - badge.bottom)

    @kept
    def leaves(self, seat: int) -> pygame.Rect:
        """Returns the leaf count in the top left corner of the tree's area."""
        area, pad = self.tree_area(seat), layout().number("plot.padding")
        w, h = layout().size("plot.leaves_small" if self.compact else "plot.leaves")
        return pygame.Rect(area.x + pad, area.y + pad // 2, w, h)

    @kept
    def soil_slot(self, seat: int, what: str) -> pygame.Rect:
        """Returns the part of the soil one stack takes (see SOIL): the roots on the first row, the deck,
        the discard pile and the hand on the second; one under another in a soil column."""
        soil, pad = self.soil(seat), layout().number("plot.padding")
        columns = 1 if self.compact else 3
        row, col = divmod(SOIL.index(what), columns)
        rows = len(SOIL) // columns
        w, h = (soil.width - 2 * pad) / columns, (soil.height - 2 * pad) / rows
        return pygame.Rect(int(soil.x + pad + col * w), int(soil.y + pad + row * h), int(w), int(h))

    @kept
    def soil_card(self, seat: int, what: str) -> pygame.Rect:
        """Returns the mini card of a soil stack, the stack and its count centred in their slot."""
        slot = self.soil_slot(seat, what)
        w, h = layout().size("plot.mini_card_small" if self.compact else "plot.mini_card")
        width = w + layout().number("plot.count_gap") + self._plot_number("count")
        return pygame.Rect(int(slot.centerx - width / 2), slot.centery - h // 2, w, h)

    @kept
    def soil_count(self, seat: int, what: str) -> pygame.Rect:
        """Returns the rect of the count beside a soil stack."""
        card = self.soil_card(seat, what)
        gap, width = layout().number("plot.count_gap"), self._plot_number("count")
        return pygame.Rect(int(card.right + gap), card.y, int(width), card.height)

    # --- the turn and the hand -------------------------------------------------------------------
    @staticmethod
    def played(count: int) -> list[pygame.Rect]:
        """Returns the rects of the cards played this turn, overlapping when crowded."""
        area, (w, h) = layout().rect("played"), layout().size("played_card")
        if count <= 0:
            return []
        step = min(w + 8, (area.width - w) / max(1, count - 1))
        return [pygame.Rect(int(area.x + i * step), area.y, w, h) for i in range(count)]

    @staticmethod
    def fan() -> HandFan:
        """Returns the hand fan at the bottom."""
        return HandFan(layout().rect("hand"), layout().size("hand_card"), lift=int(layout().number("hand_lift")),
                       arc=int(layout().number("hand_arc")))

    # --- setup ---------------------------------------------------------------------------------
    @staticmethod
    def setup_card(index: int, count: int) -> pygame.Rect:
        """Returns the rect of action card `index` of `count` laid out to be left out at setup."""
        area, (w, h) = layout().rect("setup_cards"), layout().size("setup_card")
        columns = int(layout().number("setup_columns"))
        rows = math.ceil(count / columns)
        gap_x = (area.width - columns * w) / max(1, columns - 1)
        gap_y = min(gap_x, (area.height - rows * h) / max(1, rows - 1))
        row, col = divmod(index, columns)
        return pygame.Rect(int(area.x + col * (w + gap_x)), int(area.y + row * (h + gap_y)), w, h)
