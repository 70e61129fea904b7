"""Every attacker against every defender, as the rulebook says."""
import pytest

from games.scrimish.cards import load_deck
from games.scrimish.combat import Outcome, resolve

CARDS = load_deck().cards
WEAPONS = ["dagger", "sword", "morning_star", "war_axe", "halberd", "longsword"]
A, D, BOTH, BACK, TAKEN, LOST = (Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS, Outcome.BOTH_DISCARDED,
                                 Outcome.BOTH_RETURN, Outcome.CROWN_TAKEN, Outcome.CROWN_LOST)

# Rows: attacker; columns: defender in the order below. Written out by hand from the rulebook.
ORDER = WEAPONS + ["archer", "shield", "crown"]
TABLE = {
    #               1     2     3     4     5     6     A     S     C
    "dagger":      [BOTH, D,    D,    D,    D,    D,    A,    BOTH, TAKEN],
    "sword":       [A,    BOTH, D,    D,    D,    D,    A,    BOTH, TAKEN],
    "morning_star": [A,   A,    BOTH, D,    D,    D,    A,    BOTH, TAKEN],
    "war_axe":     [A,    A,    A,    BOTH, D,    D,    A,    BOTH, TAKEN],
    "halberd":     [A,    A,    A,    A,    BOTH, D,    A,    BOTH, TAKEN],
    "longsword":   [A,    A,    A,    A,    A,    BOTH, A,    BOTH, TAKEN],
    "archer":      [A,    A,    A,    A,    A,    A,    A,    BACK, TAKEN],
    "crown":       [LOST, LOST, LOST, LOST, LOST, LOST, LOST, LOST, TAKEN],
}


@pytest.mark.parametrize("attacker", list(TABLE))
@pytest.mark.parametrize("defender", ORDER)
def test_outcome_table(attacker, defender):
    assert resolve(CARDS[attacker], CARDS[defender]) is TABLE[attacker][ORDER.index(defender)]


def test_the_table_covers_every_card_that_can_attack():
    assert set(TABLE) == set(CARDS) - {"shield"}


@pytest.mark.parametrize("defender", ORDER)
def test_a_shield_cannot_attack(defender):
    with pytest.raises(ValueError):
        resolve(CARDS["shield"], CARDS[defender])
