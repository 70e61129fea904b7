"""A player's tree as plain data: segments at their real positions, grown into holes of their parents.

The trunk stands on the base; branches grow in the trunk's holes or in a branch's side or end holes;
leaves grow in a branch's side holes and fruit on a branch's end. Each segment keeps the point it
grows from and its direction (degrees clockwise from straight up), so a view draws the tree from
sprites without knowing the rules, and each free hole is something a player can click.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from games.core.record import Record
from games.stumped.cards import Shape

BASE = "base"  # the parent of the trunk
GROWS_IN = {"trunk": ("base",), "branch": ("trunk", "side", "end"), "leaf": ("side",), "fruit": ("end",)}


@dataclass(eq=False)
class Segment(Record):
    """One grown segment: its name ("branch 2"), kind, the hole it grows in and where it lies."""

    name: str
    kind: str
    parent: str  # the name of the segment it grows from, or "base"
    hole: str  # the id of the parent's hole ("base" for the trunk)
    x: float  # the point it grows from, in tree units (base at 0, 0; y up)
    y: float
    angle: float  # its direction, degrees clockwise from straight up


@dataclass(frozen=True)
class Spot:
    """A free place to grow something: a parent segment's hole, where it lies and its kind."""

    parent: str
    hole: str
    kind: str  # "base", "trunk", "side" or "end"
    x: float
    y: float
    angle: float


@dataclass(eq=False)
class Tree(Record):
    """One player's plant: the segments grown so far, in the order they grew."""

    segments: list[Segment] = field(default_factory=list)

    def count(self, kind: str) -> int:
        """Returns how many segments of a kind have grown."""
        return self._kinds().count(kind)

    def _kinds(self) -> list[str]:
        """Returns the kinds of the segments in growing order, worked out once per growth (segments are only
        ever added: a tree is the same tree while its segment list is the same list and as long)."""
        segments, kept = self.segments, self.__dict__.get("_kept_kinds")
        if kept is None or kept[0] is not segments or kept[1] != len(segments):
            kept = self._kept_kinds = (segments, len(segments), [segment.kind for segment in segments])
        return kept[2]

    @property
    def leaves(self) -> int:
        """Returns the number of leaves on the tree."""
        return self.count("leaf")

    def find(self, name: str) -> Segment:
        """Returns the segment called `name`; raises KeyError if there is none."""
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(f"no segment {name!r}")

    def free_holes(self, shapes: Mapping[str, Shape]) -> list[tuple[str, str, str]]:
        """Returns (parent, hole, hole kind) of every free hole, in growing order (the base while there
        is no trunk). Worked out once per growth, as `_kinds`: the list is shared, read it only."""
        segments, kept = self.segments, self.__dict__.get("_kept_holes")
        if kept is not None and kept[0] is segments and kept[1] == len(segments) and kept[2] is shapes:
            return kept[3]
        if not segments:
            free = [(BASE, BASE, "base")]
        else:
            taken = {(segment.parent, segment.hole) for segment in segments}
            free = [(segment.name, hole.id, hole.kind) for segment in segments
                    for hole in shapes[segment.kind].holes if (segment.name, hole.id) not in taken]
        self._kept_holes = (segments, len(segments), shapes, free)
        return free

    def spot(self, shapes: Mapping[str, Shape], parent: str, hole_id: str) -> Spot:
        """Returns where a hole lies (free or not); raises KeyError if there is no such hole."""
        if parent == BASE:
            return Spot(BASE, BASE, "base", 0.0, 0.0, 0.0)
        segment = self.find(parent)
        shape = shapes[segment.kind]
        hole = shape.hole(hole_id)
        x, y = _along(segment, shape.length * hole.at)
        return Spot(parent, hole_id, hole.kind, x, y, _lean(_turn(segment.angle, hole.turn), shape))

    def spots(self, shapes: Mapping[str, Shape]) -> list[Spot]:
        """Returns every free hole with where it lies, in growing order."""
        return [self.spot(shapes, parent, hole) for parent, hole, _ in self.free_holes(shapes)]

    def grow(self, kind: str, spot: Spot) -> Segment:
        """Grows a segment of `kind` in a free spot and returns it."""
        number = self.count(kind) + 1
        name = kind if kind == "trunk" else f"{kind} {number}"
        segment = Segment(name, kind, spot.parent, spot.hole, spot.x, spot.y, spot.angle)
        self.segments.append(segment)
        return segment


def room_for_leaves(leaves: int, free_sides: int, free: int, sides_per_branch: int, branches_left: int) -> int:
    """Returns the most leaves a tree can ever hold if the branches left grow where they add most, from its
    leaves and its free holes (`free`, of which `free_sides` are side holes).

    A branch in a trunk hole or on an end adds all its side holes (and a new end); one in a side
    hole uses up a side hole. Only when no trunk hole or end is free must a branch take a side hole.
    """
    room = leaves + free_sides + sides_per_branch * branches_left
    if branches_left and free_sides == free:
        room -= 1
    return room


def room_after(tree: Tree, shapes: Mapping[str, Shape], kind: str, hole_kind: str, branches_left: int,
               holes: list[tuple[str, str, str]] | None = None) -> int:
    """Returns `room_for_leaves` after growing `kind` in a free hole of `hole_kind` (one the tree has), counted
    without a copy of the tree or of its free holes; `holes`: the tree's free holes if the caller has them already."""
    free = tree.free_holes(shapes) if holes is None else holes
    per_branch = len(_holes(shapes, "branch", "side"))
    sides = [hole[2] for hole in free].count("side") - (hole_kind == "side")  # the free holes left ...
    left = len(free) - 1
    if kind == "branch":  # ... and the new branch's own
        sides, left, branches_left = sides + per_branch, left + len(shapes["branch"].holes), branches_left - 1
    return room_for_leaves(tree.leaves + (kind == "leaf"), sides, left, per_branch, branches_left)


def _holes(shapes: Mapping[str, Shape], kind: str, hole_kind: str) -> list[str]:
    """Returns the ids of a segment kind's holes of one kind."""
    return [hole.id for hole in shapes[kind].holes if hole.kind == hole_kind]


def _along(segment: Segment, distance: float) -> tuple[float, float]:
    """Returns the point `distance` along a segment from where it grows."""
    radians = math.radians(segment.angle)
    return round(segment.x + distance * math.sin(radians), 1), round(segment.y + distance * math.cos(radians), 1)


def _turn(angle: float, turn: float) -> float:
    """Returns a direction turned by `turn` degrees, kept within -180..180."""
    value = (angle + turn + 180.0) % 360.0 - 180.0
    return round(value, 1)


def _lean(angle: float, shape: Shape) -> float:
    """Returns a direction leaning at most `shape.lean` degrees from upright, keeping a share of the rest."""
    if not shape.lean or abs(angle) <= shape.lean:
        return angle
    return round(math.copysign(shape.lean + (abs(angle) - shape.lean) * shape.lean_keep, angle), 1)


def grows_in(kind: str, spot: Spot) -> bool:
    """Returns whether a segment of `kind` may grow in a spot of that kind."""
    return spot.kind in GROWS_IN[kind]


def check_tree(tree: Tree, shapes: Mapping[str, Shape], where: str) -> None:
    """Raises ValueError unless every segment grows in a free, fitting hole of an earlier segment, is
    numbered in growing order and lies where that hole is."""
    grown: dict[str, Segment] = {}
    taken: set[tuple[str, str]] = set()
    numbers = {kind: 0 for kind in GROWS_IN}
    for segment in tree.segments:
        numbers[segment.kind] = numbers.get(segment.kind, 0) + 1
        name = segment.kind if segment.kind == "trunk" else f"{segment.kind} {numbers[segment.kind]}"
        if segment.parent == BASE:
            spot = Spot(BASE, BASE, "base", 0.0, 0.0, 0.0) if not grown else None
        else:
            parent = grown.get(segment.parent)
            hole = next((h for h in shapes[parent.kind].holes if h.id == segment.hole), None) if parent else None
            spot = Tree([parent]).spot(shapes, parent.name, hole.id) if hole else None
        if spot is None or (segment.parent, segment.hole) in taken or not grows_in(segment.kind, spot):
            raise ValueError(f"{where}: {segment.name} does not grow in a free {segment.hole!r} hole of {segment.parent}")
        if (name, spot.x, spot.y, spot.angle) != (segment.name, segment.x, segment.y, segment.angle):
            raise ValueError(f"{where}: {segment.name} is not named in growing order or not where its hole is")
        grown[segment.name] = segment
        taken.add((segment.parent, segment.hole))
