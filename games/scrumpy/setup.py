"""Scrumpy's setup: the main play area by player count, each cidery, the first player, and the
steps of the initial recruitment and cash."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from games.core.cards import SEP
from games.core.turns import ANTICLOCKWISE, rotation
from games.core.zones import DOWN, UP, Pile, Row
from games.scrumpy.automa import Automa
from games.scrumpy.cidery import Cidery
from games.scrumpy.data import Data
from games.scrumpy.market import FREE

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState



def colour_cards(data: Data, seat: int) -> list[str]:
    """Returns the 13 core workers of a seat's colour (instance numbers seat*count+1 .. (seat+1)*count)."""
    return list(_colour_cards(data, seat))


@functools.lru_cache(maxsize=16)
def _colour_cards(data: Data, seat: int) -> tuple[str, ...]:
    """Returns a seat colour's core workers (cached)."""
    cards = []
    for card in data.workers.instances(copies=4):
        worker = data.worker(card)
        number = int(card.split(SEP)[1])
        if worker.tier == "core" and seat * worker.count < number <= (seat + 1) * worker.count:
            cards.append(card)
    return tuple(cards)


def set_up(state: "ScrumpyState") -> None:
    """Lays out the table and every cidery, and schedules the initial recruitment."""
    data, rng, players = state.data, state.rng, state.players
    row = data.rules.setup[players]
    goals = [g.id for g in data.goals]
    rng.shuffle(goals)
    state.public_goals = goals[:row.public_goals]
    state.goal_tokens = [True] * row.public_goals
    privates = goals[row.public_goals:row.public_goals + players]
    state.goal_box = Pile(goals[row.public_goals + players:], DOWN)
    vendors = [v.id for v in data.vendors]
    rng.shuffle(vendors)
    state.vendors = vendors[:row.vendors]
    spaces = len(data.spaces)
    state.vendor_spaces = [[[FREE] * spaces for _ in data.vendor(v).deliveries] for v in state.vendors]
    _set_up_recruitment(state, row.skilled, row.masters)
    state.layabouts = Pile(data.tier_cards("grey"), UP)
    state.box = Pile([], UP)
    state.strip_discard = Pile([], UP)
    state.trees = row.trees - data.rules.start_trees * players
    state.cideries = [_cidery(state, seat, privates[seat]) for seat in range(players)]
    state.first = state.seat = rng.randrange(players)
    state.round, state.aux_used, state.die, state.ended = 0, False, "", False
    state.automa = Automa.new(state.options["automa"], data, rng) if players == 1 else None
    order = rotation((state.first - 1) % players, players, ANTICLOCKWISE)
    picks = [{"op": "initial", "seat": seat} for seat in order]
    if state.automa is not None:
        picks.insert(0, {"op": "automa_initial"})
    state.then(*picks, {"op": "refill"}, {"op": "start_coins"}, {"op": "round"})


def _set_up_recruitment(state: "ScrumpyState", skilled: int, masters: int) -> None:
    """Builds the recruitment deck (Skilled on Masters, the rest returned unseen) and fills the strip."""
    data, rng = state.data, state.rng
    deck, unseen = [], []
    for tier, keep in (("master", masters), ("skilled", skilled)):
        cards = data.tier_cards(tier)
        rng.shuffle(cards)
        deck += cards[:keep]
        unseen += cards[keep:]
    state.deck = Pile(deck, DOWN)  # the last card is the top: Skilled lie on the Masters
    state.unseen = Pile(unseen, DOWN)
    state.strip = Row([None] * len(data.rules.strip_discounts))
    state.strip.refill(state.deck)


def _cidery(state: "ScrumpyState", seat: int, private_goal: str) -> Cidery:
    """Returns a seat's cidery: 2 Idle Layabouts stored as an apple and a wood, hand 5, draw 6."""
    data, rng, rules = state.data, state.rng, state.data.rules
    office = [a.id for a in rules.owner_actions]
    cidery = Cidery.new(seat, rules.worker_spaces, office, rules.orchard_spaces - rules.start_trees,
                        rules.start_trees)
    cards = colour_cards(data, seat)
    cidery.owned = list(cards)
    layabouts = [c for c in cards if data.worker(c).idle][:2]
    for card, store in zip(layabouts, ("apple", "wood")):
        cards.remove(card)
        cidery.stores[store].cards.append(card)
    rng.shuffle(cards)
    size = rules.hand_size[0]
    cidery.hand.cards, cidery.draw.cards = cards[:size], cards[size:]
    cidery.private_goal = private_goal
    return cidery

