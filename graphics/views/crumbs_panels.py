"""The Crumbs side panels: the Crumb Trail, this round's Daily Buzz card and deck, and each army's sheet."""
from __future__ import annotations

import math

import pygame

from games.crumbs.state import CrumbsState
from graphics.config import colour, seat_colour
from graphics.kit.faces import CardFaces
from graphics.kit.table import draw_pile, draw_seat_badge
from graphics.paint import Painter
from graphics.views.crumbs_park import crumbs_layout

GAME = "crumbs"  # whose palette the panels use


def trail_point(state: CrumbsState, crumbs: float, lane: int) -> tuple[float, float]:
    """Returns where a tracker at `crumbs` sits on the trail strip (laps wrap around)."""
    rect = crumbs_layout().rect("trail")
    strip = crumbs_layout().get("trail_strip")
    length = state.data.numbers.trail_length
    position = crumbs % (length + 1)
    margin = strip["margin"]
    return (rect.x + margin + (rect.width - 2 * margin) * position / length,
            rect.y + strip["top"] + 10 + lane * strip["lane"])


def draw_trail(paint: Painter, state: CrumbsState, seats, hidden: set) -> None:
    """Draws the Crumb Trail with every player's tracker (those in `hidden` are being animated)."""
    rect = crumbs_layout().rect("trail")
    strip = crumbs_layout().get("trail_strip")
    paint.panel(rect, colour("trail", GAME), colour("trail_edge", GAME), 14)
    tile = strip["height"] * 4  # trail.svg is 4:1; tiled along the strip
    for x in range(rect.x + 10, rect.right - 10, tile):
        paint.image("crumbs/trail", (x, rect.y + strip["top"], min(tile, rect.right - 10 - x), strip["height"]))
    length = state.data.numbers.trail_length
    w, h = strip["tick_width"], strip["tick_height"]
    for tick in range(0, length + 1, strip["tick_every"]):
        x, _ = trail_point(state, tick, 0)
        paint.text(str(tick), (x - w / 2, rect.y + 3, w, h), "small", colour("trail_text", GAME), "bold", floor="tiny")
    for seat in range(state.players):
        if ("tracker", seat) not in hidden:
            draw_tracker(paint, state, seats, seat, state.crumbs[seat])


def draw_tracker(paint: Painter, state: CrumbsState, seats, seat: int, crumbs: float) -> None:
    """Draws one player's tracker crumb at a position on the trail, with the seat's symbol."""
    x, y = trail_point(state, crumbs, seat)
    info = seat_colour(seats[seat].colour)
    size = crumbs_layout().number("tracker_size")
    paint.image("crumbs/tracker", (x - size / 2, y - size / 5, size, size))
    paint.symbol(info.symbol, (x, y + size * 0.3), size * 0.53, info.rgb)


def deck_rect() -> pygame.Rect:
    """Returns the Daily Buzz deck's rect."""
    buzz = crumbs_layout().rect("buzz")
    return crumbs_layout().rect("deck").move(buzz.x, buzz.y)


def draw_buzz(paint: Painter, state: CrumbsState, faces: CardFaces) -> None:
    """Draws the Daily Buzz: the deck with its count, and the card drawn this round with what it does.
    Registers ("deck",) on the deck and ("buzz",) on the panel."""
    rect = crumbs_layout().rect("buzz")
    paint.panel(rect, colour("cream", GAME), None, 14)
    paint.hits.add(("buzz",), rect)
    deck = deck_rect()
    draw_pile(paint, faces, deck, len(state.deck), key=("deck",))
    pad = crumbs_layout().number("sheet.padding")
    area = pygame.Rect(deck.right + pad, rect.y + pad, rect.right - deck.right - 2 * pad, rect.height - 2 * pad)
    if not state.drawn:
        paint.paragraph(f"Round {state.round}. No Daily Buzz card drawn yet this round.", area, "small",
                        colour("ink", GAME))
        return
    card = state.data.cards[state.drawn[-1]]
    title_h = crumbs_layout().number("buzz_title_height")
    paint.text(f"Round {state.round}: {card.title}", (area.x, area.y, area.width, title_h), "body",
               colour("accent", GAME), "bold", "midleft")
    lasting = [state.data.cards[c].title for c in state.drawn if state.data.cards[c].lasts_round]
    modifiers = ", ".join(f"{name.replace('_', ' ')} {amount:+d}" for name, amount in state.modifiers.items() if amount)
    note = ("This round: " + (modifiers or "") + (f"  ({', '.join(lasting)})" if lasting else "")) \
        if lasting or modifiers else ""
    note_h = paint.fit(note, (0, 0, area.width, area.height), "small", "bold").height / paint.viewport.scale if note else 0
    text = pygame.Rect(area.x, area.y + title_h, area.width, area.height - title_h - note_h)
    paint.paragraph(card.text, text, "small", colour("ink", GAME))
    if note:
        paint.text(note, (area.x, area.bottom - note_h, area.width, note_h), "small", colour("modifiers", GAME),
                   "bold", "bottomleft")


def draw_sheets(paint: Painter, state: CrumbsState, seats, viewer: int | None) -> None:
    """Draws every player's army sheet (whole where there is room, folded otherwise); registers ("sheet", seat)."""
    for seat, rect in sheet_rects(paint, state, seats).items():
        draw_sheet(paint, state, seats, seat, rect, sheet_fits(paint, state, seat, rect))
        paint.hits.add(("sheet", seat), rect)


def _text_height(paint: Painter, text: str, width: float) -> float:
    """Returns the logical height of `text` wrapped at `width` in small type."""
    return paint.fit(text, (0, 0, width, 10_000), "small").height / paint.viewport.scale


def _texts(state: CrumbsState, seat: int) -> tuple[str, str] | None:
    """Returns the ability and special-action texts of a seat's army, if it has one."""
    if not state.armies[seat]:
        return None
    side = state.side(seat)
    return f"{side.ability}: {side.ability_text}", f"{side.special} ({state.cost(seat, 'special')}): {side.special_text}"


def _top(style: dict) -> float:
    """Returns the height of a sheet's header and status line with the padding."""
    return style["padding"] + style["header"] + style["status"]


def sheet_height(paint: Painter, state: CrumbsState, seat: int, width: float) -> float:
    """Returns the height a sheet needs to show its whole text at `width`."""
    style = crumbs_layout().get("sheet")
    texts = _texts(state, seat)
    if texts is None:
        return style["padding"] * 2 + style["header"]
    inner = width - 2 * style["padding"]
    body = sum(_text_height(paint, text, inner) for text in texts)
    return math.ceil(_top(style) + body + 4 + style["padding"])


def sheet_fits(paint: Painter, state: CrumbsState, seat: int, rect: pygame.Rect) -> bool:
    """Returns whether a sheet's whole text fits its rect (else it is drawn folded)."""
    return rect.height >= sheet_height(paint, state, seat, rect.width)


def sheet_rects(paint: Painter, state: CrumbsState, seats) -> dict[int, pygame.Rect]:
    """Returns each player's sheet rect: the player to move gets the room their whole sheet needs,
    the others share the rest (all whole when they fit)."""
    area = crumbs_layout().rect("sheets")
    style = crumbs_layout().get("sheet")
    count, gap = state.players, style["gap"]
    room = area.height - gap * (count - 1)
    needs = [sheet_height(paint, state, seat, area.width) for seat in range(count)]
    current = state.current_player()
    if sum(needs) <= room or current is None:
        extra = max(0.0, room - sum(needs)) / count if sum(needs) <= room else 0.0
        heights = [need + extra for need in needs] if sum(needs) <= room else [room / count] * count
    else:
        folded = _top(style) + style["line"] + style["padding"] / 2
        mine = min(needs[current], room - folded * (count - 1))
        rest = (room - mine) / (count - 1)
        heights = [mine if seat == current else rest for seat in range(count)]
    rects, y = {}, area.y
    for seat, height in enumerate(heights):
        rects[seat] = pygame.Rect(area.x, y, area.width, int(height))
        y += int(height) + gap
    return rects


def draw_sheet(paint: Painter, state: CrumbsState, seats, seat: int, rect: pygame.Rect, whole: bool) -> None:
    """Draws one army sheet: the seat badge with its army and crumbs, Granny's Favor, critters and flips, and
    the ability and special action (whole, or their names when folded)."""
    style = crumbs_layout().get("sheet")
    info = seat_colour(seats[seat].colour)
    ink = colour("ink", GAME)
    paint.panel(rect, colour("cream", GAME), info.rgb, 14)
    paint.rect(rect.inflate(-6, -6), info.rgb, 12, 3 if state.current_player() == seat else 1)
    army = state.data.armies.get(state.armies[seat]) if state.armies[seat] else None
    pad = style["padding"]
    favor = crumbs_layout().number("favor_size")
    header = pygame.Rect(rect.x, rect.y + pad / 2, rect.width - favor - pad, style["header"])
    name = seats[seat].name + (f", {army.name}" if army else ": choosing an army")
    draw_seat_badge(paint, header, name, info, f"{state.crumbs[seat]} crumbs", ink=ink)
    if state.favor == seat and state.phase != "armies":
        paint.image("crumbs/grannys_favor", (rect.right - favor - pad / 2, rect.y + pad / 4, favor, favor))
    if army is None:
        return
    flipped = "upgraded" if state.upgraded[seat] else f"flips: {state.upgrade_progress(seat)}/{army.upgrade_amount}"
    status = f"{len(state.on_board('critter', seat))} on the park, {len(state.pool(seat))} in reserve, {flipped}"
    left = rect.x + pad
    paint.text(status, (left, header.bottom, rect.width - 2 * pad, style["status"]), "small", colour("muted", GAME),
               "body", "midleft")
    body = pygame.Rect(left, rect.y + _top(style), rect.width - 2 * pad, rect.bottom - pad / 2 - rect.y - _top(style))
    ability, special = _texts(state, seat)
    side = state.side(seat)
    special_line = f"{side.special} ({state.cost(seat, 'special')})"
    if whole:
        used = paint.paragraph(ability, body, "small", ink)
        paint.paragraph(special, (body.x, body.y + used + 4, body.width, body.height - used - 4), "small",
                        colour("special", GAME))
    elif _text_height(paint, ability, body.width) + style["line"] <= body.height:
        used = paint.paragraph(ability, body, "small", ink)
        paint.text(f"Special: {special_line}", (body.x, body.y + used, body.width, style["line"]), "small",
                   colour("special", GAME), "bold", "midleft")
    else:
        paint.text(f"{side.ability}  |  {special_line}", (body.x, body.y, body.width, min(body.height, style["line"])),
                   "small", ink, "bold", "midleft")
