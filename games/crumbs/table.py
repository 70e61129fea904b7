"""The pieces on the park: where each critter, crumb and the dog lies, which space it counts in,
who controls each space, and where a placed piece may go.

Reads and writes `pieces` (a pose changes only through `set_pose`). Two caches in the state's `__dict__`,
built on demand and never saved: `_where` (piece -> space) and `_spaces` (a `_Places`). Changing a pose
through `set_pose` keeps them valid (it updates its own `_Places` in place); copies may share `_spaces`, which
then has no owner and is replaced, never changed.
"""
from __future__ import annotations

import bisect
import functools
import math
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from games.core.record import Record
from games.crumbs.board import Board
from games.crumbs.data import load_data
from physics import Pose, head_point
from physics.geometry import footprint, overlaps

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

CRUMB_KINDS = ("crumb", "wet", "stockpile")
GOLDEN_TURN = 2.399963  # radians between placed critters, so none line up side by side
NEAR = 80.0  # mm: pieces whose centres are farther apart than this cannot touch
FENCE_MARGIN = 0.5  # mm: a piece nudged inside the fences keeps this clear of them (as a drop does)


@dataclass(frozen=True, eq=False)
class Piece(Record):
    """One piece of the box: its kind, its owner (critters only) and where it lies (None: off the board).

    A value: moving a piece replaces it (see `set_pose`), so copies of a state share pieces.
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


class _Places:
    """What lies where: built from the poses, then kept up to date move by move by its owner (`set_pose`); a
    copy of a state shares it with no owner, and the first pose either changes makes it build its own."""

    __slots__ = ("pieces", "armies", "placed", "critters", "control", "kinds", "order", "owner")

    def __init__(self, state: CrumbsState) -> None:
        self.pieces: dict[str | None, list[str]] = {}  # space -> the pieces in it, in piece order
        self.armies: dict[str | None, list[int]] = {}  # space -> the seats with critters in it, in seat order
        self.placed: list[str] = []  # every piece on the board, in piece order
        self.critters: dict[tuple[str | None, int | None], list[str]] = {}  # (space, seat or None: all) -> critters
        self.control: dict[str | None, int] = {}  # space -> the seat controlling it (its only army; not the fountain)
        self.kinds: dict[tuple[bool, str, int | None], list[str]] = {}  # (on the board?, kind, owner) -> pieces
        self.order = {piece_id: n for n, piece_id in enumerate(state.pieces)}  # the piece order of every list
        self.owner = id(state)  # the state that may change it in place (0: shared by copies, nobody)
        for piece_id, piece in state.pieces.items():
            self.kinds.setdefault((piece.pose is not None, piece.kind, piece.owner), []).append(piece_id)
            if piece.pose is not None:
                space = where(state, piece_id)
                self.placed.append(piece_id)
                self.pieces.setdefault(space, []).append(piece_id)
                if piece.kind == "critter":
                    self.critters.setdefault((space, None), []).append(piece_id)
                    self.critters.setdefault((space, piece.owner), []).append(piece_id)
        for space in self.pieces:
            self._count(state, space)

    def _count(self, state: CrumbsState, space: str | None) -> None:
        """Works out who is in a space and who controls it, from its critters."""
        seats = sorted(seat for seat in range(state.players) if (space, seat) in self.critters)
        if seats:
            self.armies[space] = seats
        else:
            self.armies.pop(space, None)
        if len(seats) == 1 and space != state.board.fountain:
            self.control[space] = seats[0]
        else:
            self.control.pop(space, None)

    def move(self, state: CrumbsState, piece: Piece, piece_id: str, old: tuple[bool, str | None],
             new: tuple[bool, str | None]) -> None:
        """Moves a piece from (on the board?, space) `old` to `new` (its pose already changed)."""
        kind, owner = piece.kind, piece.owner
        self._take(self.kinds, (old[0], kind, owner), piece_id)
        self._put(self.kinds, (new[0], kind, owner), piece_id)
        lists: list[tuple[dict, object]] = [(self.pieces, None)]
        if kind == "critter":
            lists += [(self.critters, None), (self.critters, owner)]
        if old[0]:
            self.placed.remove(piece_id)
            for table, seat in lists:
                self._take(table, old[1] if table is self.pieces else (old[1], seat), piece_id)
        if new[0]:
            self._insert(self.placed, piece_id)
            for table, seat in lists:
                self._put(table, new[1] if table is self.pieces else (new[1], seat), piece_id)
        if kind == "critter":
            for space in {old[1], new[1]}:
                self._count(state, space)

    def _take(self, table: dict, key, piece_id: str) -> None:
        """Takes a piece out of a list of a table, dropping the list once empty."""
        found = table[key]
        if len(found) == 1:
            del table[key]
        else:
            found.remove(piece_id)

    def _put(self, table: dict, key, piece_id: str) -> None:
        """Puts a piece in a list of a table, in piece order."""
        found = table.get(key)
        if found is None:
            table[key] = [piece_id]
        else:
            self._insert(found, piece_id)

    def _insert(self, found: list[str], piece_id: str) -> None:
        """Inserts a piece in a list in piece order."""
        found.insert(bisect.bisect(found, self.order[piece_id], key=self.order.__getitem__), piece_id)


@functools.lru_cache(maxsize=8)
def board_for(map_id: str) -> Board:
    """Returns the board of a map (shared, immutable)."""
    data = load_data()
    return Board(data.maps[map_id], data.numbers.fence_width)


# --- where things are ----------------------------------------------------------------------
def where(state: CrumbsState, piece_id: str) -> str | None:
    """Returns the space a piece counts in (a critter's head, the dog's snout), None if off the board."""
    cache = state.__dict__.get("_where")
    if cache is None:
        cache = state.__dict__["_where"] = {}
    elif piece_id in cache:
        return cache[piece_id]
    piece = state.pieces[piece_id]
    pose = piece.pose
    space = cache[piece_id] = None if pose is None else state.board.space_at(head_point(piece.kind, Pose(*pose)))
    return space


def _places(state: CrumbsState) -> _Places:
    """Returns what lies where (built when first asked, then kept up to date by `set_pose`)."""
    places = state.__dict__.get("_spaces")
    if places is None:
        places = state.__dict__["_spaces"] = _Places(state)
    return places


def forget_places(state: CrumbsState) -> None:
    """Drops the cached spaces after poses changed or pieces were added."""
    state.__dict__["_where"] = {}
    state.__dict__["_spaces"] = None


def set_pose(state: CrumbsState, piece_id: str, pose: tuple[float, float, float] | None) -> None:
    """Puts a piece somewhere (None: back to its pool, the supply or the dog house)."""
    piece = state.pieces[piece_id]
    pose = None if pose is None else (float(pose[0]), float(pose[1]), float(pose[2]))
    places = state.__dict__.get("_spaces")
    if places is not None and places.owner != id(state):
        places = state.__dict__["_spaces"] = None  # shared with a copy: built afresh when next asked
    old = (piece.pose is not None, where(state, piece_id)) if places is not None else None
    state.pieces[piece_id] = moved = Piece(piece.kind, piece.owner, pose)
    cache = state.__dict__.get("_where")
    if cache is not None:
        cache.pop(piece_id, None)
    if places is not None and old is not None:
        places.move(state, moved, piece_id, old, (pose is not None, where(state, piece_id)))


def on_board(state: CrumbsState, kind: str | None = None, owner: int | None = None,
             space: str | None = None) -> list[str]:
    """Returns the ids of pieces on the board, filtered by kind, owner and space."""
    pieces, places = state.pieces, _places(state)
    if space is None and kind and (kind != "critter" or owner is not None):  # the pieces of one kind (and owner)
        return list(places.kinds.get((True, kind, owner), ()))
    ids = places.placed if space is None else places.pieces.get(space, ())
    if kind:
        ids = [p for p in ids if pieces[p].kind == kind]
    if owner is not None:
        ids = [p for p in ids if pieces[p].owner == owner]
    return list(ids)


def critters_in(state: CrumbsState, space: str, seat: int | None = None) -> list[str]:
    """Returns the critters in a space (of one seat, if given), in id order."""
    return list(_places(state).critters.get((space, seat), ()))


def has_critters(state: CrumbsState, space: str, seat: int | None = None) -> bool:
    """Returns whether a space holds critters (of one seat, if given): `bool(critters_in(...))`, cheaper."""
    return (space, seat) in _places(state).critters


def pool(state: CrumbsState, seat: int) -> list[str]:
    """Returns a seat's critters not on the board."""
    return list(_places(state).kinds.get((False, "critter", seat), ()))


def supply(state: CrumbsState, kind: str) -> list[str]:
    """Returns the crumbs of a kind not on the board."""
    if kind == "critter":  # every army's pool
        return [p for p, piece in state.pieces.items() if piece.kind == kind and piece.pose is None]
    return list(_places(state).kinds.get((False, kind, None), ()))


def armies_in(state: CrumbsState, space: str) -> list[int]:
    """Returns the seats with critters in a space, in seat order."""
    return list(_places(state).armies.get(space, ()))


def controller(state: CrumbsState, space: str) -> int | None:
    """Returns the seat controlling a space: the only army there; nobody controls the fountain."""
    return _places(state).control.get(space)


def controlled(state: CrumbsState, seat: int) -> list[str]:
    """Returns the spaces a seat controls."""
    control = _places(state).control
    return [s for s in state.board.spaces if control.get(s) == seat]


def control_map(state: CrumbsState) -> dict[str, int | None]:
    """Returns every space's controller."""
    control = _places(state).control
    return {space: control.get(space) for space in state.board.spaces}


def dog_space(state: CrumbsState) -> str | None:
    """Returns the space the dog is in, None while it is in the dog house."""
    return where(state, "dog")


# --- placing ------------------------------------------------------------------------------
def place(state: CrumbsState, piece_id: str, space: str) -> None:
    """Puts a piece where a player would set it down in a space: anywhere in it, as the rulebook
    allows, but not against the fences, not touching or lined up with other pieces, and clear of the
    space's printed value or feeder die. The spot is fixed by the piece and what lies around it; a
    crowded space gives up the value's room first, then the gaps, but the piece always counts there."""
    data = state.data
    kind = state.pieces[piece_id].kind
    spec, numbers = data.physics.spec(kind), data.numbers.placing
    half, gap = spec.length / 2, numbers.piece_gap
    angle = 0.0 if spec.length == spec.width else (len(on_board(state, space=space)) * GOLDEN_TURN) % math.tau
    others = _footprints_near(state, piece_id, space)
    start = zlib.crc32(piece_id.encode())
    inner, fence, clear = half + numbers.border_gap, half + numbers.fence_gap, numbers.label_clearance
    for inner, fence, label, gap in ((inner, fence, clear + half, gap), (inner, fence, clear / 2 + half, gap),
                                     (inner, fence, 0.0, gap), (half, half, 0.0, 0.0)):
        spots = state.board.spots(space, inner, fence, label)
        for k in range(len(spots)):
            x, y = spots[(start + k) % len(spots)]
            shape = None
            for ox, oy, reach, other in others:
                if abs(x - ox) < reach + half + gap and abs(y - oy) < reach + half + gap:
                    shape = shape or footprint(spec.length, spec.width, x, y, angle)
                    if overlaps(shape, other, gap):
                        break
            else:
                set_pose(state, piece_id, (x, y, angle))
                return
    taken = [state.pieces[p].pose[:2] for p in on_board(state, space=space) if p != piece_id]
    x, y = state.board.free_spot(space, taken, spec.length, half)
    cx, cy = state.board.centre(space)
    for turn in (angle, math.atan2(cy - y, cx - x), 0.0):  # the head must lie in the space
        set_pose(state, piece_id, (x, y, turn))
        if where(state, piece_id) == space:
            return
    set_pose(state, piece_id, (cx, cy, 0.0))


def convert(state: CrumbsState, crumb: str, into: str) -> None:
    """Puts piece `into` (a stockpile crumb) where `crumb` lies and takes `crumb` off the board. The
    new piece may be larger: it is nudged inside the fences, or set down afresh if that left its space."""
    x, y, angle = state.pieces[crumb].pose
    space = where(state, crumb)
    reach = state.data.physics.spec(state.pieces[into].kind).length / 2 + FENCE_MARGIN + state.board.fence_width
    x = min(max(x, reach), state.board.width - reach)
    y = min(max(y, reach), state.board.height - reach)
    set_pose(state, crumb, None)
    set_pose(state, into, (x, y, angle))
    if where(state, into) != space:
        place(state, into, space)


def _footprints_near(state: CrumbsState, piece_id: str, space: str) -> list[tuple[float, float, float, tuple]]:
    """Returns (x, y, half its length, footprint) of the other pieces on the board near a space."""
    polygon = state.board.spaces[space].polygon
    left, top = min(p[0] for p in polygon) - NEAR, min(p[1] for p in polygon) - NEAR
    right, bottom = max(p[0] for p in polygon) + NEAR, max(p[1] for p in polygon) + NEAR
    shapes = []
    for other in _places(state).placed:
        x, y, angle = state.pieces[other].pose
        if other != piece_id and left <= x <= right and top <= y <= bottom:
            spec = state.data.physics.spec(state.pieces[other].kind)
            shapes.append((x, y, spec.length / 2, footprint(spec.length, spec.width, x, y, angle)))
    return shapes
