"""The coach's card in the play scene and "the rule for what I am deciding now" (F1, ?, or the Rule button):
what to say comes from graphics.kit.coach; this draws it over the log's entries (never over the board, where
the glowing places are) and answers its buttons."""
from __future__ import annotations

import pygame

from games.core.errors import DataError
from games.core.game import data_message
from graphics.config import colour, table_layout
from graphics.kit import coach as kit
from graphics.paint import Painter
from graphics.widgets import Button, click

GOT_IT, STOP, RULE = "got it", "stop teaching", "rule"
RULE_KEYS = (pygame.K_F1,)
RULE_TIP = "The rulebook at the rule for what you are deciding now (F1 or ?)."


class CoachCard:
    """The play scene's coach: a card while the person at the screen meets a kind of decision for the first time
    (with "Teach us" on), and the rulebook opened at the decision being made, on request (coach on or off)."""

    def __init__(self, play) -> None:
        self.play = play
        self.words: kit.Coach | None = None
        self.problem: str | None = None  # why the game's coach.yaml could not be read (the coach is then silent)
        try:
            self.words = kit.for_game(play.match.game)
        except DataError as error:
            self.problem = data_message(error)
        self.buttons: list[Button] = []
        self.rule_button = Button("Rule (F1)", table_layout().rect("play.rule_button"), RULE, size="small")

    # --- what shows -------------------------------------------------------------------------------
    def said(self) -> kit.Said | None:
        """Returns what the card shows now, if anything: only while the person at the screen may act, and not
        while a hint they asked for is on screen (in the same place)."""
        play = self.play
        if self.words is None or play.popup or play.reveal_for is not None or play.hint.on_screen(play):
            return None
        return kit.to_say(self.words, play.match.aids, play.match.state, play.match.seats, play.viewer,
                          play.my_turn())

    @staticmethod
    def parts(paint: Painter, said: kit.Said) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect],
                                                             list[Button]]:
        """Returns the card's rect (at the top of the log's column, as tall as its words need: the newest lines of
        the log stay in sight under it), its title's box, its paragraphs' boxes and its buttons. Paragraphs that
        do not fit reach beyond the card's room (the fit tests catch them)."""
        layout = table_layout()
        room, pad, gap = layout.rect("play.coach.card"), layout.number("play.coach.padding"), \
            layout.number("play.coach.gap")
        inner = room.inflate(-2 * pad, -2 * pad)
        title_height = paint.fit(said.title, (0, 0, inner.width, layout.number("play.coach.title")), "heading",
                                 "title").height / paint.viewport.scale
        title = pygame.Rect(inner.x, inner.y, inner.width, int(title_height) + 2)
        rects, top = [], title.bottom + gap
        for text in said.paragraphs:
            height = paint.fit(text, (0, 0, inner.width, 10 * inner.height), "small").height / paint.viewport.scale
            rects.append(pygame.Rect(inner.x, top, inner.width, int(height) + 2))
            top = rects[-1].bottom + layout.number("play.coach.paragraph_gap")
        height, got, link = (layout.number(f"play.coach.{key}") for key in ("button", "got_it", "link"))
        row = min(top - layout.number("play.coach.paragraph_gap") + gap, inner.bottom - link - gap - height)
        buttons = [Button("Got it", pygame.Rect(inner.x, row, got, height), GOT_IT, size="small"),
                   Button("Stop teaching", pygame.Rect(inner.x + got + gap, row, inner.width - got - gap, height),
                          STOP, size="small"),
                   Button(f"Rule: {said.section}", pygame.Rect(inner.x, row + height + gap, inner.width, link), RULE,
                          size="small")]
        card = pygame.Rect(room.x, room.y, room.width, buttons[-1].rect.bottom + pad - room.y)
        return card, title, rects, buttons

    def picture(self) -> object:
        """Returns what decides the card's picture (for the play scene's)."""
        said = self.said()
        return said.key if said else None

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event, pos) -> bool:
        """Answers F1 and ?, the Rule button and the card's buttons; returns whether the event was used (a click
        on the card goes no further; clicks on the board still work while it shows)."""
        if event.type == pygame.KEYDOWN:
            if event.key in RULE_KEYS or getattr(event, "unicode", "") == "?":
                self.open_rule(None)
                return True
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or getattr(event, "button", 0) != 1 \
                or pos is None:
            return False
        said = self.said()
        card, _, _, buttons = self.parts(self.play.app.painter(), said) if said is not None else (None,) * 4
        on_card = card is not None and card.collidepoint(pos)
        if not on_card:
            if self.rule_button.hit(pos) and not self.play.popup:
                if event.type == pygame.MOUSEBUTTONUP:
                    self.open_rule(None)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and said is not None and buttons is not None:
            chosen = click(buttons, pos)
            if chosen is not None:
                self.answer(said, chosen.value)
        return True

    def acted(self) -> None:
        """Marks the card on screen taught when its person acts without pressing Got it (saved with the move):
        the coach moves on with the game rather than saying the same card again next time."""
        said = self.said()
        if said is not None:
            self.play.match.aids.taught.add(said.key)

    def answer(self, said: kit.Said, value: str) -> None:
        """Does what a card's button says."""
        match = self.play.match
        if value == GOT_IT:
            match.aids.taught.add(said.key)
            match.autosave()
        elif value == STOP:
            match.aids.teach = False
            match.autosave()
            self.play.app.toast("The coach is off for this table. F1 still opens the rule for what you decide.")
        elif value == RULE:
            self.open_rule(said.section)

    def open_rule(self, section: str | None) -> None:
        """Opens the rules viewer at `section`, or at the section of the decision being made now."""
        play = self.play
        if self.words is None:
            play.app.toast(f"The coach's rules links cannot be read: {self.problem}")
            return
        section = section or kit.section_now(self.words, play.match.state)
        play.app.push_scene("rules", game=play.match.game, match=play.match, section=section)

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, paint: Painter, mouse) -> None:
        """Draws the Rule button and, when the coach speaks, its card."""
        if self.words is not None:
            self.rule_button.draw(paint, mouse)
            paint.hits.tip(self.rule_button.rect, RULE_TIP)
        said = self.said()
        if said is None:
            self.buttons = []
            return
        card, title, paragraphs, self.buttons = self.parts(paint, said)
        paint.panel(card, colour("paper"), colour("panel_edge"), table_layout().number("panel_radius"))
        paint.text(said.title, title, "heading", colour("accent"), "title", "midleft")
        room = self.buttons[0].rect.top - table_layout().number("play.coach.gap")
        for text, rect in zip(said.paragraphs, paragraphs):
            shown = rect if rect.bottom <= room else pygame.Rect(rect.x, rect.y, rect.width, max(0, room - rect.y))
            paint.text(text, shown, "small", colour("ink"), "body", "topleft")
        for button in self.buttons:
            button.draw(paint, mouse)
