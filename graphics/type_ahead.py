"""The known players a seat's name field offers while a name is typed: a small list under the field (above it
near the bottom of the panel), each entry the player's colour and symbol and name; a click, or Tab or Enter
(the lit entry: the first, or the one Up and Down chose), takes one; Esc closes the list."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from games.core.records import Player
from graphics.config import colour, seat_colour, seat_colours, table_layout
from graphics.paint import Painter
from graphics.widgets import TextField

TAKE_KEYS = (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER)


def player_colour(player: Player):
    """Returns the seat colour of a player (the first one if its id is no longer a seat colour)."""
    ids = {c.id for c in seat_colours()}
    return seat_colour(player.colour if player.colour in ids else seat_colours()[0].id)


@dataclass
class TypeAhead:
    """The list of players offered for one focused name field (empty: nothing shown)."""

    target: TextField | None = None  # the name field the list is for
    offers: list[Player] = field(default_factory=list)
    lit: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)
    closed_for: tuple[int, str] | None = None  # Esc closed the list of (a field, its text) until the text changes

    def offer(self, text_field: TextField | None, offers: list[Player], bottom: int) -> None:
        """Shows `offers` under `text_field` (None or no offers: nothing), above it if the list would reach
        below `bottom`; the lit entry stays on the same player where it can."""
        if text_field is None or not offers or self.closed_for == (id(text_field), text_field.text):
            self.target, self.offers, self.rects = None, [], []
            return
        self.closed_for = None
        lit = self.offers[self.lit].key if self.offers and self.target is text_field else None
        self.target, self.offers = text_field, offers
        self.lit = next((i for i, p in enumerate(offers) if p.key == lit), 0)
        style = table_layout().get("type_ahead")
        rect = text_field.rect
        height = style["row"] * len(offers)
        top = rect.bottom + style["gap"] if rect.bottom + style["gap"] + height <= bottom \
            else rect.top - style["gap"] - height
        self.rects = [pygame.Rect(rect.left, top + i * style["row"], style["width"], style["row"])
                      for i in range(len(offers))]

    @property
    def shown(self) -> bool:
        """Returns whether the list is on screen."""
        return bool(self.offers)

    def handle(self, event: pygame.event.Event, pos) -> Player | bool:
        """Takes one event while the list shows: returns the player taken, True if the event was used
        otherwise (a move of the lit entry, a press on the list), False if it was not."""
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in TAKE_KEYS:
                return self.offers[self.lit]
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.lit = (self.lit + (1 if event.key == pygame.K_DOWN else -1)) % len(self.offers)
                return True
            if event.key == pygame.K_ESCAPE:
                self.closed_for = (id(self.target), self.target.text)
                self.target, self.offers, self.rects = None, [], []
                return True
            return False
        at = self.at(pos) if pos is not None else None
        if at is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.lit = at
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.offers[at]
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # nothing under the list gets it

    def at(self, pos) -> int | None:
        """Returns which entry is under a logical point."""
        return next((i for i, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    def draw(self, paint: Painter) -> None:
        """Draws the list: a panel, an entry per player (symbol in the player's colour, name), the lit one marked."""
        if not self.shown:
            return
        style = table_layout().get("type_ahead")
        whole = self.rects[0].unionall(self.rects[1:])
        paint.panel(whole.inflate(8, 8), colour("field"), colour("selected"), 10)
        for index, (player, rect) in enumerate(zip(self.offers, self.rects)):
            if index == self.lit:
                paint.rect(rect.inflate(-4, -4), colour("glow"), 8)
            info = player_colour(player)
            symbol = style["symbol"]
            paint.symbol(info.symbol, (rect.left + style["pad"] + symbol / 2, rect.centery), symbol, info.rgb)
            text = name_rect(rect)
            paint.text(player.name, text, "body", colour("ink"), "body", "midleft")

    def picture(self) -> object:
        """Returns what the list shows (the scene's picture includes it)."""
        return tuple(p.key for p in self.offers), self.lit


def name_rect(entry: pygame.Rect) -> pygame.Rect:
    """Returns where an entry's name is written: right of its symbol."""
    style = table_layout().get("type_ahead")
    left = 2 * style["pad"] + style["symbol"]
    return pygame.Rect(entry.left + left, entry.top, entry.width - left - style["pad"], entry.height)
