"""Cards grouped by kind: a hand shown as one place per kind of card with its number of copies."""
from __future__ import annotations

from typing import Sequence

from games.core.cards import kind_of


def grouped(cards: Sequence[str | None], by_kind: bool = False) -> list[tuple[str | None, int]]:
    """Returns one entry per kind of card, in order of first appearance, with its count; each entry names its
    first copy (by_kind: the kind itself). Unknown cards (None, face down) come last, each alone."""
    found: dict[str, int] = {}
    first: dict[str, str] = {}
    unknown = 0
    for card in cards:
        if card is None:
            unknown += 1
            continue
        kind = kind_of(card)
        first.setdefault(kind, card)
        found[kind] = found.get(kind, 0) + 1
    return [(kind if by_kind else first[kind], count) for kind, count in found.items()] + [(None, 1)] * unknown
