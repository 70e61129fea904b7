"""Game over: the winners, every seat's score breakdown, Play again or Menu."""
from __future__ import annotations

import secrets

import pygame

from games.core.match import Match
from graphics.config import colour, seat_colour, table_layout
from graphics.kit.table import draw_seat_badge
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import start_play, title
from graphics.widgets import click, row


class GameOverScene(Scene):
    """Shown over the final board."""

    name = "gameover"
    overlay = True

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.frames = 0
        self.buttons = row([("Play again", "again"), ("Look at the board", "board"), ("Menu", "menu")],
                           table_layout().rect("gameover.buttons"), 320, 30, 70)
        self.hidden = False

    def update(self, dt: float) -> None:
        self.frames += 1
        if self.app.settings.exit_when_over and self.frames == 3:
            self.app.screenshot("end")
            self.app.quit(0)

    def handle(self, event, pos) -> None:
        if self.hidden:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.hidden = False
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        button = click(self.buttons, pos)
        if button is None:
            return
        if button.value == "again":
            old = self.play.match
            seed = self.app.settings.seed + 1 if self.app.settings.seed is not None else secrets.randbelow(2**31)
            if self.app.settings.seed is not None:
                self.app.settings.seed = seed
            start_play(self.app, Match(old.game, old.seats, old.options, seed, autosave=self.app.settings.autosave))
        elif button.value == "board":
            self.hidden = True
        else:
            self.app.goto("menu")

    def draw(self, paint: Painter) -> None:
        if self.hidden:
            paint.text("Click to return to the scores", table_layout().rect("gameover.return"), "heading",
                       colour("title_text"), "title")
            return
        canvas = pygame.Rect(0, 0, *self.app.canvas)
        paint.shade(canvas, colour("dim"), 120)
        panel = table_layout().rect("gameover.panel")
        paint.panel(panel, colour("panel"), None, 24)
        match = self.play.match
        state = match.state
        winners = [match.seats[s].name for s in state.winners()]
        verb = "win" if len(winners) > 1 else "wins"
        title(paint, f"{' and '.join(winners)} {verb}!", table_layout().rect("gameover.title"))
        self._table(paint, table_layout().rect("gameover.table"))
        mouse = self.app.mouse
        for button in self.buttons:
            button.draw(paint, mouse)

    def _table(self, paint: Painter, area: pygame.Rect) -> None:
        """Draws the score breakdown: a row per seat (its badge: symbol and name), a column per category."""
        style = table_layout().get("gameover")
        match = self.play.match
        details = match.state.score_details()
        widest = max(paint.measure(seat.name, "body", "bold") for seat in match.seats)
        label_w = min(style["label_width"], widest + style["badge_extra"])
        col_w = (area.width - label_w) / len(details[0])
        head = style["head_height"]
        row_h = min(style["row_height"], (area.height - head) / len(match.seats))
        for c, (category, _) in enumerate(details[0]):
            paint.text(category, (area.x + label_w + c * col_w + 4, area.y, col_w - 8, head - 8), "small",
                       colour("ink"), "bold", "midbottom")
        winners = match.state.winners()
        for seat, info in enumerate(match.seats):
            y = area.y + head + seat * row_h
            if seat in winners:
                paint.shade((area.x, y + 2, area.width, row_h - 4), colour("glow"), 110, 10)
            paint.line((area.x, y), (area.right, y), colour("rule"), 1)
            draw_seat_badge(paint, pygame.Rect(area.x, y, label_w - 10, row_h), info.name, seat_colour(info.colour),
                            ink=colour("ink"))
            for c, (_, value) in enumerate(details[seat]):
                paint.text(str(value), (area.x + label_w + c * col_w, y, col_w, row_h), "body", colour("ink"))
