"""Scuffles: every side rolls a scuffle die and adds its critters and modifiers; highest wins.

Ties go to the attacker; among tied sides with no attacker (or several attackers) the tied sides
roll again until one is highest.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

ATTACKER, DEFENDER, NEITHER = "attacker", "defender", "neither"


@dataclass
class Side:
    """One army in a scuffle: its seat, role, critters in the space and fixed modifiers."""

    seat: int
    role: str
    critters: int
    bonus: int = 0
    rolls: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Returns the latest combat value: die + critters + modifiers."""
        return self.rolls[-1] + self.critters + self.bonus


def resolve(sides: Sequence[Side], die: Sequence[int], rng: random.Random, limit: int = 100) -> Side:
    """Rolls for every side (again among tied sides as needed) and returns the winner."""
    contenders = list(sides)
    for _ in range(limit):
        for side in contenders:
            side.rolls.append(rng.choice(die))
        best = max(side.total for side in contenders)
        top = [side for side in contenders if side.total == best]
        if len(top) == 1:
            return top[0]
        attackers = [side for side in top if side.role == ATTACKER]
        if len(attackers) == 1:
            return attackers[0]
        contenders = attackers or top
    return contenders[0]
