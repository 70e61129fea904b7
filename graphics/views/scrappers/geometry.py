"""Where everything of Scrappers is drawn, in logical pixels: the floor mapped from board.yaml's
plane, the conveyor spaces, the tokens, the hopper and the bin, the piles, the centre, the hand and
one panel per player. Plain functions of the layout, so animations and hit tests agree with drawing."""
from __future__ import annotations

import functools
import math

import pygame

from games.scrappers.board import Board
from graphics.kit.table import HandFan
from graphics.views.scrappers.sprites import layout

Point = tuple[float, float]


class Geometry:
    """The places of one table: a board and a number of players."""

    def __init__(self, board: Board, players: int) -> None:
        self.board = board
        self.players = players
        self.floor = layout().rect("floor")
        view = layout().rect("floor_view")
        self.scale = min(self.floor.width / view.width, self.floor.height / view.height)
        self.origin = (self.floor.centerx - view.centerx * self.scale, self.floor.centery - view.centery * self.scale)

    # --- the floor ------------------------------------------------------------------------------
    def point(self, x: float, y: float) -> Point:
        """Returns the logical point of a board position."""
        return (self.origin[0] + x * self.scale, self.origin[1] + y * self.scale)

    def units(self, key: str) -> float:
        """Returns a floor size (board units, floor_sizes in layout.yaml) in logical pixels."""
        return layout().number(f"floor_sizes.{key}") * self.scale

    def box(self, centre: Point, width: float, height: float | None = None) -> pygame.Rect:
        """Returns a rect of a size centred on a point."""
        height = width if height is None else height
        return pygame.Rect(round(centre[0] - width / 2), round(centre[1] - height / 2), round(width), round(height))

    def space_centre(self, space: int) -> Point:
        """Returns the centre of a bodger space."""
        s = self.board.spaces[space]
        return self.point(s.x, s.y)

    def pad(self, space: int) -> pygame.Rect:
        """Returns a bodger space's pad."""
        return self.box(self.space_centre(space), self.units("pad"))

    def token(self, space: int) -> pygame.Rect:
        """Returns where a token on a space is drawn."""
        return self.box(self.space_centre(space), self.units("token"))

    def above(self, space: int) -> bool:
        """Returns whether a space is above the conveyor (its name plate goes above the token)."""
        return self.board.spaces[space].y < self.board.conveyor[self.board.faces(space)].y

    def name_plate(self, space: int) -> pygame.Rect:
        """Returns the name plate of the token on a space: above it for the top row, below otherwise."""
        w, h = (v * self.scale for v in layout().get("floor_sizes.name"))
        x, y = self.space_centre(space)
        half = self.units("token") / 2
        top = y - half - h if self.above(space) else y + half
        return pygame.Rect(round(x - w / 2), round(top), round(w), round(h))

    def symbol(self, space: int) -> pygame.Rect:
        """Returns where a space shows its component symbol: its outer corner, clear of the token."""
        pad, side = self.pad(space), self.units("symbol")
        x, y = self.space_centre(space)
        cx = pad.right - side * 0.3 if x >= self.floor.centerx else pad.left + side * 0.3
        cy = pad.top + side * 0.3 if self.above(space) else pad.bottom - side * 0.3
        return self.box((cx, cy), side)

    def slot_centre(self, slot: int) -> Point:
        """Returns the centre of a conveyor space."""
        c = self.board.conveyor[slot]
        return self.point(c.x, c.y)

    def slot(self, slot: int) -> pygame.Rect:
        """Returns a conveyor space's rect (the belt under it)."""
        return self.box(self.slot_centre(slot), self.units("slot"), self.units("belt"))

    def part(self, slot: int) -> pygame.Rect:
        """Returns where the part on a conveyor space is drawn."""
        return self.box(self.slot_centre(slot), self.units("part"))

    def slot_number(self, slot: int) -> pygame.Rect:
        """Returns the number plate just under a conveyor space."""
        rect = self.slot(slot)
        return pygame.Rect(rect.x, rect.bottom, rect.width, round(self.units("number")))

    def hopper(self) -> pygame.Rect:
        """Returns the hopper."""
        w, h = (v * self.scale for v in layout().get("floor_sizes.hopper"))
        return self.box(self.point(self.board.hopper.x, self.board.hopper.y), w, h)

    def bin(self) -> pygame.Rect:
        """Returns the bin."""
        w, h = (v * self.scale for v in layout().get("floor_sizes.bin"))
        return self.box(self.point(self.board.bin.x, self.board.bin.y), w, h)

    def pile_part(self, rect: pygame.Rect) -> pygame.Rect:
        """Returns where the top part of the hopper or the bin shows, inside its sprite."""
        side = self.units("part") * 0.82
        return self.box((rect.centerx, rect.y + rect.height * 0.4), side)

    def count(self, rect: pygame.Rect) -> pygame.Rect:
        """Returns the count line under the hopper or the bin."""
        w, h = (v * self.scale for v in layout().get("floor_sizes.count"))
        return pygame.Rect(round(rect.centerx - w / 2), rect.bottom + 2, round(w), round(h))

    def tussle_mark(self, slot: int) -> pygame.Rect:
        """Returns the tussle mark over a part being tussled for."""
        rect = self.part(slot)
        side = self.units("tussle")
        return self.box((rect.right - side * 0.25, rect.top + side * 0.25), side)

    def path(self, start: int, end: int, blocked: set[int]) -> list[int]:
        """Returns the spaces a token passes going round the loop from `start` to `end`: the way with
        no token in between, else the shorter way."""
        ways = []
        count = len(self.board.spaces)
        for direction in (1, -1):
            spaces, at = [start], start
            while at != end and len(spaces) <= count:
                at = (at + direction) % count
                spaces.append(at)
            ways.append(spaces)
        clear = [w for w in ways if not blocked & set(w[1:-1])]
        return min(clear or ways, key=len)

    # --- around the floor -----------------------------------------------------------------------
    @staticmethod
    def rect(key: str) -> pygame.Rect:
        """Returns a rect of the layout (piles.deck, centre, hand...)."""
        return layout().rect(key)

    def centre_card(self) -> pygame.Rect:
        """Returns the card in play."""
        area = layout().rect("centre")
        w, h = layout().size("centre_card")
        top = area.y + layout().number("centre_title")
        return pygame.Rect(area.centerx - w // 2, top + (area.bottom - top - h) // 2, w, h)

    def centre_title(self) -> pygame.Rect:
        """Returns the title line of the centre."""
        area = layout().rect("centre")
        return pygame.Rect(area.x, area.y, area.width, layout().number("centre_title"))

    def hand_title(self) -> pygame.Rect:
        """Returns the title line over the hand."""
        area = layout().rect("hand")
        return pygame.Rect(area.x, area.y, area.width, layout().number("hand_title"))

    def fan(self) -> HandFan:
        """Returns the hand fan."""
        area = layout().rect("hand")
        top = layout().number("hand_title")
        return HandFan(pygame.Rect(area.x, area.y + top, area.width, area.height - top), layout().size("hand_card"),
                       lift=layout().number("hand_lift"))

    def commit_rects(self, count: int) -> list[pygame.Rect]:
        """Returns the rects of the cards a seat has put down in a tussle, fanned in the centre."""
        area = layout().rect("centre")
        top = area.y + layout().number("centre_title")
        fan = HandFan(pygame.Rect(area.x, top, area.width, area.bottom - top), layout().size("commit_card"), gap=8,
                      arc=6, lift=0)
        return fan.rects(count)

    def setup_tokens(self, count: int) -> list[pygame.Rect]:
        """Returns the tokens waiting to be placed, in a grid in the centre, each with room for its name below."""
        area = layout().rect("centre")
        top = area.y + layout().number("centre_title")
        side = layout().number("centre_tokens")
        label, gap = layout().number("centre_token_label"), layout().number("centre_token_gap")
        columns = max(1, min(count, int(area.width // (side + gap))))
        rows = math.ceil(count / columns)
        side = min(side, (area.bottom - top) / rows - label - gap)   # a third row shrinks the tokens to fit
        step_x, step_y = side + gap, side + label + gap
        x0 = area.centerx - step_x * columns / 2 + gap / 2
        y0 = top + (area.bottom - top - step_y * rows) / 2 + gap / 2
        return [pygame.Rect(round(x0 + (i % columns) * step_x), round(y0 + (i // columns) * step_y), round(side),
                            round(side)) for i in range(count)]

    @staticmethod
    def setup_token_label(token: pygame.Rect) -> pygame.Rect:
        """Returns where a waiting token's name goes: under it, in the room setup_tokens leaves."""
        return pygame.Rect(token.x - 10, token.bottom + 2, token.width + 20, layout().number("centre_token_label"))

    # --- the players' panels --------------------------------------------------------------------
    @functools.cached_property
    def panels(self) -> list[pygame.Rect]:
        """Returns each player's panel, top to bottom in seat order."""
        area = layout().rect("panels")
        gap = layout().number("panel.gap")
        height = (area.height - gap * (self.players - 1)) / self.players
        return [pygame.Rect(area.x, round(area.y + i * (height + gap)), area.width, round(height))
                for i in range(self.players)]

    def header(self, seat: int) -> pygame.Rect:
        """Returns a panel's badge line."""
        rect, style = self.panels[seat], layout().get("panel")
        return pygame.Rect(rect.x + style["padding"], rect.y + style["padding"] // 2,
                           rect.width - 2 * style["padding"], style["header"])

    def wrench(self, seat: int) -> pygame.Rect:
        """Returns where the wrench lies on the foreman's panel (the left end of the status line)."""
        status = self.status(seat)
        w, h = layout().size("panel.wrench")
        return pygame.Rect(status.x, status.centery - h // 2, w, h)

    def status(self, seat: int) -> pygame.Rect:
        """Returns a panel's status line (bodgers, cards, passed)."""
        header, style = self.header(seat), layout().get("panel")
        return pygame.Rect(header.x, header.bottom, header.width, style["status"])

    def parts_area(self, seat: int) -> pygame.Rect:
        """Returns where a panel shows the player's contraptions and loose plugs."""
        rect, status, style = self.panels[seat], self.status(seat), layout().get("panel")
        top = status.bottom + style["padding"] // 2
        return pygame.Rect(status.x, top, status.width, rect.bottom - style["padding"] // 2 - top)

    def hand_spot(self, seat: int) -> pygame.Rect:
        """Returns where a seat's cards come from and go to when its hand is not on screen: its panel's status line."""
        status = self.status(seat)
        w, h = layout().size("hand_card")
        return self.box(status.center, w * 0.4, h * 0.4)
