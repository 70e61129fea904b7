"""Card-table widgets: geometry that fits its area for 1..12 cards, nothing overlapping that must not."""
import pygame
import pytest

from graphics.config import seat_colours, table_layout
from graphics.kit.faces import CardFaces
from graphics.kit.table import (
    HandFan,
    badge_parts,
    count_badge_rect,
    counter_row,
    draw_counter,
    draw_market,
    draw_pile,
    draw_seat_badge,
    market_slots,
    pile_layers,
)
from tests.kit_helpers import painter

AREA = pygame.Rect(100, 700, 1300, 260)


@pytest.mark.parametrize("count", range(1, 13))
def test_a_hand_fan_stays_in_its_area_and_every_card_shows(count):
    fan = HandFan(AREA, (150, 210))
    rects = fan.rects(count)
    assert all(AREA.contains(r) for r in rects)
    xs = [r.x for r in rects]
    assert xs == sorted(xs) and len(set(xs)) == count
    strips = [b.x - a.x for a, b in zip(rects, rects[1:])]
    assert all(strip >= min(40, rects[0].width) for strip in strips)  # enough of each card to point at
    for hover in range(count):
        lifted = fan.rects(count, hover)
        assert AREA.contains(lifted[hover]) and lifted[hover].width > rects[hover].width
        assert lifted[hover].top < rects[hover].top


def test_a_hand_fan_registers_its_cards_front_most_last():
    paint = painter()
    faces = CardFaces("scrimish")
    keys = [("hand", i) for i in range(5)]
    fan = HandFan(AREA, (150, 210))
    fan.draw(paint, faces, [None] * 5, keys, hover=("hand", 2), glow={("hand", 1)})
    lifted = fan.rects(5, 2)[2]
    assert paint.hits.key_at(lifted.center) == ("hand", 2) and paint.hits.keys() == set(keys)


@pytest.mark.parametrize("count", range(3, 13))
def test_market_slots_fit_and_do_not_overlap(count):
    area = pygame.Rect(50, 100, 1200, 300)
    slots = market_slots(area, count, (150, 210), 16, 36)
    assert all(area.contains(s.inflate(0, 0)) and s.bottom + 36 <= area.bottom for s in slots)
    assert all(a.right < b.left for a, b in zip(slots, slots[1:]))


def test_a_market_row_draws_costs_and_registers_slots():
    paint = painter()
    area = pygame.Rect(50, 100, 1200, 300)
    draw_market(paint, CardFaces("scrimish"), area, [None, None, None], ["2", "", "5"], ["a", "b", "c"], (150, 210))
    assert paint.hits.keys() == {"a", "b", "c"}


def test_a_market_row_puts_its_badges_below_and_outlines_empty_slots_as_asked(monkeypatch):
    import graphics.kit.table as table
    paint = painter()
    area, card, badge = pygame.Rect(50, 100, 1200, 300), (150, 210), int(table_layout().number("badge.height"))
    counters, outlines = [], []
    monkeypatch.setattr(table, "draw_counter", lambda paint, rect, label, value: counters.append((rect, value)))
    real = paint.rect
    paint.rect = lambda rect, rgb, radius=0, width=0: outlines.append((rect, rgb, radius)) or real(rect, rgb, radius,
                                                                                                   width)
    draw_market(paint, CardFaces("scrimish"), area, [None, None], ["2", "5"], ["a", "b"], card, 8, below=11,
                edge=(1, 2, 3), corner=7)
    slots = market_slots(area, 2, card, 8, badge + 11)
    assert counters == [(pygame.Rect(s.x, s.bottom + 11, s.width, badge), cost) for s, cost in zip(slots, "25")]
    assert outlines == [(slot, (1, 2, 3), 7) for slot in slots]


@pytest.mark.parametrize("count", [0, 1, 2, 5, 30])
def test_a_pile_stays_in_its_rect_with_its_badge_on_the_top_card(count):
    paint = painter()
    rect = pygame.Rect(200, 200, 100, 140)
    layers = pile_layers(rect, max(1, count), 3, 5)
    assert all(rect.contains(layer) for layer in layers) and len(layers) == min(max(1, count), 5)
    badge = count_badge_rect(layers[-1], 30)
    assert layers[-1].contains(badge)
    top = draw_pile(paint, CardFaces("scrimish"), rect, count, None, False, ("pile", 0))
    assert rect.contains(top) and paint.hits.key_at(rect.center) == ("pile", 0)


def test_counters_share_a_row_without_overlapping():
    paint = painter()
    area = pygame.Rect(0, 0, 500, 36)
    items = [("energy", 3), ("buys", 2), ("actions", 1), ("score", 120)]
    rects = counter_row(paint, area, items)
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:])) and rects[-1].right <= area.right
    for rect, (label, value) in zip(rects, items):
        draw_counter(paint, rect, label, value)


@pytest.mark.parametrize("name", ["Ann", "WWWWWWWWWWWWWWWW", "Bartholomew Long"])
def test_a_seat_badge_keeps_symbol_name_and_tag_apart(name):
    paint = painter()
    rect = pygame.Rect(40, 84, 420, 46)
    parts = badge_parts(paint, rect, "Team 2  you")
    assert rect.contains(parts.symbol) and rect.contains(parts.name) and rect.contains(parts.tag)
    assert parts.symbol.right < parts.name.left and parts.name.right < parts.tag.left
    paint.hits.clear()
    for seat in seat_colours():
        drawn = draw_seat_badge(paint, rect, name, seat, "Team 2  you", active=True)
        assert drawn == parts


def test_a_zoomed_card_never_covers_the_status_line_where_why_not_is_read():
    from graphics.kit.overlay import draw_zoom
    paint = painter((1280, 720))
    status = table_layout().rect("play.status")
    drawn = []
    for anchor in [(100, 20, 80, 40), (700, 90, 120, 160), (1400, 30)]:  # cards at the top edge, and the mouse
        for avoid in (None, [pygame.Rect(0, 200, 1920, 880)]) if len(anchor) == 4 else (None,):
            rect = draw_zoom(paint, lambda p, card: drawn.append(card), anchor, (300, 420), "A caption", avoid=avoid)
            assert not rect.colliderect(status), f"a zoom beside {anchor} covers the status line"
            assert drawn[-1].top >= status.bottom
