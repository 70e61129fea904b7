"""Where each Scrumpy action is clicked: the one mapping from an action to its place on the table, shared by
the rules ("why not?": a place is silent if any legal action's place is it) and the view (its key_of).

Places: ("strip", slot), ("hand", kind), ("pool", kind), ("draw", seat), ("discard", seat), ("store", seat,
res), ("office", seat, action), ("spot", seat, "size" | "keep"), ("orchard", seat), ("space", seat, index),
("vendor", vendor, delivery, space), ("goal", goal), ("layabouts",), ("deck",), ("automa",), ("board", seat)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Action
from games.scrumpy.actions import (
    AchieveGoal,
    Choose,
    Deliver,
    MoveCube,
    OwnerAction,
    Pick,
    PlayWorker,
    Recruit,
    RecruitLayabout,
    Secondary,
    Sell,
    TakeFree,
)
from games.scrumpy.data import RESOURCES

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState


def action_place(action: Action, state: "ScrumpyState") -> tuple | None:
    """Returns the place a click does `action` on (as the view draws it), None for the action bar."""
    seat = state.current_player()
    if isinstance(action, (TakeFree, Recruit)):
        return ("strip", action.slot)
    if isinstance(action, (PlayWorker, Secondary)):
        return ("hand", action.card)
    if isinstance(action, Pick):
        return _pick_place(seat, action)
    if isinstance(action, Sell):
        return ("store", seat, action.res)
    if isinstance(action, Deliver):
        return ("vendor", action.vendor, action.row, action.space)
    if isinstance(action, AchieveGoal):
        return ("goal", action.goal)
    if isinstance(action, OwnerAction):
        return ("office", seat, action.action)
    if isinstance(action, MoveCube):
        kind, _, what = action.place.partition(":")
        return {"office": ("office", seat, what), "hand": ("spot", seat, what)}.get(kind, ("orchard", seat))
    if isinstance(action, RecruitLayabout):
        return ("layabouts",)
    if isinstance(action, Choose):
        return _choice_place(state, seat, action)
    return None


def _pick_place(seat: int, action: Pick) -> tuple | None:
    """Returns where a picked card lies: a hand group, the draw pile, the cards in use or a store."""
    if action.zone in ("hand", "pool"):
        return (action.zone, action.card)
    if action.zone == "draw":
        return ("draw", seat)
    return ("store", seat, action.zone) if action.zone in RESOURCES else None


def _choice_place(state: "ScrumpyState", seat: int, action: Choose) -> tuple | None:
    """Returns the place a choice names: a worker to copy, a strip worker to recruit, an Owner Action."""
    op = state.pending_decision().data["step"]["op"]
    if op == "copy":
        if action.key == "automa":
            return ("automa",)
        other, _, index = action.key.partition(":")
        return ("space", int(other), int(index))
    if op == "recruit" and action.key.isdigit():
        return ("strip", int(action.key))
    if op == "owner":
        return ("office", seat, action.key)
    return None
