"""The decisions of Scrappers, each one small: a token, a space, a card, a button, a target.

Labels carry the names a player reads (cards, bodgers, spaces), so that `describe` needs only the
seat names. Cards are offered once per kind: two copies of one card do the same thing."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action


@dataclass(frozen=True)
class ChooseToken(Action):
    """Setup: take a bodger token to place."""

    bodger: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take {self.name}"


@dataclass(frozen=True)
class PlaceOn(Action):
    """Setup: put the token in hand on an empty bodger space."""

    space: int
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Place on {self.name}"


@dataclass(frozen=True)
class DiscardCard(Action):
    """Maintenance: discard an action card face up."""

    card: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Discard {self.name}"


@dataclass(frozen=True)
class DrawUp(Action):
    """Maintenance: stop discarding and draw back up to a full hand."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Draw up to a full hand"


@dataclass(frozen=True)
class PlayCard(Action):
    """Action phase: play an action card to activate a bodger (Keelie for a Keelie card, Guppy for a
    Guppy card)."""

    card: str
    bodger: str
    name: str
    bodger_name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Play {self.name} for {self.bodger_name}"


@dataclass(frozen=True)
class Pass(Action):
    """Action phase: flip your token to its pass side."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Pass"


@dataclass(frozen=True)
class EndTurn(Action):
    """Two players: end the turn without activating your other bodger."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "End turn"


@dataclass(frozen=True)
class Press(Action):
    """Press the next button of the card played (one of two across hazard tape)."""

    row: int
    choice: int
    button: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Press {self.button}"


@dataclass(frozen=True)
class Stop(Action):
    """Stop pressing the card's buttons."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Stop pressing"


@dataclass(frozen=True)
class Target(Action):
    """Choose the bodger a red or blue button affects."""

    bodger: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Affect {self.name}"


@dataclass(frozen=True)
class MoveTo(Action):
    """Choose where a Step, Dash, Jump or Guppy button takes the bodger."""

    space: int
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Move to {self.name}"


@dataclass(frozen=True)
class SwitchPlaces(Action):
    """Switch: the affected bodger changes places with a bodger next to it."""

    bodger: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Switch places with {self.name}"


@dataclass(frozen=True)
class SwitchParts(Action):
    """Switch: the part in front of the affected bodger changes places with the part in `slot`."""

    slot: int
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Switch parts with the {self.name}"


@dataclass(frozen=True)
class PressPart(Action):
    """After the card: press the action button of the part in front of your bodger."""

    part: str
    button: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Press the part's {self.button}"


@dataclass(frozen=True)
class FinishActivation(Action):
    """After the card: press no more part buttons."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Done"


@dataclass(frozen=True)
class Commit(Action):
    """Tussle: put an action card face down (for yourself, or for Keelie)."""

    card: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Commit {self.name}"


@dataclass(frozen=True)
class TakeBack(Action):
    """Tussle: take a card you put down back into your hand."""

    back_out = True
    card: str
    name: str

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Take back {self.name}"


@dataclass(frozen=True)
class CommitDone(Action):
    """Tussle: these are all the cards you put down."""

    def describe(self, names: Sequence[str] = ()) -> str:
        return "Done choosing tussle cards"


ACTION_KINDS = (ChooseToken, PlaceOn, DiscardCard, DrawUp, PlayCard, Pass, EndTurn, Press, Stop, Target,
                MoveTo, SwitchPlaces, SwitchParts, PressPart, FinishActivation, Commit, TakeBack, CommitDone)
