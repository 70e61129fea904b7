"""The Esc menu: resume, undo, save (here or elsewhere), load, rules, settings, quit to the menu."""
from __future__ import annotations

import time

import pygame

from games.core.data_folder import cant_save, other_places
from games.core.match import GOES_ON
from games.core.saves import shown_path
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import title
from graphics.widgets import click, column

MAIN = [("Resume", "resume"), ("Undo", "undo"), ("Save game", "save"), ("Save elsewhere", "elsewhere"),
        ("Load game", "load"), ("Rules", "rules"), ("Settings", "settings"), ("Quit to menu", "quit")]


class PauseScene(Scene):
    """A menu over the game; the game waits underneath. "Save elsewhere" lists other writable places (the
    home folder, Documents, Desktop, the temporary folder) for when the data folder cannot take a save."""

    name = "pause"
    overlay = True

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.note: str | None = None  # a line over the buttons: why saving does not work
        self.show_main()

    def show_main(self) -> None:
        """The menu's own buttons."""
        self.places = False
        self.buttons = column(MAIN, table_layout().rect("pause.buttons"), *self._rows())

    def show_places(self) -> None:
        """The places a save can go instead of the data folder, and Back."""
        self.places = True
        places = other_places(self.app.settings.saves)
        entries = [(label, folder) for label, folder in places] + [("Back", "back")]
        self.buttons = column(entries, table_layout().rect("pause.buttons"), *self._rows())

    @staticmethod
    def _rows() -> tuple[int, int]:
        """Returns the height of a button and the gap between two."""
        return int(table_layout().number("pause.button")), int(table_layout().number("pause.button_gap"))

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.places:
                self.show_main()
            else:
                self.app.pop()
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        if not self.places:
            self.buttons[1].enabled = self.play.match.can_undo()
        button = click(self.buttons, pos)
        if button is None:
            return
        if self.places:
            if button.value == "back":
                self.show_main()
            elif self.save(button.value):
                self.show_main()
        elif button.value == "resume":
            self.app.pop()
        elif button.value == "undo":
            self.app.pop()
            self.play.undo()
        elif button.value == "save":
            self.save(self.app.settings.saves)
        elif button.value == "elsewhere":
            self.show_places()
        elif button.value == "load":
            self.app.push_scene("load")
        elif button.value == "rules":
            self.app.push_scene("rules", game=self.play.match.game, match=self.play.match)
        elif button.value == "settings":
            self.app.push_scene("settings")
        else:
            self.app.goto("menu")

    def save(self, folder) -> bool:
        """Saves the match in `folder` under a name with the game and the time; says where, or in one line
        why it could not (and the game goes on). Returns whether it saved."""
        match = self.play.match
        path = folder / f"{match.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            match.save(path)
        except OSError as error:
            then = "Try Save elsewhere." if folder == self.app.settings.saves else "Try another place."
            self.note = cant_save(folder, error, then)
            self.app.toast(self.note)
            return False
        self.note = None
        self.app.toast(f"Saved as {path.name}" if folder == self.app.settings.saves else f"Saved as {shown_path(path, 400)}")
        return True

    def shown_note(self) -> str:
        """Returns the line over the buttons: why the last save from here failed, else why the autosave does."""
        return self.note or (self.play.match.save_problem or "").removesuffix(" " + GOES_ON)

    def draw(self, paint: Painter) -> None:
        if not self.places:
            self.buttons[1].enabled = self.play.match.can_undo()
        paint.shade((0, 0, *self.app.canvas), colour("dim"), 150)
        panel = table_layout().rect("pause.panel")
        paint.panel(panel)
        title(paint, "Save where?" if self.places else "Paused", table_layout().rect("pause.title"), "heading")
        note = self.shown_note()
        if note:
            paint.text(note, table_layout().rect("pause.note"), "small", colour("error"))
        for button in self.buttons:
            button.draw(paint, self.app.mouse)
