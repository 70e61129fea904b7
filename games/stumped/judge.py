"""The judge of Stumped: how a game ends, by the leaves that win or by winter (our ruling).

Functions over a StumpedState. They read `trees`, `players`, `idle_rounds` and `tree_kind`, and write
`winning_seats`; ending the game clears what was pending (`decisions`, `program`, `queue`, `turn.growth`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Event
from games.core.words import listed

if TYPE_CHECKING:
    from games.stumped.state import StumpedState


def win(state: StumpedState, seat: int) -> list[Event]:
    """Ends the game: `seat`'s tree has the leaves that win."""
    state.winning_seats = [seat]
    _stop(state)
    state.queue, state.turn.growth = [], 0
    return [Event("win", f"{{{seat}}}'s tree has {state.trees[seat].leaves} leaves: {{{seat}}} wins!",
                  {"seats": [seat], "reason": "leaves"})]


def season_ends(state: StumpedState) -> list[Event]:
    """Ends a game in which no tree grew for too long (our ruling): most leaves win, then most segments;
    else a shared win."""
    def rank(seat: int) -> tuple[int, int]:
        return state.trees[seat].leaves, len(state.trees[seat].segments)
    best = max(rank(seat) for seat in range(state.players))
    state.winning_seats = [seat for seat in range(state.players) if rank(seat) == best]
    _stop(state)
    names = listed(f"{{{seat}}}" for seat in state.winning_seats)
    text = f"Winter comes after {state.idle_rounds} rounds in which no tree grew: {names} " \
           f"{'win' if len(state.winning_seats) > 1 else 'wins'} with {best[0]} leaves."
    return [Event("win", text, {"seats": list(state.winning_seats), "reason": "season"})]


def _stop(state: StumpedState) -> None:
    """Leaves nothing pending: no decision, no step."""
    state.decisions.clear()
    state.program.clear()
