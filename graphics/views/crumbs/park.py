"""The Crumbs park on screen: the map drawn once per size from textures, and the pieces on it."""
from __future__ import annotations

import math

import pygame

from games.crumbs.board import Board, centroid
from graphics.assets import Assets, SurfaceCache
from graphics.config import Layout, SeatColour, Theme, game_layout
from graphics.paint import Painter, symbol_points
from physics import load_params

SPRITES = {  # sprite file of each piece kind (critters use their army's)
    "crumb": "crumb", "wet": "crumb_wet", "stockpile": "crumb_stockpile", "dog": "dog"}
ANGLE_STEP = 6  # degrees: rotated sprites are cached in steps this fine
TURNED_BYTES = 16 * 2**20  # rotated sprites a park keeps: every piece at rest and in the air at 1920x1080 is a
#                            few MB; in the app's shared image cache the turns of every game added up (6 MB more
#                            over 18 games, still rising: benchmarks/memory.py)


def crumbs_layout() -> Layout:
    """Returns data/crumbs/layout.yaml."""
    return game_layout("crumbs")


class Park:
    """Maps board millimetres to the logical canvas and draws the park and its pieces."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.theme = Theme("crumbs")
        self.rect = crumbs_layout().rect("park")
        self.scale = self.rect.width / board.width
        self.params = load_params()
        self.turned = SurfaceCache(TURNED_BYTES)  # the rotated sprites, least recently drawn out first

    def point(self, mm: tuple[float, float]) -> tuple[float, float]:
        """Returns the logical point of a board position."""
        return (self.rect.x + mm[0] * self.scale, self.rect.y + mm[1] * self.scale)

    def polygon(self, polygon) -> list[tuple[float, float]]:
        """Returns a board polygon in logical points."""
        return [self.point(p) for p in polygon]

    # --- the map ------------------------------------------------------------------------------------
    def draw_map(self, paint: Painter, values: dict[str, int], dog_space: str | None, rolled: bool = True,
                 covered: bool = False, labels: bool = True) -> None:
        """Draws the cached park, then each space's value (feeder dice show their number once `rolled`, blank
        before); registers each space's polygon on the hit map as ("space", id), unless a panel is to be
        drawn over the whole park (`covered`: its spaces must not answer the mouse between the panel's parts)."""
        screen = paint.viewport.rect(self.rect)
        base = paint.assets.cached(("crumbs-park", self.board.park.id, screen.size),
                                   lambda: self._render(paint.assets, paint.viewport.scale, screen.size))
        paint.surface.blit(base, screen)
        for space_id, space in self.board.spaces.items():
            self._draw_value(paint, space, values.get(space_id, space.value) if rolled or space.kind != "feeder" else None,
                             space_id == dog_space)
            if labels:
                self.draw_labels(paint, space, space_id == dog_space, [])
            if not covered:
                paint.hits.add(("space", space_id), self.polygon(space.polygon))

    def _render(self, assets: Assets, scale: float, size: tuple[int, int]) -> pygame.Surface:
        """Renders grass, paving, ponds and borders of every space at window scale."""
        surface = pygame.Surface(size, pygame.SRCALPHA)
        to_px = size[0] / self.board.width
        grass = assets.image("crumbs/grass", size)
        paving = assets.image("crumbs/paving", size)
        water = assets.image("crumbs/pond", size)
        for space in self.board.spaces.values():
            points = [(x * to_px, y * to_px) for x, y in space.polygon]
            _clip_blit(surface, paving if space.kind == "fountain" else grass, points)
            for pond in space.ponds:
                _clip_blit(surface, water, [(x * to_px, y * to_px) for x, y in pond])
                pygame.draw.polygon(surface, self.theme.colour("pond_edge"), [(x * to_px, y * to_px) for x, y in pond],
                                    max(1, int(2 * scale)))
            if space.kind == "fountain":
                cx, cy = centroid(space.polygon)
                side = int(min(self._extent(space.polygon)) * to_px * 0.7)
                fountain = assets.image("crumbs/fountain", (side, side))
                surface.blit(fountain, fountain.get_rect(center=(cx * to_px, cy * to_px)))
        for space in self.board.spaces.values():
            points = [(x * to_px, y * to_px) for x, y in space.polygon]
            pygame.draw.lines(surface, self.theme.colour("border_light"), True, points, max(2, int(7 * scale)))
            pygame.draw.lines(surface, self.theme.colour("border_dark"), True, points, max(1, int(2 * scale)))
        _fences(surface, assets, fence_pixels(self.board, to_px))
        return surface

    @staticmethod
    def _extent(polygon) -> tuple[float, float]:
        """Returns a polygon's width and height."""
        xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
        return max(xs) - min(xs), max(ys) - min(ys)

    def _draw_value(self, paint: Painter, space, value: int | None, dog: bool) -> None:
        """Draws a space's value: a feeder die (blank until rolled: None), a printed number or the fountain's 0
        (its name is drawn over the pieces: draw_labels)."""
        spot = space.spot or centroid(space.polygon)
        x, y = self.point(spot)
        size = crumbs_layout().number("value_size")
        box = (x - size / 2, y - size / 2, size, size)
        if space.kind == "feeder":
            paint.image("crumbs/feeder_die", box)
            if value is not None:
                paint.text(str(value), box, int(size * 0.65), self.theme.colour("value_text"), "title")
        elif space.kind == "value":
            paint.shade(box, self.theme.colour("value_disc"), 200, size / 2)
            paint.text(str(value), box, int(size * 0.7), self.theme.colour("ink"), "title")

    def draw_labels(self, paint: Painter, space, dog: bool, pieces: list[pygame.Rect]) -> list[pygame.Rect]:
        """Draws a space's name (and the dog's warning) over the pieces, on a shade where a piece lies under the
        words (a critter set down on a name, the dog on its own warning hid them) and always behind the dog's
        warning and the fountain's name (on the light paving); returns the shaded rects."""
        ink = self.theme.colour("dog_warning" if dog else "space_name")
        style = crumbs_layout().get("space_label")
        shaded = []
        for row, (text, rect) in enumerate(self.label_rects(paint, space, dog)):
            # the dog's warning and the fountain's name always: light words on the paving were faint
            if row or space.kind == "fountain" or rect.collidelist(pieces) >= 0:
                paint.shade(rect, self.theme.colour("label_shade"), style["shade_alpha"], style["height"] / 2)
                shaded.append(rect)
            paint.text(text, rect, "small", ink, "bold")
        return shaded

    def piece_rect(self, kind: str, x: float, y: float) -> pygame.Rect:
        """Returns the logical square a piece's sprite may cover at a board position (its length each way)."""
        length = self.params.spec(kind).length * self.scale * crumbs_layout().number("sprite_scale")
        px, py = self.point((x, y))
        return pygame.Rect(round(px - length / 2), round(py - length / 2), round(length), round(length))

    def label_rects(self, paint: Painter, space, dog: bool) -> list[tuple[str, pygame.Rect]]:
        """Returns the space's name (and the dog's warning) with the logical rect each is drawn in: under its
        value, as wide as the words, and moved inside the fences where a narrow space by the edge would push
        the words off the park (Towpath on the river map)."""
        x, y = self.point(space.spot or centroid(space.polygon))
        label = crumbs_layout().get("space_label")
        top = y + (label["below_value"] if space.kind != "fountain" else label["below_fountain"])
        inner = self.rect.inflate(-2 * self.board.fence_width * self.scale, 0)
        rects = []
        for row, text in enumerate([space.name] + (["dog: scores 0"] if dog else [])):
            width = int(min(label["width"], paint.measure(text, "small", "bold") + label["slack"], inner.width))
            left = min(max(math.ceil(x - width / 2), inner.left), inner.right - width)
            rects.append((text, pygame.Rect(left, round(top + row * label["height"]), width, label["height"])))
        return rects

    # --- pieces ------------------------------------------------------------------------------------
    def sprite_size(self, kind: str, viewport_scale: float) -> tuple[int, int]:
        """Returns a piece's sprite size in window pixels."""
        spec = self.params.spec(kind)
        grow = crumbs_layout().number("sprite_scale")
        length = spec.length * self.scale * viewport_scale * grow
        return (max(4, int(length)), max(3, int(length / 2))) if kind in ("critter", "dog") else \
            (max(4, int(length)), max(4, int(length)))

    def sprite(self, assets: Assets, kind: str, art: str, angle: float, size: tuple[int, int]) -> pygame.Surface:
        """Returns a piece's sprite turned to `angle` (radians, board y downwards), cached by steps."""
        degrees = round(-math.degrees(angle) / ANGLE_STEP) * ANGLE_STEP % 360
        name = f"crumbs/{art}"
        return self.turned.get((name, size, degrees), lambda: pygame.transform.rotate(assets.image(name, size), degrees))

    def draw_piece(self, paint: Painter, kind: str, art: str, x: float, y: float, angle: float, z: float = 0.0,
                   mark: SeatColour | None = None) -> None:
        """Draws a piece at a board position and height, with its shadow; a critter stands on a base in its
        seat's colour and carries the seat's symbol at its tail (`mark`), so that colour and symbol tie it to
        its player."""
        zoom = 1 + z * crumbs_layout().number("drop_zoom")
        size = self.sprite_size(kind, paint.viewport.scale)
        size = (max(3, int(size[0] * round(zoom, 1))), max(3, int(size[1] * round(zoom, 1))))
        sprite = self.sprite(paint.assets, kind, art, angle, size)
        cx, cy = paint.viewport.point(self.point((x, y)))
        lift = int(z * self.scale * paint.viewport.scale * 0.35)
        shadow = paint.assets.cached(("crumbs-shadow", size[0]), lambda: _shadow(size[0]))
        paint.surface.blit(shadow, shadow.get_rect(center=(cx + 2 + lift // 3, cy + 3 + lift // 3)))
        centre = (cx, cy - lift)
        blit = lambda: paint.surface.blit(sprite, sprite.get_rect(center=centre))  # noqa: E731
        if mark is None:
            blit()
        else:
            base_and_symbol(paint.surface, centre, size, angle, mark, self.theme.colour("piece_edge"), blit)


def base_and_symbol(surface: pygame.Surface, centre: tuple[float, float], size: tuple[int, int], angle: float,
                    seat: SeatColour, edge: tuple[int, int, int], draw_sprite) -> None:
    """Draws a critter (`draw_sprite()`) on an oval base in its seat's colour, with the seat's symbol at its tail
    (window pixels; `size` is the sprite's, `angle` where its head points)."""
    _base(surface, centre, size, angle, seat.rgb, edge)
    draw_sprite()
    tail = size[0] * crumbs_layout().number("piece_mark.tail")
    r = max(4, int(size[1] * crumbs_layout().number("piece_mark.symbol") / 2))
    _symbol(surface, seat.symbol, (centre[0] - math.cos(angle) * tail, centre[1] - math.sin(angle) * tail), r,
            seat.rgb, edge)


def _base(surface: pygame.Surface, centre: tuple[float, float], size: tuple[int, int], angle: float,
          rgb: tuple[int, int, int], edge: tuple[int, int, int]) -> None:
    """Draws an oval base under a piece, turned with it, in its seat's colour."""
    a, b = size[0] * 0.52, size[1] * 0.62
    c, s = math.cos(angle), math.sin(angle)
    points = [(centre[0] + a * math.cos(t) * c - b * math.sin(t) * s, centre[1] + a * math.cos(t) * s + b * math.sin(t) * c)
              for t in (i * math.pi / 12 for i in range(24))]
    pygame.draw.polygon(surface, rgb, points)
    pygame.draw.polygon(surface, edge, points, max(1, size[1] // 12))


def _symbol(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: int, rgb: tuple[int, int, int],
            edge: tuple[int, int, int]) -> None:
    """Draws a seat symbol in window pixels, outlined so that it reads on any sprite."""
    cx, cy = int(centre[0]), int(centre[1])
    points = symbol_points(kind, cx, cy, r)
    if points is None:
        pygame.draw.circle(surface, rgb, (cx, cy), r)
        pygame.draw.circle(surface, edge, (cx, cy), r, max(1, r // 4))
    else:
        pygame.draw.polygon(surface, rgb, points)
        pygame.draw.polygon(surface, edge, points, max(1, r // 4))


def _clip_blit(target: pygame.Surface, texture: pygame.Surface, points) -> None:
    """Copies the part of a texture inside a polygon onto the target."""
    mask = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), points)
    mask.blit(texture, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    target.blit(mask, (0, 0))


def fence_pixels(board: Board, to_px: float) -> int:
    """Returns how thick the fences are drawn: as thick as they stand in the drop (the board's fence width),
    so that a piece lying against a fence is drawn beside it, never on it."""
    return max(1, round(board.fence_width * to_px))


def _fences(surface: pygame.Surface, assets: Assets, thickness: int) -> None:
    """Draws the fence sprite along the four edges, tiled."""
    width, height = surface.get_size()
    tile = assets.image("crumbs/fence", (thickness * 512 // 24, thickness))
    upright = pygame.transform.rotate(tile, 90)
    for x in range(0, width, tile.get_width()):
        surface.blit(tile, (x, 0))
        surface.blit(tile, (x, height - thickness))
    for y in range(0, height, upright.get_height()):
        surface.blit(upright, (0, y))
        surface.blit(upright, (width - thickness, y))


def _shadow(width: int) -> pygame.Surface:
    """Returns a soft elliptical shadow for a piece of `width` pixels."""
    surface = pygame.Surface((width, max(3, width // 2)), pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (0, 0, 0, 70), surface.get_rect())
    return surface
