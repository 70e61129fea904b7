"""The one window and its loop: a stack of scenes, the viewport, screenshots and messages."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from games.core.saves import remove_stale_temps
from graphics.assets import Assets
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.viewport import Viewport

FPS = 60
TOAST_SECONDS = 4.0


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

    @property
    def autosave(self) -> Path:
        """Returns the autosave file."""
        return self.data_dir / "autosave.json"

    @property
    def saves(self) -> Path:
        """Returns the folder of named saves."""
        return self.data_dir / "saves"


class Scene:
    """One screen: handles input, updates with time, draws; `draw` never changes the game."""

    name = "scene"
    overlay = False  # drawn on top of the scene below it

    def __init__(self, app: "App") -> None:
        self.app = app

    def handle(self, event: pygame.event.Event, pos: tuple[float, float] | None) -> None:
        """Reacts to one input event; `pos` is the logical mouse position for mouse events."""

    def update(self, dt: float) -> None:
        """Advances animations and timers by `dt` seconds."""

    def draw(self, paint: Painter) -> None:
        """Draws the scene."""


class App:
    """Owns the window, the scene stack and the loop."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        for folder in (settings.data_dir, settings.saves):
            remove_stale_temps(folder)  # left by a write that a crash or a kill interrupted
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Kitchen Table")
        pygame.key.stop_text_input()
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if settings.fullscreen else 0)
        self.window = pygame.display.set_mode(settings.size, flags)
        self.canvas = table_layout().size("canvas")
        self.viewport = Viewport(self.window.get_size(), self.canvas)
        self.assets = Assets()
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self.mouse = (0.0, 0.0)
        self._toast: tuple[str, float] | None = None
        self._shots = 0
        self._shot_scene: Scene | None = None

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
        pygame.quit()
        return self.exit_code

    def frame(self, dt: float) -> None:
        """One frame: input, update, draw, present, and a screenshot when the scene changed."""
        self.time += dt
        for event in pygame.event.get():
            self._dispatch(event)
        if self.running and self.stack:
            self.scene.update(dt)
        if self.running and self.stack:
            self.draw()
            pygame.display.flip()
            if self._shot_scene is not self.scene:
                self._shot_scene = self.scene
                self.screenshot(self.scene.name)

    def _dispatch(self, event: pygame.event.Event) -> None:
        """Routes one event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE or event.type == pygame.WINDOWSIZECHANGED:
            self.resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        pos = None
        if hasattr(event, "pos") and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = self.viewport.logical(event.pos)
            self.mouse = pos
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

    def toggle_fullscreen(self) -> None:
        """Switches between a window and the full screen."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.toast("Full screen is not available here.")
        self.resized()

    def painter(self) -> Painter:
        """Returns a painter for the window."""
        return Painter(self.window, self.viewport, self.assets)

    def draw(self) -> None:
        """Draws the scene stack from the lowest visible scene up, then any message."""
        paint = self.painter()
        if self.viewport.offset != (0, 0):
            paint.fill((20, 14, 10))
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(paint)
        if self._toast and self.time < self._toast[1]:
            self._draw_toast(paint, self._toast[0])

    def _draw_toast(self, paint: Painter, message: str) -> None:
        """Draws a message bar near the bottom of the canvas."""
        width = min(1500, 120 + paint.assets.font(paint.font_px("body")).size(message)[0] / self.viewport.scale)
        rect = pygame.Rect(0, 0, width, 70)
        rect.center = (self.canvas[0] // 2, self.canvas[1] - 150)
        paint.panel(rect, (52, 36, 24), colour("button"), 14)
        paint.text(message, rect, "body", (255, 244, 220))

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
