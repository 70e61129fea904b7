"""The coach ("Teach us"): what it says and when, free of pygame. Its words are data, data/<game>/coach.yaml:
a card per kind of decision (what is being decided, what glows, what each choice does, the rulebook section it
comes from) and `turn:`, the phases of one whole turn for the walkthrough at the table's first decision.

The coach speaks only to the person whose private view is on screen while they decide, and only when the table
chose "Teach us": first the walkthrough (once a game), then a card the first time each seat meets each kind of
decision. What it has said is kept in the match's aids (`taught`), so Continue does not say it again."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from games.core.data import load_one
from games.core.game import Game

FILE = "coach.yaml"
WALKTHROUGH = "@turn"  # the kind under which `taught` remembers that the walkthrough was shown (a seat's pair)


@dataclass(frozen=True)
class Card:
    """What the coach says about one kind of decision."""

    title: str
    what: str  # what is being decided
    glow: str  # what the glowing things mean
    choices: str  # what each choice does
    section: str  # the rulebook's heading it comes from, as the rules viewer names it

    def __post_init__(self) -> None:
        for name in ("title", "what", "glow", "choices", "section"):
            if not getattr(self, name).strip():
                raise ValueError(f"field {name!r}: must not be empty")

    def paragraphs(self) -> tuple[str, ...]:
        """Returns the card's text under its title: what, glow and choices."""
        return (self.what, self.glow, self.choices)


@dataclass(frozen=True)
class Turn:
    """The walkthrough: the phases of one whole turn (or round), in order."""

    title: str
    phases: tuple[str, ...]
    section: str

    def __post_init__(self) -> None:
        if not self.phases or not all(phase.strip() for phase in self.phases):
            raise ValueError("field 'phases': must list the phases, none empty")
        if not self.title.strip() or not self.section.strip():
            raise ValueError("fields 'title' and 'section' must not be empty")


@dataclass(frozen=True)
class Coach:
    """A game's coach.yaml: the walkthrough and a card per decision kind."""

    turn: Turn
    decisions: Mapping[str, Card]


def load(path: Path) -> Coach:
    """Returns the coach file at `path`; raises DataError naming the file, the entry and the field."""
    return load_one(path, Coach)


@functools.lru_cache(maxsize=8)
def for_game(game: Game) -> Coach:
    """Returns a game's coach (read once)."""
    return load(game.data_dir() / FILE)


@dataclass(frozen=True)
class Said:
    """One thing the coach shows: the walkthrough, or a kind's card, for `seat`."""

    seat: int
    kind: str  # a decision kind, or WALKTHROUGH
    title: str
    paragraphs: tuple[str, ...]
    section: str

    @property
    def key(self) -> tuple[int, str]:
        """Returns the (seat, kind) pair that "Got it" marks taught."""
        return (self.seat, self.kind)


def to_say(coach: Coach, aids, state, seats, viewer: int | None, deciding: bool) -> Said | None:
    """Returns what the coach shows now, or None: only while `deciding` (the seat at the screen may act, nothing
    animating, no hand-off), that seat is human and is `viewer`, and the table chose "Teach us". The walkthrough
    comes first, at the table's first human decision; then a card at each kind the seat has not met."""
    if aids is None or not aids.teach or not deciding or viewer is None:
        return None
    decision = state.pending_decision()
    if decision is None or decision.seat != viewer or not seats[viewer].is_human:
        return None
    if not any(kind == WALKTHROUGH for _, kind in aids.taught):
        walk = coach.turn
        return Said(viewer, WALKTHROUGH, walk.title, walk.phases, walk.section)
    card = coach.decisions.get(decision.kind)
    if card is None or (viewer, decision.kind) in aids.taught:
        return None
    return Said(viewer, decision.kind, card.title, card.paragraphs(), card.section)


def section_now(coach: Coach, state) -> str | None:
    """Returns the rulebook section of the decision being made now (for "the rule for what I am deciding"):
    the walkthrough's section when the game is over or the kind has no card."""
    decision = state.pending_decision()
    card = coach.decisions.get(decision.kind) if decision is not None else None
    return card.section if card is not None else coach.turn.section
