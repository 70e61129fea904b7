"""The focus cidery's hand area: the hand fanned (copies of one card lie stacked under it, so that one
place stands for each kind of card the rules let you pick), the draw pile at the left, the discard
pile at the right, and the cards in use while a delivery or a conversion is under way."""
from __future__ import annotations

from typing import Hashable

import pygame

from games.scrumpy.state import ScrumpyState
from graphics.config import colour
from graphics.kit.groups import grouped
from graphics.kit.table import HandFan, draw_pile
from graphics.paint import Painter
from graphics.views.scrumpy.board import ink
from graphics.views.scrumpy.geometry import Geometry, inside, layout
from graphics.views.scrumpy.pieces import Faces


def group_key(zone: str, kind: str | None, index: int) -> Hashable:
    """Returns the place of a group: ("hand", kind) for a known card, ("hand_back", i) for an unknown one."""
    return (zone, kind) if kind is not None else (f"{zone}_back", index)


def fan(area: pygame.Rect, card_key: str) -> HandFan:
    """Returns the hand fan's geometry in `area`."""
    lay = layout()
    return HandFan(area, lay.size(card_key), int(lay.number("hand.gap")), int(lay.number("hand.arc")),
                   int(lay.number("hand.lift")))


def hand_groups(view: ScrumpyState, seat: int, hidden: set[Hashable]) -> list[tuple[str | None, int]]:
    """Returns the groups of a hand as shown (cards being animated out are left out)."""
    out = [key[1] for key in hidden if key[0] == "hand_out"]
    shown = [(kind, count - out.count(kind)) for kind, count in grouped(view.cideries[seat].hand.cards, by_kind=True) if kind]
    backs = sum(card is None for card in view.cideries[seat].hand.cards) - out.count(None)
    return [(kind, count) for kind, count in shown if count > 0] + [(None, 1)] * max(0, backs)


def fan_area(view: ScrumpyState, geometry: Geometry) -> pygame.Rect:
    """Returns where the hand is fanned: beside the cards in use when there are any."""
    area = geometry.hand_part("fan")
    if view.cideries[geometry.focus].pool.cards:
        pool = geometry.hand_part("pool")
        area = pygame.Rect(pool.right + 12, area.y, area.right - pool.right - 12, area.height)
    return area


def hand_rects(view: ScrumpyState, geometry: Geometry, hidden: set[Hashable],
               hover: Hashable | None = None) -> list[tuple[Hashable, pygame.Rect, str | None, int]]:
    """Returns each group of the focus hand as (key, rect, kind, copies), left to right."""
    shown = hand_groups(view, geometry.focus, hidden)
    keys = [group_key("hand", kind, i) for i, (kind, _) in enumerate(shown)]
    index = keys.index(hover) if hover in keys else None
    rects = fan(fan_area(view, geometry), "hand.card").rects(len(shown), index)
    return [(key, rect, kind, count) for key, rect, (kind, count) in zip(keys, rects, shown)]


def draw_hand(paint: Painter, view: ScrumpyState, geometry: Geometry, faces: Faces, hover: Hashable | None,
              hidden: set[Hashable]) -> None:
    """Draws the focus hand fanned, the hovered group in front and lifted; registers each group's place."""
    placed = hand_rects(view, geometry, hidden, hover)
    order = [p for p in placed if p[0] != hover] + [p for p in placed if p[0] == hover]
    step = layout().number("hand.group_step")
    for key, rect, kind, count in order:
        for depth in range(count - 1, 0, -1):
            faces.draw(paint, kind, rect.move(int(-step * depth), int(-step * depth)))
        faces.draw(paint, kind, rect)
        if count > 1:
            _copies(paint, rect, count)
        paint.hits.add(key, rect.inflate(step * (count - 1), step * (count - 1)).move(
            int(-step * (count - 1) / 2), int(-step * (count - 1) / 2)))
    if not placed:
        paint.text("No cards in hand", fan_area(view, geometry), "body", colour("light_text"), "bold")


def _copies(paint: Painter, card: pygame.Rect, count: int) -> None:
    """Draws how many copies of a card the group holds (a pill at the bottom of the card)."""
    badge = pygame.Rect(0, 0, card.width // 2, layout().number("board.cube"))
    badge.midbottom = (card.centerx, card.bottom - 6)
    paint.rect(badge, colour("badge"), badge.height // 2)
    paint.text(f"x{count}", badge, "small", colour("badge_text"), "bold")


def draw_piles(paint: Painter, view: ScrumpyState, geometry: Geometry, faces: Faces) -> None:
    """Draws the focus seat's draw pile (face down) and discard pile (its top card face up to its owner)."""
    seat = geometry.focus
    cidery = view.cideries[seat]
    for which, pile in (("draw", cidery.draw.cards), ("discard", cidery.discard.cards)):
        rect = geometry.hand_part(which)
        top = pile[-1] if pile else None
        draw_pile(paint, faces, rect, len(pile), top, which == "discard" and top is not None, (which, seat))
        label = inside(rect, "hand.pile_label")
        paint.text("Draw" if which == "draw" else "Discard", label, "small", colour("light_text"), "bold")


def draw_pool(paint: Painter, view: ScrumpyState, geometry: Geometry, faces: Faces, hover: Hashable | None) -> None:
    """Draws the cards in use (paid or delivered, waiting to be stored or discarded; at Refresh the cards kept),
    grouped like the hand."""
    cards = view.cideries[geometry.focus].pool.cards
    if not cards:
        return
    area = geometry.hand_part("pool")
    paint.shade(area.inflate(8, 8), ink("board_edge"), 120, 10)
    decision = view.pending_decision()
    keeping = decision is not None and decision.kind == "keep" and decision.seat == geometry.focus
    paint.text("Kept for next round" if keeping else "Cards in use", geometry.hand_part("pool_title"), "small",
               colour("light_text"), "body")
    shown = grouped(cards, by_kind=True)
    keys = [group_key("pool", kind, i) for i, (kind, _) in enumerate(shown)]
    index = keys.index(hover) if hover in keys else None
    rects = fan(area, "hand.pool_card").rects(len(shown), index)
    for key, rect, (kind, count) in sorted(zip(keys, rects, shown), key=lambda item: item[0] == hover):
        faces.draw(paint, kind, rect)
        if count > 1:
            _copies(paint, rect, count)
        paint.hits.add(key, rect)
