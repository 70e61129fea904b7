"""Loading a save: the saves folder and the autosave, newest first; damaged files say so."""
from __future__ import annotations

import pygame

from games.core.errors import SaveError
from games.core.saves import list_saves, read_save
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop, open_match, title
from graphics.widgets import Button, click, column, row

PAGE = 8


class LoadScene(Scene):
    """Pick a save file; a damaged one is refused with a message and nothing changes."""

    name = "load"

    def __init__(self, app) -> None:
        super().__init__(app)
        settings = app.settings
        files = list_saves(settings.saves)
        others = sorted(p for p in settings.data_dir.glob("autosave*.json") if p != settings.autosave)
        files[:0] = others  # other windows' autosaves (loading one only reads it; this window saves its own)
        if settings.autosave.exists() or settings.autosave.is_symlink():
            files.insert(0, settings.autosave)
        self.files = files
        self.first = 0
        self.layout()

    def layout(self) -> None:
        """Places one button per save on the current page."""
        entries = [(self._describe(path), path) for path in self.files[self.first:self.first + PAGE]]
        self.entries: list[Button] = column(entries, table_layout().rect("load.entries"), 72, 14)
        for button in self.entries:
            button.size = "small"
        self.nav = row([("Earlier", -PAGE), ("Later", PAGE), ("Back", "back")], table_layout().rect("load.buttons"),
                       260, 30, 70)
        self.nav[0].enabled = self.first > 0
        self.nav[1].enabled = self.first + PAGE < len(self.files)

    def _describe(self, path) -> str:
        """Returns a line about a save file: game, players, when; or why it cannot be read."""
        name = "Autosave" if path == self.app.settings.autosave else path.stem
        try:
            data = read_save(path)
        except SaveError:
            return f"{name}: damaged or not a save file"
        state = "finished" if data.get("over") else f"{len(data['history'])} moves"
        return f"{name}: {data.get('title', data['game'])}, {data['players']} players, {state}, {data.get('saved_at', '')}"

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        button = click(self.entries + self.nav, pos)
        if button is None:
            return
        if button.value == "back":
            self.app.pop()
        elif button in self.nav:
            self.first = max(0, self.first + button.value)
            self.layout()
        else:
            open_match(self.app, button.value)

    def draw(self, paint: Painter) -> None:
        backdrop(paint, 60)
        panel = table_layout().rect("load.panel")
        paint.panel(panel)
        title(paint, "Load a saved game", table_layout().rect("load.title"), "heading")
        if not self.files:
            paint.text("No saved games yet. Save from the Esc menu while playing.", panel.inflate(-80, -80), "body",
                       colour("ink"))
        for button in self.entries + self.nav:
            button.draw(paint, self.app.mouse)
