"""Hints in the play scene: the Hint button and the H key ask the Hard search (games/core/hints.py), on the bot
thread, for the three best moves of the person deciding; the answer is shown as ranked marks (1, 2, 3) on
their places on the board or on their action-bar buttons, with a one-line reason each in a small panel
beside the board. A hint is computed from the asking seat's view, shown only while that seat decides, and
dropped when it acts, undoes, or the view on screen changes (also while it is still being thought about)."""
from __future__ import annotations

import random
from concurrent.futures import Future, wait
from typing import Hashable

import pygame

from games.core.hints import Advice, advise
from graphics.bot_runner import YIELD_SECONDS
from graphics.config import colour, table_layout
from graphics.paint import Painter

HINT = "hint"  # the value of the Hint button in the action bar
THINKING = "Thinking…"
OUTLINE = 12  # a hinted place's outline reaches half this beyond it
OFF = "Hints are off at this table (chosen at setup)."


class HintMarks:
    """The hint of one play scene: asked, thought about on the bot thread, shown, dropped."""

    def __init__(self) -> None:
        self.future: Future | None = None
        self.advice: Advice | None = None
        self.key: tuple | None = None  # the position and viewer the hint (asked or shown) belongs to

    # --- when a hint may be asked and shown -------------------------------------------------------------
    @staticmethod
    def allowed(play) -> bool:
        """Returns whether the person at the screen may ask for a hint now: hints are on at this table and
        it is that person's turn to decide."""
        return bool(play.match.aids.hints) and play.my_turn()

    @staticmethod
    def position(play) -> tuple:
        """Returns what a hint belongs to: the moves played, the state object and whose view is on screen."""
        return len(play.match.history), id(play.match.state), play.viewer

    @property
    def thinking(self) -> bool:
        return self.future is not None

    def ask(self, play) -> bool:
        """Starts a hint for the seat deciding (on the bot thread), counts it and autosaves; returns whether
        one was asked (not when hints are off: that is said, nor while it is nobody's turn at this screen or one is
        under way)."""
        if not play.match.aids.hints:
            play.app.toast(OFF)
            return False
        if not self.allowed(play) or self.thinking:
            return False
        match, seat = play.match, play.viewer
        view = match.state.view(seat)  # never the full state
        asked = match.aids.hints_used[seat]
        rng = random.Random(f"hint:{match.seed}:{seat}:{len(match.history)}:{asked}")
        self.advice, self.key = None, self.position(play)
        self.future = play.bots.submit(advise, match.game, view, rng)
        match.aids.hint_asked(seat)
        match.autosave()
        return True

    def drop(self) -> None:
        """Forgets the hint shown or under way (the thread's answer is ignored)."""
        self.future, self.advice, self.key = None, None, None

    def update(self, play) -> None:
        """Drops the hint once its seat acted, undid or the view changed; takes the answer once it is ready;
        keeps the Hint button's state and label current."""
        if self.key is not None and (self.key != self.position(play) or not self.allowed(play)):
            self.drop()
        if self.future is not None:
            if not self.future.done():
                wait([self.future], timeout=YIELD_SECONDS)  # lets the search hold the interpreter a moment
            if self.future.done():
                self.advice, self.future = self.future.result(), None
        self.dress(play)

    def dress(self, play) -> None:
        """Gives the Hint button of the action bar its state and label now (also when the bar was just rebuilt
        while drawing: a new bar's buttons are all enabled, and a window that did not change is not drawn again)."""
        for button in play._bar:
            if button.value == HINT:
                button.enabled = self.allowed(play) and not self.thinking
                button.label = THINKING if self.thinking else "Hint"

    def picture(self) -> tuple:
        """Returns what the hint adds to the play scene's picture (the window redraws when it changes)."""
        return self.thinking, id(self.advice) if self.advice is not None else None

    def shown(self, play) -> Advice | None:
        """Returns the hint to show now: only the asking seat's, while it decides, for the position asked."""
        if self.advice is None or self.key != self.position(play) or not self.allowed(play):
            return None
        return self.advice if self.advice.seat == play.viewer else None

    def on_screen(self, play) -> bool:
        """Returns whether the hint panel is drawn now ("Thinking…" or the answer): the coach's card, which
        shares the top of the log's column, stands aside meanwhile."""
        return self.thinking and self.key == self.position(play) or self.shown(play) is not None

    # --- drawing ----------------------------------------------------------------------------------------
    def marks(self, play, paint: Painter) -> dict[tuple, list[int]]:
        """Returns where the marks go: each hinted move's place on the board (its rect in the frame drawn) or
        its button in the action bar, with the ranks (1, 2, 3) that land there."""
        advice = self.shown(play)
        found: dict[tuple, list[int]] = {}
        if advice is None:
            return found
        for rank, hint in enumerate(advice.hints, 1):
            rect = self.target_rect(play, paint, hint.action)
            if rect is not None:
                found.setdefault(tuple(rect), []).append(rank)
        return found

    @staticmethod
    def target_rect(play, paint: Painter, action) -> pygame.Rect | None:
        """Returns the rect of the place or bar button that does `action`, if it is on screen."""
        key: Hashable | None = play.view.key_of(play.shown, action)
        rect = paint.hits.rect_of(key) if key is not None else None
        if rect is not None:
            return rect
        button = next((b for b in play._bar if b.value == action), None)
        return pygame.Rect(button.rect) if button is not None else None

    @staticmethod
    def mark_at(play, area: pygame.Rect) -> str:
        """Returns where a mark sits on `area`: the view's HINT_MARK_AT on the board, top left on a button of
        the action bar (its words are centred)."""
        on_bar = any(pygame.Rect(b.rect) == area for b in play._bar)
        return "topleft" if on_bar else play.view.HINT_MARK_AT

    def draw(self, play, paint: Painter) -> None:
        """Draws the ranked marks on their places and the reasons (or "Thinking…") in the hint panel."""
        if self.thinking and self.key == self.position(play):
            self._draw_panel(play, paint, None)
            return
        advice = self.shown(play)
        if advice is None:
            return
        layout = table_layout()
        size = layout.number("play.hint_mark")
        for rect, ranks in self.marks(play, paint).items():
            area = pygame.Rect(rect)
            paint.rect(area.inflate(OUTLINE, OUTLINE), colour("accent"), 10, 3)
            badge = pygame.Rect(0, 0, size * len(ranks) if len(ranks) > 1 else size, size)
            badge.center = mark_centre(area, self.mark_at(play, area))
            paint.rect(badge, colour("accent"), size // 2)
            paint.rect(badge, colour("light_text"), size // 2, 2)
            paint.text(",".join(str(rank) for rank in ranks), badge, "small", colour("light_text"), "bold")
        self._draw_panel(play, paint, advice)

    def _draw_panel(self, play, paint: Painter, advice: Advice | None) -> None:
        """Draws the panel beside the board (over the top of the game log, never over a place to click), as
        tall as its text: the title, then each move's rank and label with its reason below."""
        layout = table_layout()
        most = layout.rect("play.hint_panel")
        pad = layout.number("text.padding")
        inner = most.inflate(-4 * pad, -2 * pad)
        name = play.match.names[play.viewer] if play.viewer is not None else ""
        lines = [(THINKING, "body", "bold", colour("ink"))] if advice is None else []
        for rank, hint in enumerate(advice.hints if advice else (), 1):
            label = play.view.label(play.shown, hint.action, play.match.names)
            lines += [(f"{rank}. {label}", "body", "bold", colour("ink")), (hint.reason, "small", "body", colour("log_text"))]
        title = layout.number("play.hint_title")
        heights = [paint.fit(text, pygame.Rect(0, 0, inner.width, inner.height), size, face).height / paint.viewport.scale
                   for text, size, face, _ in lines]
        gap = layout.number("play.hint_gap")
        total = title + pad + sum(heights) + gap * (len(lines) // 2)
        rect = pygame.Rect(most.x, most.y, most.width, min(most.height, int(total + 2 * pad + gap)))
        paint.panel(rect, colour("panel"), colour("accent"), layout.number("panel_radius"))
        paint.text(f"Hint for {name}", pygame.Rect(inner.x, inner.y, inner.width, title), "heading", colour("accent"),
                   "title", "midleft")
        y = inner.y + title + pad
        for index, ((text, size, face, ink), height) in enumerate(zip(lines, heights)):
            box = pygame.Rect(inner.x, int(y), inner.width, max(1, min(int(height) + 2, rect.bottom - pad - int(y))))
            paint.paragraph(text, box, size, ink, face)
            y += height + (gap if index % 2 else 0)


def mark_centre(area: pygame.Rect, at: str) -> tuple[int, int]:
    """Returns the centre of a rank mark on a hinted place: on the outline drawn round it (OUTLINE beyond it), at
    its point `at`, so that the mark covers as little of the place's words as it can (a game whose cards have
    their index top left puts it at midtop, where it covers no value)."""
    return getattr(area.inflate(OUTLINE, OUTLINE), at)


def hints_note(match) -> str | None:
    """Returns the game-over line on the hints each person asked for ("Hints used: Ann 3, Bob 0"), or None
    when nobody asked for one (a table with hints off never has any)."""
    used = match.aids.hints_used
    if not any(used):
        return None
    people = [(seat.name, used[index]) for index, seat in enumerate(match.seats) if seat.is_human]
    return "Hints used: " + ", ".join(f"{name} {count}" for name, count in people)
