"""The hand-off: a full screen that hides everything until the next person says they are ready."""
from __future__ import annotations

import pygame

from graphics.config import colour, seat_colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop, title


class HandoffScene(Scene):
    """'Pass to Bob - click when ready': nothing private is drawn here."""

    name = "handoff"

    def __init__(self, app, play, seat: int) -> None:
        super().__init__(app)
        self.play = play
        self.seat = seat

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.play.open_menu()
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)):
            self.app.pop()
            self.play.take_seat(self.seat)

    def draw(self, paint: Painter) -> None:
        style = table_layout().get("handoff")
        backdrop(paint, 120)
        seat = self.play.match.seats[self.seat]
        info = seat_colour(seat.colour, self.app.preferences.palette)
        panel = table_layout().rect("handoff.panel")
        paint.panel(panel, colour("panel"), info.rgb, 24)
        paint.rect(panel.inflate(-12, -12), info.rgb, 20, 6)
        paint.symbol(info.symbol, (panel.centerx, panel.y + style["symbol_y"]), style["symbol"], info.rgb)

        def row(name: str) -> pygame.Rect:
            top, height = style[name]
            return pygame.Rect(panel.x + style["padding"], panel.y + top, panel.width - 2 * style["padding"], height)

        title(paint, f"Pass to {seat.name}", row("title"))
        paint.text(f"{seat.name}: click anywhere when you are ready.", row("ready"), "heading", colour("ink"), "bold")
        paint.text("Everyone else, please look away from the screen.", row("away"), "body", colour("ink"))
        paint.text(f"Playing {self.play.match.game.title}", row("game"), "small", colour("accent"), "bold")
