"""What action cards do: the effect vocabulary of cards.yaml, done in order, with a small decision
for each choice ("mulch which card?", "whose roots?"), its options and answer registered on FLOW.

Functions over a StumpedState. They read `rules`, `turn.seat`, `players` and the card places, take the
next effect off `queue`, and write the turn's counts (`turn`), the card places (through deal.py),
`owned`, `mulched`, `roots`, `piles` and `decisions` (a choice's decision, kept open while it counts down).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.stumped import deal
from games.stumped.actions import ClearMarket, Gain, Mulch, Recycle, Skip, StealRoot, TakeMarket, WiltRoot
from games.stumped.cards import BASICS, Effect
from games.stumped.records import CLEAR, FLOW, GAIN, MULCH, RECYCLE, STEAL, TAKE, WILT, offer

if TYPE_CHECKING:
    from games.stumped.state import StumpedState

PROMPTS = {
    MULCH: "{seat}: mulch cards from your hand (up to {left} more), or Done",
    RECYCLE: "{seat}: put up to {left} more Sun, Dirt or Water from your discard pile into your roots, or Done",
    GAIN: "{seat}: choose a Sun, Dirt or Water to take",
    TAKE: "{seat}: take a market card costing up to {limit}, or Done",
    CLEAR: "{seat}: discard market cards (up to {left} more), or Done",
    STEAL: "{seat}: choose a card to take from another player's roots",
    WILT: "{seat}: choose a card in another player's roots to wilt",
}


def resolve_next(state: StumpedState) -> list[Event]:
    """Does the next effect waiting in the queue (asking a decision if it needs a choice)."""
    card, index = state.queue.pop(0)
    effect = state.rules.card(card).effects[index]
    return _EFFECTS[effect.do](state, effect)


def _ask(state: StumpedState, kind: str, **data: Any) -> list[Event]:
    """Asks the player whose turn it is to choose, if it has any option besides Done."""
    decision = state.ask(kind, state.turn.seat, PROMPTS[kind], **data)
    options = FLOW.options_of(state, decision)
    if not [a for a in options if not isinstance(a, Skip)]:
        state.decisions.remove(decision)
        return []
    return offer(state, options)


# --- effects that need no choice --------------------------------------------------------------------
def _draw(state: StumpedState, effect: Effect) -> list[Event]:
    return deal.draw(state, state.turn.seat, effect.amount)


def _count(state: StumpedState, effect: Effect) -> list[Event]:
    field = {"energy": "energy", "buys": "buys_left", "actions": "actions_left", "growth": "growth"}[effect.do]
    setattr(state.turn, field, getattr(state.turn, field) + effect.amount)
    return []


def _gain_effect(state: StumpedState, effect: Effect) -> list[Event]:
    if effect.kind == "basic":
        return _ask(state, GAIN, to=effect.to)
    return gain(state, effect.kind, effect.to)


def gain(state: StumpedState, card: str, to: str) -> list[Event]:
    """Takes a basic card from its supply pile to the player's hand, roots or discard pile."""
    seat = state.turn.seat
    if not state.piles.take(card):
        return [Event("gain", f"The {state.rules.name(card)} pile is empty.", {"seat": seat, "card": card, "to": ""})]
    state.owned[seat][card] = state.owned[seat].get(card, 0) + 1
    deal.put(state, seat, card, to)
    where = {"hand": "into their hand", "roots": "into their roots", "discard": "onto their discard pile"}[to]
    return [Event("gain", f"{{{seat}}} takes a {state.rules.name(card)} {where}.", {"seat": seat, "card": card, "to": to})]


def _flood(state: StumpedState, effect: Effect) -> list[Event]:
    washed = state.market.cards()
    state.market_discard.put(washed)
    state.market.slots = [None] * len(state.market.slots)
    event = Event("flood", f"A flash flood washes away the market ({len(washed)} cards).", {"cards": washed})
    return [event] + deal.refill_market(state)


def _drought(state: StumpedState, effect: Effect) -> list[Event]:
    seat, kind, events = state.turn.seat, effect.kind, []
    for other in others(state, seat):
        if state.roots[other][kind]:
            state.roots[other][kind] -= 1
            state.discards[other].put([kind])
            events.append(Event("wilt", f"{{{other}}}'s {state.rules.name(kind)} wilts onto their discard pile.",
                                {"seat": other, "card": kind, "by": seat}))
    return events


def others(state: StumpedState, seat: int) -> list[int]:
    """Returns the other seats, in turn order after `seat`."""
    return [(seat + step) % state.players for step in range(1, state.players)]


# --- effects with a choice --------------------------------------------------------------------------
def _mulch(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, MULCH, left=effect.amount)


def _recycle(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, RECYCLE, left=effect.amount)


def _take(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, TAKE, limit=effect.amount, to=effect.to)


def _clear(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, CLEAR, left=effect.amount)


def _steal(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, STEAL)


def _wilt(state: StumpedState, effect: Effect) -> list[Event]:
    return _ask(state, WILT)


_EFFECTS: dict[str, Callable[[Any, Effect], list[Event]]] = {
    "draw": _draw, "energy": _count, "buys": _count, "actions": _count, "growth": _count, "gain": _gain_effect,
    "flood": _flood, "drought": _drought, "mulch": _mulch, "recycle": _recycle, "take_market": _take,
    "clear_market": _clear, "steal_root": _steal, "wilt_root": _wilt,
}


def _count_down(state: StumpedState, decision: Decision) -> None:
    """Counts one choice off an 'up to N' decision; keeps it open while some are left and there is a choice."""
    decision.data["left"] -= 1
    if decision.data["left"]:
        options = FLOW.options_of(state, decision)
        if len(options) > 1:
            state.keep(decision)
            offer(state, options)


# --- the choices: options and answers ----------------------------------------------------------------
@FLOW.options(MULCH)
def mulch_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Mulch: any card in the hand, or stop."""
    return [Mulch(card) for card in deal.distinct(state, state.hands[decision.seat].cards)] + [Skip()]


@FLOW.answer(MULCH)
def mulch(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Removes a card of the hand from the game."""
    if not isinstance(action, Mulch):
        return []  # Done
    seat = state.turn.seat
    deal.take_from_hand(state, seat, action.card)
    state.owned[seat][action.card] -= 1
    state.mulched.append(action.card)
    _count_down(state, decision)
    text = f"{{{seat}}} mulches a {state.rules.name(action.card)}: it leaves the game."
    return [Event("mulch", text, {"seat": seat, "card": action.card})]


@FLOW.options(RECYCLE)
def recycle_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Recycle: any basic card in the discard pile, or stop."""
    pile = set(state.discards[decision.seat].cards)
    return [Recycle(card) for card in BASICS if card in pile] + [Skip()]


@FLOW.answer(RECYCLE)
def recycle(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Puts a basic card from the discard pile into the roots."""
    if not isinstance(action, Recycle):
        return []  # Done
    seat = state.turn.seat
    state.discards[seat].remove(action.card)
    state.roots[seat][action.card] += 1
    _count_down(state, decision)
    text = f"{{{seat}}} puts a {state.rules.name(action.card)} from their discard pile into their roots."
    return [Event("recycle", text, {"seat": seat, "card": action.card})]


@FLOW.options(GAIN)
def gain_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Gain: any basic card whose supply pile is not empty."""
    return [Gain(card) for card in BASICS if state.piles.left(card)]


@FLOW.answer(GAIN)
def choose_gain(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Takes the chosen basic card where the card said."""
    assert isinstance(action, Gain)
    return gain(state, action.card, decision.data["to"])


@FLOW.options(TAKE)
def take_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Take: any market card up to the limit, or nothing."""
    limit = decision.data["limit"]
    return [TakeMarket(slot, card) for slot, card in enumerate(state.market.slots)
            if card is not None and state.rules.card(card).cost <= limit] + [Skip()]


@FLOW.answer(TAKE)
def take(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Takes a market card for free where the card said, and refills the market."""
    if not isinstance(action, TakeMarket):
        return []  # Done
    seat, to = state.turn.seat, decision.data["to"]
    card = state.market.take(action.slot)
    state.owned[seat][card] = state.owned[seat].get(card, 0) + 1
    deal.put(state, seat, card, to)
    where = "into their hand" if to == "hand" else "onto their discard pile"
    data = {"seat": seat, "card": card, "slot": action.slot, "to": to}
    events = [Event("take", f"{{{seat}}} takes {state.rules.name(card)} from the market {where}.", data)]
    return events + deal.refill_market(state)


@FLOW.options(CLEAR)
def clear_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Clear: any market card, or stop."""
    return [ClearMarket(slot, card) for slot, card in enumerate(state.market.slots) if card is not None] + [Skip()]


@FLOW.answer(CLEAR)
def clear(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Discards a market card and refills its slot."""
    if not isinstance(action, ClearMarket):
        return []  # Done
    card = state.market.take(action.slot)
    state.market_discard.put([card])
    events = [Event("clear", f"{{{state.turn.seat}}} discards {state.rules.name(card)} from the market.",
                    {"seat": state.turn.seat, "card": card, "slot": action.slot})]
    events += deal.refill_market(state)
    _count_down(state, decision)
    return events


@FLOW.options(STEAL, WILT)
def root_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Steal or wilt: a card of any stack in another player's roots."""
    make = StealRoot if decision.kind == STEAL else WiltRoot
    return [make(other, card) for other in others(state, decision.seat) for card in BASICS
            if state.roots[other][card]]


@FLOW.answer(STEAL)
def steal(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Moves a card from another player's roots into the player's own."""
    assert isinstance(action, StealRoot)
    seat, other, card = state.turn.seat, action.seat, action.card
    state.roots[other][card] -= 1
    state.owned[other][card] -= 1
    state.roots[seat][card] += 1
    state.owned[seat][card] = state.owned[seat].get(card, 0) + 1
    text = f"{{{seat}}} takes a {state.rules.name(card)} from {{{other}}}'s roots into their own."
    return [Event("steal", text, {"seat": seat, "from": other, "card": card})]


@FLOW.answer(WILT)
def wilt(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Moves a card from another player's roots to their discard pile."""
    assert isinstance(action, WiltRoot)
    seat, other, card = state.turn.seat, action.seat, action.card
    state.roots[other][card] -= 1
    state.discards[other].put([card])
    text = f"{{{seat}}} wilts a {state.rules.name(card)} in {{{other}}}'s roots: it goes to their discard pile."
    return [Event("wilt", text, {"seat": other, "card": card, "by": seat})]
