"""The decisions of Stumped, each one small: one card, one hole, one market slot at a time.

Cards are named by their id ("sun", "flash_flood"): copies of a card are alike. A market slot is
numbered from 0, row by row; `slot` -1 means a supply or energy pile.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action, seat_name
from games.stumped.cards import load_rules

PILE = -1  # the `slot` of a card bought from a supply or energy pile


def _name(card: str) -> str:
    """Returns the printed name of a card id."""
    return load_rules().name(card)


@dataclass(frozen=True)
class LeaveOut(Action):
    """Setup (optional rule): take both copies of an action card out of the game."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Leave out the {_name(self.card)} pair"


@dataclass(frozen=True)
class StartGame(Action):
    """Setup: the action cards are chosen; shuffle them and lay out the market."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Start the game"


@dataclass(frozen=True)
class Grow(Action):
    """Growth: grow a segment in a free hole of the tree (`parent` "base" for the trunk)."""

    segment: str
    parent: str
    hole: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Grow {self.what()}"

    def what(self) -> str:
        """Returns what grows where: "the trunk", "a leaf in the side 2 hole of branch 1"."""
        if self.segment == "trunk":
            return "the trunk"
        parent = "the trunk" if self.parent == "trunk" else self.parent
        place = f"on the end of {parent}" if self.hole == "end" else f"in the {self.hole} hole of {parent}"
        return f"a {self.segment} {place}"


@dataclass(frozen=True)
class PlayAction(Action):
    """Action phase: play an action card from your hand and do what it says."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Play {_name(self.card)}"


@dataclass(frozen=True)
class Plant(Action):
    """Action phase: plant a basic resource card from your hand in your roots."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Plant a {_name(self.card)} in your roots"


@dataclass(frozen=True)
class PlayEnergy(Action):
    """Action phase: play an energy card, or a basic resource card as 1 energy."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Play {_name(self.card)} as energy"


@dataclass(frozen=True)
class EndActions(Action):
    """Action phase: done playing cards; go to the market."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Go to the market"


@dataclass(frozen=True)
class Mulch(Action):
    """Card effect: mulch (remove from the game) a card from your hand."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Mulch a {_name(self.card)} from your hand"


@dataclass(frozen=True)
class Recycle(Action):
    """Card effect: put a basic resource card from your discard pile into your roots."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Put a {_name(self.card)} from your discard pile into your roots"


@dataclass(frozen=True)
class Gain(Action):
    """Card effect: choose which basic resource to take from the supply."""

    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take a {_name(self.card)}"


@dataclass(frozen=True)
class TakeMarket(Action):
    """Card effect: take a market card for free."""

    slot: int
    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take {_name(self.card)} from the market"


@dataclass(frozen=True)
class ClearMarket(Action):
    """Card effect: discard a market card (it is replaced at once)."""

    slot: int
    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Discard {_name(self.card)} from the market"


@dataclass(frozen=True)
class StealRoot(Action):
    """Card effect: move a card from another player's roots into yours."""

    seat: int
    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take a {_name(self.card)} from {seat_name(names, self.seat)}'s roots"


@dataclass(frozen=True)
class WiltRoot(Action):
    """Card effect: put a card from another player's roots onto their discard pile."""

    seat: int
    card: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Wilt a {_name(self.card)} in {seat_name(names, self.seat)}'s roots"


@dataclass(frozen=True)
class Skip(Action):
    """Card effect: do no more of an 'up to' effect."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Done"


@dataclass(frozen=True)
class Buy(Action):
    """Market phase: buy a card from a market slot or (slot -1) from a supply or energy pile."""

    card: str
    slot: int
    cost: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Buy {_name(self.card)} ({self.cost} energy)"


@dataclass(frozen=True)
class EndTurn(Action):
    """Market phase: buy nothing more; discard and draw a new hand."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "End your turn"


ACTION_KINDS = (LeaveOut, StartGame, Grow, PlayAction, Plant, PlayEnergy, EndActions, Mulch, Recycle, Gain,
                TakeMarket, ClearMarket, StealRoot, WiltRoot, Skip, Buy, EndTurn)
