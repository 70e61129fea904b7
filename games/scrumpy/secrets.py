"""What each seat may see, how a view is filled back into a whole game, and the invariants.

Hidden: other seats' hands, discard piles, stores and cards in use (their counts are public),
every draw pile's order (its owner's too), private goals until achieved, the recruitment deck,
the workers returned unseen, the goals left in the box and the Automa's deck.

A rule module of functions over ScrumpyState (the state's _hide, _fill_hidden and check call it).
Reads: every field. Writes (on a view or a copy only): the piles' hidden cards, unknown private goals,
`deck`, `unseen` and `goal_box` when a view is filled back into a whole game."""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from games.core.cards import kind_of
from games.core.zones import fill_unknowns, minus
from games.scrumpy import market
from games.scrumpy.automa import automa_deck
from games.scrumpy.market import AUTOMA
from games.scrumpy.setup import colour_cards

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState


def hide(state: ScrumpyState, seat: int | None) -> None:
    """Replaces what `seat` may not see with None."""
    for cidery in state.cideries:
        for pile in cidery.piles():
            pile.hide(seat)
        if cidery.seat != seat and not cidery.private_shown:
            cidery.private_goal = None
    for pile in (state.deck, state.unseen, state.goal_box):
        pile.hide(seat)
    if state.automa is not None:
        state.automa.deck.hide(seat)


def fill_hidden(state: ScrumpyState, seat: int | None, rng: random.Random) -> None:
    """Deals every unknown card consistently with what `seat` has seen."""
    _fill_goals(state, rng)
    _fill_recruitment(state, rng)
    for cidery in state.cideries:
        known = [c for c in cidery.cards() if c is not None]
        fill_unknowns(cidery.piles(), minus(cidery.owned, known), rng)
    if state.automa is not None:
        deck = automa_deck(state.data, state.automa.level)
        fill_unknowns([state.automa.deck], minus(deck, state.automa.discard.cards), rng)


def _fill_goals(state: ScrumpyState, rng: random.Random) -> None:
    """Deals the unseen goals to the unknown private goals and the box."""
    known = list(state.public_goals) + [c.private_goal for c in state.cideries if c.private_goal]
    pool = minus([g.id for g in state.data.goals], known)
    rng.shuffle(pool)
    for cidery in state.cideries:
        if cidery.private_goal is None:
            cidery.private_goal = pool.pop()
    fill_unknowns([state.goal_box], pool, rng)


def _fill_recruitment(state: ScrumpyState, rng: random.Random) -> None:
    """Deals unseen Skilled and Master workers to the deck (Skilled on top) and the unseen box."""
    row = state.data.rules.setup[state.players]
    seen = _public_workers(state)
    deck: list[str] = []
    unseen: list[str] = []
    for tier, kept in (("master", row.masters), ("skilled", row.skilled)):
        cards = minus(state.data.tier_cards(tier), [c for c in seen if state.data.worker(c).tier == tier])
        rng.shuffle(cards)
        in_deck = kept - sum(state.data.worker(c).tier == tier for c in seen)
        deck += cards[:in_deck]
        unseen += cards[in_deck:]
    state.deck.cards = deck
    state.unseen.cards = unseen


def _public_workers(state: ScrumpyState) -> list[str]:
    """Returns every Skilled or Master worker known to have left the recruitment deck."""
    cards = state.strip.cards() + state.strip_discard.cards + state.box.cards
    cards += [c for cidery in state.cideries for c in cidery.owned]
    if state.automa is not None:
        cards += state.automa.workers
    return [c for c in cards if state.data.worker(c).tier in ("skilled", "master")]


# --- invariants -----------------------------------------------------------------------------------
def all_cards(state: ScrumpyState) -> list[str]:
    """Returns every worker card in play: each seat's colour, the grey supply, Skilled and Masters."""
    cards = [c for seat in range(state.players) for c in colour_cards(state.data, seat)]
    return cards + state.data.tier_cards("grey") + state.data.tier_cards("skilled") + state.data.tier_cards("master")


def card_places(state: ScrumpyState) -> list[str]:
    """Returns the cards of every place a worker card can be, once each."""
    cards = [c for cidery in state.cideries for c in cidery.cards()]
    cards += state.strip.cards() + state.deck.cards + state.strip_discard.cards + state.box.cards
    cards += state.unseen.cards + state.layabouts.cards
    if state.automa is not None:
        cards += state.automa.workers
    return cards


def check(state: ScrumpyState) -> None:
    """Raises ValueError unless every card is in exactly one place and the table adds up."""
    if len(state.cideries) != state.players:
        raise ValueError("wrong number of cideries")
    if Counter(card_places(state)) != Counter(all_cards(state)):
        raise ValueError("the worker cards are not each in exactly one place")
    rules = state.data.rules
    cubes = rules.orchard_spaces - rules.start_trees + len(rules.owner_actions) + 2
    for cidery in state.cideries:
        _check_cidery(state, cidery, cubes)
    trees = sum(c.trees for c in state.cideries) + state.trees
    if trees != rules.setup[state.players].trees:
        raise ValueError("trees are not conserved")
    if state.automa is not None:
        automa_cubes = sum(h == AUTOMA for rows in state.vendor_spaces for s in rows for h in s)
        if state.automa.cubes + automa_cubes + len(state.automa.goals) != rules.automa_cubes:
            raise ValueError("the Automa's cubes are not conserved")
    for decision in state.decisions:
        if not 0 <= decision.seat < state.players:
            raise ValueError("a decision for a seat that is not at the table")
    if not state.decisions and not state.ended:
        raise ValueError("nothing to decide but the game has not ended")


def _check_cidery(state: ScrumpyState, cidery, cubes: int) -> None:
    """Raises ValueError unless a cidery's cards, cubes, stores and orchard add up."""
    seat, rules = cidery.seat, state.data.rules
    if Counter(c for c in cidery.cards()) != Counter(cidery.owned):
        raise ValueError(f"seat {seat + 1}'s cards are not the cards it owns")
    placed = len(cidery.goals) + len(market.deliveries_of(state, seat))
    if cidery.cubes() + placed != cubes:
        raise ValueError(f"seat {seat + 1}'s cubes are not conserved")
    for res in cidery.stores:
        if cidery.count(res) > state.data.resource(res).limit:
            raise ValueError(f"seat {seat + 1}'s {res} store is over its limit")
    if cidery.orchard_room(rules.orchard_spaces) < 0 or cidery.trees < 0 or cidery.coins < 0:
        raise ValueError(f"seat {seat + 1}'s orchard or coins are impossible")
    if len(cidery.spaces) != rules.worker_spaces or cidery.cores > rules.core_actions:
        raise ValueError(f"seat {seat + 1}'s worker spaces or Core Actions are impossible")
    if any(state.data.worker(kind_of(c)).tier == "core" and c not in colour_cards(state.data, seat)
           for c in cidery.owned):
        raise ValueError(f"seat {seat + 1} owns a core worker of another colour")
