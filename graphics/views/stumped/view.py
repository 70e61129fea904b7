"""The Stumped table: the market and piles, a garden of trees growing side by side (each drawn from
segment sprites at the positions of the tree data), the turn and the hand. Every choice is a place:
a card in the hand, a market slot, a pile, a root stack, a glowing hole on the tree being grown."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.stumped import actions as act
from games.stumped.places import action_place
from games.stumped.records import ACT
from games.stumped.state import StumpedState
from graphics.config import table_layout
from graphics.kit.overlay import clear_spot, draw_tooltip, draw_zoom, zoom_room
from graphics.kit.timeline import Timeline
from graphics.paint import Painter
from graphics.views.base import GameView
from graphics.views.stumped.anim import Animator
from graphics.views.stumped.faces import StumpedFaces
from graphics.views.stumped.geometry import Geometry, geometry_for, layout
from graphics.views.stumped.plots import Plots
from graphics.views.stumped.table import Table, hand_shown, setup_pending
from graphics.views.stumped.tips import card_caption, tip


class StumpedView(GameView):
    """Draws Stumped from a view and maps each action to the place that does it."""

    RELATIVE = ("tree.view[0]", "tree.view[1]", "tree.sprites.fruit.below")  # the tree plane's corner; a fruit's drop

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self.faces = StumpedFaces()
        self.table = Table(self.faces, self.seats)
        self.plots = Plots(self.faces, self.seats)
        self.animator = Animator(self.faces, self.table, self.plots, self.seats)
        self.zoomed: pygame.Rect | None = None  # where the last card shown large went

    @staticmethod
    def geometry(view: StumpedState) -> Geometry:
        """Returns the rects of this table size."""
        return geometry_for(view.players, view.rules.numbers.market_columns)

    # --- places ---------------------------------------------------------------------------------
    def key_of(self, view: StumpedState, action: Action) -> Hashable | None:
        return action_place(action, view)

    def confirm(self, view: StumpedState, action: Action) -> str | None:
        """Asks before a turn ends with energy unspent while something could still be bought: the turn's
        end draws a new hand, which undo cannot take back."""
        if not isinstance(action, act.EndTurn) or view.turn.energy <= 0:
            return None
        if not any(isinstance(other, act.Buy) for other in view.legal_actions()):
            return None
        energy = view.turn.energy
        return f"End my turn with {energy} energy unspent"

    def label(self, view: StumpedState, action: Action, names: Sequence[str]) -> str:
        text = action.describe(names)
        if isinstance(action, act.Grow):
            cost = view.rules.numbers.grow_costs[action.segment]
            return f"{text} ({cost} growth)"
        if isinstance(action, act.PlayEnergy):
            return f"{text} (+{view.rules.card(action.card).energy} energy)"
        if isinstance(action, act.EndActions):
            return f"{text} ({view.turn.energy} energy)"
        decision = view.pending_decision()
        if isinstance(action, act.StartGame) and decision is not None and decision.seat + 1 < view.players:
            return f"Done: {names[decision.seat + 1] if decision.seat + 1 < len(names) else 'the next seat'}'s say"
        return text

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, paint: Painter, view: StumpedState, viewer: int | None, hidden: set[Hashable]) -> None:
        geometry = self.geometry(view)
        if setup_pending(view):
            self.table.draw_setup(paint, view, geometry)
        else:
            closeup = self.plots.closeup_seat(view, geometry, viewer)
            if closeup is None:
                self.table.draw_market(paint, view, geometry, hidden, viewer)
            self.plots.draw(paint, view, geometry, hidden, closeup)
        self.table.draw_turn(paint, view, geometry, hidden)

    def draw_live(self, paint: Painter, view: StumpedState, viewer: int | None, hover: Hashable | None,
                  hidden: set[Hashable]) -> None:
        self.table.draw_hand(paint, view, self.geometry(view), viewer, hover, hidden)

    def draw_highlight(self, paint: Painter, key: Hashable, shape, strength: float, picked: bool) -> None:
        if key[0] == "hole":
            rgb = self.theme.colour("selected" if picked else "glow")
            self.plots.trees.draw_ring(paint, shape, rgb, layout().number("tree.bud_glow") * (0.4 + 0.6 * strength))
            return
        super().draw_highlight(paint, key, shape, strength, picked)

    # --- hovering ------------------------------------------------------------------------------
    def draw_zoom(self, paint: Painter, view: StumpedState, viewer: int | None, key: Hashable, pos) -> None:
        card = self._card_at(view, viewer, key)
        anchor = paint.hits.rect_of(key) or pygame.Rect(int(pos[0]), int(pos[1]), 1, 1)
        if card is not None:
            definition = view.rules.card(card)
            caption = card_caption(view, key, card)
            avoid = self.zoom_avoids(paint, key, anchor, zoom_room(layout().size("zoom_card"), caption))
            self.zoomed = draw_zoom(paint, lambda p, rect: self.faces.draw(p, definition, rect), anchor,
                                    layout().size("zoom_card"), caption, avoid=avoid,
                                    bounds=table_layout().rect("play.board"))
            return
        text = tip(view, key, [seat.name for seat in self.seats], viewer)
        if text:
            draw_tooltip(paint, text, pos, layout().number("tip_width"))

    @staticmethod
    def zoom_avoids(paint: Painter, key: Hashable, anchor: pygame.Rect, room: tuple[int, int]) -> list[pygame.Rect]:
        """Returns what a card shown large keeps clear of: the hovered card, its neighbours of the same kind and
        the status line (where "why not?" is read while the card is hovered); where it cannot clear them all
        on the board (a pile at the board's edge), the neighbours give way, never the status line."""
        status, board = table_layout().rect("play.status"), table_layout().rect("play.board")
        avoid = [rect for other, rect, _ in paint.hits.entries() if other[0] == key[0]] + [anchor, status]
        spot = clear_spot(anchor, room, avoid, board, paint.viewport.canvas)
        return avoid if not spot.colliderect(status) else [anchor, status]

    @staticmethod
    def _card_at(view: StumpedState, viewer: int | None, key: Hashable) -> str | None:
        """Returns the card shown face up at a place, if any."""
        kind = key[0]
        if kind == "market":
            return view.market.slots[key[1]] if key[1] < len(view.market.slots) else None
        if kind in ("pile", "leave"):
            return key[1]
        if kind == "hand":
            seat = hand_shown(view, viewer)
            return key[1] if seat is not None and key[1] in view.hands[seat].cards else None
        if kind == "played":
            return view.played[key[1]] if key[1] < len(view.played) else None
        if kind == "discard":
            cards = view.discards[key[1]].cards
            return cards[-1] if cards else None
        if kind == "market_discard":
            return view.market_discard.cards[-1] if view.market_discard.cards else None
        return None

    # --- animation ------------------------------------------------------------------------------
    def animate(self, events: list[Event], before: StumpedState, after: StumpedState,
                viewer: int | None) -> Timeline | None:
        return self.animator.animate(events, before, after, viewer, self.geometry(before))

    def think_seconds(self, view: StumpedState) -> float | None:
        """A bot playing out its hand moves briskly: each card's move is shown."""
        decision = view.pending_decision()
        return layout().number("seconds.think_act") if decision is not None and decision.kind == ACT else None

