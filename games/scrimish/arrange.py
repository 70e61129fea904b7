"""Setup: each seat in turn arranges its five piles in secret (swap two cards, a named setup or a shuffle),
the Crown always at the bottom of a pile; when the last seat is done, a seat drawn at random goes first.

Reads and writes the state's `piles` of the seat arranging and the `arrange` decision's data
(`selected`: the card picked up, `arranged`: a setup or shuffle was used); at the end, `rotation` and the
first `pile` decision."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.scrimish.actions import Cancel, FinishSetup, SelectCard, Shuffle, SwapCard, UsePreset
from games.scrimish.cards import Deck
from games.scrimish.flow import ARRANGE, FLOW, PILE

if TYPE_CHECKING:
    from games.scrimish.state import ScrimishState


@functools.lru_cache(maxsize=4)
def setup_menu(deck: Deck) -> tuple[Action, ...]:
    """Returns the setup options while no card is picked up: every card, the presets, shuffle, done."""
    cards = [SelectCard(p, d) for p in range(deck.piles) for d in range(deck.pile_size)]
    return tuple(cards + [UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()])


@functools.lru_cache(maxsize=4)
def setup_search(deck: Deck) -> tuple[Action, ...]:
    """Returns the setup options worth searching: the named setups, shuffle and done."""
    return tuple([UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()])


@functools.lru_cache(maxsize=1024)
def swaps(deck: Deck, picked: tuple[int, int], crown_pile: int) -> tuple[Action, ...]:
    """Returns the swaps open to a picked-up card while the Crown lies at the bottom of `crown_pile`:
    any other place, except that the Crown only ever changes places with another bottom card."""
    bottom = deck.pile_size - 1
    crown = (crown_pile, bottom)
    found = []
    for pile in range(deck.piles):
        for depth in range(deck.pile_size):
            place = (pile, depth)
            if place == picked or (picked == crown and depth != bottom) or (place == crown and picked[1] != bottom):
                continue
            found.append(SwapCard(pile, depth))
    return tuple(found)


def shuffled_piles(state: ScrimishState) -> list[list[str]]:
    """Returns a random arrangement of one deck with the Crown at the bottom of a random pile."""
    deck = state.deck
    cards = [c for c in deck.card_list() if c != deck.crown]
    state.rng.shuffle(cards)
    crown_pile = state.rng.randrange(deck.piles)
    piles = []
    for p in range(deck.piles):
        pile = [deck.crown] if p == crown_pile else []
        while len(pile) < deck.pile_size:
            pile.append(cards.pop())
        piles.append(pile)
    return piles


@FLOW.options(ARRANGE)
def arrange_options(state: ScrimishState, decision: Decision) -> list[Action]:
    """Pick a card, swap it, a named setup, shuffle or done."""
    picked = decision.data["selected"]
    if picked is None:
        return list(setup_menu(state.deck))
    piles = state.piles[decision.seat]
    crown_pile = next(p for p, pile in enumerate(piles) if pile and pile[0] == state.deck.crown)
    return list(swaps(state.deck, tuple(picked), crown_pile)) + [Cancel()]


@FLOW.answer(ARRANGE)
def arrange(state: ScrimishState, decision: Decision, action: Action) -> list[Event]:
    """Plays a setup action; the seat goes on arranging until it is done."""
    if isinstance(action, FinishSetup):
        return finish(state, decision.seat)
    seat, data = decision.seat, decision.data
    if isinstance(action, SelectCard):
        data["selected"] = [action.pile, action.depth]
    elif isinstance(action, SwapCard):
        (p1, d1), (p2, d2) = data["selected"], (action.pile, action.depth)
        piles = state.piles[seat]
        i1, i2 = len(piles[p1]) - 1 - d1, len(piles[p2]) - 1 - d2
        piles[p1][i1], piles[p2][i2] = piles[p2][i2], piles[p1][i1]
        data["selected"] = None
    elif isinstance(action, UsePreset):
        preset = next(p for p in state.deck.presets if p.id == action.preset)
        state.piles[seat] = [list(reversed(pile)) for pile in preset.piles]
        data.update(selected=None, arranged=True)
    elif isinstance(action, Shuffle):
        state.piles[seat] = shuffled_piles(state)
        data.update(selected=None, arranged=True)
    else:  # Cancel: put the picked-up card back
        data["selected"] = None
    state.keep(decision)
    return []


def finish(state: ScrimishState, seat: int) -> list[Event]:
    """Ends `seat`'s setup: the next seat arranges, or after the last one a seat drawn at random goes first."""
    events = [Event("setup_done", f"{{{seat}}} has set up their piles.")]
    if seat + 1 < state.players:
        state.ask(ARRANGE, seat + 1, "", selected=None)
        return events
    first = state.rng.randrange(state.players)
    state.rotation.start_with(first)
    state.ask(PILE, first)
    events.append(Event("first_player", f"{{{first}}} goes first (drawn at random).", {"seat": first}))
    return events
