"""The one window and its loop: a stack of scenes found by name, the viewport, tooltips, screenshots, messages."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from games.core.data_folder import (
    autosave_name,
    claim_slot,
    fallback_folder,
    ignore_file_size_signal,
    remove_stale_temps,
    usable_folder,
)
from games.core.records import Records
from games.core.saves import shown_path
from graphics import preferences as kept
from graphics.assets import Assets
from graphics.config import colour, table_layout
from graphics.kit.hitmap import HitMap
from graphics.kit.overlay import draw_tooltip
from graphics.memory import keep_big_blocks_apart
from graphics.mishaps import MESSAGE, REPEAT_SECONDS, UNSAVED, record
from graphics.paint import Painter
from graphics.save_jobs import SaveWorker
from graphics.scene import Scene
from graphics.scenes import SCENES
from graphics.sound import Sounds
from graphics.viewport import Viewport

FPS = 60
TOAST_SECONDS = 4.0
AHEAD_SECONDS = 0.003  # a frame makes pictures asked for ahead until this long after it began (an animation
#                        frame takes 2-3 ms, one drawing a board 4-8; Scrappers' X11 p99 1080p/1440p was 5.8-7.4 /
#                        9.4-9.7 ms at 0.003, 7.6-8.3 / 10.2-11.1 at 0.006, 7.3-8.8 / 12.2-13.8 making nothing ahead)
WINDOW_KEPT_AFTER = 1.0  # seconds after the window was last moved or resized: its place is kept then


@dataclass
class Settings:
    """What the command line chose for this run."""

    data_dir: Path
    screenshots: Path | None = None
    exit_when_over: bool = False
    speed: float = 1.0  # animation and bot-delay speed-up (tests and demos use more)
    size: tuple[int, int] = (1280, 720)
    seed: int | None = None
    fullscreen: bool = False
    slot: int = 1  # which autosave this window keeps (App sets it: 2 and up when other windows hold the first)
    told: frozenset[str] = field(default_factory=lambda: frozenset({"speed", "size", "fullscreen"}))
    # what the command line said of speed, size and fullscreen: the Settings file (App.preferences) decides the rest

    @property
    def autosave(self) -> Path:
        """Returns this window's autosave file."""
        return self.data_dir / autosave_name(self.slot)

    @property
    def saves(self) -> Path:
        """Returns the folder of named saves."""
        return self.data_dir / "saves"


class App:
    """Owns the window, the scene stack and the loop."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.notices: list[str] = []  # what the menu says about this run's saving (a fallback folder, a 2nd window)
        self.rules_places: dict[str, float] = {}  # the rules viewer: where each game's rulebook was left
        ignore_file_size_signal()  # a write past `ulimit -f` fails in one line (EFBIG) instead of killing the app
        self._lock = self.take_data_dir()
        self.preferences, problem = kept.load(settings.data_dir)  # the Settings screen's, in the data folder
        self.notices += [problem] if problem else []  # (said on the menu until the Settings screen is opened)
        self.preferences_notice = problem
        self._preferences_problem: str | None = None  # why the preferences cannot be saved, said once
        self._from_preferences()
        self.records = Records(settings.data_dir)  # the table's players and their records (players.json)
        if self.records.problem:
            self.notices.append(self.records.problem)
        keep_big_blocks_apart()  # pixels freed between matches go back to the system (graphics/memory.py)
        for folder in (settings.data_dir, settings.saves):
            remove_stale_temps(folder)  # left by a write that a crash or a kill interrupted (never a live one's)
        # Present the window through X11/Wayland's own framebuffer: SDL's default copies every frame
        # into a texture and renders it, which without a GPU (llvmpipe) costs 12-40 ms a frame.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Kitchen Table")
        pygame.key.stop_text_input()
        told_fullscreen = settings.fullscreen and "fullscreen" in settings.told  # (the Settings' full screen: below)
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if told_fullscreen else 0)
        self.window = pygame.display.set_mode(settings.size, flags)
        if not told_fullscreen:
            self._place_window()
        self.canvas = table_layout().size("canvas")
        self.viewport = Viewport(self.window.get_size(), self.canvas)
        self.assets = Assets(keep=settings.data_dir / "images")  # the menu's pictures kept rasterized there
        self.save_worker = SaveWorker()  # checks and opens save files on a thread of its own
        self.sounds = Sounds(volume=self.preferences.volume)  # silent without an audio device
        self.sounds.muted = self.preferences.muted
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self.mouse = (0.0, 0.0)
        self.scenes: dict[str, type[Scene]] = dict(SCENES)
        self.hits = HitMap()  # what the top scene registered in the last frame drawn
        self.mouse_since = 0.0  # when the mouse last moved
        self._toast: tuple[str, float] | None = None
        self._shots = 0
        self._shot_scene: Scene | None = None
        self._drawn: Any = None  # what the last presented picture showed (see picture)
        self.frames_drawn = 0
        self.errors: list[Exception] = []  # every error a scene raised and the app survived (tests assert none)
        self._last_mishap = -REPEAT_SECONDS
        self._window_changed: float | None = None  # when the window was last moved or resized (kept a second later)
        if settings.fullscreen and not told_fullscreen:  # as F11 did when it was chosen: the desktop's full screen
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                pass
            self.resized()

    def take_data_dir(self):
        """Settles where this window saves: the data folder, or a temporary one if it cannot be used (said on
        the menu); then takes the first autosave slot no other window holds, locked for this app's life, so
        that two windows never write each other's autosave (a second window says so and keeps its own).
        Returns the lock (held while it lives)."""
        settings = self.settings
        problem = usable_folder(settings.data_dir)
        if problem is not None:
            wanted, settings.data_dir = settings.data_dir, fallback_folder()
            self.notices.append(f"Can't use the data folder {shown_path(wanted)} ({problem}): saving to "
                                f"{shown_path(settings.data_dir)} for now.")
        slot, lock = claim_slot(settings.data_dir)
        if slot == 0:  # every slot held by a window: this one saves in a folder of its own
            settings.data_dir = fallback_folder()
            slot, lock = claim_slot(settings.data_dir)
            self.notices.append(f"Many windows are open: this one saves to {shown_path(settings.data_dir)}.")
        settings.slot = max(1, slot)
        if settings.slot > 1:
            self.notices.append(f"Kitchen Table is open in another window: this one keeps its own autosave "
                                f"({settings.autosave.name}).")
        return lock

    # --- preferences (the Settings screen) ----------------------------------------------
    def _from_preferences(self) -> None:
        """Takes from the preferences what the command line did not say: the speed, the window's size, full
        screen."""
        settings, chosen = self.settings, self.preferences
        if "speed" not in settings.told:
            settings.speed = chosen.speed_factor
        if "size" not in settings.told and chosen.window is not None:
            settings.size = chosen.window.size
        if "fullscreen" not in settings.told:
            settings.fullscreen = chosen.fullscreen

    def _place_window(self) -> None:
        """Puts the window back where it was last time (unless the command line gave a size), if that place is
        still on a screen."""
        window = self.preferences.window
        if "size" in self.settings.told or window is None or window.position is None:
            return
        x, y = window.position
        try:
            screens = pygame.display.get_desktop_sizes()
        except pygame.error:
            return
        width, height = sum(w for w, _ in screens), max((h for _, h in screens), default=0)  # screens side by side
        if 0 <= x < width - 40 and 0 <= y < height - 40:  # (a screen unplugged since: the system places it)
            pygame.display.set_window_position((x, y))

    def prefer(self, **changes) -> None:
        """Changes the preferences (the Settings screen, M, F11), applies them at once and keeps them in the
        data folder; a file that cannot be written is said once (the choices last until the app quits)."""
        before = self.preferences
        self.preferences = replace(before, **changes)
        now = self.preferences
        self.sounds.volume = now.volume
        if now.muted != self.sounds.muted:
            self.sounds.toggle_mute()
        if now.speed != before.speed:
            self.settings.speed = now.speed_factor
        for scene in self.stack:
            scene.preferred(before)
        self.draw_next()
        self.save_preferences()

    def save_preferences(self) -> None:
        """Writes the preferences to their file; says once why it cannot."""
        problem = kept.save(self.settings.data_dir, self.preferences)
        if problem is not None and problem != self._preferences_problem:
            self.toast(problem)
        self._preferences_problem = problem

    def remember_window(self) -> None:
        """Keeps the window's size and position in the preferences while it is a window (not full screen), unless
        the command line chose the size for this run."""
        if "size" in self.settings.told:
            return
        try:
            if pygame.display.is_fullscreen():
                return
            size, position = pygame.display.get_window_size(), pygame.display.get_window_position()
        except pygame.error:
            return
        window = kept.Window(tuple(size), tuple(position))
        if window != self.preferences.window:
            self.preferences = self.preferences.with_window(size, position)
            self.save_preferences()

    # --- the scene stack --------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """Returns the scene on top."""
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        """Puts `scene` on top."""
        self.stack.append(scene)

    def pop(self) -> None:
        """Removes the top scene."""
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        """Swaps the top scene for `scene`."""
        self.stack[-1] = scene

    def reset(self, scene: Scene) -> None:
        """Makes `scene` the only scene."""
        self.stack = [scene]

    def make(self, name: str, **arguments: Any) -> Scene:
        """Returns a new scene of the kind registered as `name`."""
        return self.scenes[name](self, **arguments)

    def goto(self, name: str, **arguments: Any) -> Scene:
        """Makes a new scene `name` the only scene; returns it."""
        scene = self.make(name, **arguments)
        self.reset(scene)
        return scene

    def push_scene(self, name: str, **arguments: Any) -> Scene:
        """Puts a new scene `name` on top; returns it."""
        scene = self.make(name, **arguments)
        self.push(scene)
        return scene

    def toast(self, message: str) -> None:
        """Shows a message over everything for a few seconds."""
        self._toast = (message, self.time + TOAST_SECONDS)

    def quit(self, code: int = 0) -> None:
        """Ends the loop after this frame."""
        self.running = False
        self.exit_code = code

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> int:
        """Runs frames until quit; returns the exit code."""
        while self.running:
            self.frame(self.clock.tick(FPS) / 1000.0)
        self.remember_window()
        self.close()
        return self.exit_code

    def close(self) -> None:
        """Closes the window and pygame (its sounds and fonts first: see `Sounds.silence`; a font let go of
        after `pygame.quit` keeps its file open) and lets the autosave slot go."""
        self.sounds.silence()
        self.assets.close_fonts()
        pygame.quit()
        self.release()

    def release(self) -> None:
        """Lets this window's autosave slot go (another window may take it)."""
        if self._lock is not None:
            self._lock.release()

    def frame(self, dt: float) -> None:
        """One frame (see `_frame`); an error in it is survived (see `mishap`)."""
        try:
            with self.save_worker.busy():  # a save replaying on the worker thread waits meanwhile (graphics/save_jobs.py)
                self._frame(dt)
        except Exception as error:  # noqa: BLE001 - whatever a view's bug raises, the window stays open
            self.mishap(error)

    def mishap(self, error: Exception) -> None:
        """Logs an error a scene raised with the scene's context (game, seed, move), says so in one line and
        lets the scene recover (the play scene goes on from the autosave); a second error soon after goes
        back to the menu, whose Continue picks the autosave up."""
        self.errors.append(error)
        scene = self.stack[-1] if self.stack else None
        record(self.settings.data_dir, scene.context() if scene else "no scene", error)
        message = MESSAGE if scene is None or scene.saved() else UNSAVED
        again = self.time - self._last_mishap < REPEAT_SECONDS
        self._last_mishap = self.time
        if scene is None or again:
            self.goto("menu")
        else:
            scene.recover()
        self._drawn = None
        self.toast(message)

    def _frame(self, dt: float) -> None:
        """One frame: input, update, and, only if the picture would change, draw and present it (so the
        window idles near 0% CPU); a screenshot when the scene changed; then pictures asked for ahead, in what
        is left of the frame's first AHEAD_SECONDS."""
        start = time.perf_counter()
        self.time += dt
        events = pygame.event.get()
        for event in events:
            self._dispatch(event)
        if self._window_changed is not None and self.time - self._window_changed > WINDOW_KEPT_AFTER:
            self._window_changed = None
            self.remember_window()
        if self.running and self.stack:
            self.scene.update(dt)
        if not (self.running and self.stack):
            return
        picture = self.picture()
        if events or picture != self._drawn:
            self._drawn = picture
            self.draw()
            pygame.display.flip()
            self.frames_drawn += 1
        if self._shot_scene is not self.scene:
            self._shot_scene = self.scene
            self.screenshot(self.scene.name)
        self.assets.make_ahead(start + AHEAD_SECONDS)

    def draw_next(self) -> None:
        """Makes the next frame draw and present the picture even if nothing in it changed."""
        self._drawn = None

    def picture(self) -> tuple:
        """Returns what decides the picture now: the visible scenes and what each says it shows, the
        message, the tooltip. The same value means the same picture, so nothing is drawn."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        scenes = tuple((id(scene), scene.picture()) for scene in self.stack[first:])
        toast = self._toast is not None and self.time < self._toast[1]
        tip = self.rested() >= table_layout().number("hover_seconds") and self.hits.tip_at(self.mouse) is not None
        return scenes, self.viewport.window, toast and self._toast[0], tip

    def _dispatch(self, event: pygame.event.Event) -> None:
        """Routes one event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWMOVED):
            self._window_changed = self.time
            if event.type != pygame.WINDOWMOVED:
                self.resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        pos = None
        if hasattr(event, "pos") and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = self.viewport.logical(event.pos)
            if pos != self.mouse:
                self.mouse, self.mouse_since = pos, self.time
        if event.type == pygame.MOUSEWHEEL:
            pos = self.mouse
        if self.stack:
            self.scene.handle(event, pos)

    def resized(self) -> None:
        """Rebuilds the viewport and forgets sprites rasterized for the old size."""
        size = pygame.display.get_surface().get_size()
        if size != self.viewport.window:
            self.window = pygame.display.get_surface()
            self.viewport = Viewport(size, self.canvas)
            self.assets.clear_sized()

    def toggle_sound(self) -> None:
        """Mutes or unmutes the table's sounds (M in a game or a replay), saying which; remembered, as the
        Settings screen's switch."""
        self.prefer(muted=not self.sounds.muted)
        self.toast("Sound off (M turns it on)." if self.sounds.muted else "Sound on (M turns it off).")

    def toggle_fullscreen(self) -> None:
        """Switches between a window and the full screen (F11, Settings), remembered for the next start."""
        if not pygame.display.is_fullscreen():
            self.remember_window()  # the window's place, to go back to next time
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.toast("Full screen is not available here.")
        self.resized()
        if pygame.display.is_fullscreen() != self.preferences.fullscreen:
            self.prefer(fullscreen=pygame.display.is_fullscreen())

    def painter(self) -> Painter:
        """Returns a painter for the window (with a hit map of its own)."""
        return Painter(self.window, self.viewport, self.assets)

    def rested(self) -> float:
        """Returns how long the mouse has been still, in seconds."""
        return self.time - self.mouse_since

    def draw(self) -> None:
        """Draws the scene stack from the lowest visible scene up, then any message and tooltip."""
        paint = self.painter()
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        if not self.stack[first].covers_window:
            paint.fill(colour("letterbox"))  # every picture from scratch: drawing twice gives the same pixels
        for scene in self.stack[first:]:
            paint.hits = HitMap()  # each scene's own: only the top one's answers the mouse
            scene.draw(paint)
        self.hits = paint.hits
        if self._toast and self.time < self._toast[1]:
            self._draw_toast(paint, self._toast[0])
        tip = self.hits.tip_at(self.mouse)
        if tip and self.rested() >= table_layout().number("hover_seconds"):
            draw_tooltip(paint, tip, self.mouse)

    def _draw_toast(self, paint: Painter, message: str) -> None:
        """Draws a message bar near the bottom of the canvas."""
        size = table_layout().get("toast")
        pad = paint.text_style["padding"]
        width = min(size["width"], paint.measure(message) + 12 * pad)
        rect = pygame.Rect(0, 0, width, size["height"])
        rect.center = (self.canvas[0] // 2, self.canvas[1] - size["bottom"])
        paint.panel(rect, colour("banner"), colour("button"), table_layout().number("panel_radius"))
        paint.text(message, rect.inflate(-4 * pad, -pad), "body", colour("banner_text"))

    def screenshot(self, name: str) -> Path | None:
        """Saves the window as a numbered PNG in the screenshots folder, if one was given."""
        folder = self.settings.screenshots
        if folder is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        self._shots += 1
        path = folder / f"{self._shots:03d}-{name}.png"
        pygame.image.save(self.window, str(path))
        return path
