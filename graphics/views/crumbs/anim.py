"""Crumbs animations on the kit timeline: drops played from the physics frames, scuffle dice, trackers moving."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import pygame

from graphics.config import SeatColour, colour
from graphics.kit.timeline import Frames, Panel, Tween
from graphics.paint import Painter
from graphics.views.crumbs.panels import draw_army_icon
from graphics.views.crumbs.park import crumbs_layout

GAME = "crumbs"  # whose palette the scuffle panel uses


def drop(frames: list[dict], dropped: Iterable[str], draw_piece: Callable[[Painter, str, tuple], None]) -> Frames:
    """Returns a drop played from its frames; pieces in the air (pose[3] is the height) drawn over those at rest."""
    return Frames(frames, crumbs_layout().number("drop_fps"), draw_piece, depth_of=lambda pose: pose[3],
                  entering=dropped)


def tracker(seat: int, start: tuple[float, float], end: tuple[float, float],
            draw_at: Callable[[Painter, int, tuple[float, float]], None]) -> Tween:
    """Returns a tracker sliding along the Crumb Trail from the point `start` to the point `end`."""
    return Tween(("tracker", seat), crumbs_layout().number("tracker_seconds"),
                 lambda paint, u: draw_at(paint, seat, (start[0] + (end[0] - start[0]) * u,
                                                        start[1] + (end[1] - start[1]) * u)), depth=1)


@dataclass
class Side:
    """One side of a scuffle as shown: who (name, colour, symbol), the army, the die, critters, bonus, total,
    and whether it won."""

    name: str
    army: str
    critter: str
    seat: SeatColour
    die: int
    critters: int
    bonus: int
    total: int
    won: bool


def scuffle_size(sides: int) -> tuple[int, int]:
    """Returns the size of a scuffle panel: a title, then one row per side."""
    style = crumbs_layout().get("scuffle")
    return style["width"], style["title"] + sides * style["row"] + style["margin"]


@dataclass
class Scuffle:
    """A scuffle panel beside its space: a row per side (symbol, name and army, die, total); the dice tumble,
    then the totals show, then the winner's row is lit."""

    rect: pygame.Rect
    title: str
    sides: list[Side]

    def step(self) -> Panel:
        """Returns the panel as a timeline step."""
        return Panel(crumbs_layout().number("scuffle.duration"), self.draw)

    def rows(self) -> list[dict[str, pygame.Rect]]:
        """Returns each side's row with the places of its parts: symbol, name, army, die and result."""
        style = crumbs_layout().get("scuffle")
        margin, row_h, die = style["margin"], style["row"], style["die"]
        left, width = self.rect.x + margin, self.rect.width - 2 * margin
        rows = []
        for i in range(len(self.sides)):
            row = pygame.Rect(left, self.rect.y + style["title"] + i * row_h, width, row_h - 4)
            symbol = pygame.Rect(row.x + 6, row.centery - style["icon"] // 4, style["icon"], style["icon"] // 2)
            result = pygame.Rect(row.right - style["result"] - 6, row.y, style["result"], row.height)
            dice = pygame.Rect(result.x - die - 10, row.centery - die // 2, die, die)
            text = pygame.Rect(symbol.right + 8, row.y + 2, dice.x - symbol.right - 16, (row.height - 4) // 2)
            rows.append({"row": row, "symbol": symbol, "name": text, "army": text.move(0, text.height),
                         "die": dice, "result": result})
        return rows

    def draw(self, paint: Painter, t: float) -> None:
        """Draws the panel at time `t`: dice roll in, then totals, then the winner is lit."""
        style = crumbs_layout().get("scuffle")
        rect, margin = self.rect, style["margin"]
        ink = colour("die_text", GAME)
        paint.panel(rect, colour("scuffle", GAME), colour("scuffle_edge", GAME), 16)
        paint.text(self.title, (rect.x + margin, rect.y + 4, rect.width - 2 * margin, style["title"] - 8), "body",
                   colour("accent"), "bold")
        spin = t < style["spin"]
        for side, parts in zip(self.sides, self.rows()):
            if side.won and t > style["verdict"]:
                paint.shade(parts["row"], colour("glow"), 150, 10)
            draw_army_icon(paint, side.critter, side.seat, parts["symbol"])
            paint.text(side.name, parts["name"], "small", ink, "bold", "midleft")
            paint.text(side.army, parts["army"], "small", ink, "body", "midleft")
            shown = side.die if not spin else 1 + int(t * 20) % 3
            paint.image("crumbs/scuffle_die", parts["die"])
            paint.text(str(shown), parts["die"], int(parts["die"].height * 0.64), ink, "title")
            if not spin:
                paint.text(result_text(side), parts["result"], "body", ink, "bold", "midleft")


def result_text(side: Side) -> str:
    """Returns a side's sum after its die: critters, bonus and total ('+3 +1 = 6')."""
    return f"+{side.critters}" + (f" {side.bonus:+d}" if side.bonus else "") + f" = {side.total}"


@dataclass
class Feeding:
    """A feeding's score for one player, shown on each space it scores as it is scored: crumbs x value."""

    seat: SeatColour
    labels: list[tuple[tuple[float, float], str]]  # each space's value spot and its breakdown
    inside: pygame.Rect  # the park: labels stay on it

    def step(self) -> Panel:
        """Returns the labels as a timeline step."""
        return Panel(crumbs_layout().number("feeding.seconds"), self.draw)

    def rects(self, paint: Painter) -> list[tuple[pygame.Rect, str]]:
        """Returns each label's pill and text."""
        return [(feeding_label(paint, text, spot, self.inside), text) for spot, text in self.labels]

    def draw(self, paint: Painter, t: float) -> None:
        """Draws each label: the seat's symbol and the breakdown in a pill."""
        for rect, text in self.rects(paint):
            paint.rect(rect, colour("cream", GAME), rect.height // 2)
            paint.rect(rect, self.seat.rgb, rect.height // 2, 3)
            side = rect.height - 10
            paint.symbol(self.seat.symbol, (rect.x + 6 + side / 2, rect.centery), side, self.seat.rgb)
            paint.text(text, rect.inflate(-side - 16, 0).move(side // 2 + 4, 0), "small", colour("ink", GAME), "bold")


@dataclass
class Knock:
    """A piece a drop knocked into another space: where it lay, where it came to rest, whose it is."""

    start: tuple[float, float]
    end: tuple[float, float]
    seat: SeatColour | None  # the dog and crumbs belong to nobody
    text: str  # "from East Lawn"


@dataclass
class Knocks:
    """After a drop, each piece it knocked into another space is ringed, with a trail back to where it lay
    and the space it came from, before any scuffle it causes."""

    knocks: list[Knock]
    inside: pygame.Rect  # the park: labels stay on it

    def step(self) -> Panel:
        """Returns the marks as a timeline step."""
        return Panel(crumbs_layout().number("knock.seconds"), self.draw)

    def draw(self, paint: Painter, t: float) -> None:
        """Draws each knock: a ring where the piece lay, a trail, a ring where it lies and where it came from."""
        style = crumbs_layout().get("knock")
        ring = style["ring"]
        for knock in self.knocks:
            rgb = knock.seat.rgb if knock.seat else colour("glow")
            paint.line(knock.start, knock.end, colour("knock_trail", GAME), style["trail"])
            for point, width in ((knock.start, style["trail"]), (knock.end, style["ring_width"])):
                box = pygame.Rect(0, 0, 2 * ring, 2 * ring)
                box.center = (int(point[0]), int(point[1]))
                paint.rect(box, rgb, ring, width)
            label = knock_label(paint, knock.text, knock.end, self.inside)
            paint.rect(label, colour("cream", GAME), label.height // 2)
            paint.rect(label, rgb, label.height // 2, 3)
            paint.text(knock.text, label.inflate(-16, 0), "small", colour("ink", GAME), "bold")


def knock_label(paint: Painter, text: str, end: tuple[float, float], inside: pygame.Rect) -> pygame.Rect:
    """Returns the pill saying where a knocked piece came from, below its ring, inside `inside`."""
    style = crumbs_layout().get("knock")
    width = min(paint.measure(text, "small", "bold") + 24, style["label_width"])
    rect = pygame.Rect(0, 0, int(width), style["label_height"])
    rect.midtop = (int(end[0]), int(end[1] + style["ring"] + 4))
    return rect.clamp(inside)


def feeding_label(paint: Painter, text: str, spot: tuple[float, float], inside: pygame.Rect) -> pygame.Rect:
    """Returns the pill for a space's breakdown, above the space's value, as wide as its text, inside `inside`."""
    style = crumbs_layout().get("feeding")
    width = paint.measure(text, "small", "bold") + style["height"] + 24
    rect = pygame.Rect(0, 0, int(width), style["height"])
    rect.midbottom = (int(spot[0]), int(spot[1] - style["above"]))
    return rect.clamp(inside)
