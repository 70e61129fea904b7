"""Crumbs animations on the kit timeline: drops played from the physics frames, scuffle dice, trackers moving."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import pygame

from graphics.config import colour
from graphics.kit.timeline import Frames, Panel, Tween
from graphics.paint import Painter
from graphics.views.crumbs_park import crumbs_layout

GAME = "crumbs"  # whose palette the scuffle panel uses


def drop(frames: list[dict], dropped: Iterable[str], draw_piece: Callable[[Painter, str, tuple], None]) -> Frames:
    """Returns a drop played from its frames; pieces in the air (pose[3] is the height) drawn over those at rest."""
    return Frames(frames, crumbs_layout().number("drop_fps"), draw_piece, depth_of=lambda pose: pose[3],
                  entering=dropped)


def tracker(seat: int, start: int, end: int, draw_at: Callable[[Painter, int, float], None]) -> Tween:
    """Returns a tracker sliding along the Crumb Trail from `start` to `end` crumbs."""
    return Tween(("tracker", seat), crumbs_layout().number("tracker_seconds"),
                 lambda paint, u: draw_at(paint, seat, start + (end - start) * u), depth=1)


@dataclass
class Side:
    """One side of a scuffle as shown: who, the die, critters, bonus, total, and whether it won."""

    name: str
    army: str
    rgb: tuple[int, int, int]
    die: int
    critters: int
    bonus: int
    total: int
    won: bool


@dataclass
class Scuffle:
    """A scuffle panel: each side's die tumbles, then its total, then the winner is lit."""

    rect: pygame.Rect
    title: str
    sides: list[Side]

    def step(self) -> Panel:
        """Returns the panel as a timeline step."""
        return Panel(crumbs_layout().number("scuffle.duration"), self.draw)

    def draw(self, paint: Painter, t: float) -> None:
        """Draws the panel at time `t`: dice roll in, then totals, then the winner is lit."""
        style = crumbs_layout().get("scuffle")
        rect, margin = self.rect, style["margin"]
        ink = colour("die_text", GAME)
        paint.panel(rect, colour("scuffle", GAME), colour("scuffle_edge", GAME), 16)
        paint.text(self.title, (rect.x + margin, rect.y + 4, rect.width - 2 * margin, style["title"]), "body",
                   colour("accent"), "bold")
        width = (rect.width - 2 * margin) / max(1, len(self.sides))
        top = rect.y + style["title"] + 6
        size = style["die"]
        for i, side in enumerate(self.sides):
            x = rect.x + margin + i * width
            if side.won and t > style["verdict"]:
                paint.shade((x + 4, top, width - 8, rect.bottom - top - 6), colour("glow"), 150, 10)
            name_rgb = side.rgb if sum(side.rgb) < 500 else colour("pale_seat", GAME)
            half = style["name"] / 2
            paint.text(side.name, (x + 6, top, width - 12, half), "small", name_rgb, "bold")
            paint.text(f"({side.army})", (x + 6, top + half, width - 12, half), "small", ink)
            spin = t < style["spin"]
            shown = side.die if not spin else 1 + int(t * 20) % 3
            die = pygame.Rect(int(x + width / 2 - size - 6), int(top + style["name"] + 6), size, size)
            paint.image("crumbs/scuffle_die", die)
            paint.text(str(shown), die, int(size * 0.64), ink, "title")
            if not spin:
                extra = f"+{side.critters}" + (f"+{side.bonus}" if side.bonus else "")
                paint.text(f"{extra} = {side.total}", (die.right + 6, die.y, x + width - die.right - 12, size),
                           "body", ink, "bold", "midleft")
