"""Goofspiel's one action: bid a card from your hand."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.actions import Action


@dataclass(frozen=True)
class Bid(Action):
    """Bid the card `card` for the prize turned up."""

    card: int

    def describe(self, names: Sequence[str] = ()) -> str:
        """Returns the button's words."""
        return f"Bid {self.card}"


ACTION_KINDS = (Bid,)
