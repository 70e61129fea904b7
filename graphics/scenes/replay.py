"""Watching a finished game again: its moves stepped forward and back (buttons, Left/Right, Home/End) or played at a
speed the viewer picks, in the PUBLIC view only (the table's view between two people: nobody's hand), drawn by the
game's own view as the play scene draws it, with the log and the animation of each step taken forward. "Export log"
writes the game as plain text to the data folder; Back returns to the Replays list."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Hashable

import pygame

from games.core.data_folder import cant_save
from games.core.replays import EXPORTS, Replay
from games.core.saves import shown_path
from games.core.state import State
from graphics.config import colour, table_layout
from graphics.kit.board_layer import BoardLayer
from graphics.kit.hitmap import HitMap
from graphics.kit.timeline import BOARD, TOP, Timeline
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.sound import TableSounds
from graphics.views import view_for
from graphics.widgets import Button, ScrollText, click, fitted_row

PUBLIC = None  # the viewer the game's view is drawn for: nobody's private cards


class ReplayScene(Scene):
    """One finished game shown move by move. Only public views reach the game's view (`shown`, the animations'
    before and after): the Replay keeps the full positions to itself."""

    name = "replay"
    covers_window = True  # the board layer blits the whole window first

    def __init__(self, app, replay: Replay, path: Path) -> None:
        super().__init__(app)
        self.replay = replay
        self.path = Path(path)
        self.view = view_for(replay.game)(replay.game, replay.seats)
        self.done = 0  # moves taken so far (the one animating counts)
        self.shown: State = replay.public(0)
        self._after: State = self.shown
        self.timeline: Timeline | None = None
        self.playing = False
        self.speeds = [float(speed) for speed in table_layout().get("replay.speeds")]
        self.speed = 1.0 if 1.0 in self.speeds else self.speeds[0]
        self.wait = 0.0  # seconds (at 1x) before Play takes the next move
        self.hover: Hashable | None = None
        self.hover_since = 0.0
        self.hits = HitMap()
        self.log = ScrollText(table_layout().rect("play.log_text"), [], "small", snap="entry")
        self._log_for: int | None = None
        self.board = BoardLayer()  # the board drawn once per change of what is shown
        self.buttons: list[Button] = []
        self._buttons_for: tuple | None = None
        self.noises = TableSounds(replay.game.id, app.sounds)  # a move's sounds as its animation starts, as in play

    # --- moving through the game ---------------------------------------------------------------
    def forward(self) -> None:
        """Takes the next move, with its animation (an animation still playing ends at once first)."""
        self._settle()
        if self.done >= self.replay.moves:
            self.playing = False
            return
        move = self.replay.move(self.done)
        self.done += 1
        self._after = move.after
        animate = partial(self.view.animate_action, move.action, before=move.before, after=move.after, viewer=PUBLIC)
        self.timeline = self.noises.start(self.done - 1, move.events, move.events, animate)  # with its sounds
        self.shown = move.before if self.timeline is not None else move.after
        self.wait = self.pause()

    def back(self) -> None:
        """Goes back one move (the one animating, if any), rebuilt from the setup: no animation."""
        self.jump(self.done - 1)

    def jump(self, done: int) -> None:
        """Shows the position after `done` moves at once (Home: the setup, End: the last move)."""
        self.timeline = None
        self.done = max(0, min(done, self.replay.moves))
        self.noises.forget(self.done)  # silent at once; a move taken again is heard again
        self.shown = self._after = self.replay.public(self.done)
        if self.done >= self.replay.moves:
            self.playing = False

    def _settle(self) -> None:
        """Ends the animation playing, showing the position after its move."""
        if self.timeline is not None:
            self.timeline = None
            self.shown = self._after

    def toggle_play(self) -> None:
        """Plays or pauses; Play at the end starts again from the setup."""
        if self.playing:
            self.playing = False
            return
        if self.done >= self.replay.moves:
            self.jump(0)
        self.playing = True
        self.wait = 0.0

    def next_speed(self) -> None:
        """Goes to the next speed of the list (after the last, the first)."""
        index = self.speeds.index(self.speed) if self.speed in self.speeds else -1
        self.speed = self.speeds[(index + 1) % len(self.speeds)]

    def pause(self) -> float:
        """Returns the wait between two moves while playing, at 1x."""
        return table_layout().number("replay.pause")

    def export(self) -> None:
        """Writes the game as plain text into the data folder's exports/ and says where."""
        folder = self.app.settings.data_dir / EXPORTS
        try:
            path = self.replay.export(folder, self.path.stem)
        except OSError as error:
            self.app.toast(cant_save(folder, error, "The log is not written."))
            return
        self.app.toast(f"The game's log is written to {shown_path(path)}")

    def leave(self) -> None:
        """Back to the Replays list."""
        self.app.pop()

    # --- input ---------------------------------------------------------------------------------
    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back, pygame.K_HOME: lambda: self.jump(0),
                    pygame.K_END: lambda: self.jump(self.replay.moves), pygame.K_SPACE: self.toggle_play,
                    pygame.K_ESCAPE: self.leave, pygame.K_m: self.app.toggle_sound}
            if event.key in keys:
                keys[event.key]()
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.app.mouse):
                self.log.scroll(self.app.painter(), -event.y * 3)
            return
        if event.type == pygame.MOUSEMOTION:
            hover = self.hits.key_at(pos) if pos is not None and self.timeline is None else None
            if hover != self.hover:
                self.hover, self.hover_since = hover, self.app.time
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or pos is None:
            return
        button = click(self.bar(), pos)
        if button is not None:
            self.do(button.value)
        elif table_layout().rect("replay.progress").collidepoint(pos):
            self.jump(self.move_at(pos[0]))

    def move_at(self, x: float) -> int:
        """Returns the move a click at `x` on the progress bar stands for (its rounded ends: the setup, the end)."""
        track = table_layout().rect("replay.progress")
        track = track.inflate(-track.height, 0)
        return round(max(0.0, min(1.0, (x - track.x) / track.width)) * self.replay.moves)

    def point_of(self, key: Hashable) -> tuple[float, float] | None:
        """Returns a point at which the mouse would find `key` in the last frame (for tests and demos)."""
        return self.hits.point_in(key)

    def do(self, value: str) -> None:
        """Does what a button of the control bar says."""
        actions = {"first": lambda: self.jump(0), "previous": self.back, "play": self.toggle_play,
                   "next": self.forward, "last": lambda: self.jump(self.replay.moves), "speed": self.next_speed,
                   "export": self.export, "back": self.leave}
        actions[value]()

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        dt *= self.app.settings.speed * self.speed
        self.noises.update(dt)
        if self.timeline is not None:
            self.timeline.update(dt)
            if self.timeline.done:
                self._settle()
            return
        if self.playing:
            self.wait -= dt
            if self.wait <= 0:
                self.forward()

    # --- drawing -------------------------------------------------------------------------------
    def bar(self) -> list[Button]:
        """Returns the control bar's buttons (made again when a label or what may be clicked changes)."""
        at_start, at_end = self.done == 0 and self.timeline is None, self.done >= self.replay.moves
        key = (at_start, at_end, self.playing, self.speed)
        if key != self._buttons_for:
            self._buttons_for = key
            speed = f"{self.speed:g}x"
            labels = [("First", "first"), ("Previous", "previous"), ("Pause" if self.playing else "Play", "play"),
                      ("Next", "next"), ("Last", "last"), (f"Speed {speed}", "speed"), ("Export log", "export"),
                      ("Back", "back")]
            self.buttons = fitted_row(self.app.painter(), labels, table_layout().rect("replay.buttons"),
                                      int(table_layout().number("replay.bar_gap")), 76)
            for button in self.buttons:
                button.enabled = not (button.value in ("first", "previous") and at_start
                                      or button.value in ("next", "last") and at_end)
        return self.buttons

    def status_text(self) -> str:
        """Returns the line over the board: which move this is and what it did."""
        replay, done = self.replay, self.done
        if done == 0:
            return f"Replay of {replay.game.title}: the setup. Play, or Next (Right arrow), steps through " \
                   f"{replay.moves} moves."
        lines = replay.lines(done - 1)
        said = f": {lines[0]}" if lines else f" ({replay.mover(done - 1)})"
        if done >= replay.moves and self.timeline is None:
            end = f"Game over: {replay.result()}." if replay.over() else "The save ends here, before the game's end."
            return f"{end} Move {done} of {replay.moves}{said}"
        return f"Move {done} of {replay.moves}{said}"

    def picture(self) -> object:
        zoom = self.hover is not None and self.timeline is None and \
            self.app.time - self.hover_since >= table_layout().number("hover_seconds")
        return (id(self.shown), self.done, self.timeline.t if self.timeline else None, self.playing, self.speed,
                self.hover, zoom)

    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        hidden = self.timeline.hidden if self.timeline else set()
        self.board.draw(paint, self.view, self.shown, PUBLIC, hidden, self.app.canvas)
        hover = self.hover if self.timeline is None else None
        self.view.draw_live(paint, self.shown, PUBLIC, hover, hidden)
        if self.timeline:
            self.timeline.draw(paint, BOARD)
        self._draw_status(paint, layout.rect("play.status"))
        self._draw_log(paint, layout.rect("play.log"))
        mouse = self.app.mouse
        for button in self.bar():
            button.draw(paint, mouse)
        self._draw_progress(paint, layout.rect("replay.progress"))
        under = paint.hits.key_at(mouse) if self.timeline is None else None
        if under != self.hover:
            self.hover, self.hover_since = under, self.app.time
        if self.hover is not None and self.app.time - self.hover_since >= layout.number("hover_seconds"):
            self.view.draw_zoom(paint, self.shown, PUBLIC, self.hover, mouse)
        if self.timeline:
            self.timeline.draw(paint, TOP)
        self.hits = paint.hits

    def _draw_status(self, paint: Painter, rect: pygame.Rect) -> None:
        """Draws the line that says which move is shown."""
        paint.panel(rect, colour("panel"), None, table_layout().number("panel_radius"))
        pad = table_layout().number("text.padding")
        paint.text(self.status_text(), rect.inflate(-4 * pad, -pad // 2), "body", colour("ink"), "bold", "midleft")

    def _draw_progress(self, paint: Painter, rect: pygame.Rect) -> None:
        """Draws how far the replay is (a bar filling up, "move of moves" on it); a click on it jumps."""
        radius = rect.height // 2
        paint.rect(rect, colour("field"), radius)
        share = self.done / self.replay.moves if self.replay.moves else 1.0
        if share > 0:
            paint.rect(pygame.Rect(rect.x, rect.y, max(2 * radius, round(rect.width * share)), rect.height),
                       colour("button"), radius)
        paint.rect(rect, colour("panel_edge"), radius, 2)
        paint.text(f"{self.done} of {self.replay.moves}", rect.inflate(-2 * radius, -8), "small", colour("ink"), "bold")
        paint.hits.tip(rect, "Click to jump to that move (the left end: the setup).")

    def _draw_log(self, paint: Painter, rect: pygame.Rect) -> None:
        """Draws the public log of the moves taken (the one animating once it has played), newest at the bottom."""
        paint.panel(rect, colour("panel"), None, table_layout().number("panel_radius"))
        paint.text("Game log", table_layout().rect("play.log_title"), "heading", colour("accent"), "title", "midleft")
        shown = self.done - (self.timeline is not None)
        if shown != self._log_for:
            self._log_for = shown
            lines = self.replay.log(shown)
            empty = "The setup: no moves yet." if shown == 0 else f"{shown} moves, none of them shown to the table."
            self.log.entries = [(line, "text") for line in lines] or [(empty, "text")]
            self.log.gap = 0.35
            self.log.to_end(paint)
        self.log.draw(paint, colour("log_text"))

    def context(self) -> str:
        replay = self.replay
        return f"replay {replay.game.id} {self.path.name}, move {self.done} of {replay.moves}"
