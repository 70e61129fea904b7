"""The hand-off: a full screen that hides everything until the next person says they are ready."""
from __future__ import annotations

import pygame

from graphics.scene import Scene
from graphics.config import colour, seat_colour
from graphics.paint import Painter
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
        canvas = pygame.Rect(0, 0, *self.app.canvas)
        backdrop(paint, 120)
        seat = self.play.match.seats[self.seat]
        info = seat_colour(seat.colour)
        panel = pygame.Rect(0, 0, 1100, 520)
        panel.center = canvas.center
        paint.panel(panel, colour("panel"), info.rgb, 24)
        paint.rect(panel.inflate(-12, -12), info.rgb, 20, 6)
        paint.symbol(info.symbol, (panel.centerx, panel.y + 110), 110, info.rgb)
        title(paint, f"Pass to {seat.name}", pygame.Rect(panel.x, panel.y + 180, panel.width, 100))
        paint.text(f"{seat.name}: click anywhere when you are ready.", (panel.x, panel.y + 300, panel.width, 50),
                   "heading", colour("ink"), "bold")
        paint.text("Everyone else, please look away from the screen.", (panel.x, panel.y + 360, panel.width, 44),
                   "body", colour("ink"))
        paint.text(f"Playing {self.play.match.game.title}", (panel.x, panel.y + 430, panel.width, 40), "small",
                   colour("accent"), "bold")
