"""What hovering a place of the Stumped table says: a plot's tree, roots, deck and hand, a free hole,
the action deck; and the caption under a card shown large."""
from __future__ import annotations

from typing import Hashable, Sequence

from games.stumped.actions import Grow
from games.stumped.cards import BASICS
from games.stumped.state import StumpedState


def plural(count: int, word: str) -> str:
    """Returns '1 card', '3 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def tip(view: StumpedState, key: Hashable, names: Sequence[str], viewer: int | None) -> str:
    """Returns what a place is, for its tooltip ('' for nothing to say)."""
    kind = key[0]
    if kind in _TIPS:
        return _TIPS[kind](view, key, names)
    return ""


def _roots(view: StumpedState, key, names) -> str:
    seat = key[1]
    roots = ", ".join(f"{view.roots[seat][card]} {view.rules.name(card)}" for card in BASICS)
    growth = view.rules.numbers.growth_per_set
    return f"{names[seat]}'s roots: {roots}.\nAt the start of each turn every set of one Sun, one Dirt and one " \
           f"Water moves to the discard pile for {growth} growth."


def _deck(view: StumpedState, key, names) -> str:
    return f"{names[key[1]]}'s deck: {plural(len(view.decks[key[1]]), 'card')}, face down. When it runs out, the " \
           "discard pile is shuffled into a new deck."


def _discard(view: StumpedState, key, names) -> str:
    count = len(view.discards[key[1]])
    return f"{names[key[1]]}'s discard pile: {plural(count, 'card')}." if count else \
        f"{names[key[1]]}'s discard pile is empty."


def _hand(view: StumpedState, key, names) -> str:
    seat = key[1]
    fruit = view.trees[seat].count("fruit")
    extra = f" ({view.rules.numbers.hand_size} and 1 per fruit)" if fruit else ""
    return f"{names[seat]}'s hand: {plural(len(view.hands[seat]), 'card')}. Draws {view.hand_limit(seat)} at the " \
           f"end of each turn{extra}."


def _back(view: StumpedState, key, names) -> str:
    seat = view.turn.seat
    return f"{names[seat]}'s hand: {plural(len(view.hands[seat]), 'card')}, hidden from the table."


def _tree(view: StumpedState, key, names) -> str:
    seat = key[1]
    tree, supply = view.trees[seat], view.segments[seat]
    grown = f"{tree.leaves} of {view.tree_kind.win_leaves} leaves, {plural(tree.count('branch'), 'branch')}" \
            .replace("branchs", "branches")
    left = ", ".join(f"{supply.left(part)} {part if supply.left(part) == 1 else _many(part)}"
                     for part in ("trunk", "branch", "leaf", "fruit") if supply.left(part))
    fruit = f", {tree.count('fruit')} fruit" if tree.count("fruit") else ""
    return f"{names[seat]}'s tree: {grown}{fruit}.\nStill to grow: {left or 'nothing'}."


def _many(part: str) -> str:
    """Returns the plural of a segment's name."""
    return {"branch": "branches", "leaf": "leaves", "fruit": "fruit", "trunk": "trunks"}[part]


def _hole(view: StumpedState, key, names) -> str:
    _, seat, parent, hole = key
    costs = view.rules.numbers.grow_costs
    options = [a.segment for a in view.legal_actions() if isinstance(a, Grow) and (a.parent, a.hole) == (parent, hole)]
    where = "The base: the trunk grows here" if parent == "base" else \
        Grow("leaf", parent, hole).what().replace("a leaf ", "").capitalize()
    grows = " or ".join(f"a {part} ({costs[part]} growth)" for part in options)
    return f"{where}.\nClick to grow {grows}." if grows and parent != "base" else f"{where}."


def _action_deck(view: StumpedState, key, names) -> str:
    return f"The action deck: {plural(len(view.action_deck), 'card')}, face down. Each empty market slot is " \
           "filled from it at once."


def _market_discard(view: StumpedState, key, names) -> str:
    return f"Discarded market cards: {len(view.market_discard)}. When the action deck runs out they are " \
           "shuffled into a new one."


def _market(view: StumpedState, key, names) -> str:
    return "An empty market slot: no action cards are left to fill it."


_TIPS = {"roots": _roots, "deck": _deck, "discard": _discard, "hand_count": _hand, "back": _back, "tree": _tree,
         "hole": _hole, "action_deck": _action_deck, "market_discard": _market_discard, "market": _market}


def card_caption(view: StumpedState, key: Hashable, card: str) -> str:
    """Returns the line under a card shown large: where it is and what it costs."""
    kind, cost = key[0], view.rules.card(card).cost
    if kind == "pile":
        return f"{view.piles.left(card)} left, cost {cost}"
    if kind == "market":
        return f"In the market, cost {cost}"
    if kind == "hand":
        seat = view.viewer if view.viewer is not None and view.viewer >= 0 else view.turn.seat
        copies = view.hands[seat].cards.count(card)
        return f"{copies} in hand, cost {cost}"
    if kind == "discard":
        return f"Top of {plural(len(view.discards[key[1]]), 'discarded card')}"
    if kind == "leave":
        return "Left out" if card in view.left_out else "Click to leave out"
    if kind == "played":
        return "Played this turn"
    return f"Cost {cost}"
