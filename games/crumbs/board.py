"""Park geometry: which space a point is in, ponds, adjacency from shared sides, free spots."""
from __future__ import annotations

import functools
import math
import random
from typing import Sequence

from games.core.errors import DataError
from games.crumbs.data import ParkMap, Point, Polygon, Space

EPSILON = 1e-6
BOX_MARGIN = 1e-3  # mm around a space's bounding box: farther out, `contains` is surely False
MIN_SHARED = 5.0  # millimetres of common border that make two spaces adjacent (a corner is not a side)
SPOT_STEP = 6.0  # mm between the points where a placed piece may go


def area(polygon: Polygon) -> float:
    """Returns the unsigned area of a polygon."""
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]))) / 2


def centroid(polygon: Polygon) -> Point:
    """Returns the centre of mass of a polygon."""
    a = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = x1 * y2 - x2 * y1
        a += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (3 * a), cy / (3 * a))


def contains(polygon: Polygon, point: Point) -> bool:
    """Returns whether a point lies inside a polygon (even-odd rule; edges count inside)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        # on the edge (within its box, its cheap half, and on its line): inside
        if (min(x1, x2) - EPSILON <= x <= max(x1, x2) + EPSILON and min(y1, y2) - EPSILON <= y <= max(y1, y2) + EPSILON
                and abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) <= EPSILON * max(1.0, math.dist((x1, y1), (x2, y2)))):
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def edge_distance(polygon: Polygon, point: Point) -> float:
    """Returns the distance from a point to the nearest edge of a polygon."""
    return min(_segment_distance(a, b, point) for a, b in zip(polygon, polygon[1:] + polygon[:1]))


def _segment_distance(a: Point, b: Point, p: Point) -> float:
    """Returns the distance from p to segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def shared_length(p: Polygon, q: Polygon) -> float:
    """Returns how long a border two polygons share (collinear overlapping edges)."""
    total = 0.0
    for a1, a2 in zip(p, p[1:] + p[:1]):
        for b1, b2 in zip(q, q[1:] + q[:1]):
            total += _overlap(a1, a2, b1, b2)
    return total


def _overlap(a1: Point, a2: Point, b1: Point, b2: Point) -> float:
    """Returns the length of the common part of two segments if they are collinear, else 0."""
    if not (_on_line(a1, a2, b1) and _on_line(a1, a2, b2)):
        return 0.0
    dx, dy = a2[0] - a1[0], a2[1] - a1[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return 0.0
    project = [((p[0] - a1[0]) * dx + (p[1] - a1[1]) * dy) / length for p in (b1, b2)]
    return max(0.0, min(length, max(project)) - max(0.0, min(project)))


def _on_line(a: Point, b: Point, p: Point) -> bool:
    """Returns whether p lies on the infinite line through a and b."""
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) <= 1e-6 * max(1.0, math.dist(a, b)) * 10


class Board:
    """A park map with its derived facts: adjacency, the fountain, feeder spaces, lookups."""

    def __init__(self, park: ParkMap, fence_width: float = 0.0) -> None:
        self.park = park
        self.width, self.height = park.size
        self.fence_width = fence_width  # the fences stand on the edges, this thick: the park is inside them
        self.spaces: dict[str, Space] = {space.id: space for space in park.spaces}
        self.fountain = next(space.id for space in park.spaces if space.kind == "fountain")
        self.feeders = [space.id for space in park.spaces if space.kind == "feeder"]
        self.adjacent: dict[str, list[str]] = {space.id: [] for space in park.spaces}
        for i, a in enumerate(park.spaces):
            for b in park.spaces[i + 1:]:
                if shared_length(a.polygon, b.polygon) >= MIN_SHARED:
                    self.adjacent[a.id].append(b.id)
                    self.adjacent[b.id].append(a.id)
        low, right, bottom = float(fence_width), float(self.width - fence_width), float(self.height - fence_width)
        self.outline: Polygon = ((low, low), (right, low), (right, bottom), (low, bottom))  # the fences' inner faces
        self._boxes = [(space.id, space.polygon, *_box(space.polygon)) for space in park.spaces]
        self._spot_cache: dict[tuple, Sequence] = {}
        self._pond_shares = {s.id: sum(area(pond) for pond in s.ponds) / area(s.polygon) for s in park.spaces}
        lawns = [area(s.polygon) for s in park.spaces if s.kind != "fountain"]
        self._sizes = {s.id: area(s.polygon) * len(lawns) / sum(lawns) for s in park.spaces}

    def space_at(self, point: Point) -> str | None:
        """Returns the id of the space containing a point, or None if it is off the board."""
        x, y = point
        for space_id, polygon, left, top, right, bottom in self._boxes:
            if left <= x <= right and top <= y <= bottom and contains(polygon, point):
                return space_id
        return None

    def in_pond(self, space_id: str, point: Point) -> bool:
        """Returns whether a point in a space lies in one of its ponds."""
        return any(contains(pond, point) for pond in self.spaces[space_id].ponds)

    def has_pond(self, space_id: str) -> bool:
        """Returns whether a space has a pond."""
        return bool(self.spaces[space_id].ponds)

    def centre(self, space_id: str) -> Point:
        """Returns the centroid of a space."""
        return centroid(self.spaces[space_id].polygon)

    def pond_share(self, space_id: str) -> float:
        """Returns the share of a space's area taken by its ponds."""
        return self._pond_shares[space_id]

    def relative_size(self, space_id: str) -> float:
        """Returns a space's area over the average area of the spaces that are not the fountain (drops
        scatter over the park, so a larger space catches more crumbs)."""
        return self._sizes[space_id]

    def label_spot(self, space_id: str) -> Point | None:
        """Returns where a space's printed value or feeder die sits (None for the fountain)."""
        space = self.spaces[space_id]
        if space.kind == "fountain":
            return None
        return space.spot or centroid(space.polygon)

    def fence_distance(self, point: Point) -> float:
        """Returns how far a point lies inside the fences (from their inner faces: the outline)."""
        x, y = point
        return min(x, y, self.width - x, self.height - y) - self.fence_width

    def spots(self, space_id: str, inner: float, fence: float, label: float) -> tuple[Point, ...]:
        """Returns the points of a space where a piece may be put, in a fixed scattered order: at least
        `inner` from its borders, `fence` from the fences and `label` from its value or die, outside its
        ponds (worked out once per space and distances)."""
        key = (space_id, inner, fence, label)
        spots = self._spot_cache.get(key)
        if spots is None:
            spot = self.label_spot(space_id)
            spots = [point for point, edge in self._spots(space_id, SPOT_STEP)
                     if edge >= inner and self.fence_distance(point) >= fence
                     and (spot is None or math.dist(point, spot) >= label)]
            random.Random(f"{self.park.id}/{space_id}").shuffle(spots)
            spots = self._spot_cache[key] = tuple(spots)
        return spots

    def free_spot(self, space_id: str, taken: Sequence[Point], clearance: float, reach: float) -> Point:
        """Returns a point in a space at least `clearance` from taken points and `reach` from its edges.

        Candidates lie on a grid, nearest the centre first; with no room left the best compromise is used.
        """
        best, best_score = None, -math.inf
        for point, edge in self._spots(space_id, max(4.0, clearance / 2)):
            room = min([math.dist(point, t) / clearance for t in taken] + [edge / reach])
            if room >= 1.0:
                return point
            if room > best_score:
                best, best_score = point, room
        return best if best is not None else centroid(self.spaces[space_id].polygon)

    def _spots(self, space_id: str, step: float) -> list[tuple[Point, float]]:
        """Returns the grid points of a space outside its ponds, nearest its centre first, with their
        distances to its edges (worked out once per space and grid step)."""
        key = (space_id, step)
        spots = self._spot_cache.get(key)
        if spots is None:
            space = self.spaces[space_id]
            spots = self._spot_cache[key] = [
                (point, edge_distance(space.polygon, point)) for point in _grid(space.polygon, step)
                if contains(space.polygon, point) and not any(contains(p, point) for p in space.ponds)]
        return spots


def _box(polygon: Polygon) -> tuple[float, float, float, float]:
    """Returns a polygon's bounding box (left, top, right, bottom) grown by BOX_MARGIN."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    return min(xs) - BOX_MARGIN, min(ys) - BOX_MARGIN, max(xs) + BOX_MARGIN, max(ys) + BOX_MARGIN


@functools.lru_cache(maxsize=64)
def _grid(polygon: Polygon, step: float) -> tuple[Point, ...]:
    """Returns grid points over a polygon's bounding box, nearest its centroid first."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    cx, cy = centroid(polygon)
    points = [(x, y) for x in _steps(min(xs), max(xs), step) for y in _steps(min(ys), max(ys), step)]
    return tuple(sorted(points, key=lambda p: (round(math.dist(p, (cx, cy)), 6), p)))


def _steps(low: float, high: float, step: float) -> list[float]:
    """Returns evenly spaced values from low to high."""
    count = max(1, int((high - low) / step))
    return [low + (high - low) * (i + 0.5) / count for i in range(count)]


def check_map(park: ParkMap, feeder_dice: int, where: str) -> None:
    """Raises DataError unless the spaces tile the board, with one fountain and a spot per feeder die."""
    seen = set()
    for index, space in enumerate(park.spaces):
        if space.id in seen:
            raise DataError(f"{where}: spaces[{index}] (id {space.id!r}): field 'id': another space of this map "
                            "has the same id")
        seen.add(space.id)
        outside = [corner for corner in space.polygon if not (0 <= corner[0] <= park.size[0]
                                                             and 0 <= corner[1] <= park.size[1])]
        if outside:
            raise DataError(f"{where}: spaces[{index}] (id {space.id!r}): field 'polygon': the corner "
                            f"({outside[0][0]:g}, {outside[0][1]:g}) lies off the {park.size[0]} x {park.size[1]} board")
    board_area = park.size[0] * park.size[1]
    covered = sum(area(space.polygon) for space in park.spaces)
    if abs(covered - board_area) > 1.0:
        raise DataError(f"{where}: field 'spaces': the spaces cover {covered:.0f} mm2 of a {board_area} mm2 board "
                        "(they must tile it without gaps or overlaps)")
    fountains = [s for s in park.spaces if s.kind == "fountain"]
    if len(fountains) != 1:
        raise DataError(f"{where}: field 'spaces': a map needs exactly one fountain, found {len(fountains)}")
    feeders = [s for s in park.spaces if s.kind == "feeder"]
    if len(feeders) != feeder_dice:
        raise DataError(f"{where}: field 'spaces': {len(feeders)} feeder spaces for {feeder_dice} feeder dice")
    for index, space in enumerate(park.spaces):
        here = f"{where}: spaces[{index}] (id {space.id!r})"
        if len(space.polygon) < 3 or area(space.polygon) <= 0:
            raise DataError(f"{here}: field 'polygon': needs at least three corners and an area")
        if space.kind == "feeder" and space.spot is None:
            raise DataError(f"{here}: field 'spot': a feeder space needs a die spot inside it")
        if space.spot is not None and not contains(space.polygon, space.spot):
            raise DataError(f"{here}: field 'spot': the spot must lie inside the space")
        for pond in space.ponds:
            if len(pond) < 3 or area(pond) <= 0:
                raise DataError(f"{here}: field 'ponds': a pond needs at least three corners and an area")
            if not all(contains(space.polygon, corner) for corner in pond):
                raise DataError(f"{here}: field 'ponds': a pond must lie inside its space")
    board = Board(park)
    lonely = [space for space, near in board.adjacent.items() if not near]
    if lonely:
        raise DataError(f"{where}: space {lonely[0]!r} shares no side with any other space")
