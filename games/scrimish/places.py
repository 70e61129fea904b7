"""Where on the table each action is clicked (as the view draws it), and why a place that does not glow
cannot be acted on, in the rulebook's words."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action
from games.scrimish.actions import Attack, Cancel, ChoosePile, SelectCard, SwapCard
from games.scrimish.flow import SETUP

if TYPE_CHECKING:
    from games.scrimish.state import ScrimishState


def action_place(action: Action, state: ScrimishState) -> tuple | None:
    """Returns the place a click does `action` on (as the view draws it), None for the action bar."""
    seat = state.current_player()
    if isinstance(action, (SelectCard, SwapCard)):
        return ("card", seat, action.pile, action.depth)
    if isinstance(action, ChoosePile):
        return ("pile", seat, action.pile)
    if isinstance(action, Attack):
        return ("pile", action.target_seat, action.target_pile)
    if isinstance(action, Cancel):
        if state.phase == SETUP and state.selected is not None:
            return ("card", seat, *state.selected)
        return ("pile", seat, state.chosen) if state.chosen is not None else None
    return None


def why_not(state: ScrimishState, target: Any) -> str | None:
    """Returns why the seat to move cannot act on a place now, in the rulebook's words: `target` is
    ("card", seat, pile, depth), ("pile", seat, pile) or ("discard", seat), as the view draws them.
    Uses only what the mover sees: its own top card and what the whole table saw."""
    me = state.current_player()
    if me is None or not isinstance(target, tuple) or not target or target[0] not in ("card", "pile", "discard"):
        return None
    if any(action_place(action, state) == target for action in state.legal_actions()):
        return None
    kind, owner = target[0], target[1]
    if state.phase == SETUP:
        if kind == "discard":
            return 'Nothing is discarded during setup: arrange your piles, then "Done setting up".'
        if owner != me:
            return "Each player arranges only their own piles, in secret."
        picked, place = state.selected, tuple(target[2:]) if kind == "card" else (target[2], 0)
        if picked is not None and place != picked:
            return "The Crown must stay at the bottom of a pile: it only swaps with another bottom card."
        return None
    if kind == "discard":
        return "Discarded cards are out of the game: they never come back."
    if state.out[owner]:
        return "That player is out: their Crown has fallen."
    if kind == "card":
        return "Only the top card of a pile can attack or be attacked."
    pile = target[2]
    if not state.piles[owner][pile]:
        return "That pile is empty."
    if state.chosen is None:
        if owner != me and state.team_of(owner) == state.team_of(me):
            return "That is your teammate's pile: pick one of your own piles to act with."
        return "Pick one of your own piles first, then the enemy pile to attack."
    if owner == me:
        return f"You have picked pile {state.chosen + 1}: Cancel first to act with another pile."
    if state.team_of(owner) == state.team_of(me):
        return "You never attack your own team's piles."
    card = state.piles[me][state.chosen][-1]
    if card is not None and state.deck.cards[card].kind == "shield":
        return "Shield Cards cannot be used to attack: discard it, or Cancel and pick another pile."
    return None
