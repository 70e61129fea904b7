"""The first screen: every game with its cover and player counts, Continue, Load and Quit."""
from __future__ import annotations

import pygame

from games import registry
from games.core.errors import SaveError
from games.core.saves import one_line, read_save
from graphics import data_checks
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.save_jobs import QUICK_SECONDS
from graphics.scene import Scene
from graphics.scenes.common import backdrop, begin_opening, players_text, title
from graphics.widgets import Button, click, column, row


def player_range(counts: list[int]) -> str:
    """Returns '2-4 players' style text for a list of allowed counts."""
    runs, start = [], counts[0]
    for previous, current in zip(counts, counts[1:] + [None]):
        if current != previous + 1:
            runs.append(f"{start}" if start == previous else f"{start}-{previous}")
            start = current
    return f"{', '.join(runs)} players"


class MenuScene(Scene):
    """Pick a game, continue the last one or load a save."""

    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        layout = table_layout()
        # A broken game cannot be started. The check makes every game's opening state: kept in the data folder
        # under its data's key (with the tiles, so a kept answer imports no game), it is made after the first
        # frame only when the data or code changed (update).
        self.data_key = data_checks.fingerprint()
        kept = data_checks.kept(app.settings.data_dir, self.data_key)
        self.games = kept.tiles if kept else data_checks.tiles()
        self.problems: dict[str, str | None] = kept.problems if kept else {game.id: None for game in self.games}
        self.counts: dict[str, list[int]] = kept.counts if kept else {}  # of each game that loads
        self.unchecked = kept is None
        self.shown = False  # a frame of this menu was drawn (the check waits for it)
        area, (w, h) = layout.rect("menu.tiles"), layout.size("menu.tile_size")
        gap = layout.number("menu.tile_gap")
        w = min(w, (area.width - gap * (len(self.games) - 1)) // len(self.games))  # five games share the row
        total = len(self.games) * w + (len(self.games) - 1) * gap
        left = area.centerx - total // 2
        self.tiles = [Button(game.title, pygame.Rect(left + i * (w + gap), area.top, w, h), game.id,
                             self.problems[game.id] is None) for i, game in enumerate(self.games)]
        link = layout.get("menu.rules_link")
        self.rules_links = []  # a "Rules" button under each tile: read a game's rules before setting it up
        for tile, game in zip(self.tiles, self.games):
            rect = pygame.Rect(0, 0, min(link["width"], tile.rect.width), link["height"])
            rect.midtop = (tile.rect.centerx, tile.rect.bottom + link["gap"])
            self.rules_links.append(Button("Rules", rect, game.id, size="small"))
        self.refusal: str | None = None  # why the autosave cannot be continued, shown on hover
        self.continue_text = self._continue_text()
        go_on = ("Continue" + (f": {self.continue_text}" if self.continue_text else ""), "continue")
        entries = [("Load a game", "load"), ("Replays", "replays"), ("Players", "players"), ("Settings", "settings"),
                   ("Quit", "quit")]  # one row under Continue: each screen adds its entry
        gap = layout.number("menu.button_gap")
        self.buttons = column([go_on], layout.rect("menu.continue")) + row(entries, layout.rect("menu.buttons"), gap=gap)
        self.buttons[0].enabled = self.continue_text is not None

    def _continue_text(self) -> str | None:
        """Returns a description of the autosave if it may be continued: its header reads and names a game
        that starts. Whether its moves replay, and whether the game they reach is over (not the header's word
        for it), the worker thread finds out (see update)."""
        autosave = self.app.settings.autosave
        self.verdicts: dict = {}
        self.job = None
        self.checking = False  # the worker is to check the autosave once this menu shows (see update)
        try:
            data = read_save(autosave)
        except SaveError as error:
            self.refusal = str(error) if autosave.exists() or autosave.is_symlink() else None
            return None
        if data["game"] not in registry.ids():
            return None
        if self.problems.get(data["game"]):
            self.refusal = one_line(f"{self._title(data['game'])}'s data is broken, so the autosave cannot be "
                                    f"continued: {self.problems[data['game']]}")
            return None
        verdict = self.app.save_worker.verdict_now(autosave)
        if verdict is None:
            self.checking = True
        elif not verdict.ok or verdict.over:
            self.refusal = None if verdict.ok else verdict.line
            return None
        return f"{self._title(data['game'])}, {players_text(data['players'])}"

    def _title(self, game_id: str) -> str:
        """Returns the title of the game `game_id` as its tile shows it."""
        return next(game.title for game in self.games if game.id == game_id)

    def picture(self) -> object:
        return self.buttons[0].enabled, tuple(self.problems.values()), self.unchecked

    def check_data(self) -> None:
        """Checks every game's data now (and keeps the answer): greys out a broken game, and Continue if the
        autosave is of one."""
        self.unchecked = False
        self.problems, self.counts, self.games = data_checks.check(self.app.settings.data_dir, self.data_key)
        for tile in self.tiles:
            tile.enabled = self.problems[tile.value] is None
        if self.buttons[0].enabled:
            if self.job is not None:
                self.job.cancel()
            self.continue_text = self._continue_text()
            self.buttons[0].label = "Continue" + (f": {self.continue_text}" if self.continue_text else "")
            self.buttons[0].enabled = self.continue_text is not None

    def update(self, dt: float) -> None:
        """Checks the data once this menu has shown if no kept answer is for it; takes the worker's verdict on
        the autosave: Continue goes if its moves do not replay or end the game."""
        if self.unchecked and self.shown:
            self.check_data()
        if self.checking and self.shown:  # not before: a menu is also made under every game that starts, unseen
            self.checking = False
            problems = self.problems
            self.job = self.app.save_worker.check_job([self.app.settings.autosave], self.verdicts,
                                                      lambda game: problems.get(game.id))
            self.job.wait(QUICK_SECONDS)
        job = self.job
        if job is not None and not job.finished:
            self.app.save_worker.share()
        if job is None or not job.finished:
            return
        self.job = None
        if job.error is not None:
            raise job.error
        verdict = self.verdicts.get(self.app.settings.autosave)
        if verdict is not None and (not verdict.ok or verdict.over):
            self.buttons[0].enabled = False
            self.buttons[0].label = "Continue"
            self.continue_text = None
            self.refusal = None if verdict.ok else verdict.line

    def handle(self, event, pos) -> None:
        if self.unchecked and event.type == pygame.MOUSEBUTTONUP:
            self.check_data()  # before a game starts from this menu (in its first frame's events)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        link = click(self.rules_links, pos)
        if link:
            self.app.push_scene("rules", game=registry.get(link.value))
            return
        tile = click(self.tiles, pos)
        if tile:
            self.app.push_scene("setup", game=registry.get(tile.value))
            return
        button = click(self.buttons, pos)
        if button is None:
            return
        if button.value == "continue":
            if self.job is not None:  # opening checks it all again: the worker does it once
                self.job.cancel()
                self.job, self.checking = None, True
            begin_opening(self.app, self.app.settings.autosave)
        elif button.value == "load":
            self.app.push_scene("load")
        elif button.value == "settings":
            self.app.push_scene("settings")
        elif button.value == "players":
            self.app.push_scene("players")
        elif button.value == "replays":
            self.app.push_scene("replays")
        else:
            self.app.quit(0)

    def draw(self, paint: Painter) -> None:
        self.shown = True
        layout = table_layout()
        backdrop(paint)
        title(paint, "Kitchen Table", layout.rect("menu.title"))
        mouse = self.app.mouse
        for tile, game in zip(self.tiles, self.games):
            self._draw_tile(paint, tile, game, tile.hit(mouse))
        for button in self.rules_links + self.buttons:
            button.draw(paint, mouse)
        if self.refusal and not self.buttons[0].enabled:
            paint.hits.tip(self.buttons[0].rect, self.refusal)
        if self.app.notices:
            self._draw_notice(paint, " ".join(self.app.notices))

    def _draw_notice(self, paint: Painter, text: str) -> None:
        """Draws the line about where this window saves (a temporary folder, another window open)."""
        rect = table_layout().rect("menu.notice")
        paint.panel(rect, colour("banner"), colour("button"), table_layout().number("panel_radius"))
        paint.text(text, rect.inflate(-24, -4), "small", colour("banner_text"))

    def _draw_tile(self, paint: Painter, tile: Button, game, hover: bool) -> None:
        """Draws one game's tile: cover art, title, player counts and a line about it; a game whose data is
        broken is greyed out with the message (file, entry, field), whole on hover."""
        rect = tile.rect
        style = table_layout().get("menu.tile")
        pad = style["padding"]
        problem = self.problems[game.id]
        if hover:
            paint.glow(rect, colour("glow"), 1.0, 20)
        paint.panel(rect, colour("panel") if problem is None else colour("button_disabled"), None, 20)
        cover = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad, (rect.width - 2 * pad) * 5 // 8)
        if paint.assets.has_image(f"covers/{game.id}"):
            paint.image(f"covers/{game.id}", cover)
        if problem is not None:
            paint.shade(cover, colour("button_disabled"), 190, 8)
        y = cover.bottom + pad
        title_h, count_h = style["title"], style["count"]
        paint.text(game.title, (rect.x + pad, y, rect.width - 2 * pad, title_h), "heading", colour("ink"), "title")
        line = (rect.x + pad, y + title_h, rect.width - 2 * pad, count_h)
        top = y + title_h + count_h + pad / 2
        text = (rect.x + 1.5 * pad, top, rect.width - 3 * pad, rect.bottom - pad - top)
        if problem is None:
            if game.id in self.counts:  # (not yet on the first frame of an unchecked menu: see update)
                paint.text(player_range(self.counts[game.id]), line, "body", colour("accent"), "bold")
            paint.paragraph(game.blurb, text, "small")
            return
        paint.text("Cannot start: broken data", line, "body", colour("error"), "bold")
        paint.paragraph(problem, text, "small")
        paint.hits.tip(rect, problem)
