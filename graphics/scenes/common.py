"""Pieces several scenes share: the backdrop, titles and starting or loading a match."""
from __future__ import annotations

from pathlib import Path

import pygame

from games.core.errors import SaveError
from games.core.match import Match
from graphics.config import colour, table_layout
from graphics.memory import release_memory
from graphics.paint import Painter
from graphics.views import data_problem


def backdrop(paint: Painter, dim: int = 0) -> None:
    """Draws the menu backdrop over the whole canvas, optionally darkened."""
    canvas = paint.viewport.canvas
    paint.image("ui/menu_background", (0, 0, *canvas))
    if dim:
        paint.shade((0, 0, *canvas), colour("dim"), dim)


def title(paint: Painter, text: str, rect: pygame.Rect, size: str = "title") -> None:
    """Draws a title with a soft dark outline so it reads on any backdrop."""
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (3, 4)):
        paint.text(text, rect.move(dx, dy), size, colour("title_outline"), "title")
    paint.text(text, rect, size, colour("title_text"), "title")


def open_match(app, path: Path) -> Match | None:
    """Loads the match saved at `path` here and now and starts playing it; shows why if it cannot (a damaged
    save, or a game whose data files are broken), and then nothing changes. The screens open saves with
    `begin_opening` instead, which keeps the window drawing while a long save replays."""
    try:
        match = Match.load(path, autosave=app.settings.autosave, data_problem=data_problem)
    except SaveError as error:
        app.toast(str(error))
        return None
    start_play(app, match)
    return match


def begin_opening(app, path: Path) -> None:
    """Opens the save at `path` on the worker thread under a progress bar (the opening scene); a refusal
    is one line over whatever was showing, which goes on."""
    app.push_scene("opening", path=path)


def startable(app, game) -> bool:
    """Returns whether a game's data files load; if not, says which file, entry and field is wrong."""
    problem = data_problem(game)
    if problem is not None:
        app.toast(f"{game.title} cannot start: {problem}")
    return problem is None


def start_play(app, match: Match) -> None:
    """Makes the play scene for `match` the only scene (above the menu); the text and the memory of the match
    before are let go (see graphics/memory.py)."""
    app.goto("menu")
    app.push_scene("play", match=match)
    app.assets.forget_texts()
    release_memory()


def players_text(count: int) -> str:
    """Returns '1 player' or 'N players'."""
    return f"{count} player" if count == 1 else f"{count} players"


def draw_opening(paint: Painter, canvas, heading: str, name: str, job) -> None:
    """Draws a file being opened on the save worker: its name and a progress bar of the moves replayed (Esc: back).
    The Load screen's opening and the Replays list's share it."""
    layout = table_layout()
    paint.shade((0, 0, *canvas), colour("dim"), 150)
    paint.panel(layout.rect("opening.panel"))
    title(paint, heading, layout.rect("opening.title"), "heading")
    paint.text(name, layout.rect("opening.name"), "body", colour("ink"), "bold")
    bar = layout.rect("opening.bar")
    paint.rect(bar, colour("field"), 8)
    share = job.done / job.total if job.total else 0.0
    if share > 0:
        paint.rect(pygame.Rect(bar.x, bar.y, max(16, round(bar.width * share)), bar.height), colour("button"), 8)
    paint.rect(bar, colour("panel_edge"), 8, 2)
    moves = f"{job.done} of {job.total} moves replayed" if job.total else "Reading the file"
    paint.text(f"{moves}. Esc: back", layout.rect("opening.note"), "small", colour("ink"))


class CheckedFiles:
    """A screen that lists files the save worker checks (the Load screen, the Replays list). It has `job` (the
    worker's check of the rows shown), `verdicts`, `_shown` (how many verdicts its rows were laid out with),
    `layout()` and `_check()` (starts the worker on the rows not yet checked)."""

    def follow_checks(self) -> None:
        """Lends the worker time while it checks, raises what it raised, lays the rows out again when verdicts
        came in, and otherwise checks what is still unchecked (after an opening refused or cancelled, too)."""
        if self.job is not None and not self.job.finished:
            self.app.save_worker.share()
        if self.job is not None and self.job.error is not None:
            error, self.job = self.job.error, None
            raise error
        if len(self.verdicts) != self._shown:
            self.layout()
        else:
            self._check()
