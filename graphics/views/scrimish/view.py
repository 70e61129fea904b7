"""The Scrimish table: every seat's piles, the viewer's at the bottom; combat animations."""
from __future__ import annotations

from collections import Counter
from typing import Hashable

import pygame

from games.core.actions import Action, Event
from games.scrimish.actions import Cancel, SwapCard
from games.scrimish.places import action_place
from games.scrimish.state import SETUP, ScrimishState
from graphics.config import seat_colour, table_layout
from graphics.kit.faces import CardFaces
from graphics.kit.overlay import beside, clear_spot, draw_zoom
from graphics.kit.table import draw_seat_badge
from graphics.kit.timeline import Banner, Key, Move, Timeline, Wait, parallel, sequence
from graphics.paint import Painter
from graphics.views.base import GameView
from graphics.views.scrimish.geometry import Geometry

MOVE, FLIP, HOLD, AWAY = 0.35, 0.25, 1.1, 0.35  # seconds of an attack's steps


class ScrimishView(GameView):
    """Draws piles, discards and names; maps picks, swaps and attacks to cards and piles."""

    HINT_MARK_AT = "midtop"  # a card's value is in its top-left corner, the memory aid's eye top right

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self.faces = CardFaces(game.id)

    # --- places -------------------------------------------------------------------------
    def key_of(self, view: ScrimishState, action: Action) -> Hashable | None:
        return action_place(action, view)

    def in_bar(self, view: ScrimishState, action: Action) -> bool:
        return isinstance(action, Cancel) or self.key_of(view, action) is None

    def selected(self, view: ScrimishState) -> Hashable | None:
        seat = view.current_player()
        if view.phase == SETUP and view.selected is not None:
            return ("card", seat, *view.selected)
        if view.chosen is not None:
            return ("pile", seat, view.chosen)
        return None

    @staticmethod
    def _key(view: ScrimishState, seat: int, pile: int, depth: int) -> Hashable:
        """Returns the place a card stands for: any card of one's own piles at setup, else a pile's top or a card."""
        if view.phase == SETUP and seat == view.current_player():
            return ("card", seat, pile, depth)
        return ("pile", seat, pile) if depth == 0 else ("card", seat, pile, depth)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, paint: Painter, view: ScrimishState, viewer: int | None, hidden: set[Hashable]) -> None:
        geometry = Geometry(view, viewer)
        lifted = self.selected(view)
        for seat in geometry.areas:
            self._draw_seat(paint, view, geometry, seat, hidden, lifted)

    def _draw_seat(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int,
                   hidden: set[Hashable], lifted: Hashable | None) -> None:
        """Draws one seat: its name band, discards and five piles, registering every card."""
        area = geometry.areas[seat]
        paint.shade(area, self.theme.colour("seat_area"), 46, 16)
        self._draw_band(paint, view, geometry, seat)
        for pile in range(geometry.piles):
            slot = geometry.slot(seat, pile)
            paint.rect(slot, self.theme.colour("slot_edge"), max(2, slot.width // 12), 2)
            cards = view.piles[seat][pile]
            for depth in range(len(cards) - 1, -1, -1):
                if (depth == 0 and ("top", seat, pile) in hidden) or ("at", seat, pile, depth) in hidden:
                    continue
                rect = self._draw_card(paint, view, geometry, seat, pile, depth, lifted)
                paint.hits.add(self._key(view, seat, pile, depth), rect)
            self._draw_pile_number(paint, geometry.pile_number(seat, pile), pile)
        if view.out[seat] and not view.is_over():
            paint.shade(area, self.theme.colour("out_shade"), 140, 16)
            paint.text("OUT", area, "title", self.theme.colour("out_text"), "title")

    def _draw_pile_number(self, paint: Painter, rect: pygame.Rect, pile: int) -> None:
        """Draws a pile's number in a small pill under its top card."""
        paint.rect(rect, self.theme.colour("counter"), rect.height // 2)
        paint.rect(rect, self.theme.colour("panel_edge"), rect.height // 2, 1)
        paint.text(str(pile + 1), rect, "small", self.theme.colour("ink"), "bold", floor="tiny")

    def _shown_card(self, view: ScrimishState, viewer: int | None, seat: int, pile: int, depth: int) -> str | None:
        """Returns the card id the viewer sees at a place (None: its back)."""
        card_id = view.piles[seat][pile][-1 - depth]
        known = depth == 0 and view.known[seat][pile]
        if known and not view.options["memory_aid"] and seat != viewer and not view.is_over():
            return None  # the player chose to remember revealed cards themselves
        return card_id

    def _draw_card(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int, pile: int,
                   depth: int, lifted: Hashable | None) -> pygame.Rect:
        """Draws one card of a pile and marks seen cards; returns the part of it a click can reach."""
        card = view.deck.cards.get(self._shown_card(view, geometry.viewer, seat, pile, depth))
        rect = geometry.card_rect(seat, pile, depth)
        top = depth == 0
        is_lifted = top and lifted in (("pile", seat, pile), ("card", seat, pile, depth))
        lift = self.theme.number("lift") if is_lifted else 0
        self.faces.draw(paint, card, rect, lift)
        if top and view.known[seat][pile] and view.options["memory_aid"] and not view.is_over():
            size = max(18, rect.width * self.theme.number("eye_size"))
            draw_eye(paint, (rect.right - size * 0.35, rect.top + size * 0.35 - lift), size, self.theme)
        return geometry.visible_rect(seat, pile, depth).move(0, -lift)

    def _draw_band(self, paint: Painter, view: ScrimishState, geometry: Geometry, seat: int) -> None:
        """Draws a seat's badge (symbol, name, team), whether it moves now, and its discards."""
        to_move = view.current_player() == seat
        tags = ([f"Team {view.team_of(seat) + 1}"] if view.team_game() else []) + \
            (["you"] if seat == geometry.viewer else [])
        draw_seat_badge(paint, geometry.badge(seat), self.seats[seat].name, seat_colour(self.seats[seat].colour),
                        "  ".join(tags), to_move, band=geometry.label(seat))
        pill, discard = geometry.discard_pill(seat), geometry.discard(seat)
        count = len(view.discards[seat])
        paint.rect(pill, self.theme.colour("counter"), pill.height // 2)
        paint.rect(pill, self.theme.colour("panel_edge"), pill.height // 2, 2)
        if count:
            self.faces.draw(paint, None, discard)
        else:
            paint.rect(discard, self.theme.colour("panel_edge"), 4, 2)
        paint.text(str(count), geometry.discard_count(seat), "small", self.theme.colour("ink"), "bold")
        paint.hits.add(("discard", seat), pill)

    def draw_zoom(self, paint: Painter, view: ScrimishState, viewer: int | None, key: Hashable, pos) -> None:
        if key[0] == "discard":
            self._zoom_discards(paint, view, key[1], pos)
            return
        seat, pile = key[1], key[2]
        depth = key[3] if key[0] == "card" else 0
        if depth >= len(view.piles[seat][pile]):
            return
        card = view.deck.cards.get(self._shown_card(view, viewer, seat, pile, depth))
        geometry = Geometry(view, viewer)
        size, avoid, bounds = self.theme.size("zoom_card"), geometry.all_pile_rects(), table_layout().rect("play.board")
        anchors = []  # beside the hovered seat's piles; where no room is free there, beside the viewer's own
        for owner in dict.fromkeys([seat] + ([viewer] if viewer is not None else [])):
            piles = geometry.pile_rects(owner)
            anchors.append(piles[0].unionall(piles[1:]))
        around, canvas = bounds, paint.viewport.canvas  # no room on the board: beside it, over the log
        for scale in self.theme.layout.get("zoom_scales"):  # a smaller card where the whole one finds no room
            fits = [a for a in anchors if self._clear(clear_spot(a, _scaled(size, scale), avoid, bounds, canvas),
                                                      avoid, bounds)]
            if fits:
                around, size = fits[0], _scaled(size, scale)
                break
        return draw_zoom(paint, lambda p, rect: self.faces.draw(p, card, rect), around, size, avoid=avoid,
                         bounds=bounds)

    @staticmethod
    def _clear(rect: pygame.Rect, avoid: list[pygame.Rect], bounds: pygame.Rect) -> bool:
        """Returns whether a spot for the large card lies on the board and covers no pile."""
        return rect.collidelist(avoid) < 0 and bounds.contains(rect)

    def _zoom_discards(self, paint: Painter, view: ScrimishState, seat: int, pos) -> None:
        """Shows a seat's discard count and, with the memory aid, the cards seen going there."""
        rect, text = self.discard_tip(paint, view, seat, pos)
        pad = self.theme.size("discard_tip_pad")
        paint.panel(rect)
        paint.paragraph(text, rect.inflate(-2 * pad[0], -2 * pad[1]), "small")

    def discard_tip(self, paint: Painter, view: ScrimishState, seat: int, pos) -> tuple[pygame.Rect, str]:
        """Returns where a seat's discards tip goes and its words: as tall as its words, beside the pill and
        on the board (never over the status line above it)."""
        lines = [f"{self.seats[seat].name}: {len(view.discards[seat])} discarded, face down."]
        if view.options["memory_aid"]:
            seen = Counter(view.seen_discards[seat])
            names = [f"{view.deck.cards[c].name} x{n}" for c, n in seen.items()]
            lines.append("Seen in combat: " + (", ".join(names) if names else "none yet"))
        text = "\n".join(lines)
        (width, most), pad = self.theme.size("discard_tip"), self.theme.size("discard_tip_pad")
        inner = pygame.Rect(0, 0, width - 2 * pad[0], most - 2 * pad[1])
        height = min(most, paint.fit(text, inner, "small").height / paint.viewport.scale + 2 * pad[1] + 4)
        anchor = paint.hits.rect_of(("discard", seat)) or pos
        rect = beside(anchor, (width, height), paint.viewport.canvas)
        board = table_layout().rect("play.board")
        if rect.height <= board.height:
            rect.clamp_ip(board)
        return rect, text

    # --- animation ------------------------------------------------------------------------
    def think_seconds(self, view: ScrimishState) -> float | None:
        """A bot arranging its piles picks cards up quickly: the swaps themselves are shown."""
        return self.theme.number("setup_think") if view.phase == SETUP else None

    def animate_action(self, action: Action | None, events: list[Event], before: ScrimishState,
                       after: ScrimishState, viewer: int | None) -> Timeline | None:
        if isinstance(action, SwapCard) and before.phase == SETUP and before.selected is not None:
            return self._swap(before, tuple(before.selected), (action.pile, action.depth), viewer)
        return self.animate(events, before, after, viewer)

    def _swap(self, before: ScrimishState, first: tuple[int, int], second: tuple[int, int],
              viewer: int | None) -> Timeline:
        """Returns two cards of a pile being set up changing places (face down unless the viewer sees them):
        the picked-up one passes in front, a little raised."""
        geometry = Geometry(before, viewer)
        seat = before.setup_seat
        seconds, lift = self.theme.number("swap_seconds"), self.theme.number("lift")
        moves = []
        for (pile, depth), (to_pile, to_depth), raised in ((first, second, True), (second, first, False)):
            card_id = before.piles[seat][pile][-1 - depth]
            start = geometry.card_rect(seat, pile, depth).move(0, -lift if raised else 0)
            end = geometry.card_rect(seat, to_pile, to_depth)
            middle = start.move((end.x - start.x) // 2, (end.y - start.y) // 2 - (2 * lift if raised else 0))
            shown = card_id is not None
            moves.append(Move(("at", seat, pile, depth), self.faces.sprite(before.deck.cards.get(card_id)),
                              [Key(0, start, shown), Key(seconds / 2, middle, shown), Key(seconds, end, shown)],
                              depth=2 if raised else 1))
        return Timeline(parallel(*moves), {("at", seat, *first), ("at", seat, *second)})

    def animate(self, events: list[Event], before: ScrimishState, after: ScrimishState,
                viewer: int | None) -> Timeline | None:
        for event in events:
            if event.kind == "attack":
                return self._attack(event.data, before, viewer)
            if event.kind == "discard":
                return self._discard(event.data, before, viewer)
        return None

    def _attack(self, data: dict, before: ScrimishState, viewer: int | None) -> Timeline:
        """Returns the attack: the card crosses over face up, the defender turns over, losers leave; the verdict
        shows as a banner over everything."""
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
        cards = before.deck.cards
        attacker = Move(("top", seat, pile), self.faces.sprite(cards[data["card"]]), [
            Key(0, start, seen_mine), Key(t1, front, True), Key(t3, front, True),
            Key(t3 + AWAY, mine_end, not mine_leaves, 0.3 if mine_leaves else 1.0)], depth=1)
        defender = Move(("top", foe, target), self.faces.sprite(cards[data["target_card"]]), [
            Key(0, defend, seen_theirs), Key(t1, defend, seen_theirs), Key(t2, defend, True), Key(t3, defend, True),
            Key(t3 + AWAY, theirs_end, not theirs_leaves, 0.3 if theirs_leaves else 1.0)])
        banner = sequence(Wait(t2), Banner(self._verdict(before, data), self.theme.rect("caption"), t3 + AWAY - t2))
        return Timeline(parallel(defender, attacker, banner), {("top", seat, pile), ("top", foe, target)})

    def _discard(self, data: dict, before: ScrimishState, viewer: int | None) -> Timeline:
        """Returns a card sliding from a pile to its owner's discards, face down."""
        geometry = Geometry(before, viewer)
        seat, pile = data["seat"], data["pile"]
        card_id = before.piles[seat][pile][-1]
        start = geometry.top_rect(seat, pile)
        move = Move(("top", seat, pile), self.faces.sprite(before.deck.cards.get(card_id)), [
            Key(0, start, card_id is not None), Key(0.2, start.move(0, -20), False),
            Key(0.6, geometry.discard(seat), False, 0.4)])
        return Timeline(move, {("top", seat, pile)})

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


def draw_eye(paint: Painter, center: tuple[float, float], size: float, theme) -> None:
    """Draws the 'seen' badge: an eye in a blue disc, for cards revealed in combat."""
    cx, cy = paint.viewport.point(center)
    r = paint.viewport.px(size / 2)
    white = theme.colour("eye")
    pygame.draw.circle(paint.surface, theme.colour("known"), (cx, cy), r)
    pygame.draw.circle(paint.surface, white, (cx, cy), r, max(1, r // 6))
    eye = pygame.Rect(0, 0, int(r * 1.3), int(r * 0.75))
    eye.center = (cx, cy)
    pygame.draw.ellipse(paint.surface, white, eye)
    pygame.draw.circle(paint.surface, theme.colour("ink"), (cx, cy), max(1, int(r * 0.27)))


def _scaled(size: tuple[int, int], scale: float) -> tuple[int, int]:
    """Returns a size scaled (the hover zoom made smaller where the table is crowded)."""
    return int(size[0] * scale), int(size[1] * scale)
