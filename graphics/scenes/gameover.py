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
        title(paint, verdict(self.play.match), table_layout().rect("gameover.title"))
        self._table(paint, table_layout().rect("gameover.table"))
        mouse = self.app.mouse
        for button in self.buttons:
            button.draw(paint, mouse)

    def _table(self, paint: Painter, area: pygame.Rect) -> None:
        """Draws the score breakdown: a row per seat (its badge: symbol and name), a column per category;
        with rivals the rules play (a solo game's Automa), a row for each and a Total column."""
        style = table_layout().get("gameover")
        match = self.play.match
        state = match.state
        details = state.score_details()
        rivals = state.rivals()
        categories = [category for category, _ in details[0]] + (["Total"] if rivals else [])
        names = [seat.name for seat in match.seats] + [name for name, _ in rivals]
        widest = max(paint.measure(name, "body", "bold") for name in names)
        label_w = min(style["label_width"], widest + style["badge_extra"],
                      max(style["label_min"], area.width - len(categories) * style["min_column"]))
        col_w = (area.width - label_w) / len(categories)
        head = style["head_height"]
        row_h = min(style["row_height"], (area.height - head) / len(names))
        for c, category in enumerate(categories):
            paint.text(category, (area.x + label_w + c * col_w + 4, area.y, col_w - 8, head - 8), "small",
                       colour("ink"), "bold", "midbottom")
        winners = state.winners()
        best_rival = rival_winner(state)
        rows = [dict(values) for values in details] + [dict(values) for values in state.rival_details()]
        if rivals:
            for values, score in zip(rows, state.scores() + [score for _, score in rivals]):
                values["Total"] = score
        for index, name in enumerate(names):
            y = area.y + head + index * row_h
            rival = index >= len(match.seats)
            if (index in winners) if not rival else (index - len(match.seats) == best_rival):
                paint.shade((area.x, y + 2, area.width, row_h - 4), colour("glow"), 110, 10)
            paint.line((area.x, y), (area.right, y), colour("rule"), 1)
            label = pygame.Rect(area.x, y, label_w - 10, row_h)
            if rival:
                indent = table_layout().get("seat_badge")["symbol"] + 2 * table_layout().get("seat_badge")["gap"]
                paint.text(name, label.inflate(-indent, 0).move(indent // 2, 0), "body", colour("ink"), "bold",
                           "midleft")
            else:
                info = match.seats[index]
                draw_seat_badge(paint, label, info.name, seat_colour(info.colour), ink=colour("ink"))
            for c, category in enumerate(categories):
                paint.text(str(rows[index].get(category, "-")), (area.x + label_w + c * col_w, y, col_w, row_h), "body",
                           colour("ink"))


def rival_winner(state) -> int | None:
    """Returns which rival won (by index in `rivals()`), or None if a seat won or there are no rivals."""
    rivals = state.rivals()
    if state.winners() or not rivals:
        return None
    return max(range(len(rivals)), key=lambda i: rivals[i][1])


def verdict(match: Match) -> str:
    """Returns who won: the winning seats, else the rival the rules play that beat everyone."""
    state = match.state
    winners = [match.seats[s].name for s in state.winners()]
    if not winners and state.rivals():
        winners = [state.rivals()[rival_winner(state)][0]]
    return f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}!"
