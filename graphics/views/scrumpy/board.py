"""A cidery on screen: the Storehouse (worker spaces, the five stores as face-down stacks, the Owner's
Office with its cubes and meeple, the hand spots), the orchard, coins and prestige. Whole for the
focus seat, compact for the others (a hover shows it whole)."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.match import Seat
from games.scrumpy.data import RESOURCES
from games.scrumpy.state import ScrumpyState
from graphics.config import colour, seat_colour
from graphics.kit.table import draw_pile, draw_seat_badge
from graphics.paint import Painter, raised
from graphics.views.scrumpy.geometry import GAME, board_part, layout, orchard_cell
from graphics.views.scrumpy.pieces import Faces, draw_amount, draw_cube, draw_meeple, draw_pill, icon


def ink(name: str = "ink"):
    """Returns a colour of Scrumpy's palette."""
    return colour(name, GAME)


def owner_name(view: ScrumpyState, action: str) -> str:
    """Returns an Owner Action's name."""
    return view.data.owner_action(action).name


def draw_cidery(paint: Painter, view: ScrumpyState, seats: Sequence[Seat], faces: Faces, seat: int,
                rect: pygame.Rect, whole: bool, hidden: set[Hashable] = frozenset(), keys: bool = True) -> None:
    """Draws a seat's cidery in `rect`, whole or compact; registers its places unless `keys` is False. What never
    changes in a game (the panel, the bays, tiles and labels) is a region of its own, drawn once per look."""
    rgb = seat_colour(seats[seat].colour).rgb
    paint.region(*_base_region(view, seat, rgb, rect, whole, view.current_player() == seat))
    if not whole and keys:
        paint.hits.add(("board", seat), rect)
    _header(paint, view, seats, seat, rect, whole)
    cidery = view.cideries[seat]
    for index, space in enumerate(cidery.spaces):
        _space(paint, faces, seat, index, space, board_part(rect, "space", index, whole), whole, hidden, keys)
    if whole:
        for index, res in enumerate(RESOURCES):
            _store(paint, view, faces, seat, res, board_part(rect, "store", index, True), keys)
        _office(paint, view, seat, rect, rgb, keys, hidden)
        _orchard(paint, view, seat, board_part(rect, "orchard", 0, True), rgb, keys, hidden)
    else:
        _compact_rows(paint, view, seat, rect)


def bases_ahead(paint: Painter, view: ScrumpyState, seats: Sequence[Seat], viewer: int | None) -> None:
    """Asks for the bases of the whole cideries a change of turn may show next to be drawn in spare time: a
    seat's own view keeps its cidery whole, moving or not; the public view shows each mover's whole."""
    rect = layout().rect("main_board")
    looks = [(viewer, True), (viewer, False)] if viewer is not None and 0 <= viewer < view.players else \
        [(seat, True) for seat in range(view.players)]
    for seat, to_move in looks:
        paint.region_ahead(*_base_region(view, seat, seat_colour(seats[seat].colour).rgb, rect, True, to_move))


def _base_region(view: ScrumpyState, seat: int, rgb, rect: pygame.Rect, whole: bool, to_move: bool) -> tuple:
    """Returns a cidery's base as a region: its name (a seat's looks, moving or not, are kept apart), key, rect
    and drawing."""
    return (("cidery base", seat, to_move), (rgb, whole), raised(rect),
            lambda p: _base(p, view, rect, rgb, whole, to_move))


def _base(paint: Painter, view: ScrumpyState, rect: pygame.Rect, rgb, whole: bool, to_move: bool) -> None:
    """Draws what a cidery shows whatever lies on it: the panel in the seat's colour (its edge thicker while the
    seat moves), the worker spaces, and whole the Core Actions pill, the stores' bays, the Office tiles and hand
    spots as not upgraded, and the orchard with its six spaces."""
    paint.panel(rect, ink("board"), rgb, 16)
    paint.rect(rect.inflate(-6, -6), rgb, 13, 3 if to_move else 1)
    for index in range(view.data.rules.worker_spaces):
        slot = board_part(rect, "space", index, whole)
        paint.shade(slot, ink("board_edge"), 90, 8)
        paint.rect(slot, ink("bay_edge"), 8, 2)
    if not whole:
        for index in range(len(RESOURCES)):
            paint.rect(board_part(rect, "store", index, False), ink("bay"), 8)
        return
    cores = pill_rects(rect, True)["cores"]
    paint.rect(cores, colour("counter"), cores.height // 2)
    paint.rect(cores, colour("panel_edge"), cores.height // 2, 2)
    for index, res in enumerate(RESOURCES):
        _bay(paint, res, board_part(rect, "store", index, True))
    for index, action in enumerate(view.data.rules.owner_actions):
        _tile(paint, board_part(rect, "office", index, True), action.name, False, "body")
    names = layout().get("spot_names")
    for index, spot in enumerate(("size", "keep")):
        _tile(paint, board_part(rect, "spot", index, True), names[spot], False, "bold")
    orchard = board_part(rect, "orchard", 0, True)
    paint.rect(orchard, ink("orchard"), 12)
    paint.rect(orchard, ink("orchard_edge"), 12, 2)
    label = layout().number("board.store_label")
    paint.text("Orchard", (orchard.x + 8, orchard.y, orchard.width - 16, label), "small", ink("label"), "bold")
    for index in range(view.data.rules.orchard_spaces):
        cell = orchard_cell(orchard, index)
        paint.rect(cell, ink("soil"), cell.width // 2)


def cidery_key(view: ScrumpyState, seat: int, rect: pygame.Rect, whole: bool, hidden: set[Hashable]) -> tuple:
    """Returns every value `draw_cidery` draws a seat's cidery from (for `Painter.region`): what its parts
    show, whether it moves or is first, and the hidden pieces of that seat."""
    cidery = view.cideries[seat]
    return (tuple(rect), whole, view.current_player() == seat, view.first == seat,
            tuple(tuple(cards) for cards in cidery.spaces), tuple(cidery.count(res) for res in RESOURCES),
            tuple(cidery.office), tuple(cidery.hand_cubes), cidery.orchard_cubes, cidery.trees, cidery.meeple,
            cidery.coins, cidery.tokens, cidery.cores, cidery.cubes(),
            len(cidery.hand.cards), len(cidery.draw.cards), len(cidery.discard.cards),
            frozenset(h for h in hidden if isinstance(h, tuple) and len(h) > 2 and h[1] == seat))


def _header(paint: Painter, view: ScrumpyState, seats: Sequence[Seat], seat: int, rect: pygame.Rect,
            whole: bool) -> None:
    """Draws the seat badge, the First Player barrel, coins, prestige and (whole) the Core Actions taken."""
    cidery = view.cideries[seat]
    header = board_part(rect, "header", 0, whole)
    to_move = view.current_player() == seat
    parts = pill_rects(rect, whole)
    shown = [parts[name] for name in ("coins", "first", "desk") if name in parts and (
        name == "coins" or (name == "first" and view.first == seat) or (name == "desk" and not cidery.meeple))]
    badge = pygame.Rect(header.x, header.y, min(r.x for r in shown) - header.x - 6, header.height)
    tag = "to move" if to_move and whole else ""
    draw_seat_badge(paint, badge, seats[seat].name, seat_colour(seats[seat].colour), tag, to_move,
                    ink=ink("label"))
    if whole:
        cores = parts["cores"]
        limit = view.data.rules.core_actions
        paint.text(f"Core actions {min(cidery.cores, limit)}/{limit}", cores.inflate(-12, -4), "small", ink(), "bold")
    draw_pill(paint, parts["coins"], "coins", cidery.coins,
              f"{cidery.coins} coins: recruit workers, plant trees (1 prestige per 8 at the end)")
    draw_pill(paint, parts["prestige"], "prestige", cidery.tokens, f"{cidery.tokens} prestige tokens")
    if view.first == seat:
        first = parts["first"] if whole else board_part(rect, "status", 0, False)
        first = pygame.Rect(first.x, first.y, first.height, first.height)
        paint.image("scrumpy/icon_first", first)
        paint.hits.tip(first, "First Player: moves first this round")
    if whole and not cidery.meeple:
        draw_meeple(paint, parts["desk"], seat_colour(seats[seat].colour).rgb)
        paint.hits.tip(parts["desk"], "The Owner waits at the desk until it takes an Owner Action (once a round).")


def pill_rects(rect: pygame.Rect, whole: bool) -> dict[str, pygame.Rect]:
    """Returns where a cidery's header shows, right to left: Core Actions (whole), prestige, coins, the First
    Player barrel and the Owner at the desk (whole)."""
    pills = board_part(rect, "pills", 0, whole)
    widths = layout().get(f"{'board' if whole else 'compact'}.pill_widths")
    gap, side, x = 6, pills.height, pills.right
    parts = {}
    names = [("cores", widths[2])] if whole else []
    names += [("prestige", widths[1]), ("coins", widths[0])]
    names += [("first", side), ("desk", int(side * 0.8))] if whole else []
    for name, width in names:
        parts[name] = pygame.Rect(x - width, pills.y, width, side)
        x -= width + gap
    return parts


def _space(paint: Painter, faces: Faces, seat: int, index: int, cards: list, slot: pygame.Rect, whole: bool,
           hidden: set[Hashable], keys: bool) -> None:
    """Draws what lies on a worker space (its bay is the base's): its number, or its cards (a recruit on its
    recruiter, lower)."""
    if not cards:
        paint.text(str(index + 1), slot, "heading" if whole else "small", ink("label"), "title")
    elif ("space", seat, index) not in hidden:
        step = layout().number("board.space_lift") if whole else 4
        for depth, card in enumerate(cards):
            faces.draw(paint, card, slot.move(0, int(step * (depth - len(cards) + 1))))
    if keys:
        paint.hits.add(("space", seat, index), slot)


def store_name(res: str) -> str:
    """Returns a store's short name (Apples, Wood, ...)."""
    return layout().get("store_names")[res]


def _store(paint: Painter, view: ScrumpyState, faces: Faces, seat: int, res: str, bay: pygame.Rect,
           keys: bool) -> None:
    """Draws a store's cards as a face-down stack with a count (its bay is the base's)."""
    w, h = layout().size("board.store_card")
    card = pygame.Rect(0, 0, w, h)
    card.midbottom = (bay.centerx, bay.bottom - 4)
    count = view.cideries[seat].count(res)
    top = draw_pile(paint, faces, card, count, step=2, most=4)
    if count:  # the back's big apple would say "apple" in every store: the store's own icon covers it
        mark = pygame.Rect(0, 0, *(2 * [layout().number("board.store_mark")]))
        mark.center = top.center
        paint.rect(mark, ink("bay"), mark.width // 2)
        paint.rect(mark, ink("bay_edge"), mark.width // 2, 2)
        paint.image(icon(res), mark.inflate(-mark.width // 4, -mark.height // 4))
    if keys:
        paint.hits.add(("store", seat, res), bay)


def _bay(paint: Painter, res: str, bay: pygame.Rect) -> None:
    """Draws a store's bay with its icon and name."""
    paint.rect(bay, ink("bay"), 10)
    paint.rect(bay, ink("bay_edge"), 10, 2)
    label = layout().number("board.store_label")
    side = label - 4
    paint.image(icon(res), (bay.x + 6, bay.y + 2, side, side))
    paint.text(store_name(res), (bay.x + side + 10, bay.y, bay.width - side - 14, label), "small", ink(), "bold",
               "midleft")


def _office(paint: Painter, view: ScrumpyState, seat: int, rect: pygame.Rect, rgb, keys: bool,
            hidden: set[Hashable]) -> None:
    """Draws on the Office (its tiles are the base's) an upgraded tile over each upgraded action, a cube on each
    not yet upgraded and the meeple where it acted, and on the two hand spots their values and cubes."""
    cidery = view.cideries[seat]
    cube = layout().number("board.cube")
    meeple = layout().number("board.meeple")
    for index, action in enumerate(view.data.rules.owner_actions):
        tile = board_part(rect, "office", index, True)
        body = pygame.Rect(tile.x, tile.y + layout().number("board.tile_title"), tile.width,
                           tile.height - layout().number("board.tile_title"))
        if action.id not in cidery.office:  # upgraded
            _tile(paint, tile, action.name, True, "body")
            paint.text("upgraded", tile_part(tile, "board.tile_label"), "small", ink("title"), "bold")
        elif ("cube", seat, f"office:{action.id}") not in hidden:
            draw_cube(paint, (tile.x + tile.width * 0.3 - cube / 2, body.y + 6, cube, cube), rgb)
        if cidery.meeple == action.id:
            draw_meeple(paint, (tile.x + tile.width * 0.7 - meeple * 0.4, body.y, meeple * 0.8, meeple), rgb)
        if keys:
            paint.hits.add(("office", seat, action.id), tile)
    names = layout().get("spot_names")
    values = {"size": view.data.rules.hand_size, "keep": view.data.rules.keep}
    for index, spot in enumerate(("size", "keep")):
        tile = board_part(rect, "spot", index, True)
        upgraded = spot not in cidery.hand_cubes
        if upgraded:
            _tile(paint, tile, names[spot], True, "bold")
        value = values[spot][1 if upgraded else 0]
        paint.text(str(value), tile_part(tile, "board.spot_value"), "heading", ink(), "title")
        if not upgraded and ("cube", seat, f"hand:{spot}") not in hidden:
            draw_cube(paint, (tile.centerx - cube / 2, tile.bottom - cube - 12, cube, cube), rgb)
        if keys:
            paint.hits.add(("spot", seat, spot), tile)


def tile_part(tile: pygame.Rect, key: str) -> pygame.Rect:
    """Returns a part of a tile from layout.yaml: [x, y, width, height] from its top left, the width added to
    the tile's."""
    x, y, width, height = layout().rect(key)
    return pygame.Rect(tile.x + x, tile.y + y, tile.width + width, height)


def _tile(paint: Painter, tile: pygame.Rect, name: str, upgraded: bool, face: str) -> None:
    """Draws an Office or hand-spot tile with its name at the top (in `face`: Office names are long)."""
    paint.rect(tile, ink("upgraded" if upgraded else "bay"), 10)
    paint.rect(tile, ink("bay_edge"), 10, 2)
    paint.text(name, (tile.x + 3, tile.y + 4, tile.width - 6, layout().number("board.tile_title") - 6), "small",
               ink(), face, "midtop")


def _orchard(paint: Painter, view: ScrumpyState, seat: int, orchard: pygame.Rect, rgb, keys: bool,
             hidden: set[Hashable]) -> None:
    """Draws in the orchard's six spaces (the orchard is the base's) its trees and its cubes."""
    cidery = view.cideries[seat]
    trees = cidery.trees
    spaces = view.data.rules.orchard_spaces
    cubes = cidery.orchard_cubes - (("cube", seat, "orchard") in hidden)
    cube = layout().number("board.cube")
    for index in range(spaces):
        cell = orchard_cell(orchard, index)
        if index < trees:
            paint.image(icon("tree"), cell.inflate(4, 4))
        elif index >= spaces - cubes:
            draw_cube(paint, (cell.centerx - cube / 2, cell.centery - cube / 2, cube, cube), rgb)
    if keys:
        paint.hits.add(("orchard", seat), orchard)


def _compact_rows(paint: Painter, view: ScrumpyState, seat: int, rect: pygame.Rect) -> None:
    """Draws a compact cidery's stores as icon counts, its card counts and a status line."""
    cidery = view.cideries[seat]
    for index, res in enumerate(RESOURCES):
        chip = board_part(rect, "store", index, False)
        draw_amount(paint, chip.inflate(-4, -4), res, cidery.count(res), side=layout().number("compact.chip_icon"))
    counts = f"Hand {len(cidery.hand.cards)}, draw {len(cidery.draw.cards)}, discard {len(cidery.discard.cards)}"
    paint.text(counts, board_part(rect, "counts", 0, False), "small", ink("label"), "body", "midleft")
    owner = owner_name(view, cidery.meeple) if cidery.meeple else "at the desk"
    status = f"Owner: {owner} · {cidery.trees} trees · {cidery.cubes()} cubes"
    line = board_part(rect, "status", 0, False)
    if view.first == seat:
        line = pygame.Rect(line.x + line.height + 6, line.y, line.width - line.height - 6, line.height)
    paint.text(status, line, "small", ink("label"), "body", "midleft")

