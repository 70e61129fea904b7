"""Scrimish card data: the deck and the named setups, loaded and checked from data/scrimish/."""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from games.core.cards import Catalog
from games.core.data import load_list, read_yaml
from games.core.errors import DataError
from games.core.game import DATA_ROOT

DATA = DATA_ROOT / "scrimish"
MOST = 20  # cards of a kind, cards in a pile, a card's value (rulings.md)
MOST_PILES = 8  # piles a player lays out


@dataclass(frozen=True)
class Card:
    """One kind of Scrimish card and how many a deck holds."""

    id: str
    name: str
    symbol: str
    kind: Literal["weapon", "archer", "shield", "crown"]
    value: int
    count: int
    art: str

    def __post_init__(self) -> None:
        for name in ("name", "symbol"):
            if not getattr(self, name).strip():
                raise ValueError(f"field '{name}': must not be empty (the game's log and the cards show it)")
        if self.count < 1:
            raise ValueError(f"field 'count': must be at least 1, got {self.count}")
        if self.count > MOST or not 0 <= self.value <= MOST:
            raise ValueError(f"fields 'count' and 'value': at most {MOST} cards of a kind, a value from 0 to {MOST}; "
                             f"got {self.count} and {self.value}")
        if self.kind == "weapon" and self.value < 1:
            raise ValueError(f"field 'value': a weapon needs a value of 1 or more, got {self.value}")


@dataclass(frozen=True)
class Preset:
    """A named arrangement of one deck into piles, each listed from its top card down."""

    id: str
    name: str
    piles: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, eq=False)
class Deck:
    """The card kinds, the pile layout and the presets of one Scrimish deck."""

    cards: dict[str, Card]
    piles: int
    pile_size: int
    presets: tuple[Preset, ...]

    def card_list(self) -> list[str]:
        """Returns one deck as card ids, in data order."""
        return list(self._card_list)

    @functools.cached_property
    def _card_list(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards.values() for _ in range(card.count))

    @functools.cached_property
    def crown(self) -> str:
        """Returns the id of the Crown."""
        return next(card.id for card in self.cards.values() if card.kind == "crown")

    @functools.cached_property
    def named(self) -> dict[str, str]:
        """Returns 'a Sword (2)' style text for each card id."""
        return {card.id: f"{'an' if card.name[0] in 'AEIOU' else 'a'} {card.name} ({card.symbol})"
                for card in self.cards.values()}


@functools.lru_cache(maxsize=4)
def load_deck(folder: Path = DATA) -> Deck:
    """Returns the deck described in `folder` (deck.yaml, presets.yaml), checked for consistency."""
    deck_file, preset_file = folder / "deck.yaml", folder / "presets.yaml"
    catalog = Catalog.load(deck_file, Card)
    layout = read_yaml(deck_file)
    piles, pile_size = layout.get("piles"), layout.get("pile_size")
    if not isinstance(piles, int) or not isinstance(pile_size, int) or not 1 <= piles <= MOST_PILES \
            or not 1 <= pile_size <= MOST:
        raise DataError(f"{deck_file}: 'piles' and 'pile_size' must be whole numbers, 1 to {MOST_PILES} piles "
                        f"of 1 to {MOST} cards")
    if len(catalog.deck()) != piles * pile_size:
        raise DataError(f"{deck_file}: the counts add up to {len(catalog.deck())}, "
                        f"not {piles} piles x {pile_size} cards")
    crowns = [card for card in catalog if card.kind == "crown"]
    if len(crowns) != 1 or crowns[0].count != 1:
        raise DataError(f"{deck_file}: a deck needs exactly one card of kind 'crown' with count 1")
    by_id = dict(catalog.cards)
    deck = Deck(by_id, piles, pile_size, ())
    presets = load_list(preset_file, "presets", Preset)
    for index, preset in enumerate(presets):
        _check_preset(deck, preset, f"{preset_file}: presets[{index}] (id {preset.id!r})")
    return Deck(by_id, piles, pile_size, presets)


def check_data() -> None:
    """Loads and checks the deck and the named setups (in DATA, read when called); raises DataError."""
    load_deck(DATA)


def _check_preset(deck: Deck, preset: Preset, where: str) -> None:
    """Raises DataError unless `preset` is a legal setup of exactly one deck."""
    if len(preset.piles) != deck.piles or any(len(p) != deck.pile_size for p in preset.piles):
        raise DataError(f"{where}: field 'piles': needs {deck.piles} piles of {deck.pile_size} cards")
    unknown = [c for pile in preset.piles for c in pile if c not in deck.cards]
    if unknown:
        raise DataError(f"{where}: field 'piles': unknown card {unknown[0]!r}")
    if Counter(c for pile in preset.piles for c in pile) != Counter(deck.card_list()):
        raise DataError(f"{where}: field 'piles': does not use exactly one deck")
    if not any(pile[-1] == deck.crown for pile in preset.piles):
        raise DataError(f"{where}: field 'piles': the Crown must be the bottom card of a pile")
