"""What each seat may see, how a view is made whole again, and the position's invariants.

Hands are private; the action deck and the hopper are face down (except parts that REVERSE put
back on the hopper, which everyone saw); the discards, the bin, the conveyor, the floor and every
player's parts are public. Cards put down in a tussle are secret until the reveal: another seat
sees them neither by name nor by number (they count as still in hand), so a later chooser cannot
tell what an earlier one did.

A rule module over ScrappersState: hide and fill_hidden rewrite the hands, the deck, the hopper and the tussle's
piles of a copy made for a view or an imagined world; check reads every field and writes none."""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from games.core.zones import fill_unknowns, minus
from games.scrappers.records import ACTION, GUPPY, KEELIE, OVER, PULLING, SETUP

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState


def hide(state: ScrappersState, seat: int | None) -> None:
    """Replaces what `seat` may not see with None; others' tussle cards go back among their hand."""
    if state.tussle is not None:
        for pile in state.tussle.commits:
            if not pile.visible_to(seat):
                state.hands[pile.owner].cards += [None] * len(pile.cards)
                pile.cards = []
    for cards in state.hands:
        cards.hide(seat)
    state.deck.hide(seat)
    state.belt.hidden_view()


def fill_hidden(state: ScrappersState, seat: int | None, rng: random.Random) -> None:
    """Deals the unseen action cards into the deck and the hidden hands, and the unseen parts into
    the hopper below the parts everyone saw put back."""
    piles = [state.deck, *state.hands]
    seen = [c for pile in piles + commit_piles(state) for c in pile.cards if c is not None]
    seen += state.discard.cards + ([state.in_play] if state.in_play else [])
    deck = state.data.action_deck(state.options["keelie"], state.options["guppy"])
    fill_unknowns(piles, minus(deck, seen), rng)
    parts = [p for p in state.belt.parts() if p is not None] + [p for held in state.holdings for p in held]
    fill_unknowns([state.belt.hopper], minus(state.data.parts.instances(), parts), rng)


def commit_piles(state: ScrappersState) -> list:
    """Returns the piles of cards put down in the tussle under way (none outside a tussle)."""
    return list(state.tussle.commits) if state.tussle is not None else []


def check(state: ScrappersState) -> None:
    """Raises ValueError unless every card and part is in exactly one place, the tokens stand on
    spaces of their own, and the phase fits what is pending."""
    deck = state.data.action_deck(state.options["keelie"], state.options["guppy"])
    cards = state.deck.cards + state.discard.cards + [c for h in state.hands for c in h.cards]
    cards += [c for pile in commit_piles(state) for c in pile.cards] + ([state.in_play] if state.in_play else [])
    if Counter(cards) != Counter(deck):
        raise ValueError("the action cards are not each in exactly one place")
    parts = state.belt.parts() + [p for held in state.holdings for p in held]
    if Counter(parts) != Counter(state.data.parts.instances()):
        raise ValueError("the parts are not each in exactly one place")
    if len(state.hands) != state.players or len(state.holdings) != state.players:
        raise ValueError("wrong number of hands or players' parts")
    if not 0 <= state.belt.known <= len(state.belt.hopper) or len(state.belt.slots) != state.data.board.length:
        raise ValueError("the hopper or the conveyor is malformed")
    check_tokens(state)
    check_phase(state)


def check_tokens(state: ScrappersState) -> None:
    """Raises ValueError unless the tokens are the game's and no two bodgers share a space
    (Guppy shares with anyone)."""
    ids = [b.id for b in state.bodgers]
    standard = {t.id for t in state.data.rules.bodgers}
    spaces = [b.space for b in state.bodgers if b.id != GUPPY]
    if len(set(ids)) != len(ids) or len(set(spaces)) != len(spaces):
        raise ValueError("two tokens are the same or two bodgers share a space")
    for bodger in state.bodgers:
        if not 0 <= bodger.space < len(state.data.board.spaces):
            raise ValueError(f"{bodger.id} is off the floor")
        extra = bodger.id in (KEELIE, GUPPY)
        if extra and (bodger.owner is not None or not state.options[bodger.id]):
            raise ValueError(f"{bodger.id} is on the floor without the optional rule, or owned")
        if not extra and (bodger.id not in standard or bodger.owner is None
                          or not 0 <= bodger.owner < state.players):
            raise ValueError(f"{bodger.id} is not a standard bodger with an owner")
    per_seat = 2 if state.players == 2 else 1
    if any(len(state.own_bodgers(s)) > per_seat for s in range(state.players)):
        raise ValueError("a player has too many bodgers")
    if state.phase not in (SETUP, OVER) and sum(b.owner is not None for b in state.bodgers) != per_seat * state.players:
        raise ValueError("not every player has their bodgers on the floor")


def check_phase(state: ScrappersState) -> None:
    """Raises ValueError unless the pending decisions, the card in play and the tussle fit the phase."""
    if (state.phase == OVER) != (not state.decisions):
        raise ValueError("the game is over exactly when nothing is pending")
    if state.phase == OVER and not state.ended:
        raise ValueError("the game is over without a reason")
    if any(not 0 <= d.seat < state.players for d in state.decisions):
        raise ValueError("a pending decision belongs to no seat")
    if state.in_play is not None and (state.activation is None or state.activation.card != state.in_play):
        raise ValueError("a card is in play outside its activation")
    if state.activation is not None and state.phase != ACTION:
        raise ValueError("an activation outside the action phase")
    if state.tussle is not None and state.phase != PULLING:
        raise ValueError("a tussle outside part pulling")
    finished = [s for s in range(state.players) if state.scores()[s] >= state.data.rules.plugs_per_core]
    if len(finished) > 1 or (finished and state.phase != OVER):
        raise ValueError("a completed contraption did not end the game")
