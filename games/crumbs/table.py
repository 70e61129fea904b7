"""The pieces on the park: where each critter, crumb and the dog lies, which space it counts in,
who controls each space, and where a placed piece may go."""
from __future__ import annotations

import functools
import math
import zlib
from dataclasses import dataclass
from typing import Literal, NamedTuple

from games.core.record import Record
from games.crumbs.board import Board
from games.crumbs.data import CrumbsData, load_data
from physics import Pose, head_point
from physics.geometry import footprint, overlaps

CRUMB_KINDS = ("crumb", "wet", "stockpile")
GOLDEN_TURN = 2.399963  # radians between placed critters, so none line up side by side
NEAR = 80.0  # mm: pieces whose centres are farther apart than this cannot touch
FENCE_MARGIN = 0.5  # mm: a piece nudged inside the fences keeps this clear of them (as a drop does)


@dataclass(frozen=True, eq=False)
class Piece(Record):
    """One piece of the box: its kind, its owner (critters only) and where it lies (None: off the board).

    A value: moving a piece replaces it (see `Table.set_pose`), so copies of a state share pieces.
    """

    kind: Literal["critter", "dog", "crumb", "wet", "stockpile"]
    owner: int | None = None
    pose: tuple[float, float, float] | None = None  # mm from the board's top-left, and radians

    def clone(self) -> "Piece":
        """Returns this piece: it never changes, so a copy of a state may share it."""
        return self

    def to_dict(self) -> dict:
        """Returns the piece as plain data (the generic codec's result, written out for speed)."""
        return {"kind": self.kind, "owner": self.owner, "pose": None if self.pose is None else list(self.pose)}


class _Places(NamedTuple):
    """What lies where, cached until a pose changes."""

    pieces: dict[str | None, list[str]]  # space -> the pieces in it, in piece order
    armies: dict[str | None, list[int]]  # space -> the seats with critters in it, in seat order
    placed: list[str]  # every piece on the board, in piece order


@functools.lru_cache(maxsize=8)
def board_for(map_id: str) -> Board:
    """Returns the board of a map (shared, immutable)."""
    data = load_data()
    return Board(data.maps[map_id], data.numbers.fence_width)


class Table:
    """Piece bookkeeping shared by the Crumbs rules.

    Two caches, rebuilt on demand and never saved: `_where` (piece -> space) and `_spaces` (a
    `_Places`). Changing a pose through `set_pose` keeps them valid; copies may share `_spaces`, which
    is replaced, never changed.
    """

    pieces: dict[str, Piece]
    map_id: str

    @property
    def data(self) -> CrumbsData:
        """Returns the game data (shared, immutable)."""
        return load_data()

    @property
    def board(self) -> Board:
        """Returns the park in play."""
        return board_for(self.map_id)

    # --- where things are ----------------------------------------------------------------------
    def where(self, piece_id: str) -> str | None:
        """Returns the space a piece counts in (a critter's head, the dog's snout), None if off the board."""
        cache = self.__dict__.get("_where")
        if cache is None:
            cache = self.__dict__["_where"] = {}
        elif piece_id in cache:
            return cache[piece_id]
        piece = self.pieces[piece_id]
        pose = piece.pose
        space = cache[piece_id] = None if pose is None else self.board.space_at(head_point(piece.kind, Pose(*pose)))
        return space

    def _places(self) -> _Places:
        """Returns what lies where (cached until a pose changes)."""
        places = self.__dict__.get("_spaces")
        if places is None:
            spaces: dict[str | None, list[str]] = {}
            armies: dict[str | None, set[int]] = {}
            placed = []
            where = self.where
            for piece_id, piece in self.pieces.items():
                if piece.pose is not None:
                    space = where(piece_id)
                    placed.append(piece_id)
                    spaces.setdefault(space, []).append(piece_id)
                    if piece.kind == "critter":
                        armies.setdefault(space, set()).add(piece.owner)
            seats = {space: sorted(owners) for space, owners in armies.items()}
            places = self.__dict__["_spaces"] = _Places(spaces, seats, placed)
        return places

    def forget_places(self) -> None:
        """Drops the cached spaces after poses changed."""
        self.__dict__["_where"] = {}
        self.__dict__["_spaces"] = None

    def set_pose(self, piece_id: str, pose: tuple[float, float, float] | None) -> None:
        """Puts a piece somewhere (None: back to its pool, the supply or the dog house)."""
        piece = self.pieces[piece_id]
        pose = None if pose is None else (float(pose[0]), float(pose[1]), float(pose[2]))
        self.pieces[piece_id] = Piece(piece.kind, piece.owner, pose)
        cache = self.__dict__.get("_where")
        if cache is not None:
            cache.pop(piece_id, None)
        self.__dict__["_spaces"] = None

    def on_board(self, kind: str | None = None, owner: int | None = None, space: str | None = None) -> list[str]:
        """Returns the ids of pieces on the board, filtered by kind, owner and space."""
        pieces, places = self.pieces, self._places()
        ids = places.placed if space is None else places.pieces.get(space, ())
        if kind:
            ids = [p for p in ids if pieces[p].kind == kind]
        if owner is not None:
            ids = [p for p in ids if pieces[p].owner == owner]
        return list(ids)

    def critters_in(self, space: str, seat: int | None = None) -> list[str]:
        """Returns the critters in a space (of one seat, if given), in id order."""
        pieces, here = self.pieces, self._places().pieces.get(space, ())
        if seat is None:
            return [p for p in here if pieces[p].kind == "critter"]
        return [p for p in here if pieces[p].owner == seat and pieces[p].kind == "critter"]

    def pool(self, seat: int) -> list[str]:
        """Returns a seat's critters not on the board."""
        return [p for p, piece in self.pieces.items() if piece.kind == "critter" and piece.owner == seat
                and piece.pose is None]

    def supply(self, kind: str) -> list[str]:
        """Returns the crumbs of a kind not on the board."""
        return [p for p, piece in self.pieces.items() if piece.kind == kind and piece.pose is None]

    def armies_in(self, space: str) -> list[int]:
        """Returns the seats with critters in a space, in seat order."""
        return list(self._places().armies.get(space, ()))

    def controller(self, space: str) -> int | None:
        """Returns the seat controlling a space: the only army there; nobody controls the fountain."""
        if space == self.board.fountain:
            return None
        armies = self._places().armies.get(space, ())
        return armies[0] if len(armies) == 1 else None

    def controlled(self, seat: int) -> list[str]:
        """Returns the spaces a seat controls."""
        return [s for s in self.board.spaces if self.controller(s) == seat]

    def control_map(self) -> dict[str, int | None]:
        """Returns every space's controller."""
        return {space: self.controller(space) for space in self.board.spaces}

    def dog_space(self) -> str | None:
        """Returns the space the dog is in, None while it is in the dog house."""
        return self.where("dog")

    # --- placing ------------------------------------------------------------------------------
    def place(self, piece_id: str, space: str) -> None:
        """Puts a piece where a player would set it down in a space: anywhere in it, as the rulebook
        allows, but not against the fences, not touching or lined up with other pieces, and clear of the
        space's printed value or feeder die. The spot is fixed by the piece and what lies around it; a
        crowded space gives up the value's room first, then the gaps, but the piece always counts there."""
        data = self.data
        kind = self.pieces[piece_id].kind
        spec, numbers = data.physics.spec(kind), data.numbers.placing
        half, gap = spec.length / 2, numbers.piece_gap
        angle = 0.0 if spec.length == spec.width else (len(self.on_board(space=space)) * GOLDEN_TURN) % math.tau
        others = self._footprints_near(piece_id, space)
        start = zlib.crc32(piece_id.encode())
        inner, fence, clear = half + numbers.border_gap, half + numbers.fence_gap, numbers.label_clearance
        for inner, fence, label, gap in ((inner, fence, clear + half, gap), (inner, fence, clear / 2 + half, gap),
                                         (inner, fence, 0.0, gap), (half, half, 0.0, 0.0)):
            spots = self.board.spots(space, inner, fence, label)
            for k in range(len(spots)):
                x, y = spots[(start + k) % len(spots)]
                shape = None
                for ox, oy, reach, other in others:
                    if abs(x - ox) < reach + half + gap and abs(y - oy) < reach + half + gap:
                        shape = shape or footprint(spec.length, spec.width, x, y, angle)
                        if overlaps(shape, other, gap):
                            break
                else:
                    self.set_pose(piece_id, (x, y, angle))
                    return
        taken = [self.pieces[p].pose[:2] for p in self.on_board(space=space) if p != piece_id]
        x, y = self.board.free_spot(space, taken, spec.length, half)
        cx, cy = self.board.centre(space)
        for turn in (angle, math.atan2(cy - y, cx - x), 0.0):  # the head must lie in the space
            self.set_pose(piece_id, (x, y, turn))
            if self.where(piece_id) == space:
                return
        self.set_pose(piece_id, (cx, cy, 0.0))

    def convert(self, crumb: str, into: str) -> None:
        """Puts piece `into` (a stockpile crumb) where `crumb` lies and takes `crumb` off the board. The
        new piece may be larger: it is nudged inside the fences, or set down afresh if that left its space."""
        x, y, angle = self.pieces[crumb].pose
        space = self.where(crumb)
        reach = self.data.physics.spec(self.pieces[into].kind).length / 2 + FENCE_MARGIN + self.board.fence_width
        x = min(max(x, reach), self.board.width - reach)
        y = min(max(y, reach), self.board.height - reach)
        self.set_pose(crumb, None)
        self.set_pose(into, (x, y, angle))
        if self.where(into) != space:
            self.place(into, space)

    def _footprints_near(self, piece_id: str, space: str) -> list[tuple[float, float, float, tuple]]:
        """Returns (x, y, half its length, footprint) of the other pieces on the board near a space."""
        polygon = self.board.spaces[space].polygon
        left, top = min(p[0] for p in polygon) - NEAR, min(p[1] for p in polygon) - NEAR
        right, bottom = max(p[0] for p in polygon) + NEAR, max(p[1] for p in polygon) + NEAR
        shapes = []
        for other in self._places().placed:
            x, y, angle = self.pieces[other].pose
            if other != piece_id and left <= x <= right and top <= y <= bottom:
                spec = self.data.physics.spec(self.pieces[other].kind)
                shapes.append((x, y, spec.length / 2, footprint(spec.length, spec.width, x, y, angle)))
        return shapes
