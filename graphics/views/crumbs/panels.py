"""The Crumbs side panels: the Crumb Trail, this round's Daily Buzz card and deck, and each army's sheet."""
from __future__ import annotations

import math

import pygame

from games.crumbs.state import CrumbsState
from games.crumbs.why import crumbs_text
from graphics.config import SeatColour, colour, seat_colour
from graphics.kit.faces import CardFaces
from graphics.kit.table import draw_pile, draw_seat_badge
from graphics.paint import Painter
from graphics.views.crumbs.park import base_and_symbol, crumbs_layout

GAME = "crumbs"  # whose palette the panels use


def trail_x(state: CrumbsState, crumbs: float) -> float:
    """Returns where a number of crumbs lies along the trail strip (laps wrap around)."""
    rect = crumbs_layout().rect("trail")
    margin = crumbs_layout().get("trail_strip")["margin"]
    length = state.data.numbers.trail_length
    return rect.x + margin + (rect.width - 2 * margin) * (crumbs % (length + 1)) / length


def tracker_points(state: CrumbsState, crumbs) -> list[tuple[float, float]]:
    """Returns each seat's tracker centre for the given crumbs: at its number on the strip; trackers closer
    than a tracker's width stand side by side around their numbers, all inside the trail."""
    rect = crumbs_layout().rect("trail")
    strip = crumbs_layout().get("trail_strip")
    size = crumbs_layout().number("tracker_size")
    step = size + strip["tracker_gap"]
    y = rect.y + strip["top"] + (strip["height"] - size) / 2 + size / 2
    low, high = rect.x + strip["tracker_inset"] + size / 2, rect.right - strip["tracker_inset"] - size / 2
    xs = [trail_x(state, c) for c in crumbs]
    groups: list[list[int]] = []
    for seat in sorted(range(len(xs)), key=lambda s: (xs[s], s)):
        groups.append([seat])
        while len(groups) > 1 and _left(groups[-1], xs, step, low, high) < \
                _left(groups[-2], xs, step, low, high) + len(groups[-2]) * step:
            last = groups.pop()
            groups[-1] += last
    points = [(0.0, y)] * len(xs)
    for group in groups:
        left = _left(group, xs, step, low, high)
        for i, seat in enumerate(group):
            points[seat] = (left + i * step + step / 2, y)
    return points


def _left(group: list[int], xs: list[float], step: float, low: float, high: float) -> float:
    """Returns the left end of a group of trackers side by side, centred on their numbers, kept inside."""
    width = len(group) * step
    centre = sum(xs[s] for s in group) / len(group)
    return max(low - step / 2, min(high + step / 2 - width, centre - width / 2))


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
        x = trail_x(state, tick)
        paint.text(str(tick), (x - w / 2, rect.y + 3, w, h), "small", colour("trail_text", GAME), "bold", floor="tiny")
    points = tracker_points(state, state.crumbs)
    for seat in range(state.players):
        if ("tracker", seat) not in hidden:
            draw_tracker(paint, seats, seat, points[seat])


def tracker_rect(point: tuple[float, float]) -> pygame.Rect:
    """Returns the square a tracker crumb is drawn in, around its centre."""
    size = crumbs_layout().number("tracker_size")
    return pygame.Rect(int(point[0] - size / 2), int(point[1] - size / 2), int(size), int(size))


def draw_tracker(paint: Painter, seats, seat: int, point: tuple[float, float]) -> None:
    """Draws one player's tracker crumb centred on `point`, with the seat's symbol on it."""
    info = seat_colour(seats[seat].colour)
    rect = tracker_rect(point)
    paint.image("crumbs/tracker", rect)
    paint.symbol(info.symbol, (rect.centerx, rect.centery + rect.height * 0.08), rect.height * 0.53, info.rgb)


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
        text = (f"{state.round_label()}: the last round is played, the game is over." if state.is_over()
                else f"{state.round_label()}. No Daily Buzz card drawn yet this round.")
        paint.paragraph(text, area, "small", colour("ink", GAME))
        return
    card = state.data.cards[state.drawn[-1]]
    title_h = crumbs_layout().number("buzz_title_height")
    paint.text(f"{state.round_label()}: {card.title}", (area.x, area.y, area.width, title_h), "body",
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
    """Draws every player's army sheet (whole where there is room; the player to move's special action always
    whole; folded to one line otherwise); registers ("sheet", seat)."""
    for seat, (rect, mode) in sheet_rects(paint, state, seats).items():
        draw_sheet(paint, state, seats, seat, rect, mode)
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
    """Returns where a sheet's body starts below its top: the header and the status line."""
    return style["padding"] / 2 + style["header"] + style["status"]


WHOLE, TURN, FOLDED = "whole", "turn", "folded"  # a sheet with all its text; its ability named and its special
# action whole (the player to move, when room is short); one line naming both


def sheet_height(paint: Painter, state: CrumbsState, seat: int, width: float, mode: str = WHOLE) -> float:
    """Returns the height a sheet needs at `width` to show its text as `mode` says."""
    style = crumbs_layout().get("sheet")
    texts = _texts(state, seat)
    if texts is None:
        return style["padding"] * 2 + style["header"]
    if mode == FOLDED:
        return _top(style) + style["line"] + style["padding"] / 2
    inner = width - 2 * style["padding"]
    ability = _text_height(paint, texts[0], inner) if mode == WHOLE else style["line"]
    return math.ceil(_top(style) + ability + 4 + _text_height(paint, texts[1], inner) + style["padding"])


def sheet_rects(paint: Painter, state: CrumbsState, seats) -> dict[int, tuple[pygame.Rect, str]]:
    """Returns each player's sheet rect and how much of it shows: all whole when they fit; else the player to
    move gets the room their whole sheet needs (or at least their special action whole) and the others are
    folded to one line."""
    area = crumbs_layout().rect("sheets")
    style = crumbs_layout().get("sheet")
    count, gap = state.players, style["gap"]
    room = area.height - gap * (count - 1)
    needs = [sheet_height(paint, state, seat, area.width) for seat in range(count)]
    folded = [sheet_height(paint, state, seat, area.width, FOLDED) for seat in range(count)]
    current = state.current_player()
    if sum(needs) <= room:
        modes, heights = [WHOLE] * count, needs
    elif current is None:
        modes, heights = [FOLDED] * count, folded
    else:
        others = sum(folded) - folded[current]
        mode = WHOLE if needs[current] + others <= room else TURN
        modes = [mode if seat == current else FOLDED for seat in range(count)]
        heights = [sheet_height(paint, state, seat, area.width, modes[seat]) for seat in range(count)]
    extra = max(0.0, room - sum(heights)) / count  # shared out
    rects, y = {}, area.y
    for seat, height in enumerate(heights):
        grow = extra
        rects[seat] = (pygame.Rect(area.x, int(y), area.width, int(height + grow)), modes[seat])
        y += int(height + grow) + gap
    return rects


def draw_sheet(paint: Painter, state: CrumbsState, seats, seat: int, rect: pygame.Rect, mode: str = WHOLE) -> None:
    """Draws one army sheet: the seat badge and crumbs, Granny's Favor, the army (its critter on the seat's
    base), critters and flips, and the ability and special action (see WHOLE, TURN, FOLDED)."""
    style = crumbs_layout().get("sheet")
    info = seat_colour(seats[seat].colour)
    ink = colour("ink", GAME)
    paint.panel(rect, colour("cream", GAME), info.rgb, 14)
    paint.rect(rect.inflate(-6, -6), info.rgb, 12, 3 if state.current_player() == seat else 1)
    army = state.data.armies.get(state.armies[seat]) if state.armies[seat] else None
    pad = style["padding"]
    favor = crumbs_layout().number("favor_size")
    header = pygame.Rect(rect.x, rect.y + pad / 2, rect.width - favor - pad, style["header"])
    name = seats[seat].name + ("" if army else ": choosing an army")
    draw_seat_badge(paint, header, name, info, crumbs_text(state.crumbs[seat]), ink=ink)
    if state.favor == seat and state.phase != "armies":
        paint.image("crumbs/grannys_favor", (rect.right - favor - pad / 2, rect.y + pad / 4, favor, favor))
    if army is None:
        return
    flipped = "upgraded" if state.upgraded[seat] else f"flips: {state.upgrade_progress(seat)}/{army.upgrade_amount}"
    status = f"{army.name}: {len(state.on_board('critter', seat))} on the park, {len(state.pool(seat))} in reserve, " \
             f"{flipped}"
    left = rect.x + pad
    icon = pygame.Rect(left, header.bottom + 2, style["icon"], style["status"] - 4)
    draw_army_icon(paint, army.critter, info, icon)
    paint.text(status, (icon.right + 8, header.bottom, rect.right - pad - icon.right - 8, style["status"]), "small",
               colour("muted", GAME), "bold", "midleft")
    body = pygame.Rect(left, rect.y + _top(style), rect.width - 2 * pad, rect.bottom - pad / 2 - rect.y - _top(style))
    ability, special = _texts(state, seat)
    side = state.side(seat)
    if mode == FOLDED:
        line = f"{side.ability}  |  {side.special} ({state.cost(seat, 'special')})"
        paint.text(line, (body.x, body.y, body.width, min(body.height, style["line"])), "small", ink, "bold",
                   "midleft")
        return
    if mode == WHOLE:
        used = paint.paragraph(ability, body, "small", ink)
    else:
        used = style["line"]
        paint.text(f"{side.ability} (hover for the whole sheet)", (body.x, body.y, body.width, used), "small", ink,
                   "bold", "midleft")
    paint.paragraph(special, (body.x, body.y + used + 4, body.width, body.height - used - 4), "small",
                    colour("special", GAME))


def draw_army_icon(paint: Painter, critter: str, seat: SeatColour, rect: pygame.Rect) -> None:
    """Draws an army's critter standing on its seat's base with the seat's symbol, as on the park."""
    screen = paint.viewport.rect(rect)
    height = max(4, min(screen.height, screen.width // 2))
    sprite = paint.assets.image(f"crumbs/{critter}", (height * 2, height))
    base_and_symbol(paint.surface, screen.center, sprite.get_size(), 0.0, seat, colour("piece_edge", GAME),
                    lambda: paint.surface.blit(sprite, sprite.get_rect(center=screen.center)))


# --- choosing armies ----------------------------------------------------------------------------------
def army_columns(state: CrumbsState) -> dict[str, pygame.Rect]:
    """Returns where each army's sheet is shown while armies are chosen: one column each, side by side."""
    area = crumbs_layout().rect("armies.area")
    style = crumbs_layout().get("armies")
    ids = list(state.data.armies)
    top = area.y + style["padding"] + style["title"]
    width = (area.width - 2 * style["padding"] - style["gap"] * (len(ids) - 1)) / len(ids)
    return {army_id: pygame.Rect(int(area.x + style["padding"] + i * (width + style["gap"])), top, int(width),
                                 int(area.bottom - style["padding"] - top)) for i, army_id in enumerate(ids)}


def army_blocks(army, folded: int = 0) -> list[tuple[str, str, str, str]]:
    """Returns the text blocks of an army's sheet, both sides: (text, size, face, colour name). `folded` sides
    (from the upgraded one back) show only their ability's and special action's names, on one line."""
    blocks = [(f"{army.critters} critters, {army.setup_critters} in the setup drop", "small", "body", "muted")]
    sides = (("Basic side", army.basic), (f"Upgraded side. {army.upgrade_text}", army.upgraded))
    for number, (label, side) in enumerate(sides):
        blocks.append((label, "small", "bold", "accent"))
        if number >= len(sides) - folded:
            blocks.append((f"{side.ability}  |  {side.special} ({side.special_cost})", "small", "bold", "ink"))
        else:
            blocks += [(f"{side.ability}: {side.ability_text}", "small", "body", "ink"),
                       (f"{side.special} ({side.special_cost}): {side.special_text}", "small", "body", "special")]
    if folded:
        blocks.append(("Hover for the whole sheet.", "small", "body", "muted"))
    return blocks


def army_text(paint: Painter, army, inner: pygame.Rect, badge: bool = False) -> list[tuple[str, str, str, str, pygame.Rect]]:
    """Returns the blocks of an army's column with their rects, inside `inner` (above the seat badge if it
    has one): the whole sheet where it fits, else the upgraded side folded to its names, else both sides."""
    style = crumbs_layout().get("armies")
    top, bottom = inner.y + style["name"] + style["gap"] / 2, inner.bottom - (style["badge"] if badge else 0)
    for folded in (0, 1, 2):
        placed, y = [], top
        for text, size, face, ink in army_blocks(army, folded):
            height = math.ceil(paint.fit(text, (0, 0, inner.width, 10_000), size, face).height / paint.viewport.scale)
            placed.append((text, size, face, ink, pygame.Rect(inner.x, int(y), inner.width, height)))
            y += height + style["gap"] / 2
        if placed[-1][4].bottom <= bottom:
            break
    return placed


def draw_armies(paint: Painter, state: CrumbsState, seats) -> None:
    """Draws every army's sheet, both sides, while the players choose (or are dealt) their armies; each column
    is registered as ("army", id), and one that is taken shows by whom."""
    area = crumbs_layout().rect("armies.area")
    style = crumbs_layout().get("armies")
    pad = style["padding"]
    paint.panel(area, colour("cream", GAME), None, 16)
    title = "Choose an army: each one's sheet, both sides" if state.options["armies"] == "choose" \
        else "Armies are dealt at random: each one's sheet, both sides"
    paint.text(title, (area.x + pad, area.y + pad / 2, area.width - 2 * pad, style["title"]), "body",
               colour("accent"), "title", "midleft")
    owners = {army_id: seat for seat, army_id in enumerate(state.armies) if army_id}
    dealt = {}
    for decision in state.decisions:
        if decision.data.get("dealt"):
            dealt[decision.data["dealt"]] = decision.seat
    for army_id, rect in army_columns(state).items():
        army = state.data.armies[army_id]
        taken = army_id in owners
        paint.rect(rect, colour("panel", GAME) if not taken else colour("button_disabled"), 12)
        paint.rect(rect, colour("panel_edge"), 12, 2)
        inner = rect.inflate(-2 * style["inset"], -2 * style["inset"])
        head = pygame.Rect(inner.x, inner.y, inner.width, style["name"])
        icon = pygame.Rect(head.right - style["name"] * 2, head.y, style["name"] * 2, style["name"])
        paint.image(f"crumbs/{army.critter}", icon)
        paint.text(army.name, (head.x, head.y, icon.x - head.x - 8, head.height), "heading", colour("ink", GAME),
                   "title", "midleft")
        owner = owners.get(army_id, dealt.get(army_id))
        for text, size, face, ink, box in army_text(paint, army, inner, owner is not None):
            paint.text(text, box, size, colour(ink, GAME), face, "topleft")
        if owner is not None:
            badge = pygame.Rect(inner.x, inner.bottom - style["badge"], inner.width, style["badge"])
            draw_seat_badge(paint, badge, seats[owner].name, seat_colour(seats[owner].colour), ink=colour("ink", GAME),
                            size="small")  # a greyed column: taken by this seat; a white one: dealt to it
        paint.hits.add(("army", army_id), rect)  # clicked while it is free, hovered for the whole sheet


def army_folds(paint: Painter, state: CrumbsState, army_id: str) -> bool:
    """Returns whether an army's column on the choosing screen shows less than its whole sheet."""
    inner = army_columns(state)[army_id].inflate(-2 * crumbs_layout().get("armies")["inset"],
                                                  -2 * crumbs_layout().get("armies")["inset"])
    owned = army_id in state.armies or any(d.data.get("dealt") == army_id for d in state.decisions)
    return army_text(paint, state.data.armies[army_id], inner, owned)[-1][0] == "Hover for the whole sheet."


def draw_army_zoom(paint: Painter, army_id: str, state: CrumbsState, pos) -> pygame.Rect:
    """Draws an army's whole sheet, both sides, large beside the pointer (for a column that had to fold);
    returns its panel."""
    army = state.data.armies[army_id]
    style = crumbs_layout().get("armies")
    width = crumbs_layout().number("sheet_zoom_width")
    inner = pygame.Rect(0, 0, width - 2 * style["inset"], 10_000)
    blocks = army_text(paint, army, inner)
    height = blocks[-1][4].bottom + 2 * style["inset"]
    rect = pygame.Rect(0, 0, width, min(height, paint.viewport.canvas[1]))
    rect.midleft = (int(pos[0]) + 20, int(pos[1]))
    if rect.right > paint.viewport.canvas[0]:
        rect.midright = (int(pos[0]) - 20, int(pos[1]))
    rect.clamp_ip(pygame.Rect(0, 0, *paint.viewport.canvas))
    paint.panel(rect, colour("cream", GAME), colour("panel_edge"), 14)
    paint.text(army.name, (rect.x + style["inset"], rect.y + style["inset"], width - 2 * style["inset"], style["name"]),
               "heading", colour("ink", GAME), "title", "midleft")
    for text, size, face, ink, box in blocks:
        paint.text(text, box.move(rect.x + style["inset"], rect.y + style["inset"]), size, colour(ink, GAME), face,
                   "topleft")
    return rect
