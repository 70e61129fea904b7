"""The Scrimish table: every seat's piles, the viewer's at the bottom; combat animations."""
from __future__ import annotations

from collections import Counter
from typing import Hashable

import pygame

from games.core.actions import Action, Event
from games.scrimish.actions import Attack, Cancel, ChoosePile, SelectCard, SwapCard
from games.scrimish.state import SETUP, ScrimishState
from graphics.animation import Caption, Key, Timeline, Track
from graphics.config import colour, seat_colour
from graphics.paint import Painter
from graphics.views.base import GameView
from graphics.views.scrimish_cards import card_sprite, draw_card, draw_eye
from graphics.views.scrimish_geometry import Geometry, scrimish_layout

MOVE, FLIP, HOLD, AWAY = 0.35, 0.25, 1.1, 0.35  # seconds of an attack's steps


class ScrimishView(GameView):
    """Draws piles, discards and names; maps picks, swaps and attacks to cards and piles."""

    # --- places -------------------------------------------------------------------------
    def key_of(self, view: ScrimishState, action: Action) -> Hashable | None:
        seat = view.current_player()
        if isinstance(action, (SelectCard, SwapCard)):
            return ("card", seat, action.pile, action.depth)
        if isinstance(action, ChoosePile):
            return ("pile", seat, action.pile)
        if isinstance(action, Attack):
            return ("pile", action.target_seat, action.target_pile)
        if isinstance(action, Cancel):
            return self.selected(view)
        return None

    def in_bar(self, view: ScrimishState, action: Action) -> bool:
        return isinstance(action, Cancel) or self.key_of(view, action) is None

    def selected(self, view: ScrimishState) -> Hashable | None:
        seat = view.current_player()
        if view.phase == SETUP and view.selected is not None:
            return ("card", seat, *view.selected)
        if view.chosen is not None:
            return ("pile", seat, view.chosen)
        return None

    def rect_of(self, view: ScrimishState, viewer: int | None, key: Hashable) -> pygame.Rect | None:
        geometry = Geometry(view, viewer)
        lift = -8 if key == self.selected(view) else 0
        if key[0] == "card":
            return geometry.visible_rect(key[1], key[2], key[3]).move(0, lift if key[3] == 0 else 0)
        if key[0] == "pile":
            return geometry.top_rect(key[1], key[2]).move(0, lift)
        if key[0] == "discard":
            return geometry.discard(key[1])
        return None

    def key_at(self, view: ScrimishState, viewer: int | None, pos) -> Hashable | None:
        geometry = Geometry(view, viewer)
        for seat in geometry.areas:
            if geometry.discard(seat).collidepoint(pos):
                return ("discard", seat)
            for pile, cards in enumerate(view.piles[seat]):
                for depth in range(len(cards)):
                    if geometry.visible_rect(seat, pile, depth).collidepoint(pos):
                        in_setup = view.phase == SETUP and seat == view.current_player()
                        return ("card", seat, pile, depth) if in_setup else ("pile", seat, pile) if depth == 0 \
                            else ("card", seat, pile, depth)
        return None

    # --- drawing ------------------------------------------------------------------------
    def draw(self, paint: Painter, view: ScrimishState, viewer: int | None, hidden: set[Hashable]) -> None:
        geometry = Geometry(view, viewer)
        lifted = self.selected(view)
        for seat in geometry.areas:
            self._draw_seat(paint, view, geometry, seat, hidden, lifted)

    def _draw_seat(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int,
                   hidden: set[Hashable], lifted: Hashable | None) -> None:
        """Draws one seat: its name band, discards and five piles."""
        area = geometry.areas[seat]
        paint.shade(area, (0, 0, 0), 46, 16)
        self._draw_band(paint, view, geometry, seat)
        for pile in range(geometry.piles):
            slot = geometry.slot(seat, pile)
            paint.rect(slot, (255, 240, 210), max(2, slot.width // 12), 2)
            cards = view.piles[seat][pile]
            for depth in range(len(cards) - 1, -1, -1):
                if depth == 0 and ("top", seat, pile) in hidden:
                    continue
                self._draw_card(paint, view, geometry, seat, pile, depth, lifted)
        if view.out[seat] and not view.is_over():
            paint.shade(area, (20, 10, 5), 140, 16)
            paint.text("OUT", area, "title", (255, 230, 200), "title")

    def _draw_card(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int, pile: int,
                   depth: int, lifted: Hashable | None) -> None:
        """Draws one card of a pile: its face if the viewer may see it, marks for seen cards."""
        cards = view.piles[seat][pile]
        card_id = cards[-1 - depth]
        top = depth == 0
        known = top and view.known[seat][pile]
        memory = view.options["memory_aid"]
        if known and not memory and seat != geometry.viewer and not view.is_over():
            card_id = None  # the player chose to remember revealed cards themselves
        rect = geometry.card_rect(seat, pile, depth)
        is_lifted = top and lifted in (("pile", seat, pile), ("card", seat, pile, depth))
        draw_card(paint, view.deck.cards.get(card_id), rect, is_lifted)
        if known and memory and not view.is_over():
            size = max(18, rect.width * 0.3)
            draw_eye(paint, (rect.right - size * 0.35, rect.top + size * 0.35 - (8 if is_lifted else 0)), size)

    def _draw_band(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int) -> None:
        """Draws a seat's name with its symbol, its team, whether it moves now, and its discards."""
        band = geometry.label(seat)
        info = seat_colour(self.seats[seat].colour)
        to_move = view.current_player() == seat
        if to_move:
            paint.rect(band.inflate(-4, -4), (*info.rgb,), 12)
        paint.symbol(info.symbol, (band.x + 28, band.centery), 30, info.rgb)
        name = self.seats[seat].name + ("  (you)" if seat == geometry.viewer else "")
        text_colour = colour("ink") if to_move else (255, 244, 222)
        discard = geometry.discard(seat)
        count = len(view.discards[seat])
        draw_card(paint, None, discard) if count else paint.rect(discard, (255, 240, 210), 4, 2)
        paint.text(f"x {count}", (discard.right + 8, band.y, 90, band.height), "small", text_colour, "bold", "midleft")
        right = discard.x - 12
        if view.team_game():
            team = f"Team {view.team_of(seat) + 1}"
            paint.text(team, (right - 120, band.y, 120, band.height), "small", text_colour, "bold", "midright")
            right -= 130
        paint.text(name, (band.x + 52, band.y, right - band.x - 52, band.height), "body", text_colour, "bold",
                   "midleft")

    def draw_zoom(self, paint: Painter, view: ScrimishState, viewer: int | None, key: Hashable, pos) -> None:
        if key[0] == "discard":
            self._zoom_discards(paint, view, key[1], pos)
            return
        seat, pile = key[1], key[2]
        depth = key[3] if key[0] == "card" else 0
        cards = view.piles[seat][pile]
        if depth >= len(cards):
            return
        card_id = cards[-1 - depth]
        if depth == 0 and view.known[seat][pile] and not view.options["memory_aid"] and seat != viewer:
            card_id = None
        w, h = scrimish_layout().size("zoom_card")
        rect = _beside(pos, (w, h), paint.viewport.canvas)
        card = view.deck.cards.get(card_id)
        draw_card(paint, card, rect)
        if card is not None:
            band = pygame.Rect(rect.x, rect.bottom + 6, rect.width, 40)
            paint.panel(band, colour("panel"), None, 10)
            paint.text(card.name, band, "body", colour("ink"), "bold")

    def _zoom_discards(self, paint: Painter, view: ScrimishState, seat: int, pos) -> None:
        """Shows a seat's discard count and, with the memory aid, the cards seen going there."""
        lines = [f"{self.seats[seat].name}: {len(view.discards[seat])} discarded, face down."]
        if view.options["memory_aid"]:
            seen = Counter(view.seen_discards[seat])
            names = [f"{view.deck.cards[c].name} x{n}" for c, n in seen.items()]
            lines.append("Seen in combat: " + (", ".join(names) if names else "none yet"))
        rect = _beside(pos, (520, 150), paint.viewport.canvas)
        paint.panel(rect)
        paint.paragraph("\n".join(lines), rect.inflate(-30, -24), "small")

    # --- animation ------------------------------------------------------------------------
    def animate(self, events: list[Event], before: ScrimishState, after: ScrimishState,
                viewer: int | None) -> Timeline | None:
        for event in events:
            if event.kind == "attack":
                return self._attack(event.data, before, viewer)
            if event.kind == "discard":
                return self._discard(event.data, before, viewer)
        return None

    def _attack(self, data: dict, before: ScrimishState, viewer: int | None) -> Timeline:
        """Returns the attack: the card crosses over face up, the defender turns over, losers leave."""
        geometry = Geometry(before, viewer)
        seat, pile, foe, target = data["seat"], data["pile"], data["target_seat"], data["target_pile"]
        start, defend = geometry.top_rect(seat, pile), geometry.top_rect(foe, target)
        toward = 1 if geometry.areas[seat].centery > defend.centery else -1
        front = defend.move(int(defend.width * 0.45), int(defend.height * 0.35) * toward)
        seen_mine = before.piles[seat][pile][-1] is not None
        seen_theirs = before.piles[foe][target][-1] is not None
        t1, t2 = MOVE, MOVE + FLIP
        t3 = t2 + HOLD
        outcome = data["outcome"]
        mine_leaves = outcome in ("defender wins", "both discarded")
        theirs_leaves = outcome in ("attacker wins", "both discarded")
        mine_end = geometry.discard(seat) if mine_leaves else start
        theirs_end = geometry.discard(foe) if theirs_leaves else defend
        attacker = Track(self._face(before, data["card"]), [
            Key(0, start, seen_mine), Key(t1, front, True), Key(t3, front, True),
            Key(t3 + AWAY, mine_end, not mine_leaves, 0.3 if mine_leaves else 1.0)])
        defender = Track(self._face(before, data["target_card"]), [
            Key(0, defend, seen_theirs), Key(t1, defend, seen_theirs), Key(t2, defend, True), Key(t3, defend, True),
            Key(t3 + AWAY, theirs_end, not theirs_leaves, 0.3 if theirs_leaves else 1.0)])
        caption = Caption(t2, t3 + AWAY, self._verdict(before, data), scrimish_layout().rect("caption"))
        return Timeline([defender, attacker], [caption], {("top", seat, pile), ("top", foe, target)})

    def _discard(self, data: dict, before: ScrimishState, viewer: int | None) -> Timeline:
        """Returns a card sliding from a pile to its owner's discards, face down."""
        geometry = Geometry(before, viewer)
        seat, pile = data["seat"], data["pile"]
        card_id = before.piles[seat][pile][-1]
        start = geometry.top_rect(seat, pile)
        track = Track(self._face(before, card_id), [Key(0, start, card_id is not None), Key(0.2, start.move(0, -20), False),
                                            Key(0.6, geometry.discard(seat), False, 0.4)])
        return Timeline([track], [], {("top", seat, pile)})

    @staticmethod
    def _face(view: ScrimishState, card_id: str | None):
        """Returns the sprite function of a card id (None: always the back)."""
        card = view.deck.cards.get(card_id)
        return lambda assets, face, size: card_sprite(assets, card if face else None, size)

    def _verdict(self, view: ScrimishState, data: dict) -> str:
        """Returns the caption for an attack's outcome."""
        cards = view.deck.cards
        mine, theirs = cards[data["card"]].name, cards[data["target_card"]].name
        return {
            "attacker wins": f"{mine} beats {theirs}",
            "defender wins": f"{theirs} holds against {mine}",
            "both discarded": f"{mine} and {theirs} are both discarded",
            "both return": f"{theirs} stops {mine}: both go back",
            "crown taken": f"{mine} takes the Crown!",
            "crown lost": f"The Crown attacked a {theirs} and falls!",
        }[data["outcome"]]


def _beside(pos, size, canvas) -> pygame.Rect:
    """Returns a rect of `size` next to the mouse, kept on the canvas."""
    w, h = size
    x = pos[0] + 30 if pos[0] + 30 + w < canvas[0] else pos[0] - 30 - w
    y = min(max(10, pos[1] - h // 2), canvas[1] - h - 60)
    return pygame.Rect(int(x), int(y), w, h)
