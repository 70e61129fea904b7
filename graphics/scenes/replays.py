"""Replays: every finished game kept (games/core/replays.py), newest first, in a list scrolled with the wheel or
the keys; each with its date, game, players and winner. Each file is checked on the save worker as loading would
(read, game known, rules version, game data, replay), once per version of the file and reusing its verdicts:
a damaged file, or one from an older version whose moves no longer replay, is listed with the one line that says
why and cannot be opened. An open game replays on the worker under a progress bar, then its replay scene shows."""
from __future__ import annotations

from pathlib import Path

import pygame

from games.core.data_folder import remove_stale_temps
from games.core.errors import SaveError
from games.core.replays import KEEP, Summary, list_replays, replays_folder, summarize_file
from games.core.save_check import Verdict
from games.core.saves import shown_name
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.save_jobs import QUICK_SECONDS, Job
from graphics.scene import Scene
from graphics.scenes.common import CheckedFiles, backdrop, draw_opening, title
from graphics.widgets import Button, click, row

CHECKING = "checking..."
EMPTY = f"No finished games yet. Every game played to the end is kept here to watch again (the last {KEEP})."


class ReplaysScene(CheckedFiles, Scene):
    """Pick a finished game to watch again; one that cannot be replayed says why and cannot be clicked."""

    name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        folder = replays_folder(app.settings.data_dir)
        remove_stale_temps(folder)  # left by a write that a crash interrupted
        self.files: list[Path] = list_replays(folder)
        self.first = 0  # the first row shown
        self.verdicts: dict[Path, Verdict] = {}  # filled by the worker thread as the files are checked
        self.summaries: dict[Path, Summary | None] = {}  # filled by the worker before each verdict (see _summary)
        self.job: Job | None = None  # checking the rows shown
        self.opening: Job | None = None  # replaying the game picked
        self.opening_name = ""
        self.nav = row([("Back", "back")], table_layout().rect("replays.buttons"), 320, 30, 70)
        self.layout()
        if self.job is not None and self.job.wait(QUICK_SECONDS):
            self.layout()

    # --- the rows ------------------------------------------------------------------------------
    def rows(self) -> int:
        """Returns how many rows the list shows at once."""
        style = table_layout().get("replays")
        return max(1, int((table_layout().rect("replays.list").height + style["row_gap"])
                          // (style["row"] + style["row_gap"])))

    def page(self) -> list[Path]:
        """Returns the files of the rows shown."""
        return self.files[self.first:self.first + self.rows()]

    def layout(self) -> None:
        """Places a row per file shown (only a game that replays can be clicked) and starts checking the others."""
        style = table_layout().get("replays")
        area = table_layout().rect("replays.list")
        self.entries: list[Button] = []
        for index, path in enumerate(self.page()):
            rect = pygame.Rect(area.x, area.y + index * (style["row"] + style["row_gap"]), area.width, style["row"])
            head, _ = self.describe(path)
            verdict = self.verdicts.get(path)
            ok = verdict is not None and verdict.ok and isinstance(self._summary(path), Summary)
            self.entries.append(Button(head, rect, path, ok))
        self._shown = len(self.verdicts)
        self._check()

    def _check(self) -> None:
        """Starts the worker on the shown rows' unchecked files, unless it is at it already."""
        todo = [path for path in self.page() if path not in self.verdicts]
        if todo and self.opening is None and (self.job is None or self.job.finished):
            self.job = self.app.save_worker.described_job(todo, self.verdicts, self.summaries,
                                                          lambda path, verdict: summarize_file(path, verdict.ok))

    def _summary(self, path: Path) -> Summary | str | None:
        """Returns a checked file's summary (date, game, players, winner: read on the worker from its snapshot, which
        the verdict found to follow from its moves), or why it has none; None while unchecked."""
        verdict = self.verdicts.get(path)
        if verdict is None:
            return None
        if not verdict.ok:
            return verdict.line
        return self.summaries.get(path) or f"{shown_name(path)} changed since it was checked: open the list again."

    def describe(self, path: Path) -> tuple[str, str]:
        """Returns a row's two lines: date, game and winner over the players; or that it cannot be replayed,
        over why."""
        summary = self._summary(path)
        name = shown_name(path)
        if summary is None:
            return f"{name}: {CHECKING}", ""
        if isinstance(summary, str):
            return "Cannot be replayed", summary
        return f"{summary.date}  ·  {summary.title}  ·  {summary.result}", ", ".join(summary.names)

    # --- input ---------------------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Moves the list by `rows` (newer up, older down), within its ends."""
        first = max(0, min(self.first + rows, len(self.files) - self.rows()))
        if first != self.first:
            self._stop()
            self.first = first
            self.layout()
            if self.job is not None and self.job.wait(QUICK_SECONDS):  # rows checked before: no "checking" flashes
                self.layout()

    def _stop(self) -> None:
        """Stops checking (the rows changed, or the screen is left)."""
        if self.job is not None and not self.job.finished:
            self.job.cancel()
        self.job = None

    def leave(self) -> None:
        """Back to the menu."""
        self._stop()
        if self.opening is not None:
            self.opening.cancel()
        self.app.pop()

    def handle(self, event, pos) -> None:
        if self.opening is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.opening.cancel()
                self.opening = None
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows(), pygame.K_PAGEDOWN: self.rows(),
                     pygame.K_HOME: -len(self.files), pygame.K_END: len(self.files)}
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in steps:
                self.scroll(steps[event.key])
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or pos is None:
            return
        bar = self.bar_rect()
        if bar is not None and bar.collidepoint(pos):
            thumb = self.thumb_rect()
            self.scroll(-self.rows() if pos[1] < thumb.top else self.rows() if pos[1] > thumb.bottom else 0)
            return
        button = click(self.entries + self.nav, pos)
        if button is None:
            return
        if button.value == "back":
            self.leave()
        else:
            self.open(button.value)

    def open(self, path: Path) -> None:
        """Starts replaying the game at `path` on the worker; the replay scene comes when it is ready."""
        self._stop()
        self.opening_name = shown_name(path)
        self.opening_path = path
        self.opening = self.app.save_worker.replay_job(path)
        self.opening.wait(QUICK_SECONDS)

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.opening is not None:
            self._opened()
            return
        self.follow_checks()

    def _opened(self) -> None:
        """Takes the replay once the worker has made it: the replay scene, or the line that refuses the file."""
        job = self.opening
        if not job.finished:
            self.app.save_worker.share()
            return
        self.opening = None
        if isinstance(job.error, SaveError):
            self.verdicts[self.opening_path] = Verdict(False, str(job.error))  # the file changed since it was listed
            self.layout()
            self.app.toast(str(job.error))
        elif job.error is not None:
            raise job.error
        elif job.result is not None:
            self.app.push_scene("replay", replay=job.result, path=self.opening_path)

    def picture(self) -> object:
        opening = (self.opening.done, self.opening.total) if self.opening is not None else None
        return len(self.verdicts), self.first, opening

    # --- drawing -------------------------------------------------------------------------------
    def bar_rect(self) -> pygame.Rect | None:
        """Returns the scroll bar's track, if the list is longer than the rows shown."""
        if len(self.files) <= self.rows():
            return None
        area, style = table_layout().rect("replays.list"), table_layout().get("replays")
        return pygame.Rect(area.right + style["bar_gap"], area.y, style["bar"], area.height)

    def thumb_rect(self) -> pygame.Rect:
        """Returns the scroll bar's thumb: the rows shown out of all."""
        bar = self.bar_rect()
        height = max(bar.width * 2, bar.height * self.rows() / len(self.files))
        top = bar.y + (bar.height - height) * self.first / max(1, len(self.files) - self.rows())
        return pygame.Rect(bar.x, round(top), bar.width, round(height))

    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        backdrop(paint, 60)
        paint.panel(layout.rect("replays.panel"))
        count = f" ({len(self.files)})" if self.files else ""
        title(paint, f"Replays{count}", layout.rect("replays.title"), "heading")
        if not self.files:
            paint.paragraph(EMPTY, layout.rect("replays.empty"), "body", colour("ink"))
        mouse = self.app.mouse if self.opening is None else (-1.0, -1.0)
        for button in self.entries:
            self._draw_row(paint, button, mouse)
        bar = self.bar_rect()
        if bar is not None:
            paint.rect(bar, colour("field"), bar.width // 2)
            paint.rect(self.thumb_rect(), colour("button"), bar.width // 2)
        for button in self.nav:
            button.draw(paint, mouse)
        if self.opening is not None:
            self._draw_opening(paint)

    def _draw_row(self, paint: Painter, button: Button, mouse) -> None:
        """Draws one game: its first line bold, its second small; greyed when it cannot be replayed."""
        rect = button.rect
        head, detail = self.describe(button.value)
        checking = self.verdicts.get(button.value) is None
        fill = colour("button_hover") if button.hit(mouse) else colour("panel") if button.enabled or checking \
            else colour("button_disabled")
        paint.rect(rect, fill, 12)
        paint.rect(rect, colour("panel_edge"), 12, 2)
        pad = paint.text_style["padding"]
        inner = rect.inflate(-4 * pad, -pad)
        half = inner.height // 2
        ink = colour("ink") if button.enabled or checking else colour("error")
        paint.text(head, (inner.x, inner.y, inner.width, half), "body", ink, "bold", "midleft")
        if detail:
            paint.text(detail, (inner.x, inner.y + half, inner.width, inner.height - half), "small", colour("ink"),
                       "body", "midleft")

    def _draw_opening(self, paint: Painter) -> None:
        """Draws the game being replayed on the worker: its file and a progress bar (the opening scene's look)."""
        draw_opening(paint, self.app.canvas, "Opening a replay", self.opening_name, self.opening)

    def context(self) -> str:
        return f"replays, {len(self.files)} files, from row {self.first}"
