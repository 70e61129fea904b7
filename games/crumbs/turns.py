"""A Crumbs turn: the actions a player may take after the Daily Buzz, the choices they lead to, and
what each one does, registered on the game's flow per decision kind.

Reads the turn's decisions (the TURN decision's data keeps how often the special action was used), the
pieces, the crumbs, the sheets and the round's modifiers; writes the pieces, the crumbs (paying) and
`free_moves`, and asks the choices of a turn on top of it.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.crumbs import armies, buzz, drops, table, trail
from games.crumbs.actions import (
    Cancel,
    DogDrop,
    DogPlace,
    Done,
    EndTurn,
    MoveCount,
    MoveFrom,
    MoveTo,
    PickCritter,
    PickSpace,
    Spawn,
    Special,
)
from games.crumbs.board import Board
from games.crumbs.decisions import (
    BURY,
    COUNT,
    DASH_FROM,
    DOG_CHOICE,
    DOG_PLACE,
    DRAW,
    FLOW,
    FLY_PICK,
    FLY_TO,
    FREE_SPAWN,
    SPLASH,
    TO,
    TURN,
    ask,
)
from games.crumbs.scuffle import ATTACKER, DEFENDER

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState


# --- what may be done -----------------------------------------------------------------------------
@FLOW.options(TURN)
def turn_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the options after the Daily Buzz: move, spawn, dog, special, end turn."""
    seat = decision.seat
    actions: list[Action] = []
    if state.free_moves > 0 or state.crumbs[seat] >= armies.cost(state, seat, "move"):
        actions += [MoveFrom(s) for s in state.board.spaces if table.has_critters(state, s, seat)]
    if table.pool(state, seat) and state.crumbs[seat] >= armies.cost(state, seat, "spawn"):
        actions += [Spawn(s) for s in spawn_spaces(state, seat)]
    if state.crumbs[seat] >= armies.cost(state, seat, "dog_drop"):
        actions.append(DogDrop())
    if state.crumbs[seat] >= armies.cost(state, seat, "dog_place"):
        actions.append(DogPlace())
    if state.crumbs[seat] >= armies.cost(state, seat, "special") and specials_left(state, seat) \
            and special_possible(state, seat):
        actions.append(Special(armies.side(state, seat).special))
    return actions + [EndTurn()]


@FLOW.options(COUNT)
def count_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns how many critters may go (up to the limit of a movement or a dash)."""
    seat, data = decision.seat, decision.data
    most = min(move_limit(state, seat, data["via"]), len(table.critters_in(state, data["from"], seat)))
    return [MoveCount(n) for n in range(1, most + 1)] + [Cancel()]


@FLOW.options(TO)
def to_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns where the critters may go."""
    return [MoveTo(s) for s in destinations(state, decision.data["via"], decision.data["from"])] + [Cancel()]


@FLOW.options(DOG_CHOICE)
def dog_choice_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns every space (a card lets the drawer put the dog anywhere)."""
    return [PickSpace(s) for s in state.board.spaces]


@FLOW.options(DOG_PLACE)
def dog_place_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns every space but the dog's."""
    return [PickSpace(s) for s in state.board.spaces if s != table.dog_space(state)] + [Cancel()]


@FLOW.options(FREE_SPAWN)
def free_spawn_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the spawns a card gives for free, or skip."""
    return [Spawn(s) for s in spawn_spaces(state, decision.seat)] + [Done("Skip")]


@FLOW.options(FLY_PICK)
def fly_pick_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the spaces to take another pigeon from (up to the sheet's number), Fly them, Cancel."""
    seat, picked = decision.seat, decision.data["picked"]
    done = [Done("Fly them")] if picked and fly_targets(state, seat, picked) else []
    if len(picked) >= armies.number(state, seat, "fly"):
        return done + [Cancel()]
    picks = [PickCritter(s) for s in state.board.spaces  # never a pigeon that would leave nowhere to fly
             if (pigeon := next_pigeon(state, seat, s, picked)) and fly_targets(state, seat, picked + [pigeon])]
    return picks + done + [Cancel()]


@FLOW.options(FLY_TO)
def fly_to_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns where the picked pigeons may fly."""
    return [PickSpace(s) for s in fly_targets(state, decision.seat, decision.data["picked"])] + [Cancel()]


@FLOW.options(BURY)
def bury_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the spaces the seat controls that hold no stockpile crumb yet."""
    return [PickSpace(s) for s in bury_spaces(state, decision.seat)] + [Cancel()]


@FLOW.options(SPLASH)
def splash_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the spaces the seat controls."""
    return [PickSpace(s) for s in table.controlled(state, decision.seat)] + [Cancel()]


@FLOW.options(DASH_FROM)
def dash_from_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Returns the spaces a dash may start from."""
    seat = decision.seat
    return [PickSpace(s) for s in state.board.spaces
            if table.has_critters(state, s, seat) and destinations(state, "dash", s)] + [Cancel()]


def next_pigeon(state: CrumbsState, seat: int, space: str, picked: list[str]) -> str | None:
    """Returns the seat's next unpicked pigeon in a space, or None."""
    return next((c for c in table.critters_in(state, space, seat) if c not in picked), None)


def bury_spaces(state: CrumbsState, seat: int) -> list[str]:
    """Returns where Bury may put a stockpile crumb: a space the seat controls that holds none."""
    return [s for s in table.controlled(state, seat) if not table.on_board(state, "stockpile", space=s)]


def move_limit(state: CrumbsState, seat: int, via: str) -> int:
    """Returns how many critters a movement or a dash may take along."""
    return state.data.numbers.move_limit if via == "move" else armies.number(state, seat, "dash_critters")


def spawn_spaces(state: CrumbsState, seat: int) -> list[str]:
    """Returns where a seat may spawn: spaces with its critters, and the fountain."""
    fountain = state.board.fountain
    return [s for s in state.board.spaces if s == fountain or table.has_critters(state, s, seat)]


def destinations(state: CrumbsState, via: str, start: str) -> list[str]:
    """Returns where critters may go from `start`: adjacent spaces, or (a dash) two steps away."""
    return list(_destinations(state.board, via == "move", start))


@functools.lru_cache(maxsize=1024)
def _destinations(board: Board, move: bool, start: str) -> tuple[str, ...]:
    """Returns `destinations` on a park (worked out once: the park never changes)."""
    near = board.adjacent[start]
    if move:
        return tuple(s for s in board.spaces if s in near)
    two = {far for s in near for far in board.adjacent[s]} - set(near) - {start}
    return tuple(s for s in board.spaces if s in two)


def fly_targets(state: CrumbsState, seat: int, picked: list[str]) -> list[str]:
    """Returns where picked pigeons may fly: a space still holding pigeons, other than their only source."""
    taken = set(picked)
    sources = {table.where(state, p) for p in taken}
    return [s for s in state.board.spaces if set(table.critters_in(state, s, seat)) - taken and {s} != sources]


def specials_left(state: CrumbsState, seat: int) -> bool:
    """Returns whether the seat may still use its special action this turn (a sheet may limit it)."""
    limit = armies.side(state, seat).special_limit
    return not limit or turn_data(state).get("specials", 0) < limit


def turn_data(state: CrumbsState) -> dict:
    """Returns what the current turn keeps (the turn decision's data)."""
    return next(d for d in reversed(state.decisions) if d.kind == TURN).data


def special_possible(state: CrumbsState, seat: int) -> bool:
    """Returns whether the seat's special action could be carried out now."""
    numbers = armies.side(state, seat).numbers
    if "fly" in numbers:
        return len({table.where(state, p) for p in table.on_board(state, "critter", seat)}) >= 2
    if "splash" in numbers:
        return bool(table.controlled(state, seat)) and bool(table.supply(state, "wet"))
    if "bury" in numbers:
        return bool(bury_spaces(state, seat)) and bool(table.supply(state, "stockpile"))
    return any(table.has_critters(state, s, seat) and destinations(state, "dash", s) for s in state.board.spaces)


# --- doing it -------------------------------------------------------------------------------------
@FLOW.answer(TURN)
def take_turn(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """End turn ends the turn; a movement, a spawn, the dog or the special action happen within it (the turn
    stays open beneath the choices they ask)."""
    seat = decision.seat
    if isinstance(action, EndTurn):
        return end_turn(state, seat)
    state.keep(decision)
    if isinstance(action, MoveFrom):
        return start_move(state, "move", action.space, seat)
    if isinstance(action, Spawn):
        return spawn(state, seat, action.space, free=False)
    if isinstance(action, DogDrop):
        return trail.pay(state, seat, armies.cost(state, seat, "dog_drop"), "a dog drop") + drops.drop(state, ["dog"], "dog drop")
    if isinstance(action, DogPlace):
        ask(state, DOG_PLACE, seat)
        return []
    assert isinstance(action, Special)
    return start_special(state, seat)


def start_move(state: CrumbsState, via: str, start: str, seat: int) -> list[Event]:
    """Asks how many critters go if there is a choice, else where they go."""
    if min(move_limit(state, seat, via), len(table.critters_in(state, start, seat))) > 1:
        ask(state, COUNT, seat, via=via, **{"from": start})
    else:
        ask(state, TO, seat, via=via, count=1, **{"from": start})
    return []


@FLOW.answer(COUNT)
def move_count(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Fixes how many critters go; asks where (or Cancel: the turn goes on)."""
    if isinstance(action, MoveCount):
        data = decision.data
        ask(state, TO, decision.seat, via=data["via"], count=action.count, **{"from": data["from"]})
    return []


@FLOW.answer(TO)
def move_to(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Pays, moves the critters and starts a scuffle if they entered an enemy's space."""
    if isinstance(action, Cancel):
        return []
    assert isinstance(action, MoveTo)
    seat, data = decision.seat, decision.data
    via, start, count, target = data["via"], data["from"], data["count"], action.space
    events = []
    if via == "dash":
        events += pay_special(state, seat)
    elif state.free_moves > 0:
        state.free_moves -= 1
    else:
        events += trail.pay(state, seat, armies.cost(state, seat, "move"), "a movement")
    defender = table.controller(state, target)
    movers = table.critters_in(state, start, seat)[:count]
    for critter in movers:
        table.place(state, critter, target)
    word = "critter" if count == 1 else "critters"
    events.append(Event("move", f"{{{seat}}} moves {count} {word} from {state.space_name(start)} to "
                                f"{state.space_name(target)}.", {"seat": seat, "from": start, "to": target,
                                                                 "critters": movers}))
    if defender is not None and defender != seat:
        events += drops.fight(state, target, {seat: ATTACKER, defender: DEFENDER})
    return events


def spawn(state: CrumbsState, seat: int, space: str, free: bool) -> list[Event]:
    """Places a critter from the pool (free when a card gave it)."""
    events = [] if free else trail.pay(state, seat, armies.cost(state, seat, "spawn"), "a spawn")
    critter = table.pool(state, seat)[0]
    table.place(state, critter, space)
    return events + [Event("spawn", f"{{{seat}}} spawns a critter in {state.space_name(space)}.",
                           {"seat": seat, "space": space, "critter": critter})]


@FLOW.answer(FREE_SPAWN)
def free_spawn(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """A card's free spawn, or Skip."""
    return spawn(state, decision.seat, action.space, free=True) if isinstance(action, Spawn) else []


def start_special(state: CrumbsState, seat: int) -> list[Event]:
    """Starts the seat's special action: its first choice."""
    numbers = armies.side(state, seat).numbers
    if "fly" in numbers:
        ask(state, FLY_PICK, seat, picked=[])
    elif "bury" in numbers:
        ask(state, BURY, seat)
    elif "splash" in numbers:
        ask(state, SPLASH, seat)
    else:
        ask(state, DASH_FROM, seat)
    return []


def pay_special(state: CrumbsState, seat: int) -> list[Event]:
    """Pays for the seat's special action and counts it against this turn's limit."""
    data = turn_data(state)
    data["specials"] = data.get("specials", 0) + 1
    return trail.pay(state, seat, armies.cost(state, seat, "special"), armies.side(state, seat).special)


@FLOW.answer(FLY_PICK)
def pick_pigeon(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Feathered Friends: takes one more pigeon (the choice stays open), or (Fly them) asks where they fly."""
    seat, picked = decision.seat, decision.data["picked"]
    if isinstance(action, PickCritter):
        decision.data["picked"] = picked + [next_pigeon(state, seat, action.space, picked)]
        state.keep(decision)
    elif isinstance(action, Done):
        ask(state, FLY_TO, seat, picked=picked)
    return []


@FLOW.answer(FLY_TO)
def fly(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Feathered Friends: the picked pigeons fly to the target space."""
    if isinstance(action, Cancel):
        return []
    assert isinstance(action, PickSpace)
    seat, picked = decision.seat, decision.data["picked"]
    events = pay_special(state, seat)
    for critter in picked:
        table.place(state, critter, action.space)
    flown = f"{len(picked)} {armies.army(state, seat).critter}{'s' if len(picked) != 1 else ''}"
    return events + [Event("move", f"{{{seat}}} flies {flown} to {state.space_name(action.space)}.",
                           {"seat": seat, "to": action.space, "critters": picked})]


@FLOW.answer(BURY)
def bury(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Bury: stockpile crumbs from the supply go into a space the seat controls."""
    return put_special(state, decision.seat, action, "stockpile", "bury",
                       "buries {n} stockpile {crumbs} in {space}.")


@FLOW.answer(SPLASH)
def splash(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Splash: wet crumbs from the supply go into a space the seat controls."""
    return put_special(state, decision.seat, action, "wet", "splash", "splashes {n} wet {crumbs} into {space}.")


def put_special(state: CrumbsState, seat: int, action: Action, kind: str, number: str, text: str) -> list[Event]:
    """Pays for a special action that puts special crumbs from the supply into the space picked (or Cancel)."""
    if isinstance(action, Cancel):
        return []
    assert isinstance(action, PickSpace)
    space = action.space
    events = pay_special(state, seat)
    crumbs = table.supply(state, kind)[:armies.number(state, seat, number)]
    for crumb in crumbs:
        table.place(state, crumb, space)
    line = text.format(n=len(crumbs), crumbs="crumb" if len(crumbs) == 1 else "crumbs",
                       space=state.space_name(space))
    return events + [Event(number, f"{{{seat}}} {line}", {"seat": seat, "space": space, "crumbs": crumbs})]


@FLOW.answer(DASH_FROM)
def dash_from(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Dash: picks the space the critters leave."""
    if isinstance(action, Cancel):
        return []
    assert isinstance(action, PickSpace)
    return start_move(state, "dash", action.space, decision.seat)


@FLOW.answer(DOG_CHOICE)
def dog_chosen(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """A card's dog: it sits where the drawer chose."""
    assert isinstance(action, PickSpace)
    return buzz.put_dog(state, action.space)


@FLOW.answer(DOG_PLACE)
def dog_placed(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Dog placement: pays and puts the dog where the seat chose."""
    if isinstance(action, Cancel):
        return []
    assert isinstance(action, PickSpace)
    seat = decision.seat
    return trail.pay(state, seat, armies.cost(state, seat, "dog_place"), "placing the dog") + buzz.put_dog(state, action.space)


def end_turn(state: CrumbsState, seat: int) -> list[Event]:
    """Passes to the next player, or to the feeding after the last one."""
    events = [Event("end_turn", f"{{{seat}}} ends their turn.", {"seat": seat})]
    events += armies.check_upgrades(state, end_of_turn=seat)
    if state.decisions[-1].kind == DRAW:
        state.free_moves = state.data.numbers.free_moves
    return events
