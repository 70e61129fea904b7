"""Where cards lie: piles, hands, market rows and counted supplies. A zone knows who may see
what, so a game's `_hide` is mostly `zone.hide(seat)`, and `fill_unknowns` puts cards back into
hidden places when a view is determinized. Cards are ids (str); an unknown card is None."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from games.core.record import Record

UP, DOWN, OWNER, TOP = "up", "down", "owner", "top"  # who sees a pile: all, nobody, its owner, its top card


@dataclass(eq=False)
class Pile(Record):
    """An ordered stack of cards, the top card last. `face` says who may see its cards."""

    cards: list[str | None] = field(default_factory=list)
    face: str = DOWN
    owner: int | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    @property
    def top(self) -> str | None:
        """Returns the top card (None if the pile is empty or the card unknown)."""
        return self.cards[-1] if self.cards else None

    def visible_to(self, seat: int | None) -> bool:
        """Returns whether `seat` (None: a spectator) may see every card of this pile."""
        return self.face == UP or (self.face == OWNER and seat is not None and seat == self.owner)

    def hide(self, seat: int | None) -> None:
        """Replaces the cards `seat` may not see with None (in place)."""
        if self.visible_to(seat):
            return
        hidden: list[str | None] = [None] * len(self.cards)
        self.cards = hidden[:-1] + self.cards[-1:] if self.face == TOP else hidden

    def draw(self, count: int = 1, refill: "Pile | None" = None,
             rng: random.Random | None = None) -> list[str | None]:
        """Takes up to `count` cards from the top (None: one the view may not see); when empty, shuffles
        `refill` in first (if given, with `rng`)."""
        drawn = []
        for _ in range(count):
            if not self.cards and refill is not None and refill.cards:
                if rng is None:
                    raise ValueError("a pile refilled from another is shuffled: draw(refill=..., rng=...)")
                self.cards, refill.cards = refill.cards, []
                rng.shuffle(self.cards)
            if not self.cards:
                break
            drawn.append(self.cards.pop())
        return drawn

    def put(self, cards: Iterable[str]) -> None:
        """Puts cards on top, in order (the last one ends on top)."""
        self.cards.extend(cards)

    def remove(self, card: str) -> str | None:
        """Takes a given card out of the pile (the topmost copy); raises ValueError if absent."""
        index = len(self.cards) - 1 - self.cards[::-1].index(card)
        return self.cards.pop(index)

    def shuffle(self, rng: random.Random) -> None:
        """Shuffles the pile with the state's generator."""
        rng.shuffle(self.cards)


def hand(owner: int) -> Pile:
    """Returns an empty hand: a pile only its owner sees."""
    return Pile([], OWNER, owner)


@dataclass(eq=False)
class Row(Record):
    """Face-up slots in a line, such as a market (None: an empty slot). Everyone sees them."""

    slots: list[str | None] = field(default_factory=list)

    def take(self, index: int) -> str:
        """Takes the card in a slot, leaving it empty."""
        card = self.slots[index]
        if card is None:
            raise ValueError(f"slot {index} is empty")
        self.slots[index] = None
        return card

    def refill(self, deck: Pile, refill: Pile | None = None, rng: random.Random | None = None) -> list[int]:
        """Fills every empty slot from the top of `deck`; returns the slots filled."""
        filled = []
        for index, card in enumerate(self.slots):
            if card is None:
                drawn = deck.draw(1, refill, rng)
                if not drawn:
                    break
                self.slots[index] = drawn[0]
                filled.append(index)
        return filled

    def slide(self, toward_end: bool = True) -> None:
        """Closes the gaps: cards move toward the end (or the start) keeping their order."""
        cards = [card for card in self.slots if card is not None]
        gaps = [None] * (len(self.slots) - len(cards))
        self.slots = gaps + cards if toward_end else cards + gaps

    def cards(self) -> list[str]:
        """Returns the cards in the row, in slot order."""
        return [card for card in self.slots if card is not None]


@dataclass(eq=False)
class Supply(Record):
    """Counted, identical pieces (segments, cubes, coins) with a limit per kind. Public."""

    counts: dict[str, int] = field(default_factory=dict)

    def take(self, kind: str, amount: int = 1) -> int:
        """Takes up to `amount` of a kind; returns how many were taken."""
        taken = min(amount, self.counts.get(kind, 0))
        self.counts[kind] = self.counts.get(kind, 0) - taken
        return taken

    def give(self, kind: str, amount: int = 1) -> None:
        """Puts pieces of a kind back."""
        self.counts[kind] = self.counts.get(kind, 0) + amount

    def left(self, kind: str) -> int:
        """Returns how many of a kind are left."""
        return self.counts.get(kind, 0)


def known_cards(zones: Iterable[Pile | Row | Sequence[str | None]]) -> list[str]:
    """Returns every known card in the zones."""
    found = []
    for zone in zones:
        cards = zone.slots if isinstance(zone, Row) else zone.cards if isinstance(zone, Pile) else zone
        found += [card for card in cards if card is not None]
    return found


def unknown_places(zones: Sequence[Pile | list]) -> list[tuple[list, int]]:
    """Returns (card list, index) for every unknown card of the zones, in order."""
    places = []
    for zone in zones:
        cards = zone.cards if isinstance(zone, Pile) else zone
        places += [(cards, i) for i, card in enumerate(cards) if card is None]
    return places


def fill_unknowns(zones: Sequence[Pile | list], pool: list[str], rng: random.Random) -> None:
    """Deals the cards of `pool`, shuffled, into the unknown places of `zones`; raises ValueError
    unless there are exactly as many cards as places."""
    places = unknown_places(zones)
    if len(places) != len(pool):
        raise ValueError(f"{len(pool)} cards for {len(places)} unknown places")
    cards = list(pool)
    rng.shuffle(cards)
    for (target, index), card in zip(places, cards):
        target[index] = card


def minus(universe: Iterable[str], seen: Iterable[str]) -> list[str]:
    """Returns `universe` without one copy of each card in `seen` (a multiset difference, in order);
    raises ValueError if `seen` holds a card the universe does not."""
    left: dict[str, int] = {}
    order: list[str] = []
    for card in universe:
        left[card] = left.get(card, 0) + 1
        order.append(card)
    for card in seen:
        if left.get(card, 0) <= 0:
            raise ValueError(f"card {card!r} is seen more often than it exists")
        left[card] -= 1
    out = []
    for card in order:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out
