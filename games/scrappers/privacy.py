"""What each seat may see, how a view is made whole again, and the position's invariants.

Hands are private; the action deck and the hopper are face down (except parts that REVERSE put
back on the hopper, which everyone saw); the discards, the bin, the conveyor, the floor and every
player's parts are public. Cards put down in a tussle are secret until the reveal: another seat
sees them neither by name nor by number (they count as still in hand), so a later chooser cannot
tell what an earlier one did.

A mixin of ScrappersState: it reads and writes the state's fields."""
from __future__ import annotations

import random
from collections import Counter

from games.core.zones import fill_unknowns, minus
from games.scrappers.records import ACTION, GUPPY, KEELIE, OVER, PULLING, SETUP


class Privacy:
    """Mixin: _hide, _fill_hidden and check."""

    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with None; others' tussle cards go back among their hand."""
        if self.tussle is not None:
            for pile in self.tussle.commits:
                if not pile.visible_to(seat):
                    self.hands[pile.owner].cards += [None] * len(pile.cards)
                    pile.cards = []
        for cards in self.hands:
            cards.hide(seat)
        self.deck.hide(seat)
        self.belt.hidden_view()

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals the unseen action cards into the deck and the hidden hands, and the unseen parts into
        the hopper below the parts everyone saw put back."""
        piles = [self.deck, *self.hands]
        seen = [c for pile in piles + self._commit_piles() for c in pile.cards if c is not None]
        seen += self.discard.cards + ([self.in_play] if self.in_play else [])
        deck = self.data.action_deck(self.options["keelie"], self.options["guppy"])
        fill_unknowns(piles, minus(deck, seen), rng)
        parts = [p for p in self.belt.parts() if p is not None] + [p for held in self.holdings for p in held]
        fill_unknowns([self.belt.hopper], minus(self.data.parts.instances(), parts), rng)

    def _commit_piles(self) -> list:
        """Returns the piles of cards put down in the tussle under way (none outside a tussle)."""
        return list(self.tussle.commits) if self.tussle is not None else []

    def check(self) -> None:
        """Raises ValueError unless every card and part is in exactly one place, the tokens stand on
        spaces of their own, and the phase fits what is pending."""
        deck = self.data.action_deck(self.options["keelie"], self.options["guppy"])
        cards = self.deck.cards + self.discard.cards + [c for h in self.hands for c in h.cards]
        cards += [c for pile in self._commit_piles() for c in pile.cards] + ([self.in_play] if self.in_play else [])
        if Counter(cards) != Counter(deck):
            raise ValueError("the action cards are not each in exactly one place")
        parts = self.belt.parts() + [p for held in self.holdings for p in held]
        if Counter(parts) != Counter(self.data.parts.instances()):
            raise ValueError("the parts are not each in exactly one place")
        if len(self.hands) != self.players or len(self.holdings) != self.players:
            raise ValueError("wrong number of hands or players' parts")
        if not 0 <= self.belt.known <= len(self.belt.hopper) or len(self.belt.slots) != self.data.board.length:
            raise ValueError("the hopper or the conveyor is malformed")
        self._check_tokens()
        self._check_phase()

    def _check_tokens(self) -> None:
        """Raises ValueError unless the tokens are the game's and no two bodgers share a space
        (Guppy shares with anyone)."""
        ids = [b.id for b in self.bodgers]
        standard = {t.id for t in self.data.rules.bodgers}
        spaces = [b.space for b in self.bodgers if b.id != GUPPY]
        if len(set(ids)) != len(ids) or len(set(spaces)) != len(spaces):
            raise ValueError("two tokens are the same or two bodgers share a space")
        for bodger in self.bodgers:
            if not 0 <= bodger.space < len(self.data.board.spaces):
                raise ValueError(f"{bodger.id} is off the floor")
            extra = bodger.id in (KEELIE, GUPPY)
            if extra and (bodger.owner is not None or not self.options[bodger.id]):
                raise ValueError(f"{bodger.id} is on the floor without the optional rule, or owned")
            if not extra and (bodger.id not in standard or bodger.owner is None
                              or not 0 <= bodger.owner < self.players):
                raise ValueError(f"{bodger.id} is not a standard bodger with an owner")
        per_seat = 2 if self.players == 2 else 1
        if any(len(self.own_bodgers(s)) > per_seat for s in range(self.players)):
            raise ValueError("a player has too many bodgers")
        if self.phase not in (SETUP, OVER) and sum(b.owner is not None for b in self.bodgers) != per_seat * self.players:
            raise ValueError("not every player has their bodgers on the floor")

    def _check_phase(self) -> None:
        """Raises ValueError unless the pending decisions, the card in play and the tussle fit the phase."""
        if (self.phase == OVER) != (not self.decisions):
            raise ValueError("the game is over exactly when nothing is pending")
        if self.phase == OVER and not self.ended:
            raise ValueError("the game is over without a reason")
        if any(not 0 <= d.seat < self.players for d in self.decisions):
            raise ValueError("a pending decision belongs to no seat")
        if self.in_play is not None and (self.activation is None or self.activation.card != self.in_play):
            raise ValueError("a card is in play outside its activation")
        if self.activation is not None and self.phase != ACTION:
            raise ValueError("an activation outside the action phase")
        if self.tussle is not None and self.phase != PULLING:
            raise ValueError("a tussle outside part pulling")
        finished = [s for s in range(self.players) if self.scores()[s] >= self.data.rules.plugs_per_core]
        if len(finished) > 1 or (finished and self.phase != OVER):
            raise ValueError("a completed contraption did not end the game")
