"""Around the garden: the market (two rows of face-up cards with their costs, the action deck and the
discarded market cards), the supply and energy piles, the turn panel (whose turn, the phase, energy,
action cards and buys left, the cards played) and the hand fanned at the bottom; at setup, every
action card to leave pairs out. Registers ("market", slot), ("action_deck",), ("market_discard",),
("pile", card), ("played", i), ("hand", card), ("back", i), ("leave", card) and, for the player buying,
("end_turn",): the "End your turn" button in the market panel."""
from __future__ import annotations

from collections import Counter
from typing import Hashable, Sequence

import pygame

from games.core.words import listed
from games.stumped.cards import Card
from games.stumped.places import END_TURN  # the place of the "End your turn" button, in the market panel
from games.stumped.records import BUY, SETUP
from games.stumped.state import StumpedState
from graphics.config import Theme, seat_colour
from graphics.kit.faces import CardFaces
from graphics.kit.table import counter_width, draw_count_badge, draw_counter, draw_seat_badge, pile_layers
from graphics.paint import Painter
from graphics.views.stumped.geometry import GAME, Geometry, layout

PHASES = {"setup": "Setup", "growth": "Growth phase", "action": "Action phase", "market": "Market phase",
          "renewal": "Renewal"}
ICONS = {"energy": "icon_energy", "actions": "icon_action", "buys left": "icon_buy", "growth": "icon_growth"}


def hand_shown(view: StumpedState, viewer: int | None) -> int | None:
    """Returns whose hand the fan shows: the viewer's, else (as backs) the player whose turn it is."""
    if viewer is not None:
        return viewer
    return None if view.is_over() else view.turn.seat


def hand_groups(view: StumpedState, seat: int, hidden: set[Hashable] = frozenset()) -> list[tuple[str | None, int]]:
    """Returns a hand as (card, copies) in catalog order, unknown cards one back each; copies named in
    `hidden` as ("hand_out", card, n) are left out (an animation is moving them)."""
    cards = list(view.hands[seat].cards)
    for key in hidden:
        if key[0] == "hand_out" and key[1] in cards:
            cards.remove(key[1])
    known = Counter(card for card in cards if card is not None)
    groups = [(card, known[card]) for card in view.rules.in_order(list(known))]
    return groups + [(None, 1)] * sum(1 for card in cards if card is None)


def winter_text(round_: int, winter: int) -> str:
    """Returns the round counter's warning that winter comes in `winter` rounds unless a tree grows."""
    return f"Round {round_}: winter in {winter} if no tree grows"


def setup_pending(view: StumpedState) -> bool:
    """Returns whether the table is still choosing action cards to leave out."""
    decision = view.pending_decision()
    return decision is not None and decision.kind == SETUP


class Table:
    """Draws the market, the piles, the turn panel, the hand and the setup choice."""

    def __init__(self, faces: CardFaces, seats: Sequence) -> None:
        self.faces = faces
        self.seats = seats
        self.theme = Theme(GAME)
        self._hand_slots: tuple[tuple, list[str]] | None = None  # (whose hand in which turn, the fan's slots)

    # --- the market -----------------------------------------------------------------------------
    def draw_market(self, paint: Painter, view: StumpedState, geometry: Geometry, hidden: set[Hashable],
                    viewer: int | None = None) -> None:
        """Draws the market's slots with their costs, the action deck, the discarded cards and the piles."""
        paint.panel(layout().rect("market_panel"), self.theme.colour("panel"), self.theme.colour("panel_edge"), 16)
        ink = self.theme.colour("ink")
        paint.text("Market", layout().rect("market_title"), "heading", ink, "title", "midleft")
        for slot, card in enumerate(view.market.slots):
            rect = geometry.market_slot(slot)
            if card is None or ("market", slot) in hidden:
                self.empty(paint, rect, "" if card else "Empty")
            else:
                self.faces.draw(paint, view.rules.card(card), rect)
                self.cost(paint, geometry.cost_rect(rect), view.rules.card(card).cost)
            paint.hits.add(("market", slot), rect)
        discard = view.market_discard.cards
        self.pile(paint, layout().rect("action_deck"), len(view.action_deck), None, ("action_deck",), False)
        paint.text("Deck", layout().rect("action_deck_label"), "small", ink, "bold")
        if discard:
            self.pile(paint, layout().rect("market_discard"), len(discard), view.rules.card(discard[-1]),
                      ("market_discard",))
        else:
            self.empty(paint, layout().rect("market_discard"), "None yet")
            paint.hits.add(("market_discard",), layout().rect("market_discard"))
        paint.text("Discarded", layout().rect("market_discard_label"), "small", ink, "bold")
        self._piles(paint, view, geometry)
        self._end_turn(paint, view, viewer)

    def _end_turn(self, paint: Painter, view: StumpedState, viewer: int | None) -> None:
        """Draws the "End your turn" button in the market panel for the player buying (it glows when it is
        a legal move); registers END_TURN."""
        decision = view.pending_decision()
        if decision is None or decision.kind != BUY or viewer != decision.seat:
            return
        rect = layout().rect("end_turn")
        paint.rect(rect, self.theme.colour("panel_edge"), 10)
        paint.text("End your turn", rect.inflate(-12, -6), "body", self.theme.colour("card_paper"), "bold")
        paint.hits.add(END_TURN, rect)

    def pile(self, paint: Painter, rect: pygame.Rect, count: int, top: Card | None, key: Hashable,
             face_up: bool = True) -> None:
        """Draws a pile with its count (its top card face up if asked), or, faded, what it held."""
        if count > 0:
            layers = pile_layers(rect, count, 3, 5)
            for layer in layers[:-1]:
                self.faces.draw(paint, None, layer)
            self.faces.draw(paint, top if face_up else None, layers[-1])
            below = int(layers[-1].height * layout().number("count_badge_top")) if face_up else 0
            draw_count_badge(paint, layers[-1].move(0, below), count)
            paint.hits.add(key, rect)
            return
        self.faces.draw(paint, top if face_up else None, rect)
        paint.shade(rect, self.theme.colour("panel"), 190, 8)
        paint.rect(rect, self.theme.colour("panel_edge"), 8, 2)
        paint.text("None left", rect.inflate(-10, -10), "small", self.theme.colour("ink"), "bold")
        paint.hits.add(key, rect)

    def empty(self, paint: Painter, rect: pygame.Rect, text: str) -> None:
        """Draws an empty place on the table, saying so."""
        paint.shade(rect, self.theme.colour("panel_edge"), 40, 8)
        paint.rect(rect, self.theme.colour("panel_edge"), 8, 2)
        if text:
            paint.text(text, rect.inflate(-10, -10), "small", self.theme.colour("muted"), "bold")

    def cost(self, paint: Painter, rect: pygame.Rect, cost: int) -> None:
        """Draws a card's cost: the energy sign and the number, in a pill."""
        draw_counter(paint, rect, "", cost, f"{GAME}/icon_energy")

    def _piles(self, paint: Painter, view: StumpedState, geometry: Geometry) -> None:
        """Draws the Sun, Dirt and Water supply piles and the two energy piles, each with its cost."""
        paint.text("Supply and energy piles", layout().rect("piles_title"), "body", self.theme.colour("ink"), "bold",
                   "midleft")
        piles = view.rules.pile_ids
        for index, card in enumerate(piles):
            rect = geometry.pile(index, len(piles))
            self.pile(paint, rect, view.piles.left(card), view.rules.card(card), ("pile", card))
            self.cost(paint, geometry.cost_rect(rect), view.rules.card(card).cost)

    # --- the turn -----------------------------------------------------------------------------
    def draw_turn(self, paint: Painter, view: StumpedState, geometry: Geometry, hidden: set[Hashable]) -> None:
        """Draws whose turn it is and its phase, what is left to spend, and the cards played this turn."""
        paint.panel(layout().rect("turn_panel"), self.theme.colour("panel"), self.theme.colour("panel_edge"), 16)
        ink = self.theme.colour("ink")
        seat = view.turn.seat
        if view.is_over():
            winners = view.winners()
            names = listed(self.seats[s].name for s in winners)
            best = max(view.scores())
            text = f"{names} {'win' if len(winners) > 1 else 'wins'} with {best} leaves."
            paint.text("Game over", layout().rect("turn_badge"), "heading", ink, "title", "midleft")
            paint.paragraph(text, layout().rect("over_text"), "body", ink, "bold")
            return
        phase = PHASES.get(view.turn.phase, "")
        draw_seat_badge(paint, layout().rect("turn_badge"), self.seats[seat].name, seat_colour(self.seats[seat].colour),
                        phase, True)
        if setup_pending(view):  # nothing to count or play before the first turn
            return
        self._counters(paint, view)
        if not self._round(paint, view):
            paint.text("Played this turn", layout().rect("played_title"), "small", self.theme.colour("muted"),
                       "bold", "midleft")
        played = [card for i, card in enumerate(view.played) if ("played", i) not in hidden]
        for i, (card, rect) in enumerate(zip(played, geometry.played(len(view.played)))):
            self.faces.draw(paint, view.rules.card(card), rect)
            paint.hits.add(("played", i), rect)

    def _round(self, paint: Painter, view: StumpedState) -> bool:
        """Draws the round at the right of the played cards' title; when winter draws near (rounds in a row in
        which no tree grew), a warning over that whole line instead. Returns whether it warned."""
        winter = view.winter_in()
        if winter is None:
            paint.text(f"Round {view.round}", layout().rect("round_text"), "small", self.theme.colour("muted"),
                       "bold", "midright")
            return False
        paint.text(winter_text(view.round, winter), layout().rect("winter_text"), "small", self.theme.colour("error"),
                   "bold", "midleft")
        return True

    def _counters(self, paint: Painter, view: StumpedState) -> None:
        """Draws energy, action cards left, buys left and growth left as counters with icons."""
        turn = view.turn
        actions = 0 if turn.energy_played else turn.actions_left
        middle = ("growth", turn.growth) if turn.growth else ("actions", actions)  # growth is spent at once
        items = [("energy", turn.energy), middle, ("buys left", turn.buys_left)]
        area = layout().rect("counters")
        gap = 10
        widths = [counter_width(paint, label, value, True) for label, value in items]
        scale = min(1.0, (area.width - gap * (len(items) - 1)) / sum(widths))
        x = area.x
        for (label, value), width in zip(items, widths):
            rect = pygame.Rect(int(x), area.y, int(width * scale), area.height)
            draw_counter(paint, rect, label, value, f"{GAME}/{ICONS[label]}")
            x += width * scale + gap

    # --- the hand -----------------------------------------------------------------------------
    def draw_hand(self, paint: Painter, view: StumpedState, geometry: Geometry, viewer: int | None,
                  hover: Hashable | None, hidden: set[Hashable]) -> None:
        """Draws the hand fan: one card per kind with its copies (backs in the public view), the hovered card
        lifted and in front."""
        seat = hand_shown(view, viewer)
        if seat is None:
            return
        groups = hand_groups(view, seat, hidden)
        slots = self.hand_slots(view, seat, groups)
        self._hand_slots = (self._turn_key(view, seat), slots) if None not in slots else None
        keys = [("hand", card) if card is not None else ("back", i) for i, (card, _) in enumerate(groups)]
        places = [slots.index(card) if card is not None else i for i, (card, _) in enumerate(groups)]
        index = keys.index(hover) if hover in keys else None
        rects = geometry.fan().rects(len(slots), places[index] if index is not None else None)
        order = [i for i in range(len(groups)) if i != index] + ([index] if index is not None else [])
        for i in order:
            card, copies = groups[i]
            rect = rects[places[i]]
            self.faces.draw(paint, view.rules.card(card) if card else None, rect)
            if copies > 1:
                draw_count_badge(paint, rect, copies)
            paint.hits.add(keys[i], rect)

    @staticmethod
    def _turn_key(view: StumpedState, seat: int) -> tuple:
        """Returns what names one hand in one turn: whose hand, the round and whose turn it is."""
        return seat, view.round, view.turn.seat

    def hand_slots(self, view: StumpedState, seat: int, groups: list[tuple[str | None, int]]) -> list[str | None]:
        """Returns the fan's slots, one per kind of card: while a turn goes on, a card played leaves its slot
        empty, so that the others stay under the pointer (a new kind drawn lays the fan out afresh)."""
        cards = [card for card, _ in groups]
        kept = self._hand_slots
        if None not in cards and kept is not None and kept[0] == self._turn_key(view, seat) and set(cards) <= set(kept[1]):
            return list(kept[1])
        return cards

    def hand_rect(self, view: StumpedState, geometry: Geometry, viewer: int | None, card: str | None) -> pygame.Rect | None:
        """Returns where a card of the shown hand lies in the fan (the last back for a hidden one)."""
        seat = hand_shown(view, viewer)
        if seat is None:
            return None
        groups = hand_groups(view, seat)
        slots = self.hand_slots(view, seat, groups)
        rects = geometry.fan().rects(len(slots))
        if card in slots:
            return rects[slots.index(card)]
        return rects[-1] if rects else geometry.fan().rects(1)[0]

    # --- setup --------------------------------------------------------------------------------
    def draw_setup(self, paint: Painter, view: StumpedState, geometry: Geometry) -> None:
        """Draws every action card; those left out are shaded. Registers ("leave", card)."""
        paint.panel(layout().rect("setup_panel"), self.theme.colour("panel"), self.theme.colour("panel_edge"), 16)
        decision = view.pending_decision()
        who = self.seats[decision.seat].name if decision is not None else ""
        market = view.rules.numbers.market_size
        title = f"{who}'s say: click pairs to leave out ({len(view.left_out)} out so far; at least {market} " \
                f"cards stay for the market)"
        paint.text(title, layout().rect("setup_title"), "body", self.theme.colour("ink"), "bold", "midleft")
        cards = view.rules.action_ids
        for index, card in enumerate(cards):
            rect = geometry.setup_card(index, len(cards))
            self.faces.draw(paint, view.rules.card(card), rect)
            if card in view.left_out:
                paint.shade(rect, self.theme.colour("left_out"), 170, 8)
                paint.text("Left out", rect.inflate(-8, -8), "small", self.theme.colour("left_out_text"), "bold")
            paint.hits.add(("leave", card), rect)
