"""Opening a save: its moves replay on the worker thread while this shows how far they are, so the window
keeps drawing; a refused file says why in one line and whatever was underneath (a game, the Load screen)
goes on untouched."""
from __future__ import annotations

from pathlib import Path

import pygame

from games.core.errors import SaveError
from games.core.saves import shown_name
from graphics.paint import Painter
from graphics.save_jobs import QUICK_SECONDS, Job
from graphics.scene import Scene
from graphics.scenes.common import draw_opening, start_play


class OpeningScene(Scene):
    """A panel over the screen below: the file's name and a progress bar; Esc goes back."""

    name = "opening"
    overlay = True

    def __init__(self, app, path: Path) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.shown = "the autosave" if self.path == app.settings.autosave else shown_name(self.path)
        self.job: Job = app.save_worker.open_job(self.path, app.settings.autosave)
        self.job.wait(QUICK_SECONDS)

    def picture(self) -> object:
        return self.job.done, self.job.total, self.job.finished

    def update(self, dt: float) -> None:
        job = self.job
        if not job.finished:
            self.app.save_worker.share()
            return
        if isinstance(job.error, SaveError):
            self.app.pop()
            self.app.toast(str(job.error))
        elif job.error is not None:
            self.app.pop()
            raise job.error
        elif job.result is not None:
            start_play(self.app, job.result)
        else:  # cancelled
            self.app.pop()

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.job.cancel()
            self.app.pop()

    def draw(self, paint: Painter) -> None:
        draw_opening(paint, self.app.canvas, "Opening a saved game", self.shown, self.job)

    def context(self) -> str:
        return f"opening {self.shown}"

