"""The decisions of Scrumpy, each one small: a turn's action, then one card, cube or choice at a time.

Cards are named by kind ("apple_picker"): instances of one kind are alike, so a pick takes the
topmost card of that kind from the zone. Zones: hand, draw (its top card), pool (cards being
delivered or processed), discard, or a store (apple, wood, barrel, bottle, cider).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action, seat_name


def coins(n: int) -> str:
    """Returns '1 coin' / '3 coins'."""
    return f"{n} coin" + ("" if n == 1 else "s")


def cards_text(n: int, what: str = "card") -> str:
    """Returns '1 card' / '3 cards' (or '1 used card' ... with `what`)."""
    return f"{n} {what}" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Deliver(Action):
    """Auxiliary: deliver to a vendor, putting a cube on one free reward space of one delivery.
    `name` says what is delivered to whom ("4 bottles of cider to Supermarket")."""

    vendor: int
    row: int
    space: int
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Deliver {self.name} (reward space {self.space + 1})"


@dataclass(frozen=True)
class Sell(Action):
    """Auxiliary: sell one stored resource."""

    res: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Sell {self.name}"


@dataclass(frozen=True)
class Secondary(Action):
    """Auxiliary: use a card from hand for its corner (Secondary) action."""

    card: str
    name: str
    reward: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Use {self.name} for {self.reward}"


@dataclass(frozen=True)
class OwnerAction(Action):
    """Core: move the Owner to an action of the Office and do it."""

    action: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Owner: {self.name}"


@dataclass(frozen=True)
class PlayWorker(Action):
    """Core: play a worker from hand to the leftmost empty worker space, using its Core Action or not."""

    card: str
    name: str
    use: bool

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Play {self.name}" + ("" if self.use else " without its action")


@dataclass(frozen=True)
class Recruit(Action):
    """Core: recruit the worker in a strip space into an empty worker space (paying cost minus discount)."""

    slot: int
    name: str
    price: int
    use: bool

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Recruit {self.name} for {coins(self.price)}" + ("" if self.use else " without its action")


@dataclass(frozen=True)
class RecruitLayabout(Action):
    """Core: take an Idle Layabout from the supply into an empty worker space and a coin."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Recruit an Idle Layabout (+1 coin)"


@dataclass(frozen=True)
class PassCore(Action):
    """Core: pass when no Core Action is possible."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Pass (no Core Action is possible)"


@dataclass(frozen=True)
class AchieveGoal(Action):
    """Achieve a public goal or your private goal."""

    goal: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Achieve the goal {self.name}"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn after its Core Action."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "End turn"


@dataclass(frozen=True)
class TakeFree(Action):
    """Initial recruitment: take a worker from the strip for free into your discard pile."""

    slot: int
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take {self.name} for free"


@dataclass(frozen=True)
class Pick(Action):
    """Pick one card (by kind) from a zone: hand, draw (its top), pool, discard or a store."""

    card: str
    zone: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        if self.zone == "draw":
            return "Take the top card of your draw pile"
        where = {"hand": "hand", "pool": "delivered cards"}.get(self.zone, f"{self.zone} store")
        return f"{self.name} (from {where})"


@dataclass(frozen=True)
class Choose(Action):
    """Choose one of the options a card or rule offers."""

    key: str
    text: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return self.text.format(*(seat_name(names, s) for s in range(8)))


@dataclass(frozen=True)
class MoveCube(Action):
    """Choose the cube to move: from an Office action, a hand upgrade spot, or the orchard."""

    place: str
    text: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Move the cube from {self.text}"


@dataclass(frozen=True)
class Done(Action):
    """Stop picking: claim no more, keep no more."""

    text: str = "Done"

    def describe(self, names: Sequence[str] = ()) -> str:
        return self.text


ACTION_KINDS = (Deliver, Sell, Secondary, OwnerAction, PlayWorker, Recruit, RecruitLayabout, PassCore,
                AchieveGoal, EndTurn, TakeFree, Pick, Choose, MoveCube, Done)
