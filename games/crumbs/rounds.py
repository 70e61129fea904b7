"""The rounds of Crumbs, registered on the game's flow: armies chosen, the first critters dropped (or placed),
each round laid out on the decision stack (every seat's draw and turn from Granny's Favor, then the feeding).

Reads the options, the armies and Granny's Favor; writes the armies and their critters, `favor` and the
pieces (through the setup drop or placements), and asks the decisions of setup and of each round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.core.turns import rotation
from games.crumbs import armies, buzz, drops, table
from games.crumbs.actions import ChooseArmy, DrawBuzz, DropCrumbs, PlaceStart
from games.crumbs.decisions import ARMY, DRAW, FEEDING, FLOW, START, TURN, ask
from games.crumbs.table import Piece

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

RACE_ROUND_LIMIT = 30  # a race that nobody finishes ends after this many rounds (ruling)


def deal(state: CrumbsState) -> None:
    """Asks every seat for its army, seat 0 first (at a table that deals them, each is told its own)."""
    dealt = list(state.data.armies)
    if state.options["armies"] == "random":
        state.rng.shuffle(dealt)
    for seat in reversed(range(state.players)):  # seat 0 chooses first
        ask(state, ARMY, seat, dealt=dealt[seat] if state.options["armies"] == "random" else None)


@FLOW.options(ARMY)
def army_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Setup: the army dealt to the seat, or any army nobody has taken."""
    dealt = decision.data["dealt"]
    return [ChooseArmy(dealt)] if dealt else [ChooseArmy(a) for a in state.data.armies if a not in state.armies]


@FLOW.answer(ARMY)
def choose_army(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Setup: a seat takes an army; once all have one, the game begins."""
    assert isinstance(action, ChooseArmy)
    seat = decision.seat
    take_army(state, seat, action.army)
    events = [Event("army", f"{{{seat}}} plays the {state.data.armies[action.army].name}.", {"seat": seat})]
    return events + (begin(state) if None not in state.armies else [])


def take_army(state: CrumbsState, seat: int, army_id: str) -> None:
    """Gives a seat an army and its critters (all in its pool)."""
    state.armies[seat] = army_id
    for i in range(state.data.armies[army_id].critters):
        state.pieces[f"{army_id}-{i + 1}"] = Piece("critter", seat)
    table.forget_places(state)  # what lies where lists the pieces off the board too


def begin(state: CrumbsState) -> list[Event]:
    """Rolls the feeder dice, gives Granny's Favor at random, and puts the armies on the park."""
    events = buzz.roll_feeders(state)
    state.favor = state.rng.randrange(state.players)
    events.append(Event("favor", f"{{{state.favor}}} takes Granny's Favor (drawn at random).", {"seat": state.favor}))
    if state.options["start"] == "place":
        order = turn_order(state)
        counts = {seat: armies.army(state, seat).setup_critters for seat in order}
        queue = [seat for rnd in range(max(counts.values())) for seat in order if counts[seat] > rnd]
        for seat in reversed(queue):
            ask(state, START, seat)
        return events
    dropped = [critter for seat in range(state.players)
               for critter in table.pool(state, seat)[:armies.army(state, seat).setup_critters]]
    events.append(Event("setup_drop", f"{{{state.favor}}} drops everyone's first critters.", {}))
    start_round(state)
    return events + drops.drop(state, dropped, "setup drop")


@FLOW.options(START)
def start_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Alternate setup: an empty space or one of the seat's own."""
    seat = decision.seat
    return [PlaceStart(s) for s in state.board.spaces if set(table.armies_in(state, s)) <= {seat}]


@FLOW.answer(START)
def place_start(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Alternate starting spaces: one critter on an empty space or one of the seat's own."""
    assert isinstance(action, PlaceStart)
    seat = decision.seat
    critter = table.pool(state, seat)[0]
    table.place(state, critter, action.space)
    if not state.decisions:
        start_round(state)
    return [Event("spawn", f"{{{seat}}} starts a critter in {state.space_name(action.space)}.",
                  {"seat": seat, "space": action.space, "critter": critter})]


def turn_order(state: CrumbsState) -> list[int]:
    """Returns the seats from Granny's Favor, clockwise."""
    return rotation(state.favor, state.players)


def start_round(state: CrumbsState) -> None:
    """Lays out the round: each seat draws and takes its turn from Granny's Favor, then the feeding."""
    ask(state, FEEDING, state.favor)
    for seat in reversed(turn_order(state)):
        ask(state, TURN, seat)
        ask(state, DRAW, seat)


def game_ends_now(state: CrumbsState) -> bool:
    """Returns whether the round just finished (`state.round`) was the last one."""
    if state.options["race"]:
        return state.round >= RACE_ROUND_LIMIT
    return not state.deck.cards


@FLOW.options(DRAW)
def draw_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """A turn begins with the Daily Buzz."""
    return [DrawBuzz()]


@FLOW.answer(DRAW)
def draw(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """Draws the Daily Buzz card that begins a turn."""
    return buzz.draw_buzz(state, decision.seat)


@FLOW.options(FEEDING)
def feeding_options(state: CrumbsState, decision: Decision) -> list[Action]:
    """Granny's Favor drops the crumbs."""
    return [DropCrumbs()]


@FLOW.answer(FEEDING)
def feed(state: CrumbsState, decision: Decision, action: Action) -> list[Event]:
    """The feeding that ends a round."""
    return drops.feed(state)
