"""Card faces composed from card YAML: a game's `card_face:` style (in data/<game>/layout.yaml) says which
card fields go where; every card of the catalog is drawn from it, rasterized once per size and cached."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Mapping

import pygame

from games.core.data import build
from graphics.config import Theme, game_layout
from graphics.kit.text import fit, positions
from graphics.paint import Painter

Box = tuple[float, float, float, float]  # x, y, width, height as fractions of the card
PARTS = ("title", "cost", "text", "art", "icons", "corner")
MIN_PX = 7  # no text on a face is drawn smaller than this many window pixels


@dataclass(frozen=True)
class FaceStyle:
    """How one game's cards look. `fields` maps a part (title, cost, text, art, icons, corner) to the
    card's attribute holding it; boxes are fractions of the card's width and height."""

    fields: Mapping[str, str]
    front: str = ""  # sprite of the blank front; "" draws a rounded card in the theme's card colours
    back: str = ""  # sprite of the back; "" draws a plain card in card_edge
    art: str = "{}"  # the art sprite made from the card's art field ("stumped/art_{}")
    icon: str = "{}"  # an icon sprite made from an icon's name
    title: Box | None = None
    cost: Box | None = None
    picture: Box | None = None
    text: Box | None = None
    icons: Box | None = None
    corner: Box | None = None  # top left; a copy turned half round sits bottom right
    underline: tuple[str, ...] = ()  # corner marks drawn underlined, as 6 and 9 read alike turned round
    detail_width: int = 0  # window pixels: title, text and icons appear only on cards at least this wide
    text_width: int = 0  # window pixels: the rules text appears only on cards at least this wide (titles from
    #                      detail_width: a small card shows its picture and name, its text when shown large)
    radius: float = 0.07  # corner rounding, as a fraction of the width
    text_size: float = 0.055  # rules text starts at this fraction of the card height, shrinking to fit
    floor: float = 0.035  # the smallest text, as a fraction of the card height
    title_face: str = "title"
    text_face: str = "body"

    def __post_init__(self) -> None:
        unknown = set(self.fields) - set(PARTS)
        if unknown:
            raise ValueError(f"field 'fields': unknown part '{sorted(unknown)[0]}' (parts: {', '.join(PARTS)})")


@dataclass(frozen=True)
class Face:
    """What one card shows, read from its catalog entry through the style's `fields`."""

    title: str = ""
    cost: str = ""
    text: str = ""
    art: str = ""
    icons: tuple[tuple[str, int], ...] = ()
    corner: str = ""


def face_of(card: Any, fields: Mapping[str, str]) -> Face:
    """Returns the parts of `card` named by `fields` (missing attributes are left blank)."""
    values = {part: getattr(card, attribute, None) for part, attribute in fields.items()}
    return Face(title=_plain(values.get("title")), cost=_plain(values.get("cost")), text=_plain(values.get("text")),
                art=_plain(values.get("art")), icons=_icons(values.get("icons")), corner=_plain(values.get("corner")))


def _plain(value: Any) -> str:
    """Returns a field as text ('' for None)."""
    return "" if value is None else str(value)


def _icons(value: Any) -> tuple[tuple[str, int], ...]:
    """Returns icons as (name, count) pairs from a mapping, a list of names or a list of pairs."""
    if not value:
        return ()
    if isinstance(value, Mapping):
        return tuple((str(k), int(v)) for k, v in value.items())
    return tuple((str(item), 1) if isinstance(item, str) else (str(item[0]), int(item[1])) for item in value)


@functools.lru_cache(maxsize=8)
def face_style(game_id: str) -> FaceStyle:
    """Returns the `card_face:` style of a game's layout.yaml, validated."""
    layout = game_layout(game_id)
    return build(FaceStyle, layout.get("card_face"), f"{layout.path}: card_face")


class CardFaces:
    """Draws one game's cards: faces composed from the style, kept in the bounded image cache per size."""

    def __init__(self, game_id: str, style: FaceStyle | None = None) -> None:
        self.game_id = game_id
        self.style = style or face_style(game_id)
        self.theme = Theme(game_id)
        self._key = (game_id, repr(self.style))  # faces are cached per game and style

    def face(self, card: Any) -> Face:
        """Returns what a card shows; a card's id (a string) is a mistake, not a blank card: it raises."""
        if isinstance(card, str):
            raise TypeError(f"{self.game_id}: a card face is drawn from the card's definition, not from its id "
                            f"{card!r} (look it up in the game's catalog)")
        return face_of(card, self.style.fields)

    def surface(self, assets, card: Any | None, size: tuple[int, int]) -> pygame.Surface:
        """Returns the face of `card` (its back for None) at `size` window pixels."""
        face = None if card is None else self.face(card)
        return assets.cached(("face", self._key, face, size), lambda: self._build(assets, face, size))

    def made(self, assets, card: Any | None, size: tuple[int, int]) -> pygame.Surface:
        """Returns the face of `card` at `size` made anew, not kept: for a game that composes more onto it and
        keeps only its own picture (kept too, it would hold every card twice)."""
        return self._build(assets, None if card is None else self.face(card), size)

    def sprite(self, card: Any | None):
        """Returns a timeline sprite function for `card`: (assets, face up?, size) -> surface."""
        return lambda assets, face_up, size: self.surface(assets, card if face_up else None, size)

    def draw(self, paint: Painter, card: Any | None, rect, lift: float = 0) -> pygame.Rect:
        """Draws a card with its soft shadow in a logical rect (raised by `lift`); returns its window rect."""
        screen = paint.viewport.rect(pygame.Rect(rect).move(0, -lift))
        offset = max(1, screen.width // 28) * (3 if lift else 1)
        paint.surface.blit(self.shadow(paint.assets, screen.size), screen.move(offset, offset))
        paint.surface.blit(self.surface(paint.assets, card, screen.size), screen)
        return screen

    def shadow(self, assets, size: tuple[int, int]) -> pygame.Surface:
        """Returns the soft shadow of a card of `size`."""
        def build_shadow() -> pygame.Surface:
            layer = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*self.theme.colour("shadow"), 70), layer.get_rect(),
                             border_radius=self._radius(size))
            return layer
        return assets.cached(("face-shadow", size, self.style.radius), build_shadow)

    # --- composing ----------------------------------------------------------------------------
    def _radius(self, size: tuple[int, int]) -> int:
        """Returns the corner radius in pixels."""
        return max(2, int(size[0] * self.style.radius))

    def _build(self, assets, face: Face | None, size: tuple[int, int]) -> pygame.Surface:
        """Composes a face (or the back for None) at `size`."""
        style = self.style
        sprite = style.back if face is None else style.front
        if sprite:
            surface = assets.image(sprite, size).copy()
        else:
            surface = self._blank(size, self.theme.colour("card_edge" if face is None else "card_paper"))
        if face is None:
            return surface
        detail = size[0] >= style.detail_width
        if style.picture and face.art:
            self._picture(surface, assets, face.art, style.picture)
        if style.title and face.title and detail:
            self._text(surface, assets, face.title, style.title, style.title_face, "card_ink", None)
        if style.text and face.text and detail and size[0] >= style.text_width:
            self._text(surface, assets, face.text, style.text, style.text_face, "card_rules", style.text_size)
        if style.icons and face.icons and detail:
            self._icons(surface, assets, face.icons, style.icons)
        if style.cost and face.cost:
            self._cost(surface, assets, face.cost, style.cost)
        if style.corner and face.corner:
            self._corners(surface, assets, face.corner, style.corner)
        return surface

    def _blank(self, size: tuple[int, int], fill) -> pygame.Surface:
        """Returns a rounded card with a thin edge."""
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = self._radius(size)
        pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(surface, self.theme.colour("card_edge"), surface.get_rect(), max(1, size[0] // 70),
                         border_radius=radius)
        return surface

    @staticmethod
    def _box(surface: pygame.Surface, box: Box) -> pygame.Rect:
        """Returns a fractional box in the surface's pixels."""
        w, h = surface.get_size()
        return pygame.Rect(int(box[0] * w), int(box[1] * h), max(1, int(box[2] * w)), max(1, int(box[3] * h)))

    def _floor(self, surface: pygame.Surface) -> int:
        """Returns the smallest text size on this face."""
        return max(MIN_PX, int(surface.get_height() * self.style.floor))

    def _text(self, surface, assets, text: str, box: Box, face: str, ink: str, size: float | None,
              align: str = "center") -> None:
        """Draws text fitted into a box: from `size` (a fraction of the card height) or the box height, shrinking."""
        rect = self._box(surface, box)
        floor = self._floor(surface)
        px = max(floor, int(surface.get_height() * size) if size else rect.height)
        fitted = fit(assets, text, rect.size, face, px, floor)
        for line, corner in positions(fitted, rect, align):
            surface.blit(assets.text(line, fitted.px, self.theme.colour(ink), face), corner)

    def _picture(self, surface, assets, art: str, box: Box) -> None:
        """Draws the art sprite in its box, or a tinted box when the sprite does not exist yet."""
        rect = self._box(surface, box)
        name = self.style.art.format(art)
        if assets.has_image(name):
            surface.blit(assets.image(name, rect.size), rect)
        else:
            pygame.draw.rect(surface, self.theme.colour("card_art"), rect, border_radius=max(2, rect.width // 12))

    def _cost(self, surface, assets, cost: str, box: Box) -> None:
        """Draws the cost in a round badge."""
        rect = self._box(surface, box)
        radius = min(rect.width, rect.height) // 2
        pygame.draw.circle(surface, self.theme.colour("card_cost"), rect.center, radius)
        pygame.draw.circle(surface, self.theme.colour("card_edge"), rect.center, radius, max(1, radius // 8))
        inner = pygame.Rect(0, 0, int(radius * 1.4), int(radius * 1.4))
        inner.center = rect.center
        self._text_in(surface, assets, cost, inner, self.style.title_face, "card_cost_text")

    def _text_in(self, surface, assets, text: str, rect: pygame.Rect, face: str, ink: str) -> None:
        """Draws text as large as fits a pixel rect, centred."""
        fitted = fit(assets, text, rect.size, face, rect.height, self._floor(surface))
        for line, corner in positions(fitted, rect, "center"):
            surface.blit(assets.text(line, fitted.px, self.theme.colour(ink), face), corner)

    def _icons(self, surface, assets, icons: tuple[tuple[str, int], ...], box: Box) -> None:
        """Draws icons left to right in their box, each with its count when more than one."""
        rect = self._box(surface, box)
        side = rect.height
        x = rect.x
        for name, count in icons:
            cell = pygame.Rect(x, rect.y, side, side)
            sprite = self.style.icon.format(name)
            if assets.has_image(sprite):
                surface.blit(assets.image(sprite, cell.size), cell)
            else:
                pygame.draw.circle(surface, self.theme.colour("card_art"), cell.center, side // 2)
                inner = cell.inflate(-side // 4, -side // 4)
                self._text_in(surface, assets, name[:2].title(), inner, "bold", "card_ink")
            x = cell.right
            if count > 1:
                label = pygame.Rect(x, rect.y, side, side)
                self._text_in(surface, assets, f"x{count}", label, "bold", "card_ink")
                x = label.right
            x += side // 4
            if x >= rect.right:
                break

    def _corners(self, surface, assets, mark: str, box: Box) -> None:
        """Draws the corner mark top left and, turned half round, bottom right."""
        rect = self._box(surface, box)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        self._text_in(layer, assets, mark, layer.get_rect(), self.style.title_face, "card_ink")
        if mark in self.style.underline:
            glyph = layer.get_bounding_rect()
            thick = max(1, glyph.height // 12)
            y = min(layer.get_height() - thick, glyph.bottom + max(1, thick))
            pygame.draw.rect(layer, self.theme.colour("card_ink"), (glyph.x, y, glyph.width, thick))
        surface.blit(layer, rect)
        turned = pygame.transform.rotate(layer, 180)
        w, h = surface.get_size()
        surface.blit(turned, turned.get_rect(bottomright=(w - rect.x, h - rect.y)))
