"""The conveyor with its hopper and bin: the parts' side of the board.

Slot 0 is the conveyor space next to the hopper, the last slot the one next to the bin. The hopper
is a face-down pile whose top `known` cards everyone saw (REVERSE puts parts back on it); the bin
is face up. When a part must be drawn from an empty hopper, the bin is shuffled to make a new one.
Every method returns plain data for the event that tells the table what moved; `turned_up` counts the
face-down parts it showed (such an event reveals: no undo goes back over it). Only these methods change the
hopper and the bin, each first making them its own (`_own`): the bots' fast copy of a position shares them.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.core.record import Record
from games.core.zones import Pile


@dataclass(eq=False)
class Belt(Record):
    """The conveyor slots, the hopper and the bin."""

    slots: list[str | None]
    hopper: Pile
    known: int  # how many cards on top of the hopper are public
    bin: Pile

    def parts(self) -> list[str | None]:
        """Returns every part in the hopper, on the conveyor and in the bin."""
        return self.hopper.cards + [p for p in self.slots if p is not None] + self.bin.cards

    def empty(self) -> bool:
        """Returns whether no part is left in the hopper, on the conveyor or in the bin."""
        return not self.hopper.cards and not self.bin.cards and all(p is None for p in self.slots)

    def _own(self) -> None:
        """Makes the hopper and the bin this belt's own before they change, where a fast copy of the position
        (games/scrappers/copying.py) left them shared with other positions."""
        if self.__dict__.get("shared"):
            self.hopper, self.bin, self.shared = _pile(self.hopper), _pile(self.bin), False

    def draw(self, rng: random.Random, moved: dict[str, Any]) -> str | None:
        """Takes the top part of the hopper (shuffling the bin into it first if it is empty)."""
        self._own()
        if not self.hopper.cards and self.bin.cards:
            self.hopper.cards, self.bin.cards = self.bin.cards, []
            rng.shuffle(self.hopper.cards)
            self.known = 0
            moved["reshuffled"] = moved.get("reshuffled", 0) + len(self.hopper.cards)
        if not self.hopper.cards:
            return None
        if not self.known:
            moved["turned_up"] = moved.get("turned_up", 0) + 1  # a face-down part: its event reveals
        self.known = max(0, self.known - 1)
        return self.hopper.cards.pop()

    def bin_part(self, slot: int, moved: dict[str, Any]) -> None:
        """Puts the part in `slot` (if any) face up on the bin."""
        part = self.slots[slot]
        if part is not None:
            self._own()
            self.slots[slot] = None
            self.bin.cards.append(part)
            moved.setdefault("binned", []).append([slot, part])

    def slide_to_bin(self, moved: dict[str, Any]) -> None:
        """Moves every part as far as possible toward the bin, keeping their order."""
        parts = [(i, p) for i, p in enumerate(self.slots) if p is not None]
        start = len(self.slots) - len(parts)
        self.slots = [None] * start + [p for _, p in parts]
        moves = [[i, start + n] for n, (i, _) in enumerate(parts) if i != start + n]
        if moves:
            moved.setdefault("moves", []).extend(moves)

    def fill(self, rng: random.Random, moved: dict[str, Any]) -> None:
        """Maintenance: fills every empty slot from the hopper, the one closest to the bin first."""
        for slot in reversed(range(len(self.slots))):
            if self.slots[slot] is None:
                self._place(slot, rng, moved)

    def _place(self, slot: int, rng: random.Random, moved: dict[str, Any]) -> None:
        """Puts the top part of the hopper face up in an empty slot, if there is one to draw."""
        part = self.draw(rng, moved)
        if part is not None:
            self.slots[slot] = part
            moved.setdefault("drawn", []).append([slot, part])

    # --- the FORWARD and REVERSE buttons, and Guppy ------------------------------------------
    def can_forward(self) -> bool:
        """Returns whether FORWARD would change anything."""
        return any(p is not None for p in self.slots) or bool(self.hopper.cards or self.bin.cards)

    def forward(self, rng: random.Random) -> dict[str, Any]:
        """FORWARD: bins the part next to the bin, moves every part one space toward the bin and
        puts a part from the hopper next to the hopper."""
        moved: dict[str, Any] = {}
        self.bin_part(len(self.slots) - 1, moved)
        moved["moves"] = [[i, i + 1] for i, p in enumerate(self.slots) if p is not None]
        self.slots = [None] + self.slots[:-1]
        self._place(0, rng, moved)
        return moved

    def can_reverse(self) -> bool:
        """Returns whether REVERSE would change anything."""
        return any(p is not None for p in self.slots) or bool(self.bin.cards)

    def reverse(self) -> dict[str, Any]:
        """REVERSE: puts the part next to the hopper back on the hopper, moves every part one space
        toward the hopper and puts the top part of the bin next to the bin."""
        moved: dict[str, Any] = {}
        self._own()
        if self.slots[0] is not None:
            moved["to_hopper"] = self.slots[0]
            self.hopper.cards.append(self.slots[0])
            self.known += 1
        moved["moves"] = [[i, i - 1] for i, p in enumerate(self.slots) if p is not None and i > 0]
        self.slots = self.slots[1:] + [None]
        if self.bin.cards:
            moved["from_bin"] = self.bin.cards[-1]
            self.slots[-1] = self.bin.cards.pop()
        return moved

    def guppy(self, slot: int, rng: random.Random) -> dict[str, Any]:
        """Guppy's visit: bins the part in `slot`, slides the parts toward the bin and puts a part
        from the hopper next to the hopper if that space is empty."""
        moved: dict[str, Any] = {}
        self.bin_part(slot, moved)
        self.slide_to_bin(moved)
        if self.slots[0] is None:
            self._place(0, rng, moved)
        return moved

    def maintain(self, rng: random.Random) -> dict[str, Any]:
        """Maintenance: bins the part next to the bin, slides the rest toward it, refills."""
        moved: dict[str, Any] = {}
        self.bin_part(len(self.slots) - 1, moved)
        self.slide_to_bin(moved)
        self.fill(rng, moved)
        return moved

    def hidden_view(self) -> None:
        """Hides the hopper's cards below the known ones (in place)."""
        self._own()
        unknown = len(self.hopper.cards) - self.known
        self.hopper.cards = [None] * unknown + self.hopper.cards[unknown:]


def _pile(pile: Pile) -> Pile:
    """Returns a copy of a pile of parts (its fields are scalars but the list of cards)."""
    return Pile(pile.cards[:], pile.face, pile.owner)
