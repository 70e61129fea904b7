"""What the play scene needs from a game's view."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.core.match import Seat
from games.core.state import State
from graphics.animation import Timeline
from graphics.config import colour
from graphics.paint import Painter


class GameView:
    """Draws one game. Every method gets a view (never the full state) and the viewing seat."""

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.seats = list(seats)

    def draw(self, paint: Painter, view: State, viewer: int | None, hidden: set[Hashable]) -> None:
        """Draws the board; places named in `hidden` are left empty for an animation."""
        raise NotImplementedError

    def key_of(self, view: State, action: Action) -> Hashable | None:
        """Returns the board place that triggers `action`, or None for the action bar."""
        raise NotImplementedError

    def in_bar(self, view: State, action: Action) -> bool:
        """Returns whether `action` gets a button in the action bar."""
        return self.key_of(view, action) is None

    def rect_of(self, view: State, viewer: int | None, key: Hashable) -> pygame.Rect | None:
        """Returns the logical rect of a board place (for glows and clicks)."""
        raise NotImplementedError

    def key_at(self, view: State, viewer: int | None, pos: tuple[float, float]) -> Hashable | None:
        """Returns the board place under a logical point (front-most first), if any."""
        raise NotImplementedError

    def label(self, view: State, action: Action, names: Sequence[str]) -> str:
        """Returns the text of a button or menu entry for an action."""
        return action.describe(names)

    def draw_highlight(self, paint: Painter, view: State, viewer: int | None, key: Hashable, strength: float,
                       picked: bool) -> None:
        """Outlines a board place: glowing when it can be clicked, strong when it is picked up."""
        rect = self.rect_of(view, viewer, key)
        if rect is None:
            return
        if picked:
            paint.rect(rect.inflate(10, 10), colour("selected"), 10, 6)
        else:
            paint.rect(rect.inflate(8, 8), colour("glow"), 10, 2 + 3 * strength)

    def selected(self, view: State) -> Hashable | None:
        """Returns the board place the seat to move has picked up, if any."""
        return None

    def draw_zoom(self, paint: Painter, view: State, viewer: int | None, key: Hashable,
                  pos: tuple[float, float]) -> None:
        """Draws a large version of what is under the mouse, if it is worth showing."""

    def animate(self, events: list[Event], before: State, after: State, viewer: int | None) -> Timeline | None:
        """Returns the animation of `events` between two views, or None if nothing moves."""
        return None
