"""Building Stumped positions for rule tests: give a seat exactly the cards a test needs, start turns."""
from __future__ import annotations

from collections import Counter

from games.stumped import GAME, turns
from games.stumped.cards import BASICS, load_rules
from games.stumped.state import StumpedState
from games.stumped.tree import Tree

RULES = load_rules()


def new(players: int = 3, seed: int = 1, **options) -> StumpedState:
    """Returns a new game (seat 0 to play its first turn, unless a setup option asks first)."""
    return GAME.new_state(players, options, seed)


def arrange(state: StumpedState, seat: int, hand=(), deck=(), discard=(), roots=None) -> StumpedState:
    """Gives `seat` exactly these cards (deck and discard listed bottom first), putting its old ones back
    in the supply or the action deck and taking the new ones from there; the position stays whole."""
    old = state.hands[seat].cards + state.decks[seat].cards + state.discards[seat].cards
    old += [card for card in BASICS for _ in range(state.roots[seat][card])]
    for card in old:
        _give_back(state, card)
    roots = dict(roots or {})
    new_cards = list(hand) + list(deck) + list(discard) + [c for c, n in roots.items() for _ in range(n)]
    for card in new_cards:
        _take(state, card)
    state.hands[seat].cards, state.decks[seat].cards = list(hand), list(deck)
    state.discards[seat].cards = list(discard)
    state.roots[seat] = {card: roots.get(card, 0) for card in BASICS}
    state.owned[seat] = dict(Counter(new_cards + (state.played if seat == state.turn.seat else [])))
    state.known_in_hand[seat] = [] if deck else list(hand)
    state._legal = None
    return state


def _give_back(state: StumpedState, card: str) -> None:
    """Returns a card to its supply pile or to the bottom of the action deck."""
    if RULES.card(card).type == "action":
        state.action_deck.cards.insert(0, card)
    else:
        state.piles.give(card)


def _take(state: StumpedState, card: str) -> None:
    """Takes a card out of its supply pile or the action deck (raising if there is none)."""
    if RULES.card(card).type == "action":
        if card in state.action_deck.cards:
            state.action_deck.remove(card)
        else:  # in the market: take it from there and lay out the next card
            slot = state.market.slots.index(card)
            state.market.slots[slot] = state.action_deck.cards.pop()
    elif not state.piles.take(card):
        raise ValueError(f"no {card} left in the supply")


def put_in_market(state: StumpedState, slot: int, card: str) -> None:
    """Lays out `card` (from the action deck) in a market slot; the card that was there goes into the deck."""
    old = state.market.slots[slot]
    state.action_deck.remove(card)
    state.action_deck.cards.insert(0, old)
    state.market.slots[slot] = card
    state._legal = None


def begin_turn(state: StumpedState, seat: int, first: bool = False) -> list:
    """Starts `seat`'s turn (its first turn if `first`); returns the events."""
    state.decisions, state.program = [], []
    state.queue = []
    state.played = []
    state.turns_taken[seat] = 0 if first else max(1, state.turns_taken[seat])
    events = turns.start_turn(state, seat) + state.run()
    state._legal = None
    return events


def settle(state: StumpedState) -> list:
    """Carries the turn on again from its phase's decision, after a test changed the position (growth to
    spend, say); returns the events."""
    state.decisions.pop()
    turns.goes_on(state)
    events = state.run()
    state._legal = None
    return events


def grow_tree(state: StumpedState, seat: int, plan: list[tuple[str, str, str]]) -> Tree:
    """Grows (kind, parent, hole) segments on a seat's tree directly, from its segment supply."""
    tree = state.trees[seat]
    for kind, parent, hole in plan:
        tree.grow(kind, tree.spot(RULES.shapes, parent, hole))
        state.segments[seat].take(kind)
    state._legal = None
    return tree


def standard_tree(state: StumpedState, seat: int, leaves: int) -> Tree:
    """Grows a trunk, three branches in the trunk's holes and `leaves` leaves (up to 9) on them."""
    plan = [("trunk", "base", "base"), ("branch", "trunk", "left"), ("branch", "trunk", "right"),
            ("branch", "trunk", "top")]
    holes = [(f"branch {b}", f"side {s}") for b in (1, 2, 3) for s in (1, 2, 3)]
    plan += [("leaf", parent, hole) for parent, hole in holes[:leaves]]
    return grow_tree(state, seat, plan)


def kinds(actions) -> list[str]:
    """Returns the class names of actions."""
    return [type(action).__name__ for action in actions]
