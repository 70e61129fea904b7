"""The hit map: what a view registers while drawing (a rect or polygon and a key), asked front-most first."""
from __future__ import annotations

from typing import Hashable, Iterator, Sequence, Union, cast

import pygame

Point = tuple[float, float]
Shape = Union[pygame.Rect, tuple[Point, ...]]  # a rect, or a polygon's corners
SAMPLES = 12  # grid points per side tried when looking for a point inside a shape
MARGIN = ((-3, 0), (3, 0), (0, -3), (0, 3))  # a point found inside a shape has its neighbours this near inside too


class HitMap:
    """Places on screen in drawing order (later is in front), each a shape and a key; and tooltips:
    rects of text that was cut, with its full text. A cached layer keeps its own map, included by the frame's."""

    def __init__(self) -> None:
        self._items: list[tuple[Hashable, pygame.Rect, tuple[Point, ...] | None] | HitMap] = []
        self._tips: list[tuple[pygame.Rect, str] | HitMap] = []

    def add(self, key: Hashable, shape: pygame.Rect | Sequence[Point] | tuple) -> None:
        """Registers a rect ([x, y, w, h]) or a polygon (a list of points) for `key`, in front of what came before."""
        if len(shape) == 4 and not isinstance(shape[0], (tuple, list)):
            self._items.append((key, pygame.Rect(shape), None))
        else:
            polygon = tuple((float(x), float(y)) for x, y in cast(Sequence[Point], shape))  # not a rect: points
            self._items.append((key, _bounds(polygon), polygon))

    def tip(self, rect, text: str) -> None:
        """Registers a tooltip: hovering `rect` shows `text`."""
        self._tips.append((pygame.Rect(rect), text))

    def include(self, other: "HitMap") -> None:
        """Puts everything `other` holds here, behind whatever is added next (a cached layer's map)."""
        self._items.append(other)
        self._tips.append(other)

    def clear(self) -> None:
        """Forgets everything (before the layer it belongs to is drawn again)."""
        self._items.clear()
        self._tips.clear()

    def entries(self) -> Iterator[tuple[Hashable, pygame.Rect, tuple[Point, ...] | None]]:
        """Yields every registered place, front-most first."""
        for item in reversed(self._items):
            if isinstance(item, HitMap):
                yield from item.entries()
            else:
                yield item

    def key_at(self, pos: Point) -> Hashable | None:
        """Returns the key of the front-most place under a point, if any."""
        for key, rect, polygon in self.entries():
            if _contains(rect, polygon, pos):
                return key
        return None

    def keys(self) -> set[Hashable]:
        """Returns every registered key."""
        return {key for key, _, _ in self.entries()}

    def shape_of(self, key: Hashable) -> Shape | None:
        """Returns the front-most shape registered for `key`: a rect, or a polygon's corners."""
        for other, rect, polygon in self.entries():
            if other == key:
                return polygon or pygame.Rect(rect)
        return None

    def rect_of(self, key: Hashable) -> pygame.Rect | None:
        """Returns the bounding rect of the front-most shape of `key`."""
        for other, rect, _ in self.entries():
            if other == key:
                return pygame.Rect(rect)
        return None

    def point_in(self, key: Hashable) -> Point | None:
        """Returns a point where `key_at` answers `key` (its shape's centre if not covered), if any: one whose
        neighbours a few pixels away answer `key` too where there is such a point (a click scaled to the window
        and back does not land on the next place)."""
        rect = self.rect_of(key)
        if rect is None:
            return None
        grid = [(rect.x + rect.width * (i + 0.5) / SAMPLES, rect.y + rect.height * (j + 0.5) / SAMPLES)
                for j in range(SAMPLES) for i in range(SAMPLES)]
        first = None  # the points are tried in order and only until one answers (a whole grid costs ~150 scans)
        for point in [rect.center] + grid:
            if self.key_at(point) != key:
                continue
            if all(self.key_at((point[0] + dx, point[1] + dy)) == key for dx, dy in MARGIN):
                return point
            first = first or point
        return first

    def tip_at(self, pos: Point) -> str | None:
        """Returns the full text of the front-most cut text under a point, if any."""
        for item in reversed(self._tips):
            text = item.tip_at(pos) if isinstance(item, HitMap) else item[1] if item[0].collidepoint(pos) else None
            if text is not None:
                return text
        return None


def _bounds(polygon: tuple[Point, ...]) -> pygame.Rect:
    """Returns the rect around a polygon."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    left, top = int(min(xs)), int(min(ys))
    return pygame.Rect(left, top, int(max(xs)) + 1 - left, int(max(ys)) + 1 - top)


def _contains(rect: pygame.Rect, polygon: tuple[Point, ...] | None, pos: Point) -> bool:
    """Returns whether a point is inside a rect, or inside a polygon (even-odd rule)."""
    if not rect.collidepoint(pos):
        return False
    if polygon is None:
        return True
    x, y = pos
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
