"""The factory floor on screen: the floor with its bodger spaces, the conveyor with its parts, the
hopper and the bin with their counts, and the tokens (their owner's ring, the pass side). Registers
("space", i), ("slot", c), ("bodger", id), ("hopper",) and ("bin",) on the hit map."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.scrappers.records import GUPPY, KEELIE
from games.scrappers.state import ScrappersState
from graphics.config import Theme, seat_colour
from graphics.paint import Painter
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.sprites import GAME, Sprites

SPACES_IN_FRONT = ("move", "place_space")  # decisions answered on a space, even one Guppy stands on


class Floor:
    """Draws the floor of one table."""

    def __init__(self, geometry: Geometry, sprites: Sprites, seats: Sequence) -> None:
        self.geo = geometry
        self.sprites = sprites
        self.seats = seats
        self.theme = Theme(GAME)

    # --- the floor, drawn once per size ----------------------------------------------------------
    def draw_base(self, paint: Painter, symbols: bool) -> None:
        """Draws the floor, the pads, the belt, the hopper and the bin (cached per window size)."""
        screen = paint.viewport.rect(self.geo.floor)
        key = ("scrappers-floor", screen.size, paint.viewport.scale, symbols)
        base = paint.assets.cached(key, lambda: self._render(paint, symbols))
        paint.surface.blit(base, screen)

    def _render(self, paint: Painter, symbols: bool) -> pygame.Surface:
        """Renders the floor's fixed parts at window scale."""
        geo = self.geo
        screen = paint.viewport.rect(geo.floor)
        surface = pygame.Surface(screen.size, pygame.SRCALPHA)
        layer = Painter(surface, _Shifted(paint.viewport, screen.topleft), paint.assets)
        layer.image(f"{GAME}/floor", geo.floor)
        for space in range(len(geo.board.spaces)):
            layer.image(f"{GAME}/pad", geo.pad(space))
            if symbols and geo.board.spaces[space].symbol:
                layer.image(f"{GAME}/sym_{geo.board.spaces[space].symbol}", geo.symbol(space))
        for slot in range(geo.board.length):
            layer.image(f"{GAME}/belt", geo.slot(slot))
            layer.text(str(slot + 1), geo.slot_number(slot), "tiny", self.theme.colour("slot_number"), "bold",
                       floor="tiny")
        layer.image(f"{GAME}/hopper", geo.hopper())
        layer.image(f"{GAME}/bin", geo.bin())
        return surface

    # --- what changes -----------------------------------------------------------------------------
    def draw(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the floor and everything on it."""
        self.draw_base(paint, view.options["guppy"])
        self._draw_piles(paint, view, hidden)
        self._draw_parts(paint, view, hidden)
        decision = view.pending_decision()
        spaces_first = decision is None or decision.kind not in SPACES_IN_FRONT
        if spaces_first:
            self._register_spaces(paint)
        self._draw_tokens(paint, view, hidden)
        if not spaces_first:
            self._register_spaces(paint)

    def _register_spaces(self, paint: Painter) -> None:
        """Registers every bodger space."""
        for space in range(len(self.geo.board.spaces)):
            paint.hits.add(("space", space), self.geo.pad(space))

    def _draw_piles(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the top of the hopper and of the bin with their counts."""
        geo, belt = self.geo, view.belt
        ink = self.theme.colour("count_text")
        for key, rect, cards, label in (("hopper", geo.hopper(), belt.hopper.cards, "hopper"),
                                        ("bin", geo.bin(), belt.bin.cards, "bin")):
            top = cards[:-1] if (key,) in hidden else cards  # the top one is being animated away
            if top:
                self.sprites.draw_part(paint, top[-1], geo.pile_part(rect))
            paint.text(f"{label} {len(cards)}", geo.count(rect), "small", ink, "bold")
            paint.hits.add((key,), rect)

    def _draw_parts(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the parts on the conveyor and the mark over a part being tussled for."""
        geo = self.geo
        for slot, part in enumerate(view.belt.slots):
            if part is not None and ("slot", slot) not in hidden:
                self.sprites.draw_part(paint, part, geo.part(slot))
            paint.hits.add(("slot", slot), geo.part(slot))
        if view.tussle is not None and ("slot", view.tussle.slot) not in hidden:
            paint.image(f"{GAME}/tussle", geo.tussle_mark(view.tussle.slot))

    def _draw_tokens(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws every token with its name plate; Guppy small at the side when he shares a space."""
        passed = view.passed()
        shared = {b.space for b in view.bodgers if b.id != GUPPY}
        for bodger in sorted(view.bodgers, key=lambda b: b.id == GUPPY):
            if ("bodger", bodger.id) in hidden:
                continue
            small = bodger.id == GUPPY and bodger.space in shared
            rect = self.token_rect(bodger.space, small)
            self.draw_token(paint, view, bodger.id, rect.center, rect.width,
                            bodger.owner is not None and passed[bodger.owner])
            if not small:
                self.draw_name(paint, view, bodger.id, bodger.space)
            paint.hits.add(("bodger", bodger.id), rect)

    def token_rect(self, space: int, small: bool = False) -> pygame.Rect:
        """Returns where a token stands on a space (Guppy beside another bodger: smaller, at the corner)."""
        rect = self.geo.token(space)
        if not small:
            return rect
        side = rect.width * 0.55
        return self.geo.box((rect.x + side * 0.3, rect.bottom - side * 0.3), side)

    def ring(self, view: ScrappersState, bodger: str) -> tuple[tuple[int, int, int] | None, str]:
        """Returns a token's ring colour and seat symbol: its owner's (none for Keelie and Guppy)."""
        owner = next((b.owner for b in view.bodgers if b.id == bodger), None)
        if owner is None:
            owner = self._owner_by_data(view, bodger)
        if owner is None:
            return None, ""
        seat = seat_colour(self.seats[owner].colour)
        return seat.rgb, seat.symbol

    @staticmethod
    def _owner_by_data(view: ScrappersState, bodger: str) -> int | None:
        """Returns who is placing a token not yet on the floor (setup), if it is a player's own."""
        if bodger in (KEELIE, GUPPY):
            return None
        decision = view.pending_decision()
        if decision is not None and decision.data.get("bodger") == bodger:
            return decision.seat
        return None

    def draw_token(self, paint: Painter, view: ScrappersState, bodger: str, centre, diameter: float,
                   passed: bool) -> None:
        """Draws one token centred on a logical point."""
        ring, symbol = self.ring(view, bodger)
        self.sprites.draw_token(paint, bodger, passed, ring, centre, diameter, symbol)

    def draw_name(self, paint: Painter, view: ScrappersState, bodger: str, space: int) -> None:
        """Draws a token's name plate."""
        plate = self.geo.name_plate(space)
        name = view.data.name(bodger)
        width = min(plate.width, paint.measure(name, "small", "bold") + 16)
        box = pygame.Rect(plate.centerx - width / 2, plate.y + 2, width, plate.height - 4)
        paint.shade(box, self.theme.colour("name_plate"), 200, box.height / 2)
        paint.text(name, box, "small", self.theme.colour("name_text"), "bold")


class _Shifted:
    """A viewport that draws into a surface whose top left is at `offset` in the window (a cached layer)."""

    def __init__(self, viewport, offset: tuple[int, int]) -> None:
        self._viewport = viewport
        self._offset = offset
        self.scale = viewport.scale
        self.canvas = viewport.canvas

    def rect(self, rect) -> pygame.Rect:
        return self._viewport.rect(rect).move(-self._offset[0], -self._offset[1])

    def point(self, point) -> tuple[int, int]:
        x, y = self._viewport.point(point)
        return x - self._offset[0], y - self._offset[1]

    def px(self, length: float) -> int:
        return self._viewport.px(length)

    def logical(self, pos):
        return self._viewport.logical((pos[0] + self._offset[0], pos[1] + self._offset[1]))

    def size(self, size):
        return self._viewport.size(size)
