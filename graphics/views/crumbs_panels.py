"""The Crumbs side panels: the Crumb Trail, this round's Daily Buzz cards, and each army's sheet."""
from __future__ import annotations

import pygame

from games.crumbs.state import CrumbsState
from graphics.config import colour, seat_colour
from graphics.paint import Painter
from graphics.views.crumbs_park import crumbs_layout

INK = (40, 30, 20)
CREAM = (252, 246, 230)


def trail_point(state: CrumbsState, crumbs: float, lane: int) -> tuple[float, float]:
    """Returns where a tracker at `crumbs` sits on the trail strip (laps wrap around)."""
    rect = crumbs_layout().rect("trail")
    length = state.data.numbers.trail_length
    position = crumbs % (length + 1)
    return (rect.x + 24 + (rect.width - 48) * position / length, rect.y + 40 + lane * 12)


def draw_trail(paint: Painter, state: CrumbsState, seats, hidden: set) -> None:
    """Draws the Crumb Trail with every player's tracker (those in `hidden` are being animated)."""
    rect = crumbs_layout().rect("trail")
    paint.panel(rect, (96, 132, 72), (60, 80, 40), 14)
    tile = 44 * 4  # trail.svg is 4:1; tiled along the strip
    for x in range(rect.x + 10, rect.right - 10, tile):
        paint.image("crumbs/trail", (x, rect.y + 30, min(tile, rect.right - 10 - x), 44))
    length = state.data.numbers.trail_length
    for tick in range(0, length + 1, 10):
        x, _ = trail_point(state, tick, 0)
        paint.text(str(tick), (x - 20, rect.y + 4, 40, 24), "small", (255, 250, 230), "bold")
    for seat in range(state.players):
        if ("tracker", seat) not in hidden:
            draw_tracker(paint, state, seats, seat, state.crumbs[seat])


def draw_tracker(paint: Painter, state: CrumbsState, seats, seat: int, crumbs: float) -> None:
    """Draws one player's tracker crumb at a position on the trail."""
    x, y = trail_point(state, crumbs, seat)
    info = seat_colour(seats[seat].colour)
    paint.image("crumbs/tracker", (x - 17, y - 7, 34, 34))
    paint.symbol(info.symbol, (x, y + 10), 18, info.rgb)


def draw_buzz(paint: Painter, state: CrumbsState) -> None:
    """Draws the Daily Buzz: the deck, and the cards drawn this round with what they do."""
    rect = crumbs_layout().rect("buzz")
    paint.panel(rect, CREAM, None, 14)
    deck = pygame.Rect(rect.x + 14, rect.y + 14, 100, 140)
    paint.image("crumbs/buzz_back", deck)
    paint.text(f"{len(state.deck)} left", (deck.x, deck.bottom - 2, deck.width, 22), "small", INK, "bold")
    area = pygame.Rect(deck.right + 16, rect.y + 10, rect.right - deck.right - 30, rect.height - 20)
    if not state.drawn:
        paint.paragraph(f"Round {state.round}. No Daily Buzz card drawn yet this round.", area, "small", INK)
        return
    card = state.data.cards[state.drawn[-1]]
    paint.text(f"Round {state.round}: {card.title}", (area.x, area.y, area.width, 30), "body", colour("accent"),
               "bold", "midleft")
    used = paint.paragraph(card.text, (area.x, area.y + 32, area.width, 76), "small", INK)
    lasting = [state.data.cards[c].title for c in state.drawn if state.data.cards[c].lasts_round]
    modifiers = ", ".join(f"{name.replace('_', ' ')} {amount:+d}" for name, amount in state.modifiers.items() if amount)
    if lasting or modifiers:
        line = "This round: " + (modifiers or "") + (f"  ({', '.join(lasting)})" if lasting else "")
        paint.paragraph(line, (area.x, area.y + 36 + used, area.width, 60), "small", (40, 90, 40), "bold")


def draw_sheets(paint: Painter, state: CrumbsState, seats, viewer: int | None) -> None:
    """Draws every player's army sheet; the player to move gets the full text."""
    for seat, rect in sheet_rects(state).items():
        draw_sheet(paint, state, seats, seat, rect, rect.height >= FULL_SHEET)


FULL_SHEET = 170  # a sheet this tall shows its whole text; smaller ones show the names only


def sheet_rects(state: CrumbsState) -> dict[int, pygame.Rect]:
    """Returns each player's sheet rect: equal shares, or a full one for the player to move."""
    area = crumbs_layout().rect("sheets")
    count, gap = state.players, 8
    equal = (area.height - gap * (count - 1)) // count
    current = state.current_player()
    heights = [equal] * count
    if equal < FULL_SHEET and current is not None:
        rest = (area.height - FULL_SHEET - gap * (count - 1)) // (count - 1)
        heights = [FULL_SHEET if seat == current else rest for seat in range(count)]
    rects, y = {}, area.y
    for seat, height in enumerate(heights):
        rects[seat] = pygame.Rect(area.x, y, area.width, height)
        y += height + gap
    return rects


def draw_sheet(paint: Painter, state: CrumbsState, seats, seat: int, rect: pygame.Rect, expanded: bool) -> None:
    """Draws one army sheet: who, crumbs, critters, Granny's Favor, ability and special action."""
    info = seat_colour(seats[seat].colour)
    paint.panel(rect, CREAM, info.rgb, 14)
    paint.rect(rect.inflate(-6, -6), info.rgb, 12, 3 if state.current_player() == seat else 1)
    paint.symbol(info.symbol, (rect.x + 26, rect.y + 24), 28, info.rgb)
    army = state.data.armies.get(state.armies[seat]) if state.armies[seat] else None
    title = seats[seat].name + (f", {army.name}" if army else ": choosing an army")
    paint.text(title, (rect.x + 48, rect.y + 6, rect.width - 300, 36), "body", INK, "bold", "midleft")
    paint.text(f"{state.crumbs[seat]} crumbs", (rect.right - 250, rect.y + 6, 150, 36), "body", INK, "bold",
               "midright")
    if state.favor == seat and state.phase != "armies":
        size = crumbs_layout().number("favor_size")
        paint.image("crumbs/grannys_favor", (rect.right - 60, rect.y + 4, size, size))
    if army is None:
        return
    side = state.side(seat)
    pool = len(state.pool(seat))
    flipped = "upgraded" if state.upgraded[seat] else f"flips: {state.upgrade_progress(seat)}/{army.upgrade_amount}"
    status = f"{len(state.on_board('critter', seat))} on the park, {pool} in reserve, {flipped}"
    paint.text(status, (rect.x + 48, rect.y + 38, rect.width - 60, 26), "small", (90, 70, 50), "body", "midleft")
    body = pygame.Rect(rect.x + 16, rect.y + 66, rect.width - 32, rect.height - 72)
    cost = state.cost(seat, "special")
    if expanded:
        used = paint.paragraph(f"{side.ability}: {side.ability_text}", body, "small", INK)
        paint.paragraph(f"{side.special} ({cost}): {side.special_text}",
                        (body.x, body.y + used + 4, body.width, body.height - used - 4), "small", (60, 60, 120))
    else:
        paint.text(f"{side.ability}  |  {side.special} ({cost})", (body.x, body.y, body.width, 26), "small", INK,
                   "bold", "midleft")
