"""Scrimish card sprites: the front with its icon and corner symbols, or the back; cached per size."""
from __future__ import annotations

import pygame

from games.scrimish.cards import Card
from graphics.assets import Assets
from graphics.config import colour
from graphics.paint import Painter

INK = (43, 29, 18)


def card_sprite(assets: Assets, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
    """Returns a card face (or the back for None) rasterized at `size` window pixels."""
    return assets.cached(("scrimish-card", card.id if card else None, size), lambda: _build(assets, card, size))


def _build(assets: Assets, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
    """Composes a card: front, icon and corner symbols drawn with the title font."""
    if card is None:
        return assets.image("scrimish/card_back", size)
    w, h = size
    surface = assets.image("scrimish/card_front", size).copy()
    icon = assets.image(f"scrimish/icon_{card.art}", (int(w * 0.64), int(w * 0.64)))
    surface.blit(icon, icon.get_rect(center=(w // 2, int(h * 0.52))))
    mark = assets.text(card.symbol, max(8, int(w * 0.22)), INK, "title")
    surface.blit(mark, mark.get_rect(center=(int(w * 0.17), int(h * 0.11))))
    flipped = pygame.transform.rotate(mark, 180)
    surface.blit(flipped, flipped.get_rect(center=(int(w * 0.83), int(h * 0.89))))
    return surface


def shadow(assets: Assets, size: tuple[int, int]) -> pygame.Surface:
    """Returns a soft shadow for a card of `size`."""
    def build() -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(2, size[0] // 12)
        pygame.draw.rect(layer, (0, 0, 0, 70), layer.get_rect(), border_radius=radius)
        return layer
    return assets.cached(("scrimish-shadow", size), build)


def draw_card(paint: Painter, card: Card | None, rect: pygame.Rect, lifted: bool = False) -> pygame.Rect:
    """Draws a card with its shadow in a logical rect; returns the window rect it covers."""
    screen = paint.viewport.rect(rect.move(0, -8) if lifted else rect)
    offset = max(1, screen.width // 28) * (3 if lifted else 1)
    paint.surface.blit(shadow(paint.assets, screen.size), screen.move(offset, offset))
    paint.surface.blit(card_sprite(paint.assets, card, screen.size), screen)
    return screen


def draw_eye(paint: Painter, center: tuple[float, float], size: float) -> None:
    """Draws the 'seen' badge: an eye in a blue disc, for cards revealed in combat."""
    cx, cy = paint.viewport.point(center)
    r = paint.viewport.px(size / 2)
    pygame.draw.circle(paint.surface, colour("known", "scrimish"), (cx, cy), r)
    pygame.draw.circle(paint.surface, (255, 255, 255), (cx, cy), r, max(1, r // 6))
    eye = pygame.Rect(0, 0, int(r * 1.3), int(r * 0.75))
    eye.center = (cx, cy)
    pygame.draw.ellipse(paint.surface, (255, 255, 255), eye)
    pygame.draw.circle(paint.surface, INK, (cx, cy), max(1, int(r * 0.27)))
