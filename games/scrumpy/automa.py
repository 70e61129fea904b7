"""The solo Automa: rules, not a bot. After each of your turns it flips a card of its deck and does
the first step it can (take a strip worker, deliver to a vendor, claim a public goal, prestige),
then the card's `also` steps. It scores tokens, goals, deliveries and 1 per Skilled or Master worker.

A rule module of functions over ScrumpyState, and the judger of who won (the rulebook's tie-breaks, with or
without the Automa). Reads: `data`, `rng` (reshuffles its deck), the strip, vendors, public goals, every
seat's score, coins and workers. Writes: `automa` (its deck, workers, cubes, tokens and goals), the strip
(`strip`, `deck` through a refill), `vendor_spaces` and `goal_tokens`."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from games.core.actions import Event, seat_name
from games.core.record import Record
from games.core.words import listed
from games.core.zones import DOWN, UP, Pile
from games.scrumpy import market, resources
from games.scrumpy.data import AutomaCard, AutomaStep, Data
from games.scrumpy.flow import FLOW
from games.scrumpy.market import AUTOMA, FREE

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState


@dataclass(eq=False)
class Automa(Record):
    """The Automa's deck, the workers it took, its cubes, tokens and goals."""

    level: str
    deck: Pile
    discard: Pile
    workers: list[str] = field(default_factory=list)
    cubes: int = 0
    tokens: int = 0
    goals: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, level: str, data: Data, rng: random.Random) -> "Automa":
        """Returns the Automa of a level with its deck shuffled."""
        cards = automa_deck(data, level)
        rng.shuffle(cards)
        return cls(level, Pile(cards, DOWN), Pile([], UP), [], data.rules.automa_cubes)


def automa_deck(data: Data, level: str) -> list[str]:
    """Returns the Automa card ids of a level."""
    decks = data.level(level).decks
    return [card.id for card in data.automa if card.deck in decks]


def automa_card(state: ScrumpyState, card_id: str) -> AutomaCard:
    """Returns an Automa card by id."""
    return next(card for card in state.data.automa if card.id == card_id)


@FLOW.step("automa_initial")
def _op_automa_initial(state: ScrumpyState, step: dict) -> list[Event]:
    """Initial recruitment: the Automa, sitting to your right, takes the rightmost strip worker; the strip
    refills only after everyone has taken one, as in every game (you pick from the three left)."""
    return _automa_take(state, "right", refill=False)


@FLOW.step("automa")
def _op_automa(state: ScrumpyState, step: dict) -> list[Event]:
    """The Automa's turn: flip its next card and do it."""
    automa = state.automa
    if not automa.deck.cards:
        automa.deck.cards, automa.discard.cards = automa.discard.cards, []
        state.rng.shuffle(automa.deck.cards)
    card_id = automa.deck.cards.pop()
    automa.discard.cards.append(card_id)
    card = automa_card(state, card_id)
    events = [Event("automa_card", f"The Automa flips {card.name}.", {"card": card_id}, reveals=True)]
    for option in card.do:
        if _automa_can(state, option):
            events += _automa_do(state, option)
            break
    for option in card.also:
        if _automa_can(state, option):
            events += _automa_do(state, option)
    return events


def _automa_can(state: ScrumpyState, option: AutomaStep) -> bool:
    """Returns whether the Automa can do a step now."""
    if option.take:
        return bool(state.strip.cards())
    if option.deliver:
        return state.automa.cubes > 0 and bool(_free_deliveries(state))
    if option.goal:
        return state.automa.cubes > 0 and any(g not in state.automa.goals for g in state.public_goals)
    return True


def _automa_do(state: ScrumpyState, option: AutomaStep) -> list[Event]:
    """Does one Automa step."""
    if option.take:
        return _automa_take(state, option.take)
    if option.deliver:
        return _automa_deliver(state, option.deliver)
    if option.goal:
        return _automa_goal(state)
    state.automa.tokens += option.prestige
    return [Event("automa_prestige", f"The Automa gains {option.prestige} prestige.", {"prestige": option.prestige})]


def _automa_take(state: ScrumpyState, which: str, refill: bool = True) -> list[Event]:
    """Takes a strip worker (right, left, or the rightmost Master) and refills the strip (unless not)."""
    slots = [i for i, card in enumerate(state.strip.slots) if card is not None]
    if not slots:
        return []
    masters = [i for i in slots if state.data.worker(state.strip.slots[i]).tier == "master"]
    slot = slots[0] if which == "left" else (masters or slots)[-1]
    card = state.strip.take(slot)
    state.automa.workers.append(card)
    events = [Event("automa_take", f"The Automa takes {resources.card_name(state, card)} from the strip.",
                    {"card": card, "from": ["strip", slot], "to": ["automa"]})]
    return events + (market._op_refill(state, {}) if refill else [])


def _free_deliveries(state: ScrumpyState) -> list[tuple[int, int, int]]:
    """Returns (vendor, delivery, first free space) for every delivery with a free reward space."""
    found = []
    for v, rows in enumerate(state.vendor_spaces):
        for r, spaces in enumerate(rows):
            if FREE in spaces:
                found.append((v, r, spaces.index(FREE)))
    return found


def _automa_deliver(state: ScrumpyState, which: str) -> list[Event]:
    """Puts a cube on the first free space of the cheapest or dearest delivery (first vendor on ties); of
    the reward space it gains the prestige only (rulings.md: no other rewards)."""
    options = _free_deliveries(state)
    def value(option: tuple) -> int:
        return market.delivery_prestige(state, option[0], option[1])
    best = min(options, key=value) if which == "cheap" else max(options, key=value)
    vendor, row, space = best
    state.vendor_spaces[vendor][row][space] = AUTOMA
    state.automa.cubes -= 1
    name = state.data.vendor(state.vendors[vendor]).name
    events = [Event("automa_deliver", f"The Automa delivers to {name} (delivery {row + 1}).",
                    {"target": ["vendor", vendor, row, space]})]
    prestige = sum(step.n for step in state.data.spaces[space] if step.op == "prestige")
    if prestige:
        state.automa.tokens += prestige
        events.append(Event("automa_prestige", f"The Automa gains {prestige} prestige from the reward space.",
                            {"prestige": prestige}))
    return events


def _automa_goal(state: ScrumpyState) -> list[Event]:
    """Claims the first public goal it has not claimed, taking the token if it is still there."""
    index = next(i for i, g in enumerate(state.public_goals) if g not in state.automa.goals)
    goal = state.public_goals[index]
    state.automa.goals.append(goal)
    state.automa.cubes -= 1
    text = f"The Automa claims {state.data.goal(goal).name}"
    if state.goal_tokens[index]:
        state.goal_tokens[index] = False
        state.automa.tokens += 1
        text += " and takes its Prestige token"
    return [Event("automa_goal", text + ".", {"goal": goal, "target": ["goal", goal]})]


def automa_rows(state: ScrumpyState) -> list[tuple[str, int]]:
    """Returns the Automa's score by category."""
    automa, data = state.automa, state.data
    deliveries = [(v, r) for v, rows in enumerate(state.vendor_spaces) for r, spaces in enumerate(rows)
                  for holder in spaces if holder == AUTOMA]
    return [("Prestige tokens", automa.tokens),
            ("Goals", sum(data.goal(g).prestige for g in automa.goals)),
            ("Deliveries", sum(market.delivery_prestige(state, v, r) for v, r in deliveries)),
            ("Skilled & Masters", len(automa.workers))]


def rivals(state: ScrumpyState) -> list[tuple[str, int]]:
    """Returns the Automa and its score in a solo game."""
    return [] if state.automa is None else [("Automa", automa_score(state))]


def rival_details(state: ScrumpyState) -> list[list[tuple[str, int]]]:
    """Returns the Automa's score by category in a solo game."""
    return [] if state.automa is None else [automa_rows(state)]


def automa_score(state: ScrumpyState) -> int:
    """Returns the Automa's prestige."""
    return sum(value for _, value in automa_rows(state))


def standings(state: ScrumpyState) -> list[tuple[int, int, int]]:
    """Returns (prestige, leftover coins, Master workers) for every seat, and the Automa's last in solo (it
    has no coins): what the rulebook compares, in its order."""
    keys = [(score, state.cideries[s].coins % 8, market.masters(state, s)) for s, score in enumerate(state.scores())]
    if state.automa is not None:
        keys.append((automa_score(state), 0, sum(state.data.worker(c).tier == "master" for c in state.automa.workers)))
    return keys


def tie_keys(state: ScrumpyState, names: Sequence[str]) -> list[tuple[str, int, int, int]]:
    """Returns (name, prestige, leftover coins, Master workers) for every seat, and the Automa last in solo."""
    who = [seat_name(names, s) for s in range(state.players)] + ["the Automa"] * (state.automa is not None)
    return [(name, *key) for name, key in zip(who, standings(state))]


def tie_break(state: ScrumpyState, names: Sequence[str]) -> str | None:
    """Returns how a tie for the most prestige was broken, as the rulebook says (the most leftover coins,
    then the most Master workers, else victory is shared), in one line; None if nobody tied."""
    if not state.is_over():
        return None
    keys = tie_keys(state, names)
    best = max(key[1] for key in keys)
    tied = [key for key in keys if key[1] == best]
    if len(tied) < 2:
        return None
    parts = [f"{listed(k[0] for k in tied)} tie on {best} prestige"]
    for index, what in ((2, "coins left"), (3, "Master workers")):
        values = [k[index] for k in tied]
        if len(set(values)) == 1:
            parts.append(f"{what}: {values[0]} each")
        else:
            parts.append(f"{what}: " + ", ".join(f"{k[0]} {k[index]}" for k in tied))
        top = max(values)
        tied = [k for k in tied if k[index] == top]
        if len(tied) == 1:
            return "; ".join(parts) + f" - {tied[0][0]} wins."
    if state.automa is not None:  # you win a solo game unless the Automa beats you
        return "; ".join(parts) + " - a tie with the Automa is your win."
    return "; ".join(parts) + " - victory is shared."


def winners(state: ScrumpyState) -> list[int]:
    """Returns the winners: most prestige, then most leftover coins, then most Masters; in a solo
    game you win by beating the Automa's score under the same tie-breaks (it has no coins)."""
    if not state.is_over():
        return []
    keys = standings(state)
    if state.automa is not None:
        return [0] if keys[0] >= keys[1] else []
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
