"""Game over: the winners, every seat's score breakdown, Play again or Menu."""
from __future__ import annotations

import secrets

import pygame

from games.core.match import Match
from games.core.words import listed
from graphics.config import colour, seat_colour, table_layout
from graphics.kit.hint_marks import hints_note
from graphics.kit.table import draw_seat_badge
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import start_play, title
from graphics.widgets import click, row


def panel_rects(seats: int, note: int = 0) -> dict[str, pygame.Rect]:
    """Returns the game-over panel sized to its content (title, a row per seat, `note` lines under the table:
    how a tie was broken, the hints used; buttons), centred over the board so that the log beside it stays
    in view."""
    style = table_layout().get("gameover")
    pad, gap = style["padding"], style["gap"]
    table_h = style["head_height"] + seats * style["row_height"]
    note_h = style["note"] * int(note)
    height = 2 * pad + style["title"] + table_h + note_h + style["buttons"] + 2 * gap
    panel = pygame.Rect(0, 0, style["width"], height)
    panel.center = table_layout().rect("play.board").center
    inner = panel.inflate(-2 * pad, -2 * pad)
    title = pygame.Rect(inner.x, inner.y, inner.width, style["title"])
    table = pygame.Rect(inner.x + pad / 2, title.bottom + gap, inner.width - pad, table_h)
    note_rect = pygame.Rect(inner.x, table.bottom, inner.width, note_h)
    buttons = pygame.Rect(inner.x, note_rect.bottom + gap, inner.width, style["buttons"])
    return {"panel": panel, "title": title, "table": table, "note": note_rect, "buttons": buttons}


def score_sheet(state) -> tuple[list[str], list[dict[str, int]]]:
    """Returns the game-over table's categories and a row of values per seat, then per rival the rules play:
    with a Total column wherever the categories add up to the score (or rivals are scored beside the seats)."""
    details = state.score_details()
    rivals = state.rivals()
    categories = [category for category, _ in details[0]]
    rows = [dict(values) for values in details] + [dict(values) for values in state.rival_details()]
    scores = state.scores() + [score for _, score in rivals]
    adds_up = len(categories) > 1 and all(sum(values for _, values in seat) == score
                                          for seat, score in zip(details, state.scores()))
    if "Total" not in categories and (rivals or adds_up):
        categories.append("Total")
        for values, score in zip(rows, scores):
            values["Total"] = score
    return categories, rows


class GameOverScene(Scene):
    """Shown over the final board."""

    name = "gameover"
    overlay = True

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.frames = 0
        app.sounds.play("over")
        self.counted, problem = app.records.count(play.match)  # once per game, however often its end shows
        if problem:
            app.toast(problem)
        state = play.match.state
        self.note = state.tie_break(play.match.names)
        self.hints = hints_note(play.match)
        self.rects = panel_rects(len(play.match.seats) + len(state.rivals()), (self.note is not None) + (self.hints is not None))
        self.buttons = row([("Play again", "again"), ("Look at the board", "board"), ("Menu", "menu")],
                           self.rects["buttons"], 320, 30, 70)
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
        paint.panel(self.rects["panel"], colour("panel"), None, 24)
        title(paint, verdict(self.play.match), self.rects["title"])
        self._table(paint, self.rects["table"])
        line = pygame.Rect(self.rects["note"].x, self.rects["note"].y, self.rects["note"].width,
                           table_layout().get("gameover")["note"])
        if self.note:
            paint.text(self.note, line, "body", colour("ink"), "bold")
            line = line.move(0, line.height)
        if self.hints:
            paint.text(self.hints, line, "body", colour("ink"))
        mouse = self.app.mouse
        for button in self.buttons:
            button.draw(paint, mouse)

    def _table(self, paint: Painter, area: pygame.Rect) -> None:
        """Draws the score breakdown: a row per seat (its badge: symbol and name), a column per category;
        with rivals the rules play (a solo game's Automa), a row for each (see score_sheet)."""
        style = table_layout().get("gameover")
        match = self.play.match
        state = match.state
        categories, rows = score_sheet(state)
        names = [seat.name for seat in match.seats] + [name for name, _ in state.rivals()]
        widest = max(paint.measure(name, "body", "bold") for name in names)
        head = style["head_height"]
        needs = [max(_head_width(paint, category, head - 8) + 8,
                     max((paint.measure(str(row.get(category, "-")), "body") for row in rows), default=0) + 16)
                 for category in categories]  # each column: its name uncut, and its numbers
        label_w = min(widest + style["badge_extra"], area.width - sum(needs))  # a name is cut only for want of room
        extra = (area.width - label_w - sum(needs)) / len(needs)
        lefts = [area.x + label_w + sum(needs[:c]) + c * extra for c in range(len(needs))]
        row_h = min(style["row_height"], (area.height - head) / len(names))
        for c, category in enumerate(categories):
            paint.text(category, (lefts[c] + 4, area.y, needs[c] + extra - 8, head - 8), "small",
                       colour("ink"), "bold", "midbottom")
        winners, best_rival = state.winners(), rival_winner(state)
        for index, name in enumerate(names):
            y = area.y + head + index * row_h
            rival = index >= len(match.seats)
            if (index - len(match.seats) == best_rival) if rival else (index in winners):
                paint.shade((area.x, y + 2, area.width, row_h - 4), colour("glow"), 110, 10)
            paint.line((area.x, y), (area.right, y), colour("rule"), 1)
            label = pygame.Rect(area.x, y, label_w - 10, row_h)
            if rival:
                badge = table_layout().get("seat_badge")
                indent = badge["symbol"] + 2 * badge["gap"]
                paint.text(name, label.inflate(-indent, 0).move(indent // 2, 0), "body", colour("ink"), "bold",
                           "midleft")
            else:
                seat = seat_colour(match.seats[index].colour, self.app.preferences.palette)
                draw_seat_badge(paint, label, name, seat, ink=colour("ink"))
            for c, category in enumerate(categories):
                paint.text(str(rows[index].get(category, "-")), (lefts[c], y, needs[c] + extra, row_h), "body",
                           colour("ink"))


def _head_width(paint: Painter, category: str, height: float) -> float:
    """Returns the least logical width at which a category's name fits `height` uncut (in two lines, or shrunk)."""
    width = max(paint.measure(word, "small", "bold") for word in category.split())
    whole = paint.measure(category, "small", "bold")
    while width < whole and paint.fit(category, (0, 0, width, height), "small", "bold").cut:
        width += 4
    return width


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
    return f"{listed(winners)} {'win' if len(winners) > 1 else 'wins'}!"
