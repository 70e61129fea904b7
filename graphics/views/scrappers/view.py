"""The Scrappers table: the factory floor with its conveyor, hopper, bin and bodgers; the deck and
discards; the card in play with its buttons; the hand of the seat to move; each player's panel with
its contraptions. Every choice is a place on it: a hand card, a button, a bodger, a space, a part."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.core.errors import DataError
from games.scrappers import actions as act
from games.scrappers.contraptions import arrange
from games.scrappers.data import UNIVERSAL, load_data
from games.scrappers.places import action_place
from games.scrappers.records import GUPPY, KEELIE, SETUP
from games.scrappers.state import ScrappersState
from graphics.kit.groups import grouped
from graphics.kit.overlay import beside, clear_spot, draw_tooltip
from graphics.kit.timeline import Timeline
from graphics.paint import SYMBOLS, Painter
from graphics.views.base import GameView
from graphics.views.scrappers.anim import Animator
from graphics.views.scrappers.floor import Floor
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.panels import Panels, tussle_state
from graphics.views.scrappers.sprites import Sprites, button_text, card_text, layout, part_text
from graphics.views.scrappers.table import Table

PICKING = ("target", "move", "switch", "button", "part_button")  # decisions about the bodger being activated


class Drawing:
    """The drawing helpers of one table size, made once per player count."""

    def __init__(self, view: ScrappersState, seats: Sequence) -> None:
        self.geo = Geometry(view.data.board, view.players)
        self.sprites = Sprites(view.data)
        self.floor = Floor(self.geo, self.sprites, seats)
        self.table = Table(self.geo, self.sprites, self.floor, seats)
        self.panels = Panels(self.geo, self.sprites, self.floor, seats)
        self.animator = Animator(self.geo, self.sprites, self.floor, self.table, self.panels, seats)


class ScrappersView(GameView):
    """Draws Scrappers and maps each action to the place that does it."""

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self._drawing: dict[int, Drawing] = {}

    @classmethod
    def check_data(cls, game_id: str) -> None:
        """Checks the layout as every view's, and that each colour a part has (and the universal one) has a
        mark the nubs can draw (layout.yaml, colour_marks); raises DataError."""
        super().check_data(game_id)
        marks = layout().get("colour_marks")
        colours = {colour for part in load_data().parts for colour in (*part.connectors, part.colour) if colour}
        for colour in sorted(colours | {UNIVERSAL}):
            mark = marks.get(colour) if isinstance(marks, dict) else None
            if mark not in SYMBOLS:
                raise DataError(f"{layout().path}: layout entry 'colour_marks.{colour}': must be one of "
                                f"{', '.join(SYMBOLS)}, got {mark!r}")

    def drawing(self, view: ScrappersState) -> Drawing:
        """Returns the drawing helpers for this many players."""
        if view.players not in self._drawing:
            self._drawing[view.players] = Drawing(view, self.seats)
        return self._drawing[view.players]

    # --- places -------------------------------------------------------------------------------------
    def key_of(self, view: ScrappersState, action: Action) -> Hashable | None:
        return action_place(action, view)

    def label(self, view: ScrappersState, action: Action, names: Sequence[str]) -> str:
        if isinstance(action, act.FinishActivation):
            return "Done: skip the part's button"
        return action.describe(names)

    def confirm(self, view: ScrappersState, action: Action) -> str | None:
        """A maintenance discard shows the card to everyone and cannot be taken back: ask first."""
        if isinstance(action, act.DiscardCard):
            return f"Discard {action.name}? Undo cannot take it back"
        return None

    def selected(self, view: ScrappersState) -> Hashable | None:
        decision = view.pending_decision()
        if decision is None:
            return None
        if decision.kind == "place_space" and view.phase == SETUP:
            return ("token", decision.data["bodger"])
        if decision.kind in PICKING and view.activation is not None:
            return ("bodger", view.activation.target or view.activation.bodger)
        return None

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, paint: Painter, view: ScrappersState, viewer: int | None, hidden: set[Hashable]) -> None:
        drawing = self.drawing(view)
        drawing.floor.draw(paint, view, hidden)
        drawing.table.draw_piles(paint, view, hidden)
        drawing.table.draw_centre(paint, view, viewer, hidden)
        drawing.table.draw_hand_title(paint, view, viewer)
        drawing.panels.draw(paint, view, hidden)

    def draw_live(self, paint: Painter, view: ScrappersState, viewer: int | None, hover: Hashable | None,
                  hidden: set[Hashable]) -> None:
        self.drawing(view).table.draw_hand(paint, view, viewer, hover, hidden)

    # --- hovering -------------------------------------------------------------------------------------
    def draw_zoom(self, paint: Painter, view: ScrappersState, viewer: int | None, key: Hashable, pos) -> None:
        anchor = paint.hits.rect_of(key)
        if anchor is None or not self.holds(view, key):  # a place of an older picture: nothing to show
            return
        card = self._card_at(view, viewer, key)
        if card is not None:
            self._card_zoom(paint, view, card, anchor)
            return
        part = self._part_at(view, key)
        if part is not None:
            self._part_tip(paint, view, part, self._tip(view, key), anchor)
            return
        text = self._tip(view, key)
        if text:
            draw_tooltip(paint, text, pos, layout().number("tip_width"))

    @staticmethod
    def holds(view: ScrappersState, key: Hashable) -> bool:
        """Returns whether `view` still holds what a place key names (a resting pointer may keep a key of a
        picture drawn before the card left play, the tussle ended or the hand closed up)."""
        if not isinstance(key, tuple) or not key:
            return False
        kind, rest = key[0], key[1:]
        if kind == "row":
            rows = view.data.cards[view.in_play].rows if view.in_play is not None else ()
            return view.activation is not None and rest[0] < len(rows) and rest[1] < len(rows[rest[0]])
        if kind == "front":
            return view.activation is not None and view.part_in_front(view.activation.bodger) is not None
        if kind == "commit":
            return view.tussle is not None and view.tussle.index < len(view.tussle.commits)
        if kind == "slot":
            return 0 <= rest[0] < len(view.belt.slots)
        if kind == "space":
            return 0 <= rest[0] < len(view.data.board.spaces)
        if kind == "bodger":
            return view.bodger(rest[0]) is not None
        if kind == "panel":
            return 0 <= rest[0] < view.players
        return kind in ("hand", "discard", "bin", "hopper", "deck", "token")

    def _card_at(self, view: ScrappersState, viewer: int | None, key: Hashable) -> str | None:
        """Returns the action card shown at a place, if it is face up there."""
        if key[0] == "hand":
            seat = viewer if viewer is not None else view.current_player()
            cards = grouped(view.hands[seat].cards) if seat is not None else []
            return cards[key[1]][0] if key[1] < len(cards) else None
        if key[0] == "commit" and view.tussle is not None:
            cards = grouped(view.tussle.commits[view.tussle.index].cards)
            return cards[key[1]][0] if key[1] < len(cards) else None
        if key[0] == "discard" and view.discard.cards:
            return view.discard.cards[-1]
        return None

    @staticmethod
    def _part_at(view: ScrappersState, key: Hashable) -> str | None:
        """Returns the part shown at a place, if any."""
        if key[0] == "slot":
            return view.belt.slots[key[1]]
        if key[0] == "front" and view.activation is not None:
            return view.part_in_front(view.activation.bodger)
        if key[0] == "bin" and view.belt.bin.cards:
            return view.belt.bin.cards[-1]
        return None

    def _tip(self, view: ScrappersState, key: Hashable) -> str:
        """Returns what a place is, for its tooltip."""
        data, kind = view.data, key[0]
        names = [s.name for s in self.seats]
        if kind == "slot":
            faced = ", ".join(data.board.spaces[s].name for s in data.board.facing[key[1]])
            where = f"Conveyor space {key[1] + 1}, in front of {faced}."
            part = view.belt.slots[key[1]]
            return f"{part_text(data, part)}\n{where}" if part else f"{where} Empty."
        if kind == "front":
            return part_text(data, view.part_in_front(view.activation.bodger))
        if kind == "bin":
            top = f"\nOn top: the {view.part_name(view.belt.bin.cards[-1])}." if view.belt.bin.cards else ""
            return f"The bin: {len(view.belt.bin)} parts, face up. FORWARD puts parts in, REVERSE takes the top one " \
                   f"back.{top}"
        if kind == "hopper":
            return f"The hopper: {len(view.belt.hopper)} parts face down. New parts come onto the conveyor from here."
        if kind == "deck":
            return f"The action deck: {len(view.deck)} cards face down."
        if kind == "row":
            return button_text(data.cards[view.in_play].rows[key[1]][key[2]])
        if kind == "space":
            return self._space_tip(view, key[1], names)
        if kind == "bodger":
            return self._bodger_tip(view, key[1], names)
        if kind == "token":
            return f"{data.name(key[1])}: waiting to be placed on the floor."
        if kind == "panel":
            return self._panel_tip(view, key[1], names)
        return ""

    def _space_tip(self, view: ScrappersState, space: int, names: list[str]) -> str:
        """Returns a bodger space described: its name, the part in front, its symbol, who stands there."""
        board = view.data.board
        slot = board.faces(space)
        part = view.belt.slots[slot]
        lines = [f"Space {board.spaces[space].name}: in front of conveyor space {slot + 1}"
                 + (f" (the {view.part_name(part)})." if part else " (empty).")]
        if board.spaces[space].symbol and view.options["guppy"]:
            lines.append(f"Shows a {board.spaces[space].symbol} (Guppy cards).")
        here = [b for b in view.bodgers if b.space == space]
        for bodger in here:
            owner = f" ({names[bodger.owner]})" if bodger.owner is not None else ""
            lines.append(f"{view.data.name(bodger.id)}{owner} stands here.")
        return "\n".join(lines)

    def _bodger_tip(self, view: ScrappersState, bodger_id: str, names: list[str]) -> str:
        """Returns a token described: whose, where, in front of what, passed."""
        bodger = view.bodger(bodger_id)
        data = view.data
        if bodger_id == KEELIE:
            who = "Keelie: anyone may move her with a Keelie card; she tussles and bins what she wins."
        elif bodger_id == GUPPY:
            who = "Guppy: moved by Guppy cards; bodgers pass through him, buttons cannot touch him."
        else:
            who = f"{data.name(bodger_id)}: {names[bodger.owner]}'s bodger."
            if view.passed()[bodger.owner]:
                who += " Passed (the token shows its pass side)."
        part = view.part_in_front(bodger_id)
        front = f"in front of the {view.part_name(part)}" if part else "in front of an empty conveyor space"
        return f"{who}\nOn {data.board.spaces[bodger.space].name}, {front}."

    def _panel_tip(self, view: ScrappersState, seat: int, names: list[str]) -> str:
        """Returns a player's parts in words: each contraption, then the loose plugs."""
        built, loose = arrange(view.data, view.holdings[seat])
        lines = [f"{names[seat]}: {len(view.hands[seat])} action cards, {len(view.holdings[seat])} parts."]
        for contraption in built:
            plugs = [view.part_name(p) for p in contraption.plugs if p is not None]
            lines.append(f"The {view.part_name(contraption.core)}: {contraption.fitted}/{len(contraption.plugs)} plugs"
                         + (f" ({', '.join(plugs)})" if plugs else ""))
        if loose:
            lines.append("Loose: " + ", ".join(view.part_name(p) for p in loose))
        state, for_keelie = tussle_state(view, seat)
        if state:
            lines.append(f"Tussle cards{' for Keelie' if for_keelie else ''}: {state}")
        return "\n".join(lines)

    def _card_zoom(self, paint: Painter, view: ScrappersState, card: str, anchor) -> None:
        """Shows a card large beside what is hovered (covering neither it nor its neighbours' middle), with
        its words beside it: name, tussle symbols and what each button does."""
        (w, h), text_w, pad = layout().size("zoom_card"), layout().number("card_text_width"), 14
        rect = clear_spot(anchor, (w + 10 + text_w, h), [anchor], (0, 0, *paint.viewport.canvas),
                          paint.viewport.canvas)
        self.drawing(view).sprites.draw_card(paint, card, (rect.x, rect.y, w, h))
        text = card_text(view.data, card)
        used = paint.fit(text, (0, 0, text_w - 2 * pad, h - 2 * pad), "small").height / paint.viewport.scale
        words = pygame.Rect(rect.x + w + 10, rect.y, text_w, min(h, used + 2 * pad + 4))
        paint.panel(words)
        paint.paragraph(text, words.inflate(-2 * pad, -2 * pad), "small")

    def _part_tip(self, paint: Painter, view: ScrappersState, part: str, text: str, anchor) -> None:
        """Shows a part large beside what is hovered, with what it is and does."""
        side = layout().number("zoom_part")
        width = layout().number("tip_width")
        pad = 14
        text_w = width - side - 3 * pad
        used = paint.fit(text, (0, 0, text_w, 2000), "small").height / paint.viewport.scale + 4  # + rounding
        height = max(side, used) + 2 * pad
        rect = beside(anchor, (width, height), paint.viewport.canvas)
        paint.panel(rect)
        self.drawing(view).sprites.draw_part(paint, part, (rect.x + pad, rect.y + pad, side, side))
        paint.paragraph(text, (rect.x + side + 2 * pad, rect.y + pad, text_w, rect.height - 2 * pad), "small")

    # --- animation ------------------------------------------------------------------------------------
    def animate(self, events: list[Event], before: ScrappersState, after: ScrappersState,
                viewer: int | None) -> Timeline | None:
        return self.drawing(before).animator.animate(events, before, after, viewer)
