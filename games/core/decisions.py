"""Pending decisions: a stack of (seat, kind, prompt, data) from which the seat to move, its
options and the status line come (games/core/flow.py runs a game on it). A game asks a decision when
someone must choose, and a choice that needs a follow-up (which card? which target?) asks another on
top of it. Simultaneous secret choices are consecutive decisions whose earlier answers the later
choosers' views do not show."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from games.core.actions import seat_name
from games.core.record import Record


@dataclass(eq=False)
class Decision(Record):
    """One choice a seat must make. `prompt` names the deciding seat as {seat}, any seat as {0}, {1}, ...
    and data as {name}."""

    kind: str
    seat: int
    prompt: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def text(self, names: Sequence[str] = ()) -> str:
        """Returns the prompt with seat names and data filled in."""
        seats = [seat_name(names, s) for s in range(max(len(names), 8))]
        return self.prompt.format(*seats, **{**self.data, "seat": seat_name(names, self.seat)})
