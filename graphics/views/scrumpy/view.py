"""The Scrumpy table: the strip, goals and vendors; the focus cidery whole with its hand; the other
cideries compact (whole on hover) or the solo Automa. Every action is a click on a glowing place
(a strip worker, a hand card, a store, an Office tile, a reward space, a goal) or a button."""
from __future__ import annotations

import functools
from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.scrumpy.actions import Pick, Sell, TakeFree
from games.scrumpy.places import action_place
from games.scrumpy.state import ScrumpyState
from graphics.config import table_layout
from graphics.kit.hitmap import HitMap
from graphics.kit.overlay import draw_tooltip, draw_zoom
from graphics.kit.timeline import Timeline
from graphics.paint import Painter, raised
from graphics.views.base import GameView
from graphics.views.scrumpy.anim import Animator
from graphics.views.scrumpy.board import bases_ahead, cidery_key, draw_cidery
from graphics.views.scrumpy.geometry import Geometry, layout
from graphics.views.scrumpy.hand import draw_hand, draw_piles, draw_pool
from graphics.views.scrumpy.notes import card_of, note
from graphics.views.scrumpy.pieces import Faces
from graphics.views.scrumpy.table import (
    card_discount,
    draw_automa,
    draw_goals,
    draw_strip,
    draw_vendors,
    price,
    strip_key,
    vendors_key,
)


class ScrumpyView(GameView):
    """Draws Scrumpy and maps its actions to places of the table."""

    RELATIVE = ("board.tile_label", "board.spot_value")  # their widths are the tile's, plus this

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self.faces = Faces()
        self.animator = Animator(self.faces, self.seats)

    @property
    def names(self) -> list[str]:
        """Returns the seats' names."""
        return [seat.name for seat in self.seats]

    # --- places ------------------------------------------------------------------------------------
    def key_of(self, view: ScrumpyState, action: Action) -> Hashable | None:
        return action_place(action, view)

    def label(self, view: ScrumpyState, action: Action, names: Sequence[str]) -> str:
        if isinstance(action, Sell):
            data = view.data.resource(action.res)
            value = f"{data.sell_coins} coin{'s' if data.sell_coins != 1 else ''}" if data.sell_coins else \
                f"{data.sell_prestige} prestige"
            return f"Sell 1 {data.name} for {value}"
        if isinstance(action, TakeFree):
            return f"Take {action.name} for free (into your discard pile)"
        decision = view.pending_decision()
        if isinstance(action, Pick) and decision is not None and decision.kind == "keep":
            return f"Keep {action.name} for next round"  # a hint's "Planter (from hand)" did not say what it does
        return action.describe(names)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, paint: Painter, view: ScrumpyState, viewer: int | None, hidden: set[Hashable]) -> None:
        geometry = Geometry(view, viewer)
        paint.region("strip", strip_key(view, hidden), raised(geometry.strip_panel()),
                     lambda p: draw_strip(p, view, geometry, self.faces, hidden))
        draw_goals(paint, view, geometry, self.seats)
        vendors = functools.reduce(pygame.Rect.union, map(raised, geometry.vendors))
        paint.region("vendors", vendors_key(view, geometry), vendors,
                     lambda p: draw_vendors(p, view, geometry, self.seats))
        for seat in geometry.others:
            self._cidery(paint, view, seat, geometry.board(seat), False, hidden)
        if view.automa is not None:
            draw_automa(paint, view, geometry, self.faces)
        self._cidery(paint, view, geometry.focus, geometry.board(geometry.focus), True, hidden)
        draw_piles(paint, view, geometry, self.faces)
        bases_ahead(paint, view, self.seats, viewer)

    def _cidery(self, paint: Painter, view: ScrumpyState, seat: int, rect: pygame.Rect, whole: bool,
                hidden: set[Hashable]) -> None:
        """Draws a seat's cidery as a region of the board layer: put back as it was while nothing in it changed."""
        paint.region(("cidery", seat), cidery_key(view, seat, rect, whole, hidden), raised(rect),
                     lambda p: draw_cidery(p, view, self.seats, self.faces, seat, rect, whole, hidden))

    def draw_live(self, paint: Painter, view: ScrumpyState, viewer: int | None, hover: Hashable | None,
                  hidden: set[Hashable]) -> None:
        geometry = Geometry(view, viewer)
        draw_pool(paint, view, geometry, self.faces, hover)
        draw_hand(paint, view, geometry, self.faces, hover, hidden)

    def draw_zoom(self, paint: Painter, view: ScrumpyState, viewer: int | None, key: Hashable, pos) -> None:
        if key[0] == "board":
            self._zoom_board(paint, view, key[1])
            return
        card = card_of(view, key)
        anchor = paint.hits.rect_of(key) or pygame.Rect(int(pos[0]), int(pos[1]), 1, 1)
        if card is not None:  # on the board, never over the status line (it says why a strip worker is dead)
            draw_zoom(paint, lambda p, rect: self.faces.draw(p, card, rect), anchor, layout().size("zoom_card"),
                      self._caption(view, key), avoid=[table_layout().rect("play.status")],
                      bounds=table_layout().rect("play.board"))
            return
        text = note(view, self.names, key)
        if text:
            draw_tooltip(paint, text, pos, layout().number("tip_width"))

    def _caption(self, view: ScrumpyState, key: Hashable) -> str:
        """Returns the line under a card shown large: its price on the strip, or what lies under it."""
        if key[0] == "strip":
            cost = price(view, key[1])
            discount = view.data.rules.strip_discounts[key[1]]
            extra = card_discount(view)
            card = f", -{extra} from the recruiting card" if extra else ""
            return f"Price here: {cost} coins (-{discount}{card})"
        if key[0] == "space" and len(view.cideries[key[1]].spaces[key[2]]) > 1:
            return "Recruited onto another worker"
        return ""

    def _zoom_board(self, paint: Painter, view: ScrumpyState, seat: int) -> None:
        """Draws another seat's cidery whole over the focus cidery (its places are not registered)."""
        rect = layout().rect("main_board")
        quiet = Painter(paint.surface, paint.viewport, paint.assets, HitMap())
        draw_cidery(quiet, view, self.seats, self.faces, seat, rect, True, keys=False)

    # --- animation ---------------------------------------------------------------------------------
    def animate(self, events: list[Event], before: ScrumpyState, after: ScrumpyState,
                viewer: int | None) -> Timeline | None:
        return self.animator.timeline(events, before, after, viewer)
