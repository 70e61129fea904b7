"""Crumbs "why not?": where each action is clicked, and one line in the rulebook's words saying why a place
the player hovers does not glow now (a space of the park, the Daily Buzz deck, an army, your army sheet).

Places are the view's hover keys: ("space", id), ("deck",), ("army", id), ("sheet", seat). Everything the
answers read is public (only the order of the Daily Buzz deck is hidden, and no answer reads it).

Reads the pending decision and its options, the pieces, the crumbs, the sheets and `free_moves`; writes nothing.
CrumbsState.why_not answers with `why_not` here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable

from games.core.actions import Action
from games.core.decisions import Decision
from games.crumbs import armies, table, turns
from games.crumbs.actions import (
    ChooseArmy,
    DrawBuzz,
    MoveFrom,
    MoveTo,
    PickCritter,
    PickSpace,
    PlaceStart,
    Spawn,
    Special,
)
from games.crumbs.decisions import (
    ARMY,
    BURY,
    COUNT,
    DASH_FROM,
    DOG_PLACE,
    DRAW,
    FEEDING,
    FLY_PICK,
    FLY_TO,
    FREE_SPAWN,
    SPLASH,
    START,
    TO,
    TURN,
)

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

SPACE_ACTIONS = (MoveFrom, MoveTo, Spawn, PickCritter, PickSpace, PlaceStart)

WHY = {  # the lines, in the rulebook's words; {fields} are filled from the position
    "army_taken": "The {army} are taken: choose an army nobody plays.",
    "army_dealt": "Armies are dealt at random at this table: yours are the {army}.",
    "start_enemy": "At the start, never place on a space with an opponent's critters: pick an empty one or yours.",
    "draw_first": "Draw the Daily Buzz card first: every turn begins with it.",
    "one_card": "You have drawn this turn's Daily Buzz card: one card a turn.",
    "buzz_later": "The Daily Buzz begins each turn, once everyone's first critters are on the park.",
    "move_cost": "Your free movement is used: another costs {cost}, and you have {crumbs}.",
    "move_spawn_cost": "Your free movement is used: another costs {cost}, a spawn {spawn}; you have {crumbs}.",
    "spawn_cost": "Spawning a critter costs you {cost}, and you have {crumbs}.",
    "pool_empty": "All your {critters} are on the park: none is left to spawn.",
    "spawn_where": "You spawn only onto a space with your critters, or onto the fountain.",
    "empty_space": "Spawn only where your critters are or in the fountain; to move here, click their space first.",
    "enemy_space": "The {army} hold this space: to attack it, click your critters' space next to it first.",
    "not_near": "None of your critters are next to this space: a movement goes to a space sharing a side.",
    "count_first": "First choose how many critters go (1 to {most}), then the space they go to.",
    "leaving": "Your critters leave from here: click the space they go to, or Cancel.",
    "leaving_one": "Your critter leaves from here: click the space it goes to, or Cancel.",
    "not_adjacent": "Critters move only to a space sharing a side with {space}, not a corner.",
    "dash_two": "A dash goes to a space exactly two steps away from {space}.",
    "dog_here": "The dog is already here: place him on another space.",
    "fly_most": "{special} flies up to {most} pigeons: Fly them, or Cancel.",
    "no_pigeons": "No pigeons of yours here: click the spaces your pigeons fly from.",
    "all_picked": "Every pigeon of yours here is picked already.",
    "keep_one": "Pigeons fly to a space that other pigeons occupy: leave one pigeon of yours elsewhere.",
    "fly_same": "These pigeons all come from here: they fly to another space with your pigeons.",
    "fly_where": "Pigeons fly only to a space where other pigeons of yours stand.",
    "bury_full": "This space already holds a stockpile crumb: {special} only where there is none.",
    "not_yours": "{special} puts its crumbs only in a space you control.",
    "fountain_shared": "Nobody controls the fountain, even with your critters in it: "
                       "{special} needs a space you control.",
    "dash_from": "{special} starts from a space with your {critters}.",
    "feeding": "Every turn of this round is over: Granny's Favor drops the crumbs now.",
    "special_used": "{special} is once a turn: you have used it this turn.",
    "special_cost": "{special} costs {cost}, and you have {crumbs}.",
    "fly_spaces": "{special} needs your pigeons in two spaces: they fly to another pigeon-occupied space.",
    "no_control": "{special} needs a space you control: you control none.",
    "supply_empty": "No {kind} crumbs are left in the supply.",
    "none_on_park": "{special} moves {critters} already on the park: none of yours is there.",
    "bury_none": "{special} needs a space you control that has no stockpile crumb yet.",
}
_SHEET_WHY = {DRAW: "draw_first", FEEDING: "feeding"}  # why your sheet's special action waits, by decision
_SPACE_WHY = {START: "start_enemy", DRAW: "draw_first", FEEDING: "feeding",  # the line of every space that
              FREE_SPAWN: "spawn_where"}  # does not glow in these decisions


def crumbs_text(count: int) -> str:
    """Returns a number of crumbs in words: "1 crumb", "2 crumbs"."""
    return f"{count} crumb{'s' if count != 1 else ''}"


def action_place(action: Action) -> Hashable | None:
    """Returns the place an action is clicked on: its space, the Daily Buzz deck or an army; None for a button."""
    if isinstance(action, SPACE_ACTIONS):
        return ("space", action.space)
    if isinstance(action, DrawBuzz):
        return ("deck",)
    if isinstance(action, ChooseArmy):
        return ("army", action.army)
    return None


def why_not(state: CrumbsState, target: Any) -> str | None:
    """Returns why the seat to move cannot act on a place now, in the rulebook's words: `target` is
    ("space", id), ("deck",), ("army", id) or ("sheet", seat), as the view draws them; None if it can."""
    decision = state.pending_decision()
    if decision is None or not isinstance(target, tuple) or not target:
        return None
    if any(action_place(action) == target for action in state.legal_actions()):
        return None
    kind, seat = decision.kind, decision.seat
    if target[0] == "army" and kind == ARMY:
        return _why_army(state, decision, target[1])
    if target == ("deck",):
        # (while armies are chosen their panel covers the deck)
        waits = {ARMY: None, START: WHY["buzz_later"], DRAW: None, FEEDING: WHY["feeding"]}
        return waits.get(kind, WHY["one_card"])
    if target == ("sheet", seat):  # its special action
        return _why_special(state, seat) if kind == TURN else WHY.get(_SHEET_WHY.get(kind, ""))
    if target[0] != "space" or len(target) != 2 or target[1] not in state.board.spaces:
        return None
    return _why_space(state, decision, target[1])


def _why_army(state: CrumbsState, decision: Decision, army_id: str) -> str | None:
    """Why an army cannot be taken: it was dealt to someone, or somebody plays it."""
    box = state.data.armies
    if army_id not in box:
        return None
    dealt = decision.data.get("dealt")
    if dealt:
        return WHY["army_dealt"].format(army=box[dealt].name)
    return WHY["army_taken"].format(army=box[army_id].name) if army_id in state.armies else None


def _why_space(state: CrumbsState, decision: Decision, space: str) -> str | None:
    """Why a space of the park does not glow in the decision on top."""
    kind, seat = decision.kind, decision.seat
    if kind == ARMY:
        return None  # the armies panel covers the park
    if kind in _SPACE_WHY:
        return WHY[_SPACE_WHY[kind]]
    if kind == TURN:
        return _why_turn_space(state, seat, space)
    if kind == COUNT:
        most = min(turns.move_limit(state, seat, decision.data["via"]), len(table.critters_in(state, decision.data["from"], seat)))
        return WHY["count_first"].format(most=most)
    if kind == TO:
        return _why_to(state, decision, space)
    if kind == DOG_PLACE:
        return WHY["dog_here"] if space == table.dog_space(state) else None
    if kind in (FLY_PICK, FLY_TO):
        return _why_fly(state, decision, space)
    return _why_put(state, decision, space)


def _why_turn_space(state: CrumbsState, seat: int, space: str) -> str | None:
    """Why a space offers neither a movement from it nor a spawn into it."""
    moving = state.free_moves > 0 or state.crumbs[seat] >= armies.cost(state, seat, "move")
    cost = {"cost": crumbs_text(armies.cost(state, seat, "move")), "crumbs": state.crumbs[seat]}
    if table.critters_in(state, space, seat):
        if moving:
            return None
        if table.pool(state, seat):
            return WHY["move_spawn_cost"].format(spawn=armies.cost(state, seat, "spawn"), **cost)
        return WHY["move_cost"].format(**cost)
    if space == state.board.fountain:
        if not table.pool(state, seat):
            return WHY["pool_empty"].format(critters=_critters(state, seat))
        return WHY["spawn_cost"].format(cost=crumbs_text(armies.cost(state, seat, "spawn")), crumbs=state.crumbs[seat])
    owner = table.controller(state, space)
    near = any(table.critters_in(state, other, seat) for other in state.board.adjacent[space])
    if owner is None or owner == seat:
        return WHY["empty_space"] if moving and near else WHY["spawn_where"]
    if not moving:
        return WHY["move_cost"].format(**cost)
    if not near:
        return WHY["not_near"]
    return WHY["enemy_space"].format(army=armies.army(state, owner).name)


def _why_to(state: CrumbsState, decision: Decision, space: str) -> str:
    """Why critters on the move cannot go to a space."""
    start = decision.data["from"]
    if space == start:
        return WHY["leaving_one" if decision.data["count"] == 1 else "leaving"]
    key = "not_adjacent" if decision.data["via"] == "move" else "dash_two"
    return WHY[key].format(space=state.space_name(start))


def _why_fly(state: CrumbsState, decision: Decision, space: str) -> str | None:
    """Why Feathered Friends cannot take a pigeon from a space, or fly the picked ones there."""
    seat, picked = decision.seat, decision.data["picked"]
    mine = table.critters_in(state, space, seat)
    if decision.kind == FLY_TO:
        if mine and {table.where(state, p) for p in picked} == {space} and set(mine) - set(picked):
            return WHY["fly_same"]
        return WHY["fly_where"]
    if len(picked) >= armies.number(state, seat, "fly"):
        return WHY["fly_most"].format(special=armies.side(state, seat).special, most=armies.number(state, seat, "fly"))
    if not mine:
        return WHY["no_pigeons"]
    return WHY["all_picked"] if not set(mine) - set(picked) else WHY["keep_one"]


def _why_put(state: CrumbsState, decision: Decision, space: str) -> str | None:
    """Why Bury, Splash or Dash cannot use a space."""
    seat, special = decision.seat, armies.side(state, decision.seat).special
    if decision.kind == DASH_FROM:
        if not table.critters_in(state, space, seat):
            return WHY["dash_from"].format(special=special, critters=_critters(state, seat))
        return None
    if decision.kind == BURY and table.controller(state, space) == seat:
        return WHY["bury_full"].format(special=special)
    if decision.kind in (BURY, SPLASH):
        shared = space == state.board.fountain and table.critters_in(state, space, seat)
        return WHY["fountain_shared" if shared else "not_yours"].format(special=special)
    return None


def _why_special(state: CrumbsState, seat: int) -> str | None:
    """Why your army sheet's special action is not offered now (its button is not in the bar)."""
    special, numbers = armies.side(state, seat).special, armies.side(state, seat).numbers
    if any(isinstance(action, Special) for action in state.legal_actions()):
        return None
    if not turns.specials_left(state, seat):
        return WHY["special_used"].format(special=special)
    if state.crumbs[seat] < armies.cost(state, seat, "special"):
        return WHY["special_cost"].format(special=special, cost=crumbs_text(armies.cost(state, seat, "special")),
                                   crumbs=state.crumbs[seat])
    if "fly" in numbers:
        return WHY["fly_spaces"].format(special=special)
    if "splash" in numbers or "bury" in numbers:
        crumb = "wet" if "splash" in numbers else "stockpile"
        if not table.supply(state, crumb):
            return WHY["supply_empty"].format(kind=crumb)
        if not table.controlled(state, seat):
            return WHY["no_control"].format(special=special)
        return WHY["bury_none"].format(special=special)
    if not table.on_board(state, "critter", seat):
        return WHY["none_on_park"].format(special=special, critters=_critters(state, seat))
    return None


def _critters(state: CrumbsState, seat: int) -> str:
    """Returns a seat's critters as a plural word ("pigeons")."""
    return f"{armies.army(state, seat).critter}s"
