"""Loading a save: the saves folder and the autosave, newest first. Each file is checked on the worker
thread as loading would check it (read, game known, rules version, game data, replay), once per version
of the file; only what opens can be clicked, and what cannot says why in one line."""
from __future__ import annotations

from pathlib import Path

import pygame

from games.core.save_check import Verdict
from games.core.saves import list_saves, shown_name
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.save_jobs import QUICK_SECONDS, Job
from graphics.scene import Scene
from graphics.scenes.common import CheckedFiles, backdrop, begin_opening, title
from graphics.widgets import Button, click, column, row

PAGE = 8
CHECKING = "checking..."


class LoadScene(CheckedFiles, Scene):
    """Pick a save file; one that would be refused is shown greyed with the reason, and nothing changes."""

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
        self.verdicts: dict[Path, Verdict] = {}  # filled by the worker thread as the files are checked
        self.job: Job | None = None
        self.layout()
        if self.job is not None and self.job.wait(QUICK_SECONDS):
            self.layout()

    def page(self) -> list[Path]:
        """Returns the files of the current page."""
        return self.files[self.first:self.first + PAGE]

    def layout(self) -> None:
        """Places one button per save on the current page (only a save that opens can be clicked) and
        starts checking the ones not checked yet."""
        for path in self.page():
            verdict = self.app.save_worker.verdict_now(path)
            if verdict is not None:
                self.verdicts[path] = verdict
        entries = [(self._describe(path), path) for path in self.page()]
        self.entries: list[Button] = column(entries, table_layout().rect("load.entries"), 72, 14)
        for button in self.entries:
            button.size = "small"
            verdict = self.verdicts.get(button.value)
            button.enabled = verdict is not None and verdict.ok
        self.nav = row([("Earlier", -PAGE), ("Later", PAGE), ("Back", "back")], table_layout().rect("load.buttons"),
                       260, 30, 70)
        self.nav[0].enabled = self.first > 0
        self.nav[1].enabled = self.first + PAGE < len(self.files)
        self._shown = len(self.verdicts)
        self._check()

    def _check(self) -> None:
        """Starts the worker on this page's unchecked files, unless it is at it already."""
        todo = [path for path in self.page() if path not in self.verdicts]
        if todo and (self.job is None or self.job.finished):
            self.job = self.app.save_worker.check_job(todo, self.verdicts)

    def _describe(self, path: Path) -> str:
        """Returns a line about a save file: game, players, moves, when; or why it cannot be opened."""
        name = "Autosave" if path == self.app.settings.autosave else shown_name(path).removesuffix(".json")
        verdict = self.verdicts.get(path)
        if verdict is None:
            return f"{name}: {CHECKING}"
        return f"{name}: {verdict.line}" if verdict.ok else verdict.line

    def _stop(self) -> None:
        """Stops checking (the worker is wanted elsewhere, or the screen is left)."""
        if self.job is not None and not self.job.finished:
            self.job.cancel()
        self.job = None

    def picture(self) -> object:
        return len(self.verdicts), self.first

    def update(self, dt: float) -> None:
        self.follow_checks()

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._stop()
            self.app.pop()
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        button = click(self.entries + self.nav, pos)
        if button is None:
            return
        if button.value == "back":
            self._stop()
            self.app.pop()
        elif button in self.nav:
            self._stop()
            self.first = max(0, self.first + button.value)
            self.layout()
        else:
            self._stop()
            self.verdicts.pop(button.value, None)  # looked up again on return: a file changed since is checked anew
            begin_opening(self.app, button.value)

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

    def context(self) -> str:
        return f"load, {len(self.files)} files, page from {self.first}"
