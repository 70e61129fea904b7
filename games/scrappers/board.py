"""The factory floor: a conveyor from the hopper to the bin and a loop of bodger spaces round it.

Spaces are numbered in loop order (clockwise); two spaces next to each other in the list are next
to each other on the floor, and so are the last and the first. Each space faces one conveyor
space (0 is the one next to the hopper). `across` pairs a space with the one straight over the
conveyor. Everything else (neighbours, Jump targets, which spaces face a part) is derived here.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from games.core.data import load_one
from games.core.errors import DataError

CLOCKWISE, ANTICLOCKWISE = 1, -1
MIN_SPACES = 8  # room for six tokens and still somewhere to go


@dataclass(frozen=True)
class Point:
    """A position on the board, in board units."""

    x: float
    y: float


@dataclass(frozen=True)
class Space:
    """One bodger space."""

    id: str
    name: str
    faces: int
    across: str
    symbol: str
    x: float
    y: float


@dataclass(frozen=True)
class BoardFile:
    """board.yaml as written."""

    size: tuple[int, int]
    symbols: tuple[str, ...]
    conveyor: tuple[Point, ...]
    hopper: Point
    bin: Point
    spaces: tuple[Space, ...]


@dataclass(frozen=True, eq=False)
class Board:
    """The factory floor with its derived geometry."""

    size: tuple[int, int]
    symbols: tuple[str, ...]
    conveyor: tuple[Point, ...]
    hopper: Point
    bin: Point
    spaces: tuple[Space, ...]

    @property
    def length(self) -> int:
        """Returns the number of conveyor spaces."""
        return len(self.conveyor)

    @property
    def bin_end(self) -> int:
        """Returns the conveyor space closest to the bin."""
        return len(self.conveyor) - 1

    def step(self, space: int, direction: int) -> int:
        """Returns the space next to `space` clockwise (direction 1) or anticlockwise (-1)."""
        return (space + direction) % len(self.spaces)

    def neighbours(self, space: int) -> tuple[int, int]:
        """Returns the two spaces next to `space` (anticlockwise, clockwise)."""
        return self.step(space, ANTICLOCKWISE), self.step(space, CLOCKWISE)

    def faces(self, space: int) -> int:
        """Returns the conveyor space in front of a bodger space."""
        return self.spaces[space].faces

    @functools.cached_property
    def across(self) -> tuple[int | None, ...]:
        """Returns, per space, the space straight over the conveyor (None if none)."""
        index = {s.id: i for i, s in enumerate(self.spaces)}
        return tuple(index[s.across] if s.across else None for s in self.spaces)

    @functools.cached_property
    def jumps(self) -> tuple[tuple[int, ...], ...]:
        """Returns, per space, the spaces exactly 2 away: two along the loop either way, or over
        the conveyor (which counts as 1 space)."""
        found = []
        for space in range(len(self.spaces)):
            targets = [self.step(self.step(space, d), d) for d in (CLOCKWISE, ANTICLOCKWISE)]
            if self.across[space] is not None:
                targets.append(self.across[space])
            found.append(tuple(dict.fromkeys(t for t in targets if t != space)))
        return tuple(found)

    @functools.cached_property
    def facing(self) -> tuple[tuple[int, ...], ...]:
        """Returns, per conveyor space, the bodger spaces in front of it."""
        return tuple(tuple(i for i, s in enumerate(self.spaces) if s.faces == c) for c in range(self.length))

    def with_symbol(self, symbol: str) -> tuple[int, ...]:
        """Returns the spaces that show a component symbol."""
        return tuple(i for i, s in enumerate(self.spaces) if s.symbol == symbol)

    def index(self, space_id: str) -> int:
        """Returns the number of the space with id `space_id`."""
        for i, space in enumerate(self.spaces):
            if space.id == space_id:
                return i
        raise KeyError(space_id)


@functools.lru_cache(maxsize=4)
def load_board(path: Path) -> Board:
    """Returns the board in the YAML file at `path`; raises DataError naming what is wrong."""
    raw = load_one(path, BoardFile)
    board = Board(raw.size, raw.symbols, raw.conveyor, raw.hopper, raw.bin, raw.spaces)
    check_board(board, str(path))
    return board


def check_board(board: Board, where: str) -> None:
    """Raises DataError unless the loop, the facing and the across pairs are consistent."""
    spaces = board.spaces
    if len(spaces) < MIN_SPACES or board.length < 2:
        raise DataError(f"{where}: at least {MIN_SPACES} bodger spaces and 2 conveyor spaces")
    ids = [s.id for s in spaces]
    for i, space in enumerate(spaces):
        at = f"{where}: spaces[{i}] (id {space.id!r})"
        if ids.count(space.id) > 1:
            raise DataError(f"{at}: field 'id': used twice")
        if not 0 <= space.faces < board.length:
            raise DataError(f"{at}: field 'faces': no conveyor space {space.faces}")
        if space.symbol and space.symbol not in board.symbols:
            raise DataError(f"{at}: field 'symbol': {space.symbol!r} is not in 'symbols'")
        if space.across:
            if space.across not in ids or space.across == space.id:
                raise DataError(f"{at}: field 'across': no other space {space.across!r}")
            other = spaces[ids.index(space.across)]
            if other.across != space.id:
                raise DataError(f"{at}: field 'across': {other.id!r} is not across from it")
            if other.faces != space.faces:
                raise DataError(f"{at}: field 'across': {other.id!r} faces another conveyor space")
            if abs(ids.index(other.id) - i) in (1, len(spaces) - 1):
                raise DataError(f"{at}: field 'across': {other.id!r} is next to it, not over the conveyor")
    for c, faced in enumerate(board.facing):
        if not faced:
            raise DataError(f"{where}: conveyor space {c} is faced by no bodger space")
    for symbol in board.symbols:
        if len(board.with_symbol(symbol)) < 2:
            raise DataError(f"{where}: symbol {symbol!r} is on fewer than 2 spaces (Guppy must be able to move)")
