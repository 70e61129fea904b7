"""The Esc menu: resume, undo, save, load, rules, quit to the menu."""
from __future__ import annotations

import time

import pygame

from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import title
from graphics.widgets import click, column


class PauseScene(Scene):
    """A menu over the game; the game waits underneath."""

    name = "pause"
    overlay = True

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        entries = [("Resume", "resume"), ("Undo", "undo"), ("Save game", "save"), ("Load game", "load"),
                   ("Rules", "rules"), ("Quit to menu", "quit")]
        self.buttons = column(entries, table_layout().rect("pause.buttons"), 68, 14)

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        self.buttons[1].enabled = self.play.match.can_undo()
        button = click(self.buttons, pos)
        if button is None:
            return
        if button.value == "resume":
            self.app.pop()
        elif button.value == "undo":
            self.app.pop()
            self.play.undo()
        elif button.value == "save":
            self.save()
        elif button.value == "load":
            self.app.push_scene("load")
        elif button.value == "rules":
            self.app.push_scene("rules", game=self.play.match.game, match=self.play.match)
        else:
            self.app.goto("menu")

    def save(self) -> None:
        """Saves the match under a name with the game and the time."""
        match = self.play.match
        path = self.app.settings.saves / f"{match.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            match.save(path)
        except OSError as error:
            self.app.toast(f"Could not save: {error.strerror}")
            return
        self.app.toast(f"Saved as {path.name}")

    def draw(self, paint: Painter) -> None:
        self.buttons[1].enabled = self.play.match.can_undo()
        paint.shade((0, 0, *self.app.canvas), colour("dim"), 150)
        panel = table_layout().rect("pause.panel")
        paint.panel(panel)
        title(paint, "Paused", table_layout().rect("pause.title"), "heading")
        for button in self.buttons:
            button.draw(paint, self.app.mouse)
