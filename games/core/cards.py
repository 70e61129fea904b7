"""A card catalog from YAML: validated card definitions with unique ids, and their counts
expanded into card instances with stable ids ("apple_picker#2"). One loader for every game."""
from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any, ClassVar, Generic, Iterator, Protocol, TypeVar

from games.core.data import load_list
from games.core.errors import DataError


class CardType(Protocol):
    """A card definition: a dataclass with an `id` (and maybe a `count` of copies)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    id: str


C = TypeVar("C", bound=CardType)
SEP = "#"


class Catalog(Generic[C]):
    """Card definitions by id, in data order, with `count` copies of each in a deck."""

    def __init__(self, cards: tuple[C, ...], where: str = "") -> None:
        self.where = where
        self.cards: dict[str, C] = {}
        for index, card in enumerate(cards):
            if card.id in self.cards:
                raise DataError(f"{where}: cards[{index}] (id {card.id!r}): field 'id': "
                                f"the id {card.id!r} is used twice")
            if SEP in card.id:
                raise DataError(f"{where}: cards[{index}] (id {card.id!r}): field 'id': must not contain {SEP!r}")
            self.cards[card.id] = card

    @classmethod
    def load(cls, path: Path, card_type: type[C], key: str = "cards") -> "Catalog[C]":
        """Returns the catalog of the list `key` in the YAML file at `path`, each entry a `card_type`."""
        cards = load_list(path, key, card_type)
        names = {f.name for f in fields(card_type)}
        if "id" not in names:
            raise TypeError(f"{card_type.__name__} needs an 'id' field")
        for index, card in enumerate(cards):
            if getattr(card, "count", 1) < 0:
                raise DataError(f"{path}: {key}[{index}] (id {card.id!r}): field 'count': must not be negative")
        return cls(cards, str(path))

    def __getitem__(self, card: str) -> C:
        """Returns the definition of a card id or of a card instance id."""
        found = self.cards.get(card)
        if found is None:
            found = self.cards[card.split(SEP, 1)[0]]
        return found

    def __contains__(self, card: str) -> bool:
        return card in self.cards or card.split(SEP, 1)[0] in self.cards

    def __iter__(self) -> Iterator[C]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def deck(self, copies: int = 1) -> list[str]:
        """Returns card ids with each repeated `count` (times `copies`) times, in data order."""
        return [card.id for card in self.cards.values() for _ in range(getattr(card, "count", 1) * copies)]

    def instances(self, copies: int = 1) -> list[str]:
        """Returns one stable instance id per physical card: '<id>#<n>' numbered from 1."""
        return [f"{card.id}{SEP}{n + 1}" for card in self.cards.values()
                for n in range(getattr(card, "count", 1) * copies)]


def kind_of(card: str) -> str:
    """Returns the definition id of a card instance id (or the id itself)."""
    return card.split(SEP, 1)[0]
