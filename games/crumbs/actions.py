"""The decisions of Crumbs, one small step each: a space, a number, a card, a button."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action


def _space(space: str) -> str:
    """Returns a space id as words."""
    return space.replace("_", " ").title()


@dataclass(frozen=True)
class ChooseArmy(Action):
    """Setup: take an army."""

    army: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Play the {self.army.title()}"


@dataclass(frozen=True)
class PlaceStart(Action):
    """Setup (alternate starting spaces): place one critter."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Start a critter in {_space(self.space)}"


@dataclass(frozen=True)
class DrawBuzz(Action):
    """Turn: draw and resolve the Daily Buzz card."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Draw the Daily Buzz"


@dataclass(frozen=True)
class MoveFrom(Action):
    """Movement: pick the space to move critters from."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Move critters from {_space(self.space)}"


@dataclass(frozen=True)
class MoveCount(Action):
    """Movement: how many critters go (up to 3)."""

    count: int

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Move {self.count} critter{'s' if self.count > 1 else ''}"


@dataclass(frozen=True)
class MoveTo(Action):
    """Movement: the adjacent space they go to."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Move to {_space(self.space)}"


@dataclass(frozen=True)
class Spawn(Action):
    """Spawn a critter from your pool onto a space with your critters, or the fountain."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Spawn a critter in {_space(self.space)}"


@dataclass(frozen=True)
class DogDrop(Action):
    """Drop the dog over the centre of the board."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Drop the dog"


@dataclass(frozen=True)
class DogPlace(Action):
    """Pay to put the dog on a space of your choice (the space is picked next)."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Place the dog"


@dataclass(frozen=True)
class Special(Action):
    """Start your army's special action."""

    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return self.name


@dataclass(frozen=True)
class PickCritter(Action):
    """Special action: take one of your critters from a space."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take a critter from {_space(self.space)}"


@dataclass(frozen=True)
class PickSpace(Action):
    """Special action or card: the space it goes to."""

    space: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Choose {_space(self.space)}"


@dataclass(frozen=True)
class Done(Action):
    """Finish picking (special action) or skip an optional card effect."""

    label_text: str = "Done"

    def describe(self, names: Sequence[str] = ()) -> str:
        return self.label_text


@dataclass(frozen=True)
class EndTurn(Action):
    """Pass: the next player takes their turn."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "End turn"


@dataclass(frozen=True)
class DropCrumbs(Action):
    """Feeding: Granny's Favor drops all the crumbs."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Drop the crumbs"


@dataclass(frozen=True)
class Cancel(Action):
    """Put back what was picked and choose again."""

    back_out = True

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Cancel"


ACTION_KINDS = (ChooseArmy, PlaceStart, DrawBuzz, MoveFrom, MoveCount, MoveTo, Spawn, DogDrop, DogPlace, Special,
                PickCritter, PickSpace, Done, EndTurn, DropCrumbs, Cancel)
