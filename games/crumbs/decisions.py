"""The decisions of Crumbs: what a seat may be asked, the status line for each, the phase it belongs to, and
the game's flow (games.core.flow), on which the rules register each kind's options and answer.

A round is laid out on the decision stack when it starts: each seat's draw and turn from Granny's
Favor clockwise, then the feeding. Choices within a turn (how many critters, where to, which
pigeons, ...) go on top of the turn and come off when answered or cancelled. The answers schedule
everything themselves: the flow runs no steps.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.decisions import Decision
from games.core.flow import Flow

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

FLOW = Flow("crumbs")

ARMY, START, DRAW, TURN, FEEDING = "army", "start", "draw", "turn", "feeding"
COUNT, TO, DOG_CHOICE, DOG_PLACE, FREE_SPAWN = "count", "to", "dog_choice", "dog_place", "free_spawn"
FLY_PICK, FLY_TO, BURY, SPLASH, DASH_FROM = "fly_pick", "fly_to", "bury", "splash", "dash_from"

PROMPTS = {  # {seat} is the deciding seat; TURN's line is built by the state (it shows crumbs and free moves)
    ARMY: "{seat}: choose your army.",
    START: "{seat}: place a critter on an empty space or one of yours.",
    DRAW: "{seat}: draw the Daily Buzz card.",
    TURN: "",
    FEEDING: "{seat} has Granny's Favor: drop the crumbs!",
    COUNT: "{seat}: how many critters go?",
    TO: "{seat}: click the space they go to.",
    DOG_CHOICE: "{seat}: click the space the dog goes to.",
    DOG_PLACE: "{seat}: click the space the dog goes to.",
    FREE_SPAWN: "{seat}: spawn a free critter, or skip.",
    FLY_PICK: "{seat}: click spaces to pick pigeons, then Fly them.",
    FLY_TO: "{seat}: click where they fly to.",
    BURY: "{seat}: click a space you control to bury crumbs.",
    SPLASH: "{seat}: click a space you control to splash wet crumbs into.",
    DASH_FROM: "{seat}: click where the dash starts.",
}
DEALT = "{seat}: the armies are dealt at random: take the {army}."  # ARMY's line at a table that deals them
PHASES = {ARMY: "armies", START: "start", FEEDING: "feeding"}  # every other kind belongs to a turn
IN_TURN = frozenset(PROMPTS) - {ARMY, START, DRAW, TURN, FEEDING}  # choices made on top of a turn


def prompt(kind: str, army: str | None = None) -> str:
    """Returns the status line of a decision of `kind` (the deciding seat's name as {seat}); `army`: the name of
    the army dealt to the seat, at a table that deals them."""
    return DEALT.replace("{army}", army) if kind == ARMY and army else PROMPTS[kind]


def ask(state: CrumbsState, kind: str, seat: int, **data: Any) -> Decision:
    """Puts a decision of `kind` for `seat` on top of the stack, with its status line."""
    dealt = data.get("dealt")
    return state.ask(kind, seat, prompt(kind, state.data.armies[dealt].name if dealt else None), **data)
