"""The decisions of Crumbs: what a seat may be asked, the status line for each, the phase it belongs to.

A round is laid out on the decision stack when it starts: each seat's draw and turn from Granny's
Favor clockwise, then the feeding. Choices within a turn (how many critters, where to, which
pigeons, ...) go on top of the turn and come off when answered or cancelled.
"""
from __future__ import annotations

ARMY, START, DRAW, TURN, FEEDING = "army", "start", "draw", "turn", "feeding"
COUNT, TO, DOG_CHOICE, DOG_PLACE, FREE_SPAWN = "count", "to", "dog_choice", "dog_place", "free_spawn"
FLY_PICK, FLY_TO, BURY, SPLASH, DASH_FROM = "fly_pick", "fly_to", "bury", "splash", "dash_from"

PROMPTS = {  # {who} is the deciding seat; TURN's line is built by the state (it shows crumbs and free moves)
    ARMY: "{who}: choose your army.",
    START: "{who}: place a critter on an empty space or one of yours.",
    DRAW: "{who}: draw the Daily Buzz card.",
    TURN: "",
    FEEDING: "{who} has Granny's Favor: drop the crumbs!",
    COUNT: "{who}: how many critters go?",
    TO: "{who}: click the space they go to.",
    DOG_CHOICE: "{who}: click the space the dog goes to.",
    DOG_PLACE: "{who}: click the space the dog goes to.",
    FREE_SPAWN: "{who}: spawn a free critter, or skip.",
    FLY_PICK: "{who}: click spaces to pick pigeons, then Fly them.",
    FLY_TO: "{who}: click where they fly to.",
    BURY: "{who}: click a space you control to bury crumbs.",
    SPLASH: "{who}: click a space you control to splash wet crumbs into.",
    DASH_FROM: "{who}: click where the dash starts.",
}
DEALT = "{who}: the armies are dealt at random: take the {army}."  # ARMY's line at a table that deals them
PHASES = {ARMY: "armies", START: "start", FEEDING: "feeding"}  # every other kind belongs to a turn
IN_TURN = frozenset(PROMPTS) - {ARMY, START, DRAW, TURN, FEEDING}  # choices made on top of a turn


def prompt(kind: str, seat: int, army: str | None = None) -> str:
    """Returns the status line of a decision of `kind` for `seat` (the seat's name as {seat}); `army`: the name of
    the army dealt to the seat, at a table that deals them."""
    line = DEALT.replace("{army}", army) if kind == ARMY and army else PROMPTS[kind]
    return line.replace("{who}", f"{{{seat}}}")
