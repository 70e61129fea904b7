"""One player's cidery: Storehouse (worker spaces, Office cubes, hand cubes, the five stores),
orchard, hand, draw pile, discard pile, tokens and what it has achieved."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.cards import kind_of
from games.core.record import Record
from games.core.zones import DOWN, OWNER, Pile
from games.scrumpy.data import RESOURCES

ZONES = ("hand", "draw", "discard", "pool")  # the piles of a cidery besides its stores


@dataclass(eq=False)
class Cidery(Record):
    """A player's cidery. Hand, discard pile, stores and the cards in transit (pool) are seen by
    their owner only; the draw pile by nobody; everything else is public."""

    seat: int
    hand: Pile
    draw: Pile
    discard: Pile
    pool: Pile  # cards being delivered or processed, until they are stored or discarded
    stores: dict[str, Pile]
    spaces: list[list[str]]  # worker spaces, left to right; a recruit lies on top of its recruiter
    office: list[str]  # Owner Actions whose cube is still on them (not upgraded)
    hand_cubes: list[str]  # "size" and/or "keep" while not upgraded
    orchard_cubes: int
    trees: int
    meeple: str  # the Owner Action used this round, "" at the desk
    coins: int
    tokens: int  # prestige tokens
    goals: list[str] = field(default_factory=list)  # goals achieved (a cube on each)
    private_goal: str | None = None
    private_shown: bool = False
    cores: int = 0  # Core Actions taken this round
    owned: list[str] = field(default_factory=list)  # every worker card this cidery owns (public)

    @classmethod
    def new(cls, seat: int, spaces: int, office: list[str], orchard_cubes: int, trees: int) -> "Cidery":
        """Returns an empty cidery for `seat` (cards are dealt by the setup)."""
        return cls(seat, Pile([], OWNER, seat), Pile([], DOWN, seat), Pile([], OWNER, seat), Pile([], OWNER, seat),
                   {res: Pile([], OWNER, seat) for res in RESOURCES}, [[] for _ in range(spaces)], list(office),
                   ["size", "keep"], orchard_cubes, trees, "", 0, 0)

    def zone(self, name: str) -> Pile:
        """Returns a pile by name: hand, draw, discard, pool or a resource's store."""
        return self.stores[name] if name in self.stores else getattr(self, name)

    def piles(self) -> list[Pile]:
        """Returns every pile of the cidery (hand, draw, discard, pool, stores)."""
        return [self.hand, self.draw, self.discard, self.pool] + [self.stores[r] for r in RESOURCES]

    def cards(self) -> list[str | None]:
        """Returns every card the cidery holds, worker spaces included."""
        return [c for pile in self.piles() for c in pile.cards] + [c for space in self.spaces for c in space]

    def count(self, res: str) -> int:
        """Returns how many cards a store holds."""
        return len(self.stores[res].cards)

    def kinds(self, zone: str) -> list[str]:
        """Returns the distinct card kinds in a zone, in order of first appearance from the top."""
        seen: list[str] = []
        for card in reversed(self.zone(zone).cards):
            kind = kind_of(card)
            if kind not in seen:
                seen.append(kind)
        return seen

    def take(self, zone: str, kind: str) -> str:
        """Removes and returns the topmost card of `kind` from a zone."""
        pile = self.zone(zone).cards
        for index in range(len(pile) - 1, -1, -1):
            if kind_of(pile[index]) == kind:
                return pile.pop(index)
        raise ValueError(f"no {kind} in {zone}")

    def cubes(self) -> int:
        """Returns the cubes left in the Storehouse and Orchard."""
        return len(self.office) + len(self.hand_cubes) + self.orchard_cubes

    def free_space(self) -> int | None:
        """Returns the leftmost empty worker space, or None."""
        return next((i for i, space in enumerate(self.spaces) if not space), None)

    def last_played(self) -> int | None:
        """Returns the worker space filled most recently (spaces fill left to right), or None."""
        filled = [i for i, space in enumerate(self.spaces) if space]
        return filled[-1] if filled else None

    def orchard_room(self, spaces: int) -> int:
        """Returns the orchard spaces free for a tree (neither a tree nor a cube on them)."""
        return spaces - self.trees - self.orchard_cubes
