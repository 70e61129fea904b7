"""Helpers for Scrumpy tests: a fresh table at the first turn, cards moved into place without
breaking card conservation, and actions found by type and fields."""
from __future__ import annotations

from games.core.cards import kind_of
from games.scrumpy import GAME
from games.scrumpy.actions import Choose, Done, MoveCube, Pick, TakeFree
from games.scrumpy.state import ScrumpyState

NAMES = ["Ann", "Ben", "Cat", "Dee"]


def fresh(players: int = 3, seed: int = 1, options: dict | None = None) -> ScrumpyState:
    """Returns a new game after the initial recruitment (everyone takes strip slot 0): the first turn."""
    state = GAME.new_state(players, options or {}, seed)
    while state.pending_decision().kind == "initial":
        state.apply(next(a for a in state.legal_actions() if isinstance(a, TakeFree)))
    assert state.pending_decision().kind == "turn"
    return state


def source_zones(state: ScrumpyState, seat: int) -> list[list[str]]:
    """Returns the card lists a test may take a seat's cards from (hand, draw and discard piles)."""
    cidery = state.cideries[seat]
    return [cidery.hand.cards, cidery.draw.cards, cidery.discard.cards]


def table_zones(state: ScrumpyState) -> list[list[str]]:
    """Returns the table's card lists a test may take a worker from."""
    return [state.deck.cards, state.unseen.cards, state.layabouts.cards, state.strip_discard.cards]


def put(state: ScrumpyState, seat: int, zone: str, *kinds: str) -> list[str]:
    """Moves a card of each kind into `zone` of `seat` (from its own piles first, else from the table,
    which makes it the seat's card); returns the cards moved."""
    cidery, moved = state.cideries[seat], []
    target = cidery.zone(zone).cards
    for kind in kinds:
        there = [c for c in target if kind_of(c) == kind and c not in moved]
        card = there[0] if there else _take(state, seat, kind, target)
        if not there:
            target.append(card)
        moved.append(card)
    state._legal = None
    return moved


def _take(state: ScrumpyState, seat: int, kind: str, target: list[str]) -> str:
    """Removes a card of `kind` from the seat's piles (not `target`) or from the table."""
    for cards in source_zones(state, seat):
        if cards is target:
            continue
        for index, card in enumerate(cards):
            if kind_of(card) == kind:
                return cards.pop(index)
    for cards in table_zones(state):
        for index, card in enumerate(cards):
            if kind_of(card) == kind:
                state.cideries[seat].owned.append(card)
                return cards.pop(index)
    for slot, card in enumerate(state.strip.slots):
        if card is not None and kind_of(card) == kind:
            state.cideries[seat].owned.append(card)
            state.strip.take(slot)
            state.strip.refill(state.deck)
            return card
    raise AssertionError(f"no {kind} left to give seat {seat}")


def empty(state: ScrumpyState, seat: int, zone: str, into: str = "draw") -> None:
    """Moves every card of a zone into another zone of the same seat."""
    cidery = state.cideries[seat]
    cidery.zone(into).cards.extend(cidery.zone(zone).cards)
    cidery.zone(zone).cards = []
    state._legal = None


def options(state: ScrumpyState, cls: type, **fields) -> list:
    """Returns the legal actions of a type whose fields match."""
    return [a for a in state.legal_actions() if isinstance(a, cls)
            and all(getattr(a, k) == v for k, v in fields.items())]


def act(state: ScrumpyState, cls: type, **fields) -> list:
    """Applies the one legal action of type `cls` with these fields; returns the events."""
    found = options(state, cls, **fields)
    assert len(found) == 1, f"{len(found)} legal {cls.__name__} with {fields}: {state.legal_actions()}"
    return state.apply(found[0])


def pick(state: ScrumpyState, card: str = "", zone: str | None = None) -> list:
    """Picks a card kind (or the draw pile's top) in a pick decision."""
    fields = {"card": card} if zone is None else {"card": card, "zone": zone}
    return act(state, Pick, **fields)


def choose(state: ScrumpyState, key: str) -> list:
    """Answers a choice by key."""
    return act(state, Choose, key=key)


def done(state: ScrumpyState) -> list:
    """Answers Done."""
    return act(state, Done)


def cube(state: ScrumpyState, place: str) -> list:
    """Moves the cube from `place` (when there is a choice)."""
    if state.pending_decision().kind == "cube":
        return act(state, MoveCube, place=place)
    return []


def kinds(cards) -> list[str]:
    """Returns the kinds of cards, sorted."""
    return sorted(kind_of(c) for c in cards)


def finish(state: ScrumpyState, seed: int = 0) -> ScrumpyState:
    """Plays random legal actions to the end."""
    import random
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def make_public(state: ScrumpyState, goal: str, index: int = 0) -> None:
    """Makes `goal` the public goal at `index`, swapping it with wherever it was (box or a private goal)."""
    if goal in state.public_goals:
        return
    old = state.public_goals[index]
    if goal in state.goal_box.cards:
        state.goal_box.cards[state.goal_box.cards.index(goal)] = old
    else:
        owner = next(c for c in state.cideries if c.private_goal == goal)
        owner.private_goal = old
    state.public_goals[index] = goal
    state._legal = None
