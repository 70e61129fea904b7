"""What the play scene needs from a game's view (see docs/adding-a-game.md, "7. The view")."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.core.errors import DataError
from games.core.game import Game
from games.core.match import Seat
from games.core.state import State
from graphics.config import Theme, colour, game_layout
from graphics.kit.faces import face_style
from graphics.kit.hitmap import Shape
from graphics.kit.timeline import Timeline
from graphics.paint import Painter


class GameView:
    """Draws one game with the kit. Every method gets a view (never the full state) and the viewing seat.

    `draw` registers every place a player can point at on `paint.hits` (a rect or a polygon and a key);
    the play scene asks that hit map for hovers, clicks and drags, and for the shapes to make glow.
    """

    RELATIVE: tuple[str, ...] = ()  # layout entries read relative to something else: they may hold 0 or less
    HINT_MARK_AT = "topleft"  # where on a hinted place its rank mark sits: topleft, midtop or topright

    def __init__(self, game: Game, seats: Sequence[Seat]) -> None:
        self.game = game
        self.seats = list(seats)
        self.theme = Theme(game.id)

    @classmethod
    def check_data(cls, game_id: str) -> None:
        """Loads and checks the data files the view reads (its layout and card faces); raises DataError.
        Every layout number is more than 0 (an x or y in a list may be 0), every [x, y, width, height] has a
        width and every [width, height] (two numbers) both, but in the entries the view names RELATIVE. A view
        that reads more (physics, sprites named in data) checks those too."""
        layout = game_layout(game_id)
        for key, number in layout.numbers():
            if key.startswith(cls.RELATIVE):
                continue
            if number < 0 or number == 0 and not key.endswith("]"):  # an x or y in a list may be 0
                low = "0 or more" if number < 0 else "more than 0"
                raise DataError(f"{layout.path}: layout entry '{key}': must be {low}, got {number}")
            if key.endswith("[2]") and number == 0 and _numbers(layout.get_list(key[:-3]), 4):
                raise DataError(f"{layout.path}: layout entry '{key[:-3]}': a [x, y, width, height] needs a width")
            if key.endswith(("[0]", "[1]")) and number == 0 and _numbers(layout.get_list(key[:-3]), 2):
                raise DataError(f"{layout.path}: layout entry '{key[:-3]}': a [width, height] needs both, more than 0")
        if "card_face" in layout.data:
            face_style(game_id)

    def draw(self, paint: Painter, view: State, viewer: int | None, hidden: set[Hashable]) -> None:
        """Draws the board into the cached layer, registering its places; places in `hidden` stay empty
        while an animation shows them."""
        raise NotImplementedError

    def draw_live(self, paint: Painter, view: State, viewer: int | None, hover: Hashable | None,
                  hidden: set[Hashable]) -> None:
        """Draws, every frame over the cached layer, what follows the mouse (a hand fan lifting the hovered card)."""

    def key_of(self, view: State, action: Action) -> Hashable | None:
        """Returns the board place that triggers `action`, or None for the action bar."""
        raise NotImplementedError

    def target_of(self, view: State, key: Hashable) -> Hashable | None:
        """Returns the rules-level place a hover key stands for, the `target` that State.why_not takes;
        by default the key itself (a view whose keys are the places key_of gives for actions)."""
        return key

    def in_bar(self, view: State, action: Action) -> bool:
        """Returns whether `action` gets a button in the action bar."""
        return self.key_of(view, action) is None

    def label(self, view: State, action: Action, names: Sequence[str]) -> str:
        """Returns the text of a button or menu entry for an action."""
        return action.describe(names)

    def confirm(self, view: State, action: Action) -> str | None:
        """Returns the question to ask before a click does `action`, where a click could do it by surprise
        and undo cannot take it back ("End your turn with 3 energy unspent?"); None: just do it."""
        return None

    def selected(self, view: State) -> Hashable | None:
        """Returns the board place the seat to move has picked up, if any."""
        return None

    def draw_highlight(self, paint: Painter, key: Hashable, shape: Shape, strength: float, picked: bool) -> None:
        """Outlines a place's shape (from the hit map): glowing when it can be clicked, strong when picked up."""
        rgb = colour("selected") if picked else colour("glow")
        width = 6 if picked else 2 + 3 * strength
        if isinstance(shape, pygame.Rect):
            grow = 10 if picked else 8
            paint.rect(shape.inflate(grow, grow), rgb, 10, width)
        else:
            points = [paint.viewport.point(p) for p in shape]
            pygame.draw.lines(paint.surface, rgb, True, points, paint.viewport.px(width))

    def draw_zoom(self, paint: Painter, view: State, viewer: int | None, key: Hashable,
                  pos: tuple[float, float]) -> None:
        """Draws a large version of what is under the mouse, if it is worth showing."""

    def animate(self, events: list[Event], before: State, after: State, viewer: int | None) -> Timeline | None:
        """Returns the animation of `events` between two views, or None if nothing moves."""
        return None

    def animate_action(self, action: Action | None, events: list[Event], before: State, after: State,
                       viewer: int | None) -> Timeline | None:
        """Returns the animation of one action (what the table saw the player do, such as two face-down cards
        changing places) and its events; by default the events' (`animate`). Show nothing of the action
        that `viewer` may not see."""
        return self.animate(events, before, after, viewer)

    def think_seconds(self, view: State) -> float | None:
        """Returns how long a bot seems to think before its next move (None: the app's usual pause)."""
        return None


def _numbers(value, count: int) -> bool:
    """Returns whether a layout value is `count` numbers: four an [x, y, width, height], two (in a game's layout)
    a [width, height]."""
    return isinstance(value, list) and len(value) == count and all(isinstance(v, (int, float)) for v in value)
