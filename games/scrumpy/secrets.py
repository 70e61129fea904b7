"""What each seat may see, how a view is filled back into a whole game, and the invariants.

Hidden: other seats' hands, discard piles, stores and cards in use (their counts are public),
every draw pile's order (its owner's too), private goals until achieved, the recruitment deck,
the workers returned unseen, the goals left in the box and the Automa's deck."""
from __future__ import annotations

import random
from collections import Counter

from games.core.cards import kind_of
from games.core.zones import fill_unknowns, minus
from games.scrumpy.automa import automa_deck
from games.scrumpy.market import AUTOMA
from games.scrumpy.setup import colour_cards


class SecretsMixin:
    """Views, determinization and check()."""

    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with None."""
        for cidery in self.cideries:
            for pile in cidery.piles():
                pile.hide(seat)
            if cidery.seat != seat and not cidery.private_shown:
                cidery.private_goal = None
        for pile in (self.deck, self.unseen, self.goal_box):
            pile.hide(seat)
        if self.automa is not None:
            self.automa.deck.hide(seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals every unknown card consistently with what `seat` has seen."""
        self._fill_goals(rng)
        self._fill_recruitment(rng)
        for cidery in self.cideries:
            known = [c for c in cidery.cards() if c is not None]
            fill_unknowns(cidery.piles(), minus(cidery.owned, known), rng)
        if self.automa is not None:
            deck = automa_deck(self.data, self.automa.level)
            fill_unknowns([self.automa.deck], minus(deck, self.automa.discard.cards), rng)

    def _fill_goals(self, rng: random.Random) -> None:
        """Deals the unseen goals to the unknown private goals and the box."""
        known = list(self.public_goals) + [c.private_goal for c in self.cideries if c.private_goal]
        pool = minus([g.id for g in self.data.goals], known)
        rng.shuffle(pool)
        for cidery in self.cideries:
            if cidery.private_goal is None:
                cidery.private_goal = pool.pop()
        fill_unknowns([self.goal_box], pool, rng)

    def _fill_recruitment(self, rng: random.Random) -> None:
        """Deals unseen Skilled and Master workers to the deck (Skilled on top) and the unseen box."""
        row = self.data.rules.setup[self.players]
        seen = self._public_workers()
        deck: list[str] = []
        unseen: list[str] = []
        for tier, kept in (("master", row.masters), ("skilled", row.skilled)):
            cards = minus(self.data.tier_cards(tier), [c for c in seen if self.data.worker(c).tier == tier])
            rng.shuffle(cards)
            in_deck = kept - sum(self.data.worker(c).tier == tier for c in seen)
            deck += cards[:in_deck]
            unseen += cards[in_deck:]
        self.deck.cards = deck
        self.unseen.cards = unseen

    def _public_workers(self) -> list[str]:
        """Returns every Skilled or Master worker known to have left the recruitment deck."""
        cards = self.strip.cards() + self.strip_discard.cards + self.box.cards
        cards += [c for cidery in self.cideries for c in cidery.owned]
        if self.automa is not None:
            cards += self.automa.workers
        return [c for c in cards if self.data.worker(c).tier in ("skilled", "master")]

    # --- invariants -----------------------------------------------------------------------------------
    def all_cards(self) -> list[str]:
        """Returns every worker card in play: each seat's colour, the grey supply, Skilled and Masters."""
        cards = [c for seat in range(self.players) for c in colour_cards(self.data, seat)]
        return cards + self.data.tier_cards("grey") + self.data.tier_cards("skilled") + self.data.tier_cards("master")

    def card_places(self) -> list[str]:
        """Returns the cards of every place a worker card can be, once each."""
        cards = [c for cidery in self.cideries for c in cidery.cards()]
        cards += self.strip.cards() + self.deck.cards + self.strip_discard.cards + self.box.cards
        cards += self.unseen.cards + self.layabouts.cards
        if self.automa is not None:
            cards += self.automa.workers
        return cards

    def check(self) -> None:
        """Raises ValueError unless every card is in exactly one place and the table adds up."""
        if len(self.cideries) != self.players:
            raise ValueError("wrong number of cideries")
        if Counter(self.card_places()) != Counter(self.all_cards()):
            raise ValueError("the worker cards are not each in exactly one place")
        rules = self.data.rules
        cubes = rules.orchard_spaces - rules.start_trees + len(rules.owner_actions) + 2
        for cidery in self.cideries:
            self._check_cidery(cidery, cubes)
        trees = sum(c.trees for c in self.cideries) + self.trees
        if trees != rules.setup[self.players].trees:
            raise ValueError("trees are not conserved")
        if self.automa is not None:
            automa_cubes = sum(h == AUTOMA for rows in self.vendor_spaces for s in rows for h in s)
            if self.automa.cubes + automa_cubes + len(self.automa.goals) != rules.automa_cubes:
                raise ValueError("the Automa's cubes are not conserved")
        for decision in self.decisions:
            if not 0 <= decision.seat < self.players:
                raise ValueError("a decision for a seat that is not at the table")
        if not self.decisions and not self.ended:
            raise ValueError("nothing to decide but the game has not ended")

    def _check_cidery(self, cidery, cubes: int) -> None:
        """Raises ValueError unless a cidery's cards, cubes, stores and orchard add up."""
        seat, rules = cidery.seat, self.data.rules
        if Counter(c for c in cidery.cards()) != Counter(cidery.owned):
            raise ValueError(f"seat {seat + 1}'s cards are not the cards it owns")
        placed = len(cidery.goals) + len(self.deliveries_of(seat))
        if cidery.cubes() + placed != cubes:
            raise ValueError(f"seat {seat + 1}'s cubes are not conserved")
        for res in cidery.stores:
            if cidery.count(res) > self.data.resource(res).limit:
                raise ValueError(f"seat {seat + 1}'s {res} store is over its limit")
        if cidery.orchard_room(rules.orchard_spaces) < 0 or cidery.trees < 0 or cidery.coins < 0:
            raise ValueError(f"seat {seat + 1}'s orchard or coins are impossible")
        if len(cidery.spaces) != rules.worker_spaces or cidery.cores > rules.core_actions:
            raise ValueError(f"seat {seat + 1}'s worker spaces or Core Actions are impossible")
        if any(self.data.worker(kind_of(c)).tier == "core" and c not in colour_cards(self.data, seat)
               for c in cidery.owned):
            raise ValueError(f"seat {seat + 1} owns a core worker of another colour")
