"""Army sheets in play: the numbers of the side each seat shows, costs, upgrades.

Reads `armies`, `upgraded`, `attack_wins`, the round's `modifiers` and (for upgrades) the pieces; writes
`upgraded` (a sheet flips).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Event
from games.crumbs import table
from games.crumbs.data import Army, Side

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

MODIFIERS = {"move": "move_cost", "spawn": "spawn_cost", "dog_drop": "dog_cost", "dog_place": "dog_cost"}  # by cards


def army(state: CrumbsState, seat: int) -> Army:
    """Returns the army a seat plays."""
    return state.data.armies[state.armies[seat]]


def side(state: CrumbsState, seat: int) -> Side:
    """Returns the side of the sheet a seat shows."""
    played = army(state, seat)
    return played.upgraded if state.upgraded[seat] else played.basic


def number(state: CrumbsState, seat: int, name: str, default: int = 0) -> int:
    """Returns a number from the seat's sheet (0 or `default` when the side does not have it)."""
    return side(state, seat).numbers.get(name, default)


def cost(state: CrumbsState, seat: int, action: str) -> int:
    """Returns what an action costs a seat now, round modifiers included (never below 0)."""
    costs = state.data.numbers.costs
    if action == "special":
        return max(0, side(state, seat).special_cost)
    if action == "spawn":
        base = number(state, seat, "spawn_cost", costs.spawn)
    else:
        base = getattr(costs, action)
    return max(0, base + state.modifiers.get(MODIFIERS[action], 0))


def check_upgrades(state: CrumbsState, end_of_turn: int | None = None) -> list[Event]:
    """Flips every sheet whose upgrade condition holds (pond spaces only at the end of its turn)."""
    events = []
    for seat, army_id in enumerate(state.armies):
        if army_id is None or state.upgraded[seat]:
            continue
        played = army(state, seat)
        if _upgrade_progress(state, seat, played, end_of_turn) >= played.upgrade_amount:
            state.upgraded[seat] = True
            events.append(Event("upgrade", f"{{{seat}}}'s {played.name} flip their sheet: {played.upgraded.ability}!",
                                {"seat": seat}))
    return events


def _upgrade_progress(state: CrumbsState, seat: int, played: Army, end_of_turn: int | None) -> int:
    """Returns how far a seat is towards its upgrade condition."""
    if played.upgrade == "critters_on_board":
        return len(table.on_board(state, "critter", seat))
    if played.upgrade == "pond_spaces":
        if end_of_turn != seat:
            return 0
        return sum(1 for space in table.controlled(state, seat) if state.board.has_pond(space))
    if played.upgrade == "stockpile_held":
        held = set(table.controlled(state, seat))
        return sum(1 for crumb in table.on_board(state, "stockpile") if table.where(state, crumb) in held)
    return state.attack_wins[seat]


def upgrade_progress(state: CrumbsState, seat: int) -> int:
    """Returns a seat's progress towards flipping its sheet, for the screen."""
    return _upgrade_progress(state, seat, army(state, seat), seat)
