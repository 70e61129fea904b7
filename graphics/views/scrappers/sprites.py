"""Scrappers pieces as cached pictures: parts (cores and plugs with coloured connectors and their
action button), action cards (the kit's frame and title, then the button rows and tussle symbols)
and bodger tokens (the goblin, or the pass side, in the owner's ring). Each is composed once per
size and kept in the bounded image cache; `*_sprite` give the timeline's sprite functions."""
from __future__ import annotations

import functools
import math
from typing import Any

import pygame

from games.scrappers.data import PLAIN_BUTTONS, ActionCard, Button, GameData, Part
from graphics.config import Layout, Theme, game_layout
from graphics.kit.faces import MIN_PX, CardFaces
from graphics.kit.text import fit, positions
from graphics.paint import Painter, symbol_points

GAME = "scrappers"
TEXT_FACE = "bold"


@functools.lru_cache(maxsize=1)
def layout() -> Layout:
    """Returns data/scrappers/layout.yaml."""
    return game_layout(GAME)


def button_icon(button: Button) -> str:
    """Returns the sprite of a button's glyph: its move, or Guppy's component symbol."""
    return f"{GAME}/sym_{button.symbol}" if button.do == "guppy" else f"{GAME}/btn_{button.do}"


def button_fill(theme: Theme, button: Button) -> tuple[int, int, int]:
    """Returns a button's colour: black, red or blue, or Guppy's yellow."""
    return theme.colour("button_guppy" if button.do == "guppy" else f"button_{button.colour}")


def button_word(button: Button) -> str:
    """Returns the word printed on a button."""
    return "GUPPY" if button.do == "guppy" else button.do.upper()


class Sprites:
    """Composes and caches the pictures of parts, action cards and tokens."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.theme = Theme(GAME)
        self.faces = CardFaces(GAME)

    # --- parts -----------------------------------------------------------------------------------
    def part(self, assets, part_id: str | None, size: int, button: bool = True) -> pygame.Surface:
        """Returns a part (its back for None) as a square of `size` pixels; without its action button when
        `button` is False (a part in a contraption, where only its connectors matter)."""
        kind = None if part_id is None else part_id.split("#")[0]

        def build() -> pygame.Surface:
            for other in [None, *(p.id for p in self.data.parts)]:  # the rest at this size, in spare time
                assets.ahead(("scrappers-part", other, size, button), lambda o=other: self.part(assets, o, size, button))
            return self._part(assets, kind, size, button)
        return assets.cached(("scrappers-part", kind, size, button), build)

    def part_sprite(self, part_id: str | None):
        """Returns a timeline sprite function for a part (face down: the part back)."""
        return lambda assets, face_up, size: self.part(assets, part_id if face_up else None, min(size))

    def draw_part(self, paint: Painter, part_id: str | None, rect, button: bool = True) -> pygame.Rect:
        """Draws a part centred in a logical rect (square); returns its window rect."""
        screen = paint.viewport.rect(rect)
        side = min(screen.size)
        surface = self.part(paint.assets, part_id, side, button)
        placed = surface.get_rect(center=screen.center)
        paint.surface.blit(surface, placed)
        return placed

    def _part(self, assets, kind: str | None, size: int, button: bool) -> pygame.Surface:
        """Composes a part: the plate, its connectors and its action button."""
        if kind is None:
            return assets.image(f"{GAME}/part_back", (size, size))
        part: Part = self.data.parts[kind]
        style = layout().get("part_face")
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        nub = max(3, int(size * style["nub"]))
        inset = int(size * style["plate"])
        if part.kind == "core":
            surface.blit(assets.image(f"{GAME}/core", (size, size)), (0, 0))
            c = size // 2
            sides = [(c, inset + nub // 3), (size - inset - nub // 3, c), (c, size - inset - nub // 3),
                     (inset + nub // 3, c)]
            for colour_name, centre in zip(part.connectors, sides):
                self._nub(surface, colour_name, centre, nub)
            badge = (c, c)
        else:
            body = assets.image(f"{GAME}/plug", (size, size)).copy()
            body.fill((*self._tint(part.colour, button), 255), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(body, (0, 0))
            self._nub(surface, part.colour, (size // 2, int(size * 0.2)), nub)
            badge = (size // 2, int(size * 0.58))
        if button:
            self._badge(surface, assets, part.button, badge, max(4, int(size * style["badge"])))
        return surface

    def _tint(self, colour_name: str, button: bool) -> tuple[int, int, int]:
        """Returns a plug body's tint: its colour, lightened where its button must stay readable."""
        rgb = self.theme.colour(f"part_{colour_name}")
        strength = layout().number("part_face.tint_button" if button else "part_face.tint")
        return tuple(int(255 - (255 - v) * strength) for v in rgb)

    def _nub(self, surface: pygame.Surface, colour_name: str, centre: tuple[int, int], radius: int) -> None:
        """Draws a connector: a disc in its colour with its shape, so colours are told apart without colour."""
        edge = self.theme.colour("nub_edge")
        if colour_name == "universal":
            colours = [self.theme.colour(f"part_{c}") for c in self.data.rules.colours]
            box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            box.center = centre
            for i, rgb in enumerate(colours):
                start, end = i * math.tau / len(colours), (i + 1) * math.tau / len(colours)
                points = [centre] + [(centre[0] + radius * math.cos(start + (end - start) * k / 6),
                                      centre[1] + radius * math.sin(start + (end - start) * k / 6)) for k in range(7)]
                pygame.draw.polygon(surface, rgb, points)
        else:
            pygame.draw.circle(surface, self.theme.colour(f"part_{colour_name}"), centre, radius)
        pygame.draw.circle(surface, edge, centre, radius, max(1, radius // 6))
        mark = layout().get("colour_marks")[colour_name]
        ink = self.theme.colour("mark_dark" if colour_name == "universal" else "mark")
        r = max(2, int(radius * 0.55))
        points = symbol_points(mark, centre[0], centre[1], r)
        if points is None:
            pygame.draw.circle(surface, ink, centre, r)
        else:
            pygame.draw.polygon(surface, ink, points)

    def _badge(self, surface: pygame.Surface, assets, button: Button, centre, radius: int) -> None:
        """Draws an action button as a disc in its colour with its glyph."""
        pygame.draw.circle(surface, button_fill(self.theme, button), centre, radius)
        pygame.draw.circle(surface, self.theme.colour("nub_edge"), centre, radius, max(1, radius // 7))
        side = int(radius * 1.35)
        icon = assets.image(button_icon(button), (side, side))
        surface.blit(icon, icon.get_rect(center=centre))

    # --- action cards ---------------------------------------------------------------------------
    def card(self, assets, card_id: str | None, size: tuple[int, int]) -> pygame.Surface:
        """Returns an action card (its back for None) at `size` pixels."""
        kind = None if card_id is None else card_id.split("#")[0]

        def build() -> pygame.Surface:
            for other in [None, *(c.id for c in self.data.cards)]:  # the rest at this size, in spare time
                assets.ahead(("scrappers-card", other, size), lambda o=other: self.card(assets, o, size))
            return self._card(assets, kind, size)
        return assets.cached(("scrappers-card", kind, size), build)

    def card_sprite(self, card_id: str | None):
        """Returns a timeline sprite function for an action card."""
        return lambda assets, face_up, size: self.card(assets, card_id if face_up else None, size)

    def draw_card(self, paint: Painter, card_id: str | None, rect, lift: float = 0) -> pygame.Rect:
        """Draws an action card with its shadow in a logical rect (raised by `lift`); returns its window rect."""
        screen = paint.viewport.rect(pygame.Rect(rect).move(0, -lift))
        offset = max(1, screen.width // 28) * (3 if lift else 1)
        paint.surface.blit(self.faces.shadow(paint.assets, screen.size), screen.move(offset, offset))
        paint.surface.blit(self.card(paint.assets, card_id, screen.size), screen)
        return screen

    def row_rects(self, card: ActionCard, rect: pygame.Rect) -> list[list[pygame.Rect]]:
        """Returns, per row of a card drawn in `rect`, the rect of each of its buttons (any units)."""
        x, y, w, h = layout().get("card_rows")
        area = pygame.Rect(rect.x + x * rect.width, rect.y + y * rect.height, w * rect.width, h * rect.height)
        gap = layout().number("row_gap") * rect.height
        count = len(card.rows)
        height = min((area.height - gap * (count - 1)) / count, area.height * 0.34)
        top = area.y + (area.height - height * count - gap * (count - 1)) / 2
        rows = []
        for i, row in enumerate(card.rows):
            y0 = top + i * (height + gap)
            if len(row) == 1:
                rows.append([pygame.Rect(area.x, y0, area.width, height)])
            else:
                half = (area.width - height * 0.5) / 2
                rows.append([pygame.Rect(area.x, y0, half, height),
                             pygame.Rect(area.right - half, y0, half, height)])
        return rows

    def _card(self, assets, kind: str | None, size: tuple[int, int]) -> pygame.Surface:
        """Composes a card: the kit's frame and title, the button rows, the tussle symbols."""
        if kind is None:
            return self.faces.surface(assets, None, size)
        card: ActionCard = self.data.cards[kind]
        surface = self.faces.made(assets, card, size)  # this card's picture is kept, not its plain face too
        rows = self.row_rects(card, surface.get_rect())
        for row, rects in zip(card.rows, rows):
            if len(row) == 2:
                self._hazard(surface, rects[0].union(rects[1]).inflate(6, 6))
            for button, rect in zip(row, rects):
                self._button(surface, assets, button, rect)
        self._symbols(surface, assets, card)
        return surface

    def _hazard(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draws hazard tape behind a pair of buttons: choose one of the two."""
        tape = pygame.Surface(rect.size, pygame.SRCALPHA)
        tape.fill(self.theme.colour("hazard"))
        step = max(6, rect.height // 3)
        dark = self.theme.colour("hazard_dark")
        for x in range(-rect.height, rect.width + rect.height, step * 2):
            pygame.draw.polygon(tape, dark, [(x, rect.height), (x + step, rect.height), (x + step + rect.height, 0),
                                             (x + rect.height, 0)])
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, rect.height // 4))
        tape.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(tape, rect)

    def _button(self, surface: pygame.Surface, assets, button: Button, rect: pygame.Rect) -> None:
        """Draws one action button: a pill in its colour with its glyph and, where there is room, its word."""
        radius = rect.height // 2
        pygame.draw.rect(surface, button_fill(self.theme, button), rect, border_radius=radius)
        pygame.draw.rect(surface, self.theme.colour("nub_edge"), rect, max(1, rect.height // 14), border_radius=radius)
        side = int(rect.height * 0.74)
        word = button_word(button)
        floor = max(MIN_PX, int(surface.get_height() * 0.035))
        text_box = pygame.Rect(rect.x + radius // 2 + side + 2, rect.y, rect.width - side - radius - 2, rect.height)
        fitted = fit(assets, word, text_box.size, TEXT_FACE, int(rect.height * 0.5), floor)
        icon = assets.image(button_icon(button), (side, side))
        if fitted.cut or text_box.width <= 0:
            surface.blit(icon, icon.get_rect(center=rect.center))
            return
        surface.blit(icon, icon.get_rect(midleft=(rect.x + radius // 2, rect.centery)))
        ink = self.theme.colour("button_label")
        for line, corner in positions(fitted, text_box, "center"):
            surface.blit(assets.text(line, fitted.px, ink, TEXT_FACE), corner)

    def _symbols(self, surface: pygame.Surface, assets, card: ActionCard) -> None:
        """Draws the card's tussle symbols along the bottom, and Keelie's or Guppy's portrait at the left."""
        x, y, w, h = layout().get("card_symbols")
        sw, sh = surface.get_size()
        strip = pygame.Rect(int(x * sw), int(y * sh), int(w * sw), int(h * sh))
        side = strip.height
        if card.deck != "standard":
            surface.blit(assets.image(f"{GAME}/token_{card.deck}", (side, side)), strip.topleft)
        total = card.symbols * side + max(0, card.symbols - 1) * side // 6
        left = strip.centerx - total // 2
        for i in range(card.symbols):
            surface.blit(assets.image(f"{GAME}/tussle", (side, side)), (left + i * (side + side // 6), strip.y))

    # --- tokens -----------------------------------------------------------------------------------
    def token(self, assets, bodger: str, passed: bool, ring: tuple[int, int, int] | None, size: int,
              symbol: str = "") -> pygame.Surface:
        """Returns a token: the goblin (or its pass side) inside the owner's coloured ring with the seat's symbol."""
        key = ("scrappers-token", bodger, passed, ring, size, symbol)
        return assets.cached(key, lambda: self._token(assets, bodger, passed, ring, size, symbol))

    def _token(self, assets, bodger: str, passed: bool, ring, size: int, symbol: str) -> pygame.Surface:
        """Composes a token."""
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        band = max(2, int(size * layout().number("floor_sizes.ring") / layout().number("floor_sizes.token")))
        inner = size - 2 * band if ring else size
        if ring:
            pygame.draw.circle(surface, ring, (c, c), c)
            pygame.draw.circle(surface, self.theme.colour("nub_edge"), (c, c), c, max(1, band // 3))
        face = assets.image(f"{GAME}/token_back" if passed else f"{GAME}/token_{bodger}", (inner, inner))
        surface.blit(face, face.get_rect(center=(c, c)))
        if symbol and ring:
            r = max(4, int(size * layout().number("floor_sizes.badge") / layout().number("floor_sizes.token") / 2))
            centre = (size - r - 1, size - r - 1)
            pygame.draw.circle(surface, self.theme.colour("mark"), centre, r + 1)
            points = symbol_points(symbol, centre[0], centre[1], r - 1)
            if points is None:
                pygame.draw.circle(surface, ring, centre, r - 1)
                pygame.draw.circle(surface, self.theme.colour("nub_edge"), centre, r - 1, 1)
            else:
                pygame.draw.polygon(surface, ring, points)
                pygame.draw.polygon(surface, self.theme.colour("nub_edge"), points, 1)
        return surface

    def draw_token(self, paint: Painter, bodger: str, passed: bool, ring, centre, diameter: float,
                   symbol: str = "") -> pygame.Rect:
        """Draws a token centred on a logical point; returns its window rect."""
        size = max(4, paint.viewport.px(diameter))
        surface = self.token(paint.assets, bodger, passed, ring, size, symbol)
        placed = surface.get_rect(center=paint.viewport.point(centre))
        paint.surface.blit(surface, placed)
        return placed

    def token_sprite(self, bodger: str, passed: bool, ring, symbol: str = ""):
        """Returns a timeline sprite function for a token."""
        return lambda assets, face_up, size: self.token(assets, bodger, passed, ring, min(size), symbol)


def part_text(data: GameData, part_id: str) -> str:
    """Returns a part described for a tooltip: what it is, where it fits, its button."""
    part: Part = data.parts[part_id]
    if part.kind == "core":
        fits = "Connectors: " + ", ".join(part.connectors) + " (top, right, bottom, left)."
    elif part.colour == "universal":
        fits = "Fits any side of any core."
    else:
        article = "an" if part.colour[0] in "aeiou" else "a"
        fits = f"Fits {article} {part.colour} side of a core."
    return f"{part.name.capitalize()}. {fits}\nButton: {button_text(part.button)}"


def card_text(data: GameData, card_id: str) -> str:
    """Returns an action card in words for its large view: name, tussle symbols, each row of buttons."""
    card = data.cards[card_id]
    plural = "" if card.symbols == 1 else "s"
    lines = [f"{card.name}: {card.symbols} tussle symbol{plural}.", layout().get("card_help")[card.deck]]
    for number, row in enumerate(card.rows, 1):
        if len(row) == 2:
            lines.append(f"{number}. One of: {button_text(row[0])} Or {button_text(row[1])}")
        else:
            lines.append(f"{number}. {button_text(row[0])}")
    return "\n".join(lines)


def button_text(button: Button) -> str:
    """Returns what a button does, in a sentence."""
    helps: dict[str, Any] = layout().get("button_help")
    who = "" if button.do in PLAIN_BUTTONS or button.do == "guppy" else layout().get("colour_help")[button.colour]
    what = helps[button.do].format(symbol=button.symbol)
    return f"{button.label}: {who}{what}"
