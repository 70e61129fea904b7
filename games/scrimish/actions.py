"""The decisions of Scrimish, each one small: pick a card or pile, then what to do with it.

Positions in setup are (pile, depth) with depth 0 the top card; piles are numbered from 0 in
data and from 1 on screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action, seat_name


@dataclass(frozen=True)
class SelectCard(Action):
    """Setup: pick up a card to swap."""

    pile: int
    depth: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Pick up card {self.depth + 1} of pile {self.pile + 1}"


@dataclass(frozen=True)
class SwapCard(Action):
    """Setup: swap the picked-up card with the card at this position."""

    pile: int
    depth: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Swap with card {self.depth + 1} of pile {self.pile + 1}"


@dataclass(frozen=True)
class UsePreset(Action):
    """Setup: arrange all piles as a named preset."""

    preset: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Setup: {self.name}"


@dataclass(frozen=True)
class Shuffle(Action):
    """Setup: shuffle the piles at random (the Crown stays at the bottom of a pile)."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Shuffle"


@dataclass(frozen=True)
class FinishSetup(Action):
    """Setup: the piles are ready."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Done setting up"


@dataclass(frozen=True)
class ChoosePile(Action):
    """Turn: take the top card of one of your piles to attack or discard with."""

    pile: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Use pile {self.pile + 1}"


@dataclass(frozen=True)
class Attack(Action):
    """Turn: attack the top card of an opponent's pile with the top card of your pile."""

    pile: int
    target_seat: int
    target_pile: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Attack {seat_name(names, self.target_seat)}'s pile {self.target_pile + 1}"


@dataclass(frozen=True)
class Discard(Action):
    """Turn: instead of attacking, discard the top card of your pile face down."""

    pile: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Discard the top card of pile {self.pile + 1}"


@dataclass(frozen=True)
class Cancel(Action):
    """Put back what was picked up and choose again."""

    back_out = True  # a search never needs it: every choice it undoes can be made directly

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Cancel"


ACTION_KINDS = (SelectCard, SwapCard, UsePreset, Shuffle, FinishSetup, ChoosePile, Attack, Discard, Cancel)
