"""The base of every screen of the app."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from graphics.paint import Painter

if TYPE_CHECKING:
    from graphics.app import App


class Scene:
    """One screen: handles input, updates with time, draws; `draw` never changes the game.

    Scenes find each other by name through the app (`app.goto("menu")`, `app.push_scene("pause", play=self)`),
    never by importing each other.
    """

    name = "scene"
    overlay = False  # drawn on top of the scene below it
    covers_window = False  # its draw sets every pixel of the window (the app need not clear it first)

    def __init__(self, app: "App") -> None:
        self.app = app

    def handle(self, event: pygame.event.Event, pos: tuple[float, float] | None) -> None:
        """Reacts to one input event; `pos` is the logical mouse position for mouse events."""

    def update(self, dt: float) -> None:
        """Advances animations and timers by `dt` seconds."""

    def picture(self) -> object:
        """Returns a value that changes whenever the scene would draw differently for a reason other
        than input (time, a bot, an animation); input always redraws. Static scenes return None."""
        return None

    def draw(self, paint: Painter) -> None:
        """Draws the scene (and registers what can be hovered on `paint.hits`)."""

    def preferred(self, before) -> None:
        """Follows a change of the app's preferences (the Settings screen) from `before`: by default nothing."""

    def context(self) -> str:
        """Returns what a bug report needs to find this moment again (a game's id, seed and move count)."""
        return self.name

    def saved(self) -> bool:
        """Returns whether what this scene shows is saved (a play scene whose autosave failed says not)."""
        return True

    def recover(self) -> None:
        """Puts the app back on its feet after this scene raised (see App.mishap): by default, the menu."""
        self.app.goto("menu")
