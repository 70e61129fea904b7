"""Plane geometry for a drop: footprints of pieces, the fenced outline, and placing strays."""
from __future__ import annotations

import functools
import math
from typing import Sequence

Point = tuple[float, float]
# A footprint is a capsule: the segment from a to b, grown by radius r (a disc when a == b).
Footprint = tuple[Point, Point, float]


def footprint(length: float, width: float, x: float, y: float, angle: float) -> Footprint:
    """Returns the capsule a piece of this size covers at (x, y) facing `angle`."""
    half = (length - width) / 2
    dx, dy = half * math.cos(angle), half * math.sin(angle)
    return (x - dx, y - dy), (x + dx, y + dy), width / 2


def signed_area(poly: Sequence[Point]) -> float:
    """Returns the polygon's signed area (positive when its vertices turn clockwise on screen)."""
    n = len(poly)
    return sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)) / 2


def centroid(poly: Sequence[Point]) -> Point:
    """Returns the polygon's centre of area."""
    area, n = signed_area(poly), len(poly)
    cross = [poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)]
    x = sum((poly[i][0] + poly[(i + 1) % n][0]) * cross[i] for i in range(n)) / (6 * area)
    y = sum((poly[i][1] + poly[(i + 1) % n][1]) * cross[i] for i in range(n)) / (6 * area)
    return x, y


def edges(poly: Sequence[Point]) -> list[tuple[Point, Point]]:
    """Returns the polygon's sides as (start, end) pairs."""
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def contains(poly: Sequence[Point], p: Point) -> bool:
    """Returns whether `p` lies inside the polygon (even-odd rule)."""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in edges(poly):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Returns the distance from `p` to the segment a-b."""
    return math.dist(p, closest_on_segment(p, a, b))


def closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    """Returns the point of the segment a-b nearest to `p`."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return ax + t * dx, ay + t * dy


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """Returns the distance between the segments a-b and c-d (0 when they cross)."""
    if _crosses(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Returns whether the segments a-b and c-d properly cross each other."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def clearance(poly: Sequence[Point], shape: Footprint) -> float:
    """Returns how far the footprint keeps inside the outline (negative when it pokes out)."""
    a, b, r = shape
    distance = min(segment_distance(a, b, p, q) for p, q in edges(poly))
    return distance - r if contains(poly, a) else -distance - r


def is_inside(poly: Sequence[Point], shape: Footprint) -> bool:
    """Returns whether the whole footprint lies inside the outline."""
    planes = _inner_half_planes(tuple(map(tuple, poly)))
    if planes is None:
        return clearance(poly, shape) >= 0.0
    (ax, ay), (bx, by), r = shape
    return all(nx * ax + ny * ay + c >= r and nx * bx + ny * by + c >= r for nx, ny, c in planes)


@functools.lru_cache(maxsize=32)
def _inner_half_planes(poly: tuple[Point, ...]) -> tuple[tuple[float, float, float], ...] | None:
    """Returns each side as (nx, ny, c), nx*x + ny*y + c = distance inwards; None if not convex."""
    turn = 1.0 if signed_area(poly) > 0 else -1.0
    planes = []
    for (x1, y1), (x2, y2) in edges(poly):
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            return None
        nx, ny = -turn * (y2 - y1) / length, turn * (x2 - x1) / length
        planes.append((nx, ny, -(nx * x1 + ny * y1)))
    if any(nx * x + ny * y + c < -1e-9 for nx, ny, c in planes for x, y in poly):
        return None
    return tuple(planes)


def overlaps(one: Footprint, other: Footprint, gap: float = 0.0) -> bool:
    """Returns whether two footprints come closer than `gap` to each other."""
    return segment_distance(one[0], one[1], other[0], other[1]) < one[2] + other[2] + gap


def outward_fences(poly: Sequence[Point], offset: float) -> list[tuple[Point, Point]]:
    """Returns the outline's sides moved outwards by `offset`."""
    turn = 1.0 if signed_area(poly) > 0 else -1.0
    moved = []
    for (x1, y1), (x2, y2) in edges(poly):
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = turn * (y2 - y1) / length * offset, -turn * (x2 - x1) / length * offset
        moved.append(((x1 + nx, y1 + ny), (x2 + nx, y2 + ny)))
    return moved


def nearest_inside(poly: Sequence[Point], p: Point, toward: Point, inset: float) -> Point:
    """Returns a point near `p` whose disc of radius `inset` lies inside the outline."""
    if is_inside(poly, (p, p, inset)):
        return p
    if contains(poly, toward):
        q = min((closest_on_segment(p, a, b) for a, b in edges(poly)), key=lambda c: math.dist(c, p))
        for step in range(1, 201):
            c = (q[0] + (toward[0] - q[0]) * step / 200, q[1] + (toward[1] - q[1]) * step / 200)
            if is_inside(poly, (c, c, inset)):
                return c
    return _nearest_on_grid(poly, p, inset)


def _nearest_on_grid(poly: Sequence[Point], p: Point, inset: float) -> Point:
    """Returns the grid point nearest to `p` whose disc of radius `inset` fits in the outline."""
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    step = max(max(xs) - min(xs), max(ys) - min(ys)) / 50
    grid = [(min(xs) + i * step, min(ys) + j * step) for i in range(51) for j in range(51)]
    for c in sorted(grid, key=lambda c: (math.dist(c, p), c)):
        if is_inside(poly, (c, c, inset)):
            return c
    raise ValueError(f"a piece {2 * inset:.1f} mm across does not fit inside the outline")


def place(poly: Sequence[Point], size: tuple[float, float], pose: tuple[float, float, float],
          toward: Point, others: Sequence[Footprint], margin: float) -> Point:
    """Returns where to put a piece near `pose`: inside the outline, clear of `others` if it can."""
    length, width = size
    x, y, angle = pose
    start = nearest_inside(poly, (x, y), toward, length / 2 + margin)
    for c in spiral(start, width / 2, 24):
        shape = footprint(length, width, c[0], c[1], angle)
        if clearance(poly, shape) >= margin and not any(overlaps(shape, o, margin) for o in others):
            return c
    return start


def spiral(centre: Point, step: float, rings: int) -> list[Point]:
    """Returns points around `centre`, nearest first: rings `step` apart, 8 more points per ring."""
    points = [centre]
    for ring in range(1, rings + 1):
        count = 8 * ring
        points += [(centre[0] + ring * step * math.cos(2 * math.pi * k / count),
                    centre[1] + ring * step * math.sin(2 * math.pi * k / count)) for k in range(count)]
    return points
