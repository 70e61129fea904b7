"""Pending decisions: a stack of (seat, kind, prompt, data) from which the seat to move, its
options and the status line come. A game pushes a decision when someone must choose, and a
choice that needs a follow-up (which card? which target?) pushes another on top of it.
Simultaneous secret choices are consecutive decisions whose earlier answers the later choosers'
views do not show."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from games.core.actions import Action, seat_name
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


class DecisionStack:
    """Mixin for states that keep `decisions: list[Decision]`: the top decision rules the turn.

    Options come from a method `options_<kind>(decision)` per kind of decision; the status line is
    the top decision's prompt unless the game says more.
    """

    decisions: list[Decision]

    def current_player(self) -> int | None:
        """Returns the seat of the top decision, or None when nothing is pending (the game is over)."""
        decisions = self.decisions
        return decisions[-1].seat if decisions else None

    def pending_decision(self) -> Decision | None:
        """Returns the decision on top of the stack, if any."""
        return self.decisions[-1] if self.decisions else None

    def _legal_actions(self) -> list[Action]:
        """Returns the options of the top decision."""
        if not self.decisions:
            return []
        decision = self.decisions[-1]
        return _options(type(self), decision.kind)(self, decision)

    def push(self, kind: str, seat: int, prompt: str = "", **data: Any) -> Decision:
        """Puts a new decision on top of the stack and returns it."""
        decision = Decision(kind, seat, prompt, data)
        self.decisions.append(decision)
        return decision

    def pop(self) -> Decision:
        """Removes and returns the top decision."""
        return self.decisions.pop()

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns the top decision's prompt."""
        decision = self.pending_decision()
        return decision.text(names) if decision else "The game is over."


_OPTIONS: dict[tuple[type, str], Callable] = {}


def _options(cls: type, kind: str) -> Callable:
    """Returns the `options_<kind>` method of a state class (looked up once per class and kind)."""
    method = _OPTIONS.get((cls, kind))
    if method is None:
        method = getattr(cls, f"options_{kind}", None)
        if method is None:
            raise ValueError(f"{cls.__name__} has no options for a {kind!r} decision")
        _OPTIONS[(cls, kind)] = method
    return method
