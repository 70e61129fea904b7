"""Stumped animations on the kit timeline, one step per event, in order: a segment growing out of its
hole, cards moving between hands, roots, discard piles, decks, the market and the piles (face down
where the viewer may not see them, turning over where they are revealed), an action card played shown
large, the market washed away and refilled, and captions for turns and the win."""
from __future__ import annotations

from typing import Callable, Hashable, Sequence

import pygame

from games.core.actions import Event
from games.stumped.cards import BASICS
from games.stumped.state import StumpedState
from games.stumped.tree import Segment
from graphics.config import Theme
from graphics.kit.event_steps import event_steps, handlers, played_in_order
from graphics.kit.faces import CardFaces
from graphics.kit.table import draw_counter
from graphics.kit.timeline import Banner, Key, Move, Step, Timeline, Tween, parallel
from graphics.kit.timing import later, timings
from graphics.paint import Painter
from graphics.views.stumped.geometry import GAME, Geometry, layout
from graphics.views.stumped.plots import Plots, frame_of
from graphics.views.stumped.table import Table, hand_shown

MOST_SHOWN = 6  # cards of one move shown flying (the rest arrive with the last)


seconds = timings(GAME, "seconds")  # an animation time from data/stumped/layout.yaml


class Animator:
    """Turns one step's events into a timeline, following where cards go."""

    def __init__(self, faces: CardFaces, table: Table, plots: Plots, seats: Sequence) -> None:
        self.faces, self.table, self.plots, self.seats = faces, table, plots, seats
        self.theme = Theme(GAME)
        self.handlers = handlers({
            "grow": self._grow, "plant": self._plant, "energy": self._to_played, "play": self._play,
            "harvest": self._harvest, "discard": self._discard, "draw": self._draw, "reshuffle": self._reshuffle,
            "buy": self._buy, "refill": self._refill, "deal": self._deal, "flood": self._flood, "clear": self._clear,
            "take": self._take, "gain": self._gain, "mulch": self._mulch, "recycle": self._recycle,
            "steal": self._steal, "wilt": self._wilt, "market_reshuffle": self._market_reshuffle,
            "turn": self._turn, ("win", "growth_lost"): self._caption})

    def animate(self, events: list[Event], before: StumpedState, after: StumpedState, viewer: int | None,
                geometry: Geometry) -> Timeline | None:
        """Returns the animation of one step's events, or None if nothing moves."""
        self.before, self.after, self.viewer, self.geo = before, after, viewer, geometry
        self.hidden: set[Hashable] = set()
        self.count = 0
        self.played = len(before.played)
        return played_in_order(event_steps(events, self.handlers), self.hidden)

    # --- places -----------------------------------------------------------------------------------
    def _card(self, card: str | None):
        """Returns a card's definition (None for an unknown card)."""
        return self.before.rules.card(card) if card is not None else None

    def _fan_shows(self, view: StumpedState, seat: int) -> bool:
        """Returns whether the hand fan shows `seat`'s hand in `view`."""
        return hand_shown(view, self.viewer) == seat

    def _from_hand(self, seat: int, card: str | None) -> tuple[pygame.Rect, bool]:
        """Returns where a card leaves `seat`'s hand and whether it is face up there; hides it in the fan."""
        if self._fan_shows(self.before, seat):
            shown = card if self.viewer == seat else None
            self.count += 1
            self.hidden.add(("hand_out", shown, self.count))
            return self.table.hand_rect(self.before, self.geo, self.viewer, shown), shown is not None
        return self.geo.soil_card(seat, "hand"), False

    def _to_hand(self, seat: int, card: str | None) -> tuple[pygame.Rect, bool]:
        """Returns where a card joins `seat`'s hand and whether it is face up there."""
        if self.viewer == seat and card is not None and self._fan_shows(self.after, seat):
            return self.table.hand_rect(self.after, self.geo, self.viewer, card), True
        return self.geo.soil_card(seat, "hand"), False

    def _played_slot(self) -> pygame.Rect:
        """Returns the next place in the row of cards played (and counts it taken)."""
        self.played += 1
        return self.geo.played(self.played)[-1]

    def _move(self, card: str | None, start: pygame.Rect, end: pygame.Rect, face=(True, True), delay: float = 0.0,
              fade: float = 1.0, middle: tuple[pygame.Rect, float] | None = None) -> Step:
        """Returns a card moving from one rect to another (face up or down at each end; through `middle`,
        held there a while, if given)."""
        self.count += 1
        travel = seconds("card")
        keys = [Key(0, pygame.Rect(start), face[0])]
        if middle is not None:
            keys += [Key(travel, pygame.Rect(middle[0]), True), Key(travel + middle[1], pygame.Rect(middle[0]), True)]
        keys.append(Key(keys[-1].t + travel, pygame.Rect(end), face[1], fade))
        return later(delay, Move(("card", self.count), self.faces.sprite(self._card(card)), keys, depth=self.count))

    def _stagger(self, moves: list[Callable[[float], Step]]) -> Step | None:
        """Returns moves started one after another by the stagger (at most MOST_SHOWN of them)."""
        shown = moves[:MOST_SHOWN]
        steps = [make(i * seconds("stagger")) for i, make in enumerate(shown)]
        return parallel(*steps) if steps else None

    # --- the tree ---------------------------------------------------------------------------------
    def _grow(self, data: dict, event: Event) -> Step:
        """A segment grows out of its hole."""
        seat = data["seat"]
        segment = Segment(data["segment"], data["kind"], data["parent"], data["hole"], data["x"], data["y"],
                          data["angle"])
        frame = frame_of(self.after, self.geo)

        def draw(paint: Painter, u: float) -> None:
            self.plots.trees.draw_segment(paint, frame, seat, segment, u)
        return Tween(("seg", seat, segment.name), layout().number("tree.grow_seconds"), draw, ease="out")

    def _harvest(self, data: dict, event: Event) -> Step:
        """The sets leave the roots for the discard pile, and the growth they give rises over the tree."""
        seat, sets = data["seat"], data["sets"]
        moves = [lambda delay, kind=kind: self._move(kind, self.geo.soil_card(seat, kind),
                                                     self.geo.soil_card(seat, "discard"), delay=delay)
                 for _ in range(min(sets, 2)) for kind in BASICS]
        rise = self._rising(seat, f"+{data['growth']}")
        return parallel(self._stagger(moves), rise)

    def _rising(self, seat: int, value: str) -> Step:
        """Returns a 'growth +2' pill rising from the soil into the tree."""
        soil, area = self.geo.ground(seat), self.geo.tree_area(seat)
        height = 34
        width = min(area.width - 16, 170)

        def draw(paint: Painter, u: float) -> None:
            y = soil.y - height - (area.height * 0.45) * u
            rect = pygame.Rect(area.centerx - width // 2, int(y), width, height)
            draw_counter(paint, rect, "growth", value, f"{GAME}/icon_growth")
        return Tween(("rise", seat), seconds("show") * 1.6, draw, depth=50, ease="out", hold=(False, False))

    # --- the hand and the turn --------------------------------------------------------------------
    def _plant(self, data: dict, event: Event) -> Step:
        seat, card = data["seat"], data["card"]
        start, up = self._from_hand(seat, card)
        return self._move(card, start, self.geo.soil_card(seat, card), (up, True))

    def _to_played(self, data: dict, event: Event) -> Step:
        seat, card = data["seat"], data["card"]
        start, up = self._from_hand(seat, card)
        return self._move(card, start, self._played_slot(), (up, True))

    def _play(self, data: dict, event: Event) -> Step:
        """An action card is shown large for the table, then joins the cards played."""
        seat, card = data["seat"], data["card"]
        start, up = self._from_hand(seat, card)
        shown = layout().rect("shown_card")
        return self._move(card, start, self._played_slot(), (up, True), middle=(shown, seconds("show")))

    def _mulch(self, data: dict, event: Event) -> Step:
        """A card leaves the game: it rises out of the hand and fades."""
        seat, card = data["seat"], data["card"]
        start, up = self._from_hand(seat, card)
        return self._move(card, start, start.move(0, -start.height), (up, True), fade=0.0)

    def _discard(self, data: dict, event: Event) -> Step | None:
        """Renewal: the cards played and the hand go onto the discard pile."""
        seat, cards = data["seat"], data["cards"]
        end = self.geo.soil_card(seat, "discard")
        played = self.before.played
        starts = []
        for i, rect in enumerate(self.geo.played(len(played))):
            self.hidden.add(("played", i))
            starts.append((played[i], rect, True))
        for card in cards[len(played):]:
            rect, up = self._from_hand(seat, card)
            starts.append((card, rect, up))
        moves = [lambda delay, c=c, r=r, u=u: self._move(c, r, end, (u, True), delay) for c, r, u in starts]
        return self._stagger(moves[::-1])

    def _draw(self, data: dict, event: Event) -> Step | None:
        """Cards come from the deck into the hand (face up only for their owner)."""
        seat, count, cards = data["seat"], data["count"], data.get("cards")
        start = self.geo.soil_card(seat, "deck")
        moves = []
        for i in range(count):
            card = cards[i] if cards else None
            end, up = self._to_hand(seat, card)
            moves.append(lambda delay, c=card, e=end, u=up: self._move(c if u else None, start, e, (False, u), delay))
        return self._stagger(moves)

    def _reshuffle(self, data: dict, event: Event) -> Step | None:
        seat = data["seat"]
        start, end = self.geo.soil_card(seat, "discard"), self.geo.soil_card(seat, "deck")
        return self._stagger([lambda delay: self._move(None, start, end, (False, False), delay)] * 3)

    def _turn(self, data: dict, event: Event) -> Step:
        return Banner(self._words(event), layout().rect("caption"), seconds("banner"))

    def _caption(self, data: dict, event: Event) -> Step:
        return Banner(self._words(event), layout().rect("caption"), seconds("banner") * 1.6)

    def _words(self, event: Event) -> str:
        """Returns what the log says of an event."""
        return event.describe([seat.name for seat in self.seats])

    # --- the market and the piles ------------------------------------------------------------------
    def _slot_out(self, slot: int) -> pygame.Rect:
        """Returns a market slot's rect and hides its card on the board."""
        self.hidden.add(("market", slot))
        return self.geo.market_slot(slot)

    def _pile(self, card: str) -> pygame.Rect:
        """Returns the rect of a card's supply or energy pile."""
        piles = self.before.rules.pile_ids
        return self.geo.pile(piles.index(card), len(piles))

    def _buy(self, data: dict, event: Event) -> Step:
        seat, card, slot = data["seat"], data["card"], data["slot"]
        start = self._pile(card) if slot < 0 else self._slot_out(slot)
        return self._move(card, start, self.geo.soil_card(seat, "discard"))

    def _refill(self, data: dict, event: Event) -> Step:
        """A card from the action deck turns over into an empty market slot."""
        end = self._slot_out(data["slot"])
        return self._move(data["card"], layout().rect("action_deck"), end, (False, True))

    def _deal(self, data: dict, event: Event) -> Step | None:
        deck = layout().rect("action_deck")
        moves = [lambda delay, s=slot, c=card: self._move(c, deck, self._slot_out(s), (False, True), delay)
                 for slot, card in enumerate(data["cards"])]
        return parallel(*(make(i * seconds("stagger")) for i, make in enumerate(moves))) if moves else None

    def _flood(self, data: dict, event: Event) -> Step | None:
        """The flood washes every market card onto the discarded market cards."""
        end = layout().rect("market_discard")
        slots = [slot for slot, card in enumerate(self.before.market.slots) if card is not None]
        moves = [lambda delay, s=s: self._move(self.before.market.slots[s], self._slot_out(s), end, delay=delay)
                 for s in slots]
        return parallel(*(make(i * seconds("stagger")) for i, make in enumerate(moves))) if moves else None

    def _clear(self, data: dict, event: Event) -> Step:
        return self._move(data["card"], self._slot_out(data["slot"]), layout().rect("market_discard"))

    def _take(self, data: dict, event: Event) -> Step:
        seat, card, to = data["seat"], data["card"], data["to"]
        start = self._slot_out(data["slot"])
        end, up = self._to_hand(seat, card) if to == "hand" else (self.geo.soil_card(seat, "discard"), True)
        return self._move(card, start, end, (True, up))

    def _gain(self, data: dict, event: Event) -> Step | None:
        seat, card, to = data["seat"], data["card"], data["to"]
        if not to:
            return None
        if to == "hand":
            end, up = self._to_hand(seat, card)
        else:
            end, up = self.geo.soil_card(seat, card if to == "roots" else "discard"), True
        return self._move(card, self._pile(card), end, (True, up))

    def _market_reshuffle(self, data: dict, event: Event) -> Step:
        start, end = layout().rect("market_discard"), layout().rect("action_deck")
        return self._stagger([lambda delay: self._move(None, start, end, (False, False), delay)] * 3)

    # --- roots -------------------------------------------------------------------------------------
    def _recycle(self, data: dict, event: Event) -> Step:
        seat, card = data["seat"], data["card"]
        return self._move(card, self.geo.soil_card(seat, "discard"), self.geo.soil_card(seat, card))

    def _steal(self, data: dict, event: Event) -> Step:
        card = data["card"]
        return self._move(card, self.geo.soil_card(data["from"], card), self.geo.soil_card(data["seat"], card))

    def _wilt(self, data: dict, event: Event) -> Step:
        seat, card = data["seat"], data["card"]
        return self._move(card, self.geo.soil_card(seat, card), self.geo.soil_card(seat, "discard"))

