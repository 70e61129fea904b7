"""What happens when one Scrimish card attacks another: the rulebook's table as one function."""
from __future__ import annotations

from enum import Enum

from games.scrimish.cards import Card


class Outcome(Enum):
    """The result of an attack."""

    ATTACKER_WINS = "attacker wins"  # defender discarded, attacker returns to its pile
    DEFENDER_WINS = "defender wins"  # attacker discarded, defender returns to its pile
    BOTH_DISCARDED = "both discarded"
    BOTH_RETURN = "both return"  # Archer against Shield
    CROWN_TAKEN = "crown taken"  # the defender's Crown was attacked: its owner is out
    CROWN_LOST = "crown lost"  # a Crown attacked anything but a Crown: its owner is out


def resolve(attacker: Card, defender: Card) -> Outcome:
    """Returns the outcome of `attacker` attacking `defender` (Shields never attack)."""
    if attacker.kind == "shield":
        raise ValueError("a Shield cannot attack")
    if defender.kind == "crown":
        return Outcome.CROWN_TAKEN
    if attacker.kind == "crown":
        return Outcome.CROWN_LOST
    if defender.kind == "shield":
        return Outcome.BOTH_RETURN if attacker.kind == "archer" else Outcome.BOTH_DISCARDED
    if attacker.kind == "archer" or defender.kind == "archer":
        return Outcome.ATTACKER_WINS
    if attacker.value == defender.value:
        return Outcome.BOTH_DISCARDED
    return Outcome.ATTACKER_WINS if attacker.value > defender.value else Outcome.DEFENDER_WINS
