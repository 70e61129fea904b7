"""Goofspiel's bot: bids the card closest to the prize's value (the first bot: Easy and Normal, Hard's guide)."""
from __future__ import annotations

import random

from games.core.actions import Action
from games.core.bots import Bot
from tests.goofspiel.actions import Bid


class MatchBot(Bot):
    """Bids the card nearest the prize, the lower on a tie."""

    def choose(self, view, rng: random.Random) -> Action:
        """Returns the bid nearest the prize up for bidding."""
        prize = int(view.prize)
        return min(view.legal_actions(), key=lambda bid: (abs(bid.card - prize) if isinstance(bid, Bid) else 99, bid.card))
