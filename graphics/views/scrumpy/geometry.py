"""Where everything of a Scrumpy table sits for one view: the strip, the goals, the vendors, the focus
cidery drawn whole with its hand, and the other cideries compact in the right column (or the Automa).
Every rect is logical (the 1920x1080 canvas) and read from data/scrumpy/layout.yaml."""
from __future__ import annotations

import pygame

from games.scrumpy.state import ScrumpyState
from graphics.config import Layout, game_layout

GAME = "scrumpy"


def layout() -> Layout:
    """Returns data/scrumpy/layout.yaml."""
    return game_layout(GAME)


def inside(outer: pygame.Rect, key: str, dx: float = 0, dy: float = 0) -> pygame.Rect:
    """Returns the layout rect at `key`, read from the top left of `outer` and moved by (dx, dy)."""
    rect = layout().rect(key)
    return pygame.Rect(int(outer.x + rect.x + dx), int(outer.y + rect.y + dy), rect.width, rect.height)


def focus_seat(view: ScrumpyState, viewer: int | None) -> int:
    """Returns the cidery drawn whole: the viewer's, else the seat to move's (the first seat once over)."""
    if viewer is not None and 0 <= viewer < view.players:
        return viewer
    seat = view.current_player()
    return seat if seat is not None else 0


class Geometry:
    """The rects of one view's table, with the focus cidery whole and the others compact."""

    def __init__(self, view: ScrumpyState, viewer: int | None) -> None:
        self.view = view
        self.focus = focus_seat(view, viewer)
        lay = layout()
        column = lay.rect("right_column")
        step = lay.number("vendor.height") + lay.number("vendor.gap")
        self.vendors = [pygame.Rect(column.x, int(column.y + v * step), column.width, int(lay.number("vendor.height")))
                        for v in range(len(view.vendors))]
        top = (self.vendors[-1].bottom if self.vendors else column.y) + lay.number("column_gap")
        self.below = pygame.Rect(column.x, int(top), column.width, int(column.bottom - top))  # others or the Automa
        # in seat order: at a change of turn only the two movers change place; the others stay where they were
        self.others = [seat for seat in range(view.players) if seat != self.focus]
        height, gap = lay.number("compact.height"), lay.number("compact.gap")
        self.compact = {seat: pygame.Rect(self.below.x, int(self.below.y + i * (height + gap)), self.below.width,
                                          int(height)) for i, seat in enumerate(self.others)}

    # --- the table --------------------------------------------------------------------------------
    @staticmethod
    def strip_panel() -> pygame.Rect:
        """Returns the panel of the recruitment strip."""
        return layout().rect("strip_panel")

    def strip_slot(self, slot: int) -> pygame.Rect:
        """Returns the card rect of a strip space (0: no discount, at the left)."""
        return inside(self.strip_panel(), "strip.first_slot", slot * layout().number("strip.slot_step"))

    def strip_badge(self, slot: int) -> pygame.Rect:
        """Returns the badge under a strip space (its discount and price)."""
        return inside(self.strip_slot(slot), "strip.badge")

    def strip_market(self) -> tuple[pygame.Rect, int, int]:
        """Returns the strip as the kit's market row (draw_market): the area its spaces and their badges fill, the
        gap between two spaces and how far below a space its badge lies."""
        first, last = self.strip_slot(0), self.strip_slot(len(self.view.strip.slots) - 1)
        badge = self.strip_badge(0)
        area = pygame.Rect(first.x, first.y, last.right - first.x, badge.bottom - first.y)
        return area, self.strip_slot(1).x - first.right, badge.y - first.bottom

    def deck(self) -> pygame.Rect:
        """Returns the recruitment deck."""
        return inside(self.strip_panel(), "strip.deck")

    def layabouts(self) -> pygame.Rect:
        """Returns the grey Idle Layabout supply."""
        return inside(self.strip_panel(), "strip.layabouts")

    @staticmethod
    def goals_panel() -> pygame.Rect:
        """Returns the panel of the goals."""
        return layout().rect("goals_panel")

    def goal_row(self, index: int) -> pygame.Rect:
        """Returns the row of the index-th goal (the public ones, then the private one)."""
        return inside(self.goals_panel(), "goals.first_row", 0, index * layout().number("goals.row_step"))

    def vendor_row(self, vendor: int, row: int) -> pygame.Rect:
        """Returns the line of one delivery of a vendor."""
        return inside(self.vendors[vendor], "vendor.first_row", 0, row * layout().number("vendor.row_step"))

    def vendor_space(self, vendor: int, row: int, space: int) -> pygame.Rect:
        """Returns a reward space of a delivery."""
        return inside(self.vendor_row(vendor, row), "vendor.first_space", space * layout().number("vendor.space_step"))

    # --- cideries ------------------------------------------------------------------------------
    def whole(self, seat: int) -> bool:
        """Returns whether a seat's cidery is drawn whole (the focus) rather than compact."""
        return seat == self.focus

    def board(self, seat: int) -> pygame.Rect:
        """Returns the rect of a seat's cidery."""
        return layout().rect("main_board") if self.whole(seat) else self.compact[seat]

    def part(self, seat: int, name: str, index: int = 0) -> pygame.Rect:
        """Returns a part of a seat's cidery: space, store, office, spot, orchard, header, pills, counts.
        Parts a compact cidery does not show stand for the whole compact cidery."""
        return board_part(self.board(seat), name, index, self.whole(seat))

    def hand_area(self) -> pygame.Rect:
        """Returns the focus cidery's hand area (hand, draw pile, discard pile, cards in use)."""
        return layout().rect("hand_area")

    def hand_part(self, key: str) -> pygame.Rect:
        """Returns a part of the hand area: draw, discard, fan, pool, pool_title."""
        return inside(self.hand_area(), f"hand.{key}")


def board_part(board: pygame.Rect, name: str, index: int, whole: bool) -> pygame.Rect:
    """Returns a part of a cidery drawn in `board`, whole or compact (see Geometry.part)."""
    lay = layout()
    prefix = "board" if whole else "compact"
    if name == "space":
        return inside(board, f"{prefix}.first_space", index * lay.number(f"{prefix}.space_step"))
    if name == "store":
        return inside(board, f"{prefix}.first_store", index * lay.number(f"{prefix}.store_step"))
    if name in ("header", "pills") or (not whole and name in ("counts", "status")):
        return inside(board, f"{prefix}.{name}")
    if not whole:
        return pygame.Rect(board)
    if name == "office":
        return inside(board, "board.first_office", index * lay.number("board.office_step"))
    if name == "spot":
        return inside(board, "board.first_spot", index * lay.number("board.spot_step"))
    if name == "orchard":
        return inside(board, "board.orchard")
    if name == "orchard_cell":
        return orchard_cell(inside(board, "board.orchard"), index)
    return pygame.Rect(board)


def orchard_cell(orchard: pygame.Rect, index: int) -> pygame.Rect:
    """Returns one of the six orchard spaces (three across, two down, under the orchard's label)."""
    lay = layout()
    cell, gap = lay.number("board.orchard_cell"), lay.number("board.orchard_gap")
    label = lay.number("board.store_label")
    width = 3 * cell + 2 * gap
    x0 = orchard.centerx - width / 2
    return pygame.Rect(int(x0 + (index % 3) * (cell + gap)), int(orchard.y + label + (index // 3) * (cell + gap)),
                       int(cell), int(cell))
