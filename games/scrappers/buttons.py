"""What each action button can do, as small pure functions of the floor: where a bodger may Step,
Dash or Jump, whom it may Switch places with, which parts may be switched, where Guppy may go.
An empty answer means the button cannot be pressed ("cannot resolve").

`blocked` is the set of spaces a moving bodger may not enter or pass: every space holding another
bodger except Guppy, who is small enough to walk round."""
from __future__ import annotations

from typing import Mapping, Sequence

from games.scrappers.board import ANTICLOCKWISE, CLOCKWISE, Board
from games.scrappers.records import GUPPY

DIRECTIONS = (CLOCKWISE, ANTICLOCKWISE)


def blocked_for(places: Mapping[str, int], mover: str) -> frozenset[int]:
    """Returns the spaces `mover` may not enter or pass: those of every other bodger but Guppy."""
    return frozenset([space for bodger, space in places.items() if bodger != mover and bodger != GUPPY])


def step_targets(board: Board, blocked: frozenset[int], space: int) -> list[int]:
    """STEP: the empty spaces next to `space` (one space in either direction round the loop)."""
    found = [t for t in (board.step(space, CLOCKWISE), board.step(space, ANTICLOCKWISE)) if t not in blocked]
    return found[:1] if len(found) == 2 and found[0] == found[1] else found


def dash_end(board: Board, blocked: frozenset[int], space: int, direction: int) -> int | None:
    """Returns where a Dash from `space` in `direction` stops (the last empty space before the next
    bodger), or None if the next space is taken."""
    at = space
    while True:
        ahead = board.step(at, direction)
        if ahead in blocked or ahead == space:
            break
        at = ahead
    return None if at == space else at


def dash_targets(board: Board, blocked: frozenset[int], space: int) -> list[int]:
    """DASH: where a Dash stops in each direction that moves at least one space."""
    ends = (dash_end(board, blocked, space, d) for d in DIRECTIONS)
    return list(dict.fromkeys(end for end in ends if end is not None))


def jump_targets(board: Board, blocked: frozenset[int], space: int) -> list[int]:
    """JUMP: the empty spaces exactly 2 away, over bodgers or over the conveyor (counted as 1)."""
    return [t for t in board.jumps[space] if t not in blocked]


def bodgers_next_to(board: Board, places: Mapping[str, int], bodger: str) -> list[str]:
    """Returns the bodgers on the spaces next to `bodger`, Guppy left out: those a red button may
    affect, and those a Switch may change places with."""
    near = board.neighbours(places[bodger])
    return [other for other, space in places.items() if space in near and other != bodger and other != GUPPY]


def part_switches(board: Board, slots: Sequence[str | None], space: int) -> list[int]:
    """SWITCH: the conveyor spaces next to the part in front of `space` that hold a part to swap
    with (none if nothing is in front)."""
    front = board.faces(space)
    if slots[front] is None:
        return []
    return [c for c in (front - 1, front + 1) if 0 <= c < len(slots) and slots[c] is not None]


def guppy_targets(board: Board, symbol: str, space: int | None) -> list[int]:
    """GUPPY: the spaces showing `symbol`, other than the one Guppy is on."""
    return [t for t in board.with_symbol(symbol) if t != space]

