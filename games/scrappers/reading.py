"""How the Hard level's guide puts its tussle cards down: the best reply to the fair bot's tussle rule.

It deals the hidden hands from its view a fixed number of times, works out what each rival would put
down by the fair bot's rule on each deal (a rival sees only hand sizes, never what I put down), and
puts down the set of its own cards that gains most on average: the part's worth to me when I win it,
less a rival's gain (weighed as in the evaluation) when they do, less what the cards are worth in hand.
The deals are seeded from what the view shows, so the same view always gives the same cards."""
from __future__ import annotations

import itertools
import random
from typing import Callable

from games.core.cards import kind_of
from games.scrappers.evaluate import card_worth, part_value, rival_weight
from games.scrappers.pulling import tussle_winner

Rule = Callable[[object, list[str], int], list[str]]  # (position, cards to choose from, seat) -> cards put down


def best_reply(view, pool: list[str], me: int, rule: Rule, deals: int, cost_weight: float) -> list[str]:
    """Returns the cards (from `pool`, my hand and what I have put down so far) that answer best the
    cards my rivals would put down by `rule`, over `deals` deals of the hidden hands."""
    tussle, data = view.tussle, view.data
    part = view.belt.slots[tussle.slot]
    rivals = [s for s in tussle.seats if s != me]
    gain = part_value(data, view.holdings[me], part)
    loss = {r: rival_weight(view.players) * part_value(data, view.holdings[r], part) for r in rivals}
    shown = _rival_totals(view, me, rivals, rule, deals)
    best, best_value = [], None
    for cards in _choices(data, pool):
        total = sum(data.cards[c].symbols for c in cards)
        won = 0.0
        for totals in shown:
            winner = tussle_winner(view, {str(me): total} | {str(r): t for r, t in totals.items()})
            won += gain if winner == str(me) else -loss[int(winner)] if winner is not None else 0.0
        value = won / len(shown) - cost_weight * sum(card_worth(data, c) for c in cards)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = cards, value
    return best


def _rival_totals(view, me: int, rivals: list[int], rule: Rule, deals: int) -> list[dict[int, int]]:
    """Returns, for each deal of the hidden hands, the symbols each rival would put down by `rule`."""
    tussle = view.tussle
    mine = sorted(c for c in view.hands[me].cards + tussle.commits[tussle.index].cards if c is not None)
    rng = random.Random(f"{me}|{view.round}|{tussle.slot}|{view.foreman}|{mine}|{sorted(view.discard.cards)}")
    shown = []
    for _ in range(deals):
        world = view.determinize(rng)
        pile = world.tussle.commits[world.tussle.index]
        world.hands[me].cards += pile.cards  # as every rival sees it: my cards put down still count as in hand
        pile.cards = []
        shown.append({r: world.symbols(rule(world, [c for c in world.hands[r].cards if c is not None], r))
                      for r in rivals})
    return shown


def _choices(data, pool: list[str]) -> list[list[str]]:
    """Returns every set of my cards with tussle symbols worth putting down (one per mix of kinds),
    the empty set first."""
    cards = sorted((c for c in pool if data.cards[c].symbols > 0), key=lambda c: (card_worth(data, c), c))
    seen, choices = set(), []
    for size in range(len(cards) + 1):
        for combo in itertools.combinations(cards, size):
            kinds = tuple(sorted(kind_of(c) for c in combo))
            if kinds not in seen:
                seen.add(kinds)
                choices.append(list(combo))
    return choices

