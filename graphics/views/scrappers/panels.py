"""The players' panels: each seat's badge (the wrench on the foreman's), its bodgers and cards, whether
it passed or how far it is in a tussle, and its parts arranged as contraptions (each core with its
plugs round it) and loose plugs by colour. Registers ("panel", seat) on the hit map."""
from __future__ import annotations

import math
from collections import Counter
from typing import Sequence

import pygame

from games.scrappers.contraptions import Contraption, arrange, progress
from games.scrappers.records import ACTION, OVER
from games.scrappers.state import ScrappersState
from graphics.config import Theme, seat_colour
from graphics.kit.table import draw_seat_badge
from graphics.paint import Painter
from graphics.views.scrappers.floor import Floor
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.sprites import GAME, Sprites, layout

SIDES = (180, 90, 0, -90)  # a plug on the top, right, bottom, left of a core turns its connector inward


def tussle_state(view: ScrappersState, seat: int) -> tuple[str, bool]:
    """Returns how far a seat is in the tussle under way ('' if it has no part in it), and whether it
    chooses for Keelie."""
    tussle = view.tussle
    if tussle is None or seat not in tussle.committers:
        return "", False
    position = tussle.committers.index(seat)
    state = "chosen" if position < tussle.index else "choosing" if position == tussle.index else "next"
    return state, tussle.for_keelie[position]


class Panels:
    """Draws every player's panel."""

    def __init__(self, geometry: Geometry, sprites: Sprites, floor: Floor, seats: Sequence) -> None:
        self.geo = geometry
        self.sprites = sprites
        self.floor = floor
        self.seats = seats
        self.theme = Theme(GAME)

    def draw(self, paint: Painter, view: ScrappersState, hidden: set) -> None:
        """Draws each seat's panel."""
        for seat in range(view.players):
            self.draw_panel(paint, view, seat, hidden)

    def draw_panel(self, paint: Painter, view: ScrappersState, seat: int, hidden: set) -> None:
        """Draws one seat's panel: badge, wrench, status line and parts."""
        rect = self.geo.panels[seat]
        info = seat_colour(self.seats[seat].colour)
        active = view.current_player() == seat and view.phase != OVER
        paint.panel(rect, self.theme.colour("panel"), info.rgb, 14)
        paint.rect(rect.inflate(-6, -6), info.rgb, 12, 3 if active else 1)
        header = self.geo.header(seat)
        chip = self._cards_chip(paint, header, len(view.hands[seat]))
        draw_seat_badge(paint, pygame.Rect(header.x, header.y, chip.x - header.x, header.height), self.seats[seat].name,
                        info, "", active, ink=self.theme.colour("panel_ink"), band=header)
        self._draw_chip(paint, chip, len(view.hands[seat]))
        self._status(paint, view, seat, hidden)
        self._parts(paint, view, seat)
        paint.hits.add(("panel", seat), rect)

    @staticmethod
    def _cards_chip(paint: Painter, header: pygame.Rect, count: int) -> pygame.Rect:
        """Returns where a seat's hand size shows: a small card and the number, at the right of its badge line."""
        w, h = layout().size("panel.card_icon")
        width = w + 6 + paint.measure(str(count), "body", "bold") + 4
        return pygame.Rect(header.right - width - 6, header.centery - h // 2, width, h)

    def _draw_chip(self, paint: Painter, chip: pygame.Rect, count: int) -> None:
        """Draws the hand size: a card back and the number."""
        w, _ = layout().size("panel.card_icon")
        self.sprites.draw_card(paint, None, (chip.x, chip.y, w, chip.height))
        paint.text(str(count), (chip.x + w + 6, chip.y, chip.width - w - 6, chip.height), "body",
                   self.theme.colour("panel_ink"), "bold", "midleft")

    def _status(self, paint: Painter, view: ScrappersState, seat: int, hidden: set) -> None:
        """Draws the wrench if the seat is the foreman, its bodgers (small tokens, their pass side when it
        passed), whether it passed or how far it is in a tussle, and its best core's plugs ("3/4")."""
        line = self.geo.status(seat)
        x = line.x
        if view.foreman == seat:  # from setup on: the first foreman is known before the first round
            wrench = self.geo.wrench(seat)
            if ("wrench",) not in hidden:
                paint.image(f"{GAME}/wrench", wrench)
            x = wrench.right + 6
        side = layout().number("panel.mini_token")
        for bodger in view.own_bodgers(seat):
            self.floor.draw_token(paint, view, bodger, (x + side / 2, line.centery), side, view.passed()[seat])
            x += side + 4
        icon = layout().number("panel.icon")
        right = self._best(paint, view, seat, line, icon)
        state, for_keelie = tussle_state(view, seat)
        note = state or ("passed" if view.phase == ACTION and view.passed()[seat] else "")
        if not note:
            return
        width = paint.measure(note, "small", "bold") + 4
        paint.text(note, (right - width, line.y, width, line.height), "small", self.theme.colour("muted"), "bold",
                   "midright")
        if state:
            box = (right - width - icon - 4, line.centery - icon / 2, icon, icon)
            paint.image(f"{GAME}/token_keelie" if for_keelie else f"{GAME}/tussle", box)

    def _best(self, paint: Painter, view: ScrappersState, seat: int, line: pygame.Rect, icon: float) -> float:
        """Draws the most plugs one of the seat's cores holds at the right of its status line; returns where
        the rest of the line ends."""
        text = f"{progress(view.data, view.holdings[seat])}/{view.data.rules.plugs_per_core}"
        width = paint.measure(text, "small", "bold") + 4
        paint.text(text, (line.right - width, line.y, width, line.height), "small", self.theme.colour("panel_ink"),
                   "bold", "midright")
        paint.image(f"{GAME}/core", (line.right - width - icon - 4, line.centery - icon / 2, icon, icon))
        return line.right - width - icon - 14

    # --- contraptions ---------------------------------------------------------------------------
    def _parts(self, paint: Painter, view: ScrappersState, seat: int) -> None:
        """Draws the seat's contraptions (cores with plugs) and its loose plugs grouped by colour."""
        area = self.geo.parts_area(seat)
        parts = view.holdings[seat]
        if not parts:
            paint.text("No parts yet", area, "small", self.theme.colour("muted"), "bold", "midleft")
            return
        built, loose = arrange(view.data, parts)
        groups = Counter(view.data.parts[p].colour for p in loose)
        firsts = {view.data.parts[p].colour: p for p in reversed(loose)}
        cells = loose_cells(area, len(groups))
        room = pygame.Rect(area.x, area.y, (cells[0].x - area.x - 8) if cells else area.width, area.height)
        for contraption, rect in zip(built, cluster_rects(room, len(built))):
            self._cluster(paint, view, contraption, rect)
        ink = self.theme.colour("panel_ink")
        for (colour_name, count), cell in zip(sorted(groups.items()), cells):
            chip = pygame.Rect(cell.x, cell.y, cell.height, cell.height)
            self.sprites.draw_part(paint, firsts[colour_name], chip, button=False)
            paint.text(f"x{count}", (chip.right + 4, cell.y, cell.right - chip.right - 4, cell.height), "small", ink,
                       "bold", "midleft")

    def _cluster(self, paint: Painter, view: ScrappersState, contraption: Contraption, rect: pygame.Rect) -> None:
        """Draws a core with a plug on each filled side, each plug's connector turned toward the core."""
        core = self.geo.box(rect.center, rect.width * layout().number("panel.core"))
        self.sprites.draw_part(paint, contraption.core, core, button=False)
        plug_side = rect.width * layout().number("panel.plug")
        depth = plug_side / 2
        spots = [(core.centerx, rect.y + depth), (rect.right - depth, core.centery),
                 (core.centerx, rect.bottom - depth), (rect.x + depth, core.centery)]
        for plug, spot, angle in zip(contraption.plugs, spots, SIDES):
            if plug is None:
                continue
            screen = paint.viewport.rect(self.geo.box(spot, plug_side))
            surface = pygame.transform.rotate(self.sprites.part(paint.assets, plug, screen.width, False), angle)
            paint.surface.blit(surface, surface.get_rect(center=screen.center))

    def part_rect(self, view: ScrappersState, seat: int) -> pygame.Rect:
        """Returns where a newly pulled part lands on a seat's panel (its parts area)."""
        area = self.geo.parts_area(seat)
        side = min(area.height, layout().number("panel.cluster")) * 0.6
        return self.geo.box(area.center, side)


def cluster_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Returns a square per contraption, left to right, as large as fits (at most the layout's size)."""
    if count <= 0:
        return []
    gap = layout().number("panel.cluster_gap")
    side = min(layout().number("panel.cluster"), area.height, (area.width - gap * (count - 1)) / count)
    columns = count
    if side < area.height / 2:  # more fit in two rows
        side2 = min(area.height / 2 - gap / 2, (area.width - gap * (math.ceil(count / 2) - 1)) / math.ceil(count / 2))
        if side2 > side:
            side, columns = side2, math.ceil(count / 2)
    rows = math.ceil(count / columns)
    top = area.y + (area.height - rows * side - (rows - 1) * gap) / 2
    return [pygame.Rect(round(area.x + (i % columns) * (side + gap)), round(top + (i // columns) * (side + gap)),
                        round(side), round(side)) for i in range(count)]


def loose_cells(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Returns a cell per colour of loose plugs, in columns at the right of the parts area."""
    if count <= 0:
        return []
    w, h = layout().size("panel.loose")
    per_column = max(1, int(area.height // h))
    columns = math.ceil(count / per_column)
    left = area.right - columns * w
    rows = min(count, per_column)
    top = area.y + (area.height - rows * h) / 2
    return [pygame.Rect(left + (i // per_column) * w, round(top + (i % per_column) * h), w, h) for i in range(count)]
