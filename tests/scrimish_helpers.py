"""Building Scrimish positions for rule tests."""
from games.core.decisions import Decision
from games.scrimish import GAME
from games.scrimish.actions import Attack, ChoosePile, FinishSetup
from games.scrimish.flow import PILE
from games.scrimish.state import ScrimishState


def playing(players: int = 2, piles: dict | None = None, first: int = 0, seed: int = 1, **options) -> ScrimishState:
    """Returns a game past setup; `piles` maps seats to five piles listed top card first."""
    state = GAME.new_state(players, options, seed)
    for seat, seat_piles in (piles or {}).items():
        state.piles[seat] = [list(reversed(pile)) for pile in seat_piles]
    for _ in range(players):
        state.apply(FinishSetup())
    state.rotation.start_with(first)
    state.decisions = [Decision(PILE, first)]
    state._legal = None
    return state


def attack(state: ScrimishState, pile: int, target_seat: int, target_pile: int):
    """Chooses a pile and attacks with it; returns the attack's events."""
    state.apply(ChoosePile(pile))
    return state.apply(Attack(pile, target_seat, target_pile))


def tops(state: ScrimishState, seat: int) -> list:
    """Returns the top card of each of a seat's piles (None for empty piles)."""
    return [pile[-1] if pile else None for pile in state.piles[seat]]


FULL = [  # a legal setup, top card first
    ["dagger", "sword", "morning_star", "war_axe", "crown"],
    ["sword", "dagger", "halberd", "longsword", "shield"],
    ["archer", "sword", "dagger", "war_axe", "morning_star"],
    ["shield", "dagger", "sword", "halberd", "war_axe"],
    ["longsword", "dagger", "sword", "archer", "morning_star"],
]
