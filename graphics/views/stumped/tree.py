"""Trees drawn from sprites at their real positions: every segment of the tree data (trunk, branches,
leaves, fruit) is an upright sprite turned to its angle and set on the point it grows from. One scale
for every tree, so that trees compare side by side; only a tree that outgrows its plot shrinks.
Free holes of the growing tree are buds a player clicks: ("hole", seat, parent, hole) on the hit map (a hole
nothing can grow in now is a faint empty ring, on the hit map too: hovering it says why)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

import pygame

from games.stumped.tree import Segment, Spot, Tree
from graphics.config import Theme
from graphics.paint import Painter
from graphics.views.stumped.geometry import GAME, Geometry, layout

WOOD = ("trunk", "branch")
DRAW_ORDER = {"trunk": 0, "branch": 1, "leaf": 2, "fruit": 3}  # leaves and fruit over the wood
RING = 12  # corners of a bud's clickable shape


@dataclass(frozen=True)
class Frame:
    """How tree units map onto the plots: each seat's logical pixels per unit and base point."""

    scales: tuple[float, ...]
    origins: tuple[tuple[float, float], ...]

    def point(self, seat: int, x: float, y: float) -> tuple[float, float]:
        """Returns the logical point of a point of `seat`'s tree (y up)."""
        (ox, oy), scale = self.origins[seat], self.scales[seat]
        return ox + x * scale, oy - y * scale


def reach(segment: Segment) -> list[tuple[float, float]]:
    """Returns the points a segment's sprite covers, in tree units: where it grows from and how far its
    sprite reaches (a fruit hangs down from its point, whichever way its branch points)."""
    spec = layout().get(f"tree.sprites.{segment.kind}")
    width, length = spec["size"][0], spec["size"][1] - spec["below"]
    if segment.kind == "fruit":
        return [(segment.x - width / 2, segment.y - length), (segment.x + width / 2, segment.y)]
    a = math.radians(segment.angle)
    return [(segment.x, segment.y), (segment.x + length * math.sin(a), segment.y + length * math.cos(a))]


def bud_point(spot: Spot) -> tuple[float, float]:
    """Returns where the bud of a free hole sits, in tree units: a little out from the hole, the way a segment
    would grow."""
    out, a = layout().number("tree.bud_out"), math.radians(spot.angle)
    return spot.x + out * math.sin(a), spot.y + out * math.cos(a)


def bounds(tree: Tree, spots: Iterable[Spot] = ()) -> tuple[float, ...]:
    """Returns (left, bottom, right, top) in tree units round a tree, the buds of its free holes `spots` and the
    plane always shown."""
    x, y, w, h = layout().get("tree.view")
    left, bottom, right, top = x, y, x + w, y + h
    reached = [(p, layout().number("tree.margin")) for segment in tree.segments for p in reach(segment)]
    reached += [(bud_point(spot), layout().number("tree.bud") / 2) for spot in spots]
    for (px, py), margin in reached:
        left, right = min(left, px - margin), max(right, px + margin)
        bottom, top = min(bottom, py - margin), max(top, py + margin)
    return left, bottom, right, top


def fit(extent: tuple[float, ...], room: pygame.Rect, most: float, buds: bool) -> tuple[float, tuple[float, float]]:
    """Returns the scale (at most `most`) and base point that fit `extent` (`bounds`) into `room`, centred, its
    bottom on the room's; with `buds`, kept far enough from the top and sides for a bud drawn at its least size in
    logical pixels, and its glow."""
    left, bottom, right, top = extent
    if buds:
        pad = round(layout().number("tree.bud_least") / 2 + layout().number("tree.bud_glow"))
        room = pygame.Rect(room.x + pad, room.y + pad, room.width - 2 * pad, room.height - pad)
    scale = min(most, room.width / (right - left), room.height / (top - bottom))
    return scale, (room.centerx - (left + right) / 2 * scale, room.bottom + bottom * scale)


def frame_for(geometry: Geometry, trees: Sequence[Tree], spots: Iterable[Spot] = (),
              grower: int | None = None) -> Frame:
    """Returns the frame that fits each tree in its plot's tree area, below the leaf count, centred: every
    tree at the same scale, but a tree that outgrows its plot shrinks to fit (`spots` are the free holes of
    the tree of `grower`)."""
    spots = list(spots)
    scales, origins = [], []
    for seat, tree in enumerate(trees):
        buds = spots if seat == grower else ()
        scale, origin = fit(bounds(tree, buds), tree_room(geometry, seat), layout().number("tree.most"), bool(buds))
        scales.append(scale)
        origins.append(origin)
    return Frame(tuple(scales), tuple(origins))


def tree_room(geometry: Geometry, seat: int) -> pygame.Rect:
    """Returns the part of a tree area a tree may fill: below the leaf count, inside the padding."""
    area, leaves = geometry.tree_area(seat), geometry.leaves(seat)
    pad = layout().number("plot.padding")
    return pygame.Rect(area.x + pad, leaves.bottom, area.width - 2 * pad, area.bottom - leaves.bottom)


class TreePainter:
    """Draws trees, their soil mounds and the buds of free holes from the stumped sprites."""

    def __init__(self) -> None:
        self.theme = Theme(GAME)

    # --- whole trees ---------------------------------------------------------------------------
    def draw_tree(self, paint: Painter, frame: Frame, seat: int, tree: Tree, hidden: set[Hashable]) -> None:
        """Draws the base and every segment not hidden (an animation grows it), wood first."""
        self.draw_base(paint, frame, seat)
        for segment in sorted(tree.segments, key=lambda s: DRAW_ORDER[s.kind]):
            if ("seg", seat, segment.name) not in hidden:
                self.draw_segment(paint, frame, seat, segment)

    def draw_base(self, paint: Painter, frame: Frame, seat: int) -> None:
        """Draws the soil mound the trunk stands on."""
        w, h = layout().size("tree.base")
        pivot = layout().number("tree.base_pivot")
        x, y = frame.point(seat, 0, 0)
        scale = frame.scales[seat]
        paint.image(f"{GAME}/base", (x - w * scale / 2, y - (h - pivot) * scale, w * scale, h * scale))

    def draw_segment(self, paint: Painter, frame: Frame, seat: int, segment: Segment, u: float = 1.0) -> None:
        """Draws one segment grown to `u` of its size (0..1): wood lengthens, leaves and fruit swell."""
        if u <= 0:
            return
        spec = layout().get(f"tree.sprites.{segment.kind}")
        px = frame.scales[seat] * paint.viewport.scale  # window pixels per tree unit
        size = (max(1, round(spec["size"][0] * px)), max(1, round(spec["size"][1] * px)))
        pivot = paint.viewport.point(frame.point(seat, segment.x, segment.y))
        if segment.kind == "fruit":
            surface = self._sprite(paint.assets, segment.kind, size, 0.0, u)
            paint.surface.blit(surface, surface.get_rect(midtop=pivot))
            return
        surface = self._sprite(paint.assets, segment.kind, size, segment.angle, u)
        reach_px = (size[1] / 2 - spec["below"] * px) * u  # from the pivot to the sprite's centre
        a = math.radians(segment.angle)
        centre = (pivot[0] + reach_px * math.sin(a), pivot[1] - reach_px * math.cos(a))
        paint.surface.blit(surface, surface.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _sprite(self, assets, kind: str, size: tuple[int, int], angle: float, u: float) -> pygame.Surface:
        """Returns a segment's sprite at `size`, grown to `u`, turned `angle` degrees clockwise."""
        if u >= 1:
            return assets.cached(("stumped-seg", kind, size, angle),
                                 lambda: _turned(assets.image(f"{GAME}/{kind}", size), angle))
        full = assets.image(f"{GAME}/{kind}", size)
        width = size[0] * (0.55 + 0.45 * u) if kind in WOOD else size[0] * u
        grown = pygame.transform.smoothscale(full, (max(1, round(width)), max(1, round(size[1] * u))))
        return _turned(grown, angle)

    # --- buds -------------------------------------------------------------------------------
    def bud_centres(self, frame: Frame, seat: int, spots: Sequence[Spot]) -> list[tuple[float, float]]:
        """Returns where the buds of free holes sit: a little out from each hole, the way a segment would grow."""
        return [frame.point(seat, *bud_point(spot)) for spot in spots]

    def bud_radii(self, frame: Frame, seat: int, centres: Sequence[tuple[float, float]]) -> list[float]:
        """Returns each bud's radius: its usual size, smaller where buds would overlap (on a small tree)."""
        usual = max(layout().number("tree.bud_least"), layout().number("tree.bud") * frame.scales[seat]) / 2
        radii = []
        for i, (x, y) in enumerate(centres):
            nearest = min((math.dist((x, y), other) for j, other in enumerate(centres) if j != i), default=2 * usual)
            radii.append(max(1.0, min(usual, nearest / 2 - 1)))
        return radii

    def draw_buds(self, paint: Painter, frame: Frame, seat: int, spots: Sequence[Spot],
                  live: set[tuple[str, str]] | None = None) -> None:
        """Draws a bud on each free hole (those not `live`, where nothing can grow now, as a faint empty ring) and
        registers it as ("hole", seat, parent, hole)."""
        centres = self.bud_centres(frame, seat, spots)
        for spot, (cx, cy), r in zip(spots, centres, self.bud_radii(frame, seat, centres)):
            shape = [(cx + r * math.cos(math.tau * i / RING), cy + r * math.sin(math.tau * i / RING))
                     for i in range(RING)]
            centre, radius = _circle(paint, shape)
            if live is None or (spot.parent, spot.hole) in live:
                pygame.draw.circle(paint.surface, self.theme.colour("bud"), centre, radius)
                pygame.draw.circle(paint.surface, self.theme.colour("bud_edge"), centre, radius, max(1, radius // 4))
            else:
                dead = max(1, round(radius * layout().number("tree.bud_dead")))
                pygame.draw.circle(paint.surface, self.theme.colour("muted"), centre, dead, max(1, dead // 3))
            paint.hits.add(("hole", seat, spot.parent, spot.hole), shape)

    def draw_ring(self, paint: Painter, shape, colour, width: float) -> None:
        """Outlines a bud (the glow of a place to grow)."""
        centre, radius = _circle(paint, shape)
        grow = paint.viewport.px(width)
        pygame.draw.circle(paint.surface, colour, centre, radius + grow, max(1, grow))


def _circle(paint: Painter, shape) -> tuple[tuple[int, int], int]:
    """Returns the window centre and radius of a bud's ring."""
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    centre = paint.viewport.point(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    return centre, paint.viewport.px((max(xs) - min(xs)) / 2)


def _turned(surface: pygame.Surface, angle: float) -> pygame.Surface:
    """Returns a sprite turned `angle` degrees clockwise (smoothly)."""
    return pygame.transform.rotozoom(surface, -angle, 1.0) if angle else surface
