"""Where a Stumped move is clicked, and why a place does not glow now.

`action_place` is the one mapping from an action to the place a click does it on: the view's key_of
uses it, and `why_not` calls a place silent when any legal action's place is it, so the two never
disagree. The places, as the view registers them: ("hand", card), ("market", slot), ("pile", card),
("roots", seat, kind), ("hole", seat, parent, hole) (every free hole of the growing tree: those nothing
can grow in now are drawn too, without a glow), ("leave", card), END_TURN, and, with nothing to do on them, ("tree", seat), ("deck", seat), ("discard", seat), ("played", i), ("action_deck",),
("market_discard",). Every answer uses only what the player to move sees.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from games.core.actions import Action
from games.core.decisions import Decision
from games.stumped import actions as act
from games.stumped.cards import SEGMENTS
from games.stumped.records import ACT, BUY, CLEAR, GAIN, GROW, MULCH, RECYCLE, SETUP, STEAL, TAKE, WILT
from games.stumped.tree import GROWS_IN

if TYPE_CHECKING:
    from games.stumped.state import StumpedState

END_TURN = ("end_turn",)  # the place of the "End your turn" button, in the market panel
HAND_ACTIONS = (act.PlayAction, act.Plant, act.PlayEnergy, act.Mulch)
MARKET_ACTIONS = (act.TakeMarket, act.ClearMarket)
ROOT_ACTIONS = (act.StealRoot, act.WiltRoot)

GROW_FIRST = "Spend your growth first: click a glowing bud on your tree."
BUY_LATER = "Cards are bought in the Market phase: Go to the market first."
FINISH = {  # a card played asks for a choice: everything else waits
    MULCH: "First finish your card: mulch cards from your hand, or Done.",
    RECYCLE: "First finish your card: put Sun, Dirt or Water from your discard pile in your roots, or Done.",
    GAIN: "First finish your card: choose the Sun, Dirt or Water pile to take from.",
    TAKE: "First finish your card: take a market card costing up to {limit}, or Done.",
    CLEAR: "First finish your card: discard market cards, or Done.",
    STEAL: "First finish your card: take a card from another player's roots.",
    WILT: "First finish your card: wilt a card in another player's roots.",
}


def action_place(action: Action, state: StumpedState) -> tuple | None:
    """Returns the place a click does `action` on (as the view draws it), None for the action bar."""
    seat = state.current_player()
    if isinstance(action, HAND_ACTIONS):
        return ("hand", action.card)
    if isinstance(action, act.Grow):
        return ("hole", seat, action.parent, action.hole)
    if isinstance(action, act.Buy):
        return ("pile", action.card) if action.slot == act.PILE else ("market", action.slot)
    if isinstance(action, MARKET_ACTIONS):
        return ("market", action.slot)
    if isinstance(action, ROOT_ACTIONS):
        return ("roots", action.seat, action.card)
    if isinstance(action, act.Recycle):
        return ("roots", seat, action.card)
    if isinstance(action, act.Gain):
        return ("pile", action.card)
    if isinstance(action, act.LeaveOut):
        return ("leave", action.card)
    if isinstance(action, act.EndTurn):
        return END_TURN  # in the market panel, far from the bar's "Go to the market" (no double-click loss)
    return None


def why_not(state: StumpedState, target: Any) -> str | None:
    """Returns one line saying why the player to move cannot act on `target` now, in the rules' words;
    None where it can, where nobody would expect to act, or where nothing useful can be said."""
    decision = state.pending_decision()
    if decision is None or not isinstance(target, tuple) or not target or target[0] not in _PLACES:
        return None
    if any(action_place(action, state) == target for action in state.legal_actions()):
        return None
    return _PLACES[target[0]](state, decision, target)


def _elsewhere(state: StumpedState, decision: Decision) -> str | None:
    """Returns what must come first when a decision of growth or of a card played is pending, else None."""
    if decision.kind == GROW:
        return GROW_FIRST
    if decision.kind in FINISH:
        return FINISH[decision.kind].format(**decision.data)
    return None


def _hand(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    turn, numbers = state.turn, state.rules.numbers
    if decision.kind == BUY:
        return "Cards are played in the Action phase, before the market: this turn's is over."
    if decision.kind != ACT:
        return _elsewhere(state, decision)
    if turn.energy_played:
        return "Action cards come before energy: you have played energy this turn."
    played = sum(1 for card in state.played if state.rules.card(card).type == "action")
    return f"No more action cards this turn: you have played {played} (up to {numbers.action_plays}, " \
           "more with +1 action)."


def _buy(state: StumpedState, decision: Decision, card: str | None) -> str | None:
    """Returns why a market or pile card cannot be bought, taken or picked now."""
    if card is None:
        return None
    definition, turn = state.rules.card(card), state.turn
    if decision.kind == ACT:
        return BUY_LATER
    if decision.kind == BUY:  # (with no buys left the turn is over: the Market phase ends by itself)
        return f"{definition.name} costs {definition.cost} energy: you have {turn.energy}."
    if decision.kind == TAKE and definition.cost > decision.data["limit"]:
        return f"Your card takes a market card costing up to {decision.data['limit']}: " \
               f"{definition.name} costs {definition.cost}."
    return _elsewhere(state, decision)


def _market(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    slots = state.market.slots
    return _buy(state, decision, slots[target[1]] if 0 <= target[1] < len(slots) else None)


def _pile(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    card = target[1]
    if decision.kind in (BUY, GAIN) and not state.piles.left(card):
        return f"The {state.rules.name(card)} pile is empty: none left to buy or take."
    if decision.kind == GAIN:
        return "Your card takes a basic resource: choose the Sun, Dirt or Water pile."
    return _buy(state, decision, card)


def _roots(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    _, seat, kind = target
    me, name = state.current_player(), state.rules.name(kind)
    if decision.kind in (STEAL, WILT):
        if seat == me:
            return "Your card acts on another player's roots, not your own."
        return f"There is no {name} in these roots: choose a card that is there."
    if seat != me:
        cards = [state.rules.name(card) for card in state.rules.action_ids if card not in state.left_out
                 and any(effect.do in ("steal_root", "wilt_root") for effect in state.rules.card(card).effects)]
        return f"Only a card that says so ({', '.join(cards)}) acts on another player's roots." if cards else None
    if decision.kind == RECYCLE:
        return f"There is no {name} in your discard pile to put back in your roots."
    if decision.kind == ACT:
        return "To plant, click a Sun, Dirt or Water in your hand: a full set grows your tree next turn."
    growth = state.rules.numbers.growth_per_set
    return f"A complete set (1 Sun, 1 Dirt, 1 Water) in your roots gives +{growth} growth at your turn's start."


def _tree(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    if decision.kind == GROW:
        return None if target[1] == state.current_player() else "You grow only your own tree."
    if target[1] != state.current_player():
        return None
    return "Your tree grows from complete sets in your roots (1 Sun, 1 Dirt, 1 Water), as your turn starts."


def _deck(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    me = state.current_player()
    if target[1] != me:
        return None
    return f"You draw {state.hand_limit(me)} new cards at the end of your turn (or when a card says Draw)."


def _discard(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    if target[1] != state.current_player():
        return None
    if decision.kind == RECYCLE:
        return "Click a glowing stack in your roots: a card of that kind comes from this pile."
    return "Bought cards wait in your discard pile until it is shuffled into a new deck."


def _played(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    return "A card played stays played: it goes to your discard pile at the end of your turn."


def _action_deck(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    if decision.kind in (ACT, BUY):
        return "Cards are bought from the face-up market, not from the face-down deck."
    return None


def _market_discard(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    if decision.kind in (ACT, BUY):
        return "Discarded market cards cannot be bought: they return when the action deck runs out."
    return None


def _hole(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    """A free hole of the growing tree that nothing can grow in now: no piece of its kinds left, or not growth
    enough (a side hole always takes a leaf)."""
    _, seat, parent, hole = target
    if decision.kind != GROW or seat != state.current_player():
        return None
    kind = next((kind for free_parent, free_hole, kind in state.trees[seat].free_holes(state.rules.shapes)
                 if (free_parent, free_hole) == (parent, hole)), None)
    if kind is None:
        return None
    fits = [segment for segment in SEGMENTS if kind in GROWS_IN[segment]]
    left = [segment for segment in fits if state.segments[seat].left(segment)]
    if not left:
        place = "on the trunk" if kind == "trunk" else "on a branch's end" if kind == "end" else "here"
        pieces = " or ".join(f"a {segment}" for segment in fits)
        grown = " and ".join(f"{state.tree_kind.segments[segment]} {_many(segment)}" for segment in fits)
        return f"Only {pieces} grows {place}, and your {grown} have all grown."
    costs, growth = state.rules.numbers.grow_costs, state.turn.growth
    if all(costs[segment] > growth for segment in left):
        return f"A {left[0]} costs {costs[left[0]]} growth: you have {growth}."
    return None  # (a branch on the trunk or an end never takes room from the leaves: see tree.room_after)


def _many(segment: str) -> str:
    """Returns the plural of a segment's name."""
    return {"branch": "branches", "leaf": "leaves"}.get(segment, segment)


def _leave(state: StumpedState, decision: Decision, target: tuple) -> str | None:
    if decision.kind != SETUP:
        return None
    card = target[1]
    if card in state.left_out:
        return f"{state.rules.name(card)} is left out already: every copy is out of the game."
    return f"At least {state.rules.numbers.market_size} action cards must stay to fill the market."


_PLACES: dict[str, Callable[[Any, Decision, tuple], str | None]] = {
    "hand": _hand, "market": _market, "pile": _pile, "roots": _roots, "tree": _tree, "deck": _deck,
    "discard": _discard, "played": _played, "action_deck": _action_deck, "market_discard": _market_discard,
    "leave": _leave, "hole": _hole,
}
