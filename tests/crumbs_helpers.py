"""Building Crumbs positions for rule tests."""
from games.crumbs import GAME, rounds, table
from games.crumbs.actions import ChooseArmy, DrawBuzz
from games.crumbs.decisions import DRAW, FEEDING, ask
from games.crumbs.state import CrumbsState


class Dice:
    """A stand-in random generator whose choice() returns scripted values (for scuffle dice)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def choice(self, faces):
        value = self.values.pop(0)
        assert value in faces
        return value


def empty_park(armies=("pigeons", "ducks"), seed: int = 1, **options) -> CrumbsState:
    """Returns a game in its first turn with no critters on the board, the Daily Buzz drawn."""
    state = GAME.new_state(len(armies), {"start": "place", **options}, seed)
    for army in armies:
        state.apply(ChooseArmy(army))
    state.decisions.clear()  # no starting placements
    state.favor = 0
    rounds.start_round(state)
    state.decisions.pop()  # seat 0 has drawn its card
    state._legal = None
    return state


def put(state: CrumbsState, seat: int, space: str, count: int) -> list[str]:
    """Places `count` critters of a seat from its pool in a space; returns their ids."""
    placed = table.pool(state, seat)[:count]
    for critter in placed:
        table.place(state, critter, space)
    state._legal = None
    return placed


def put_crumb(state: CrumbsState, kind: str, space: str, in_pond: bool = False) -> str:
    """Places one crumb of a kind from the supply in a space (in or out of its pond)."""
    crumb = table.supply(state, kind)[0]
    if in_pond:
        pond = state.board.spaces[space].ponds[0]
        x = sum(p[0] for p in pond) / len(pond)
        y = sum(p[1] for p in pond) / len(pond)
        table.set_pose(state, crumb, (x, y, 0.0))
    else:
        table.place(state, crumb, space)
    state._legal = None
    return crumb


def draw(state: CrumbsState):
    """Draws the Daily Buzz for the seat to move."""
    ask(state, DRAW, state.current_player())
    state._legal = None
    return state.apply(DrawBuzz())


def skip_to_feeding(state: CrumbsState) -> None:
    """Ends every turn left this round: Granny's Favor is to drop the crumbs."""
    del state.decisions[1:]
    assert state.decisions[0].kind == FEEDING
    state._legal = None
