"""Around the floor: the action deck and discards, the round and phase, the centre (the card in play
and its buttons, the part button, a tussle, the tokens to place at setup) and the hand of the seat
to move. Registers ("deck",), ("discard",), ("row", r, i), ("front",), ("commit", i), ("token", id)
and ("hand", i) on the hit map."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.words import listed
from games.scrappers.records import ACTION, GUPPY, KEELIE, MAINTENANCE, PULLING, SETUP
from games.scrappers.state import ScrappersState
from graphics.config import Theme
from graphics.kit.groups import grouped
from graphics.kit.table import draw_pile
from graphics.paint import Painter
from graphics.views.scrappers.floor import Floor
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.sprites import GAME, Sprites, button_text, layout

PHASES = {SETUP: "Setup", MAINTENANCE: "Maintenance", ACTION: "Action phase",
          PULLING: "Part pulling", "over": "Game over"}


class ActionFaces:
    """The kit's card-face interface (draw, sprite) for Scrappers action cards, for the kit's widgets."""

    def __init__(self, sprites: Sprites) -> None:
        self.sprites = sprites

    def draw(self, paint: Painter, card: str | None, rect, lift: float = 0) -> pygame.Rect:
        return self.sprites.draw_card(paint, card, rect, lift)

    def sprite(self, card: str | None):
        return self.sprites.card_sprite(card)


class Table:
    """Draws the piles, the centre and the hand of one table."""

    def __init__(self, geometry: Geometry, sprites: Sprites, floor: Floor, seats: Sequence) -> None:
        self.geo = geometry
        self.sprites = sprites
        self.faces = ActionFaces(sprites)
        self.floor = floor
        self.seats = seats
        self.theme = Theme(GAME)

    def name(self, seat: int) -> str:
        """Returns a seat's name."""
        return self.seats[seat].name

    # --- piles and the round ----------------------------------------------------------------------
    def draw_piles(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the action deck, the discards (top face up) and the round and phase."""
        light = self.theme.colour("count_text")
        draw_pile(paint, self.faces, layout().rect("piles.deck"), len(view.deck), key=("deck",))
        discard = view.discard.cards
        if ("discard",) in hidden:
            discard = discard[:-1]
        draw_pile(paint, self.faces, layout().rect("piles.discard"), len(discard), discard[-1] if discard else None,
                  True, key=("discard",))
        paint.text("Deck", layout().rect("piles.deck_label"), "small", light, "bold")
        paint.text("Discards", layout().rect("piles.discard_label"), "small", light, "bold")
        info = layout().rect("piles.info")
        lines = [(f"Round {view.round}" if view.round else "Before round 1", "heading"),
                 (PHASES[view.phase], "body"), ("Foreman (wrench):", "small"), (self.name(view.foreman), "body")]
        line = info.height // len(lines)
        for i, (text, size) in enumerate(lines):
            paint.text(text, (info.x, info.y + i * line, info.width, line), size, light, "bold", "midleft")

    # --- the centre -----------------------------------------------------------------------------------
    def draw_centre(self, paint: Painter, view: ScrappersState, viewer: int | None, hidden: set[Hashable]) -> None:
        """Draws the centre: the tokens to place, the card in play, the part button or the tussle."""
        area = layout().rect("centre")
        paint.shade(area, self.theme.colour("floor_edge"), 120, 14)
        decision = view.pending_decision()
        if view.phase == SETUP:
            self._setup_tokens(paint, view, hidden)
        elif view.in_play is not None:
            self._card_in_play(paint, view, hidden)
        elif decision is not None and decision.kind == "part_button":
            self._part_button(paint, view)
        elif view.tussle is not None:
            self._tussle(paint, view, viewer)
        else:
            self._title(paint, "Card in play")
            slot = self.geo.centre_card()
            paint.rect(slot, self.theme.colour("slot_number"), 14, 2)
            hint = "Cards played show here" if view.phase != MAINTENANCE else "Cards are played in the action phase"
            paint.text(hint, slot.inflate(-30, -30), "small", self.theme.colour("count_text"), "bold")

    def _title(self, paint: Painter, text: str) -> None:
        """Draws the centre's title line."""
        paint.text(text, self.geo.centre_title().inflate(-16, -4), "body", self.theme.colour("count_text"), "bold")

    def _setup_tokens(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the tokens not yet on the floor; registers ("token", id) on each."""
        self._title(paint, "Bodgers to place")
        on_floor = {b.id for b in view.bodgers}
        tokens = [t.id for t in view.data.rules.bodgers] + \
            [t for t in (KEELIE, GUPPY) if view.options[t]]
        waiting = [t for t in tokens if t not in on_floor]
        for token, rect in zip(waiting, self.geo.setup_tokens(len(waiting))):
            if ("token", token) in hidden:
                continue
            self.floor.draw_token(paint, view, token, rect.center, rect.width, False)
            paint.text(view.data.name(token), self.geo.setup_token_label(rect), "small", self.theme.colour("count_text"), "bold")
            paint.hits.add(("token", token), rect)

    def _card_in_play(self, paint: Painter, view: ScrappersState, hidden: set[Hashable]) -> None:
        """Draws the card being resolved, its pressed rows dimmed; registers ("row", r, i) on its buttons."""
        activation = view.activation
        self._title(paint, f"{self.name(activation.seat)} plays for {view.data.name(activation.bodger)}")
        if ("inplay",) in hidden:
            return
        rect = self.geo.centre_card()
        self.sprites.draw_card(paint, view.in_play, rect)
        card = view.data.cards[view.in_play]
        for r, rects in enumerate(self.sprites.row_rects(card, rect)):
            for i, button in enumerate(rects):
                if r < activation.row:
                    paint.shade(button.inflate(4, 4), self.theme.colour("floor_edge"), 150, button.height / 2)
                paint.hits.add(("row", r, i), button)

    def _part_button(self, paint: Painter, view: ScrappersState) -> None:
        """Draws the part in front of the activated bodger, large, with what its button does; registers ("front",)."""
        bodger = view.activation.bodger
        part = view.part_in_front(bodger)
        self._title(paint, f"Part in front of {view.data.name(bodger)}")
        rect, text = self.centre_part()
        self.sprites.draw_part(paint, part, rect)
        paint.hits.add(("front",), rect)
        paint.paragraph(button_text(view.data.parts[part].button), text, "small", self.theme.colour("count_text"))

    def centre_part(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Returns where the centre shows a part large (the part button, a tussle) and the words under it."""
        area = layout().rect("centre")
        side = layout().number("zoom_part")
        rect = pygame.Rect(area.centerx - side // 2, self.geo.centre_title().bottom + 10, side, side)
        return rect, pygame.Rect(area.x + 12, rect.bottom + 8, area.width - 24, area.bottom - rect.bottom - 16)

    def _tussle(self, paint: Painter, view: ScrappersState, viewer: int | None) -> None:
        """Draws the tussle: the viewer's own cards put down (face up; registers ("commit", i)), or the part."""
        tussle = view.tussle
        part = view.belt.slots[tussle.slot]
        committing = tussle.committers[tussle.index] if tussle.index < len(tussle.committers) else None
        pile = tussle.commits[tussle.index] if committing is not None and committing == viewer else None
        if pile is not None:
            whose = "for Keelie" if tussle.for_keelie[tussle.index] else "for you"
            symbols = view.symbols(pile.cards)
            self._title(paint, f"Put down {whose}: {symbols} tussle symbol{'s' if symbols != 1 else ''}")
            kinds = grouped(pile.cards)
            for i, ((card, count), rect) in enumerate(zip(kinds, self.geo.commit_rects(len(kinds)))):
                self.sprites.draw_card(paint, card, rect)
                if count > 1:
                    self.count_badge(paint, rect, count)
                paint.hits.add(("commit", i), rect)
            if not pile.cards:
                paint.text("Click cards in your hand to put them down", self.geo.centre_card().inflate(-20, -40),
                           "small", self.theme.colour("count_text"), "bold")
            return
        self._title(paint, "Tussle!")
        rect, text = self.centre_part()
        self.sprites.draw_part(paint, part, rect)
        paint.paragraph(tussle_words(view), text, "small", self.theme.colour("count_text"))

    # --- the hand -------------------------------------------------------------------------------------
    def hand_seat(self, view: ScrappersState, viewer: int | None) -> int | None:
        """Returns whose hand is shown: the viewer's, else the seat to move's (as backs)."""
        return viewer if viewer is not None else view.current_player()

    def draw_hand_title(self, paint: Painter, view: ScrappersState, viewer: int | None) -> None:
        """Draws the line over the hand: whose it is, and what clicking a card does."""
        seat = self.hand_seat(view, viewer)
        if seat is None:
            return
        count = len(view.hands[seat])
        cards = f"{count} card{'s' if count != 1 else ''}"
        name = self.name(seat)  # last: a long name is what gets cut, never the count
        text = f"{cards} in the hand of {name}" if viewer is None else f"Your hand: {cards} ({name})"
        paint.text(text, self.geo.hand_title(), "body", self.theme.colour("count_text"), "bold")

    def draw_hand(self, paint: Painter, view: ScrappersState, viewer: int | None, hover: Hashable | None,
                  hidden: set[Hashable]) -> None:
        """Draws the hand fan, one card per kind with its count (backs in the public view), the hovered card
        lifted and in front; registers ("hand", i)."""
        seat = self.hand_seat(view, viewer)
        if seat is None:
            return
        shown = [(i, card, count) for i, (card, count) in enumerate(grouped(view.hands[seat].cards))
                 if ("hand", i) not in hidden]
        index = next((n for n, (i, _, _) in enumerate(shown) if ("hand", i) == hover), None)
        rects = self.geo.fan().rects(len(shown), index)
        order = [n for n in range(len(shown)) if n != index] + ([index] if index is not None else [])
        for n in order:
            i, card, count = shown[n]
            self.sprites.draw_card(paint, card, rects[n])
            if count > 1:
                self.count_badge(paint, rects[n], count)
            paint.hits.add(("hand", i), rects[n])

    def count_badge(self, paint: Painter, card: pygame.Rect, count: int) -> None:
        """Draws how many copies of a card a pill on its top left stands for."""
        height = layout().number("count_badge")
        text = f"x{count}"
        rect = pygame.Rect(card.x + 4, card.y + 4, paint.measure(text, "small", "bold") + height * 0.6, height)
        paint.rect(rect, self.theme.colour("badge"), height / 2)
        paint.rect(rect, self.theme.colour("badge_text"), height / 2, 2)
        paint.text(text, rect, "small", self.theme.colour("badge_text"), "bold")


def tussle_words(view: ScrappersState) -> str:
    """Returns the centre's words for a tussle under way: who tussles for what."""
    who = listed(view.data.name(b) for b in view.tussle.bodgers)
    return f"{who} tussle for the {view.part_name(view.belt.slots[view.tussle.slot])}. Cards stay secret until all " \
           "have chosen."

