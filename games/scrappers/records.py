"""The small records of a Scrappers position: tokens on the floor, the activation being resolved,
what a turn has used up, and a tussle being committed to."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.record import Record
from games.core.zones import Pile

SETUP, MAINTENANCE, ACTION, PULLING, OVER = "setup", "maintenance", "action", "pulling", "over"  # phases
KEELIE, GUPPY = "keelie", "guppy"  # the tokens nobody owns


@dataclass(eq=False)
class Bodger(Record):
    """A token on the floor: a player's bodger, Keelie (no owner) or Guppy (no owner)."""

    id: str
    owner: int | None
    space: int


@dataclass(eq=False)
class Activation(Record):
    """A card being played: whose, which bodger is "your bodger", and the button being pressed."""

    seat: int
    card: str | None  # the card played, until it is discarded
    bodger: str  # the activated bodger ("guppy" for a Guppy card)
    row: int = 0  # the card's row being pressed
    choice: int = 0  # which button of a hazard-tape pair
    part: str | None = None  # after the card: the part whose button is being pressed
    target: str | None = None  # the bodger the button being pressed affects


@dataclass(eq=False)
class TurnLog(Record):
    """What a seat's turn has used: bodgers activated, Keelie cards, part buttons pressed."""

    seat: int
    activated: list[str] = field(default_factory=list)
    keelie_cards: int = 0
    pressed: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Tussle(Record):
    """Bodgers at one part committing cards in secret, one seat after another."""

    slot: int
    bodgers: list[str]
    seats: list[int]  # the players tussling, from the foreman clockwise
    keelie: bool  # Keelie is in it: the other players commit cards for her
    committers: list[int]  # who commits, in order
    for_keelie: list[bool]  # per committer: cards for Keelie rather than for themselves
    commits: list[Pile]  # per committer, seen only by that committer until the reveal
    index: int = 0  # the committer choosing now
