"""The Crumb Trail: each seat's crumbs, what gained or cost them (the ledger the game-over screen shows), and the
end of the game (a race ends the moment someone reaches the target).

Reads the options (race, target); writes `crumbs`, `ledger`, and at the end `winning` and `decisions` (cleared).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Event
from games.core.words import listed
from games.crumbs import drops

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState


def gain(state: CrumbsState, seat: int, amount: int, category: str, reason: str,
         extra: dict | None = None) -> list[Event]:
    """Moves a seat's tracker up; in a race, reaching the target ends the game at once."""
    if amount <= 0:
        return []
    state.crumbs[seat] += amount
    state.ledger[seat][category] = state.ledger[seat].get(category, 0) + amount
    events = [Event("gain", f"{{{seat}}} gains {amount} crumb{'s' if amount != 1 else ''} ({reason}).",
                    {"seat": seat, "amount": amount, **(extra or {})})]
    if state.options["race"] and state.crumbs[seat] >= state.options["target"] and not state.winning:
        events += finish(state, [seat])
    return events


def lose(state: CrumbsState, seat: int, amount: int, category: str) -> int:
    """Moves a seat's tracker down by up to `amount` (never below 0); returns how much it lost."""
    lost = min(amount, state.crumbs[seat])
    state.crumbs[seat] -= lost
    state.ledger[seat][category] = state.ledger[seat].get(category, 0) - lost
    return lost


def pay(state: CrumbsState, seat: int, amount: int, what: str) -> list[Event]:
    """Pays for an action (legal actions are affordable)."""
    if amount <= 0:
        return []
    lose(state, seat, amount, "Spent")
    word = "crumb" if amount == 1 else "crumbs"
    return [Event("pay", f"{{{seat}}} pays {amount} {word} for {what}.", {"seat": seat, "amount": amount})]


def finish(state: CrumbsState, winners: list[int] | None = None) -> list[Event]:
    """Ends the game: the given winners, or everyone with the most crumbs."""
    state.decisions.clear()
    state.winning = winners if winners is not None else drops.leaders(state)
    names = listed(f"{{{s}}}" for s in state.winning)
    return [Event("win", f"{names} {'rule' if len(state.winning) > 1 else 'rules'} the park!",
                  {"seats": state.winning})]
