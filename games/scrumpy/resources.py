"""Resources are worker cards: storing, paying, selling and drawing them card for card.

A gain without processing takes a card from hand or the top of the draw pile (or, while cards are
being delivered or processed, one of those: the pool). Paying moves cards from a store to the pool;
what the pool does not turn into new resources goes to the discard pile (the `flush` step).

A rule module of functions over ScrumpyState. Reads: `data`, `seat` (the seat to move), `rng` (draws).
Writes: each cidery's hand, draw and discard piles, pool, stores, coins and tokens; `program` (steps)
and `decisions` (picks) through `state.then` and `state.ask`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Event, Secret
from games.scrumpy import effects
from games.scrumpy.actions import cards_text, coins
from games.scrumpy.flow import FLOW

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState


def article(name: str) -> str:
    """Returns 'an apple' / 'a wood' style text."""
    return ("an " if name[0] in "aeiou" else "a ") + name


def room(state: ScrumpyState, seat: int, res: str) -> int:
    """Returns how many more cards a store can hold."""
    return state.data.resource(res).limit - state.cideries[seat].count(res)


def card_name(state: ScrumpyState, card: str) -> str:
    """Returns a card's name."""
    return state.data.worker(card).name


def draw_cards(state: ScrumpyState, seat: int, count: int) -> list[Event]:
    """Draws `count` cards into hand, shuffling the discard pile into a new draw pile when empty."""
    cidery = state.cideries[seat]
    if count <= 0:
        return []
    events = []
    if len(cidery.draw.cards) < count and cidery.discard.cards:
        events.append(Event("reshuffle", f"{{{seat}}} shuffles the discard pile into a new draw pile.",
                            {"seat": seat}))
    drawn = cidery.draw.draw(count, cidery.discard, state.rng)
    cidery.hand.cards.extend(drawn)
    names = ", ".join(card_name(state, c) for c in drawn) or "nothing"
    data = {"seat": seat, "count": len(drawn), "from": ["draw", seat], "to": ["hand", seat]}
    return events + [Event("draw", f"{{{seat}}} draws {cards_text(len(drawn))}.", data, reveals=bool(drawn),
                           secret=Secret((seat,), f"You draw {names}.", {**data, "cards": drawn}))]


def move_card(state: ScrumpyState, seat: int, source: str, kind: str, target: str) -> tuple[str, Event]:
    """Moves a card of `kind` (the top card for the draw pile) between zones; returns it and a private event."""
    cidery = state.cideries[seat]
    card = cidery.draw.cards.pop() if source == "draw" else cidery.take(source, kind)
    cidery.zone(target).cards.append(card)
    where = {"draw": "the top of the draw pile"}.get(source, _zone_text(source))
    data = {"seat": seat, "from": [source, seat], "to": [target, seat]}
    public = f"{{{seat}}} moves a card from {where} to {_zone_text(target)}."
    private = f"You move {card_name(state, card)} from {where} to {_zone_text(target)}."
    return card, Event("move", public, data, reveals=source == "draw",  # a drawn card is seen: no undo
                       secret=Secret((seat,), private, {**data, "card": card}))


# --- gaining ---------------------------------------------------------------------------------
@FLOW.step("gain")
def _op_gain(state: ScrumpyState, step: dict) -> list[Event]:
    """Gains resources one card at a time: from the pool while it has cards, else hand or draw pile."""
    if "answer" in step:
        return _picked_gain(state, step, *step.pop("answer"))
    seat, cidery = state.seat, state.me
    if "left" not in step:
        step["left"] = cidery.trees if step.get("per") == "tree" else step.get("n", 0)
    res, left = step["res"], step["left"]
    name = state.data.resource(res)
    if left <= 0:
        return []
    if not room(state, seat, res):
        return [Event("full", f"{{{seat}}}'s store of {name.plural} is full.", {"seat": seat, "res": res})]
    zones = ["pool"] if cidery.pool.cards else ["hand", "draw"]
    if not any(cidery.zone(z).cards for z in zones):
        return []
    if zones == ["pool"] and step.get("made"):  # what a conversion makes comes from the cards it used
        kinds = cidery.kinds("pool")
        if len(kinds) == 1 or step.get("auto"):  # no choice that matters, or auto-pay: store the weakest
            return _picked_gain(state, step, "pool", min(kinds, key=lambda kind: effects.worth(state, kind)))
    state.ask("pick", seat, f"{{seat}}: pick a card to store as {article(name.name)} ({left} to gain), or Done (claim no more)",
             step=step, zones=zones, optional=True)
    return []


def _picked_gain(state: ScrumpyState, step: dict, zone: str, card: str) -> list[Event]:
    """Stores the picked card as the resource and asks for the next."""
    _, event = move_card(state, state.seat, zone, card, step["res"])
    step["left"] -= 1
    state.then(step)
    return [event]


# --- paying ----------------------------------------------------------------------------------
@FLOW.step("pay")
def _op_pay(state: ScrumpyState, step: dict) -> list[Event]:
    """Pays `n` cards from a store into the pool, one pick at a time (no pick when all are alike)."""
    if "answer" in step:
        return _picked_pay(state, step, *step.pop("answer"))
    seat, cidery, res = state.seat, state.me, step["res"]
    if step["n"] <= 0 or not cidery.stores[res].cards:
        return []
    kinds = cidery.kinds(res)
    if len(kinds) == 1 or step.get("auto") or cidery.count(res) <= step["n"]:
        # one kind, auto-pay (your best workers go back to your deck) or every card must go: no pick
        return _picked_pay(state, step, res, max(kinds, key=lambda kind: effects.worth(state, kind)))
    name = state.data.resource(res).name
    state.ask("pick", seat, f"{{seat}}: pick the {name} card to pay ({step['n']} to pay)",
             step=step, zones=[res], optional=False)
    return []


def _picked_pay(state: ScrumpyState, step: dict, zone: str, card: str) -> list[Event]:
    """Pays the picked card into the pool and asks for the next."""
    return _picked_one(state, step, zone, card, "pool")


def _picked_one(state: ScrumpyState, step: dict, zone: str, card: str, to: str) -> list[Event]:
    """Moves the picked card of the seat to move to `to` and runs the step again for the next of its `n`."""
    _, event = move_card(state, state.seat, zone, card, to)
    step["n"] -= 1
    state.then(step)
    return [event]


@FLOW.step("flush")
def _op_flush(state: ScrumpyState, step: dict) -> list[Event]:
    """Discards the cards left in the pool."""
    seat, cidery = state.seat, state.me
    cards = cidery.pool.cards
    if not cards:
        return []
    cidery.discard.cards.extend(cards)
    cidery.pool.cards = []
    names = ", ".join(card_name(state, c) for c in cards)
    data = {"seat": seat, "count": len(cards), "from": ["pool", seat], "to": ["discard", seat]}
    return [Event("discard", f"{{{seat}}} discards {cards_text(len(cards), 'used card')}.", data,
                  secret=Secret((seat,), f"You discard {names}.", {**data, "cards": cards}))]


def can_pay(state: ScrumpyState, seat: int, pay: dict[str, int], coins: int = 0) -> bool:
    """Returns whether `seat` has the stored resources and coins."""
    cidery = state.cideries[seat]
    return cidery.coins >= coins and all(cidery.count(res) >= n for res, n in pay.items())


# --- selling and secondary actions -----------------------------------------------------------
@FLOW.step("sell")
def _op_sell(state: ScrumpyState, step: dict) -> list[Event]:
    """Sells one card of a store (a pick when its cards differ)."""
    if "answer" in step:
        return _picked_sell(state, step, *step.pop("answer"))
    kinds = state.me.kinds(step["res"])
    if len(kinds) == 1:
        return sell_card(state, state.seat, step["res"], kinds[0])
    name = state.data.resource(step["res"]).name
    state.ask("pick", state.seat, f"{{seat}}: pick the {name} card to sell", step=step,
             zones=[step["res"]], optional=False)
    return []


def _picked_sell(state: ScrumpyState, step: dict, zone: str, card: str) -> list[Event]:
    """Sells the picked card."""
    return sell_card(state, state.seat, zone, card)


def sell_card(state: ScrumpyState, seat: int, res: str, kind: str) -> list[Event]:
    """Moves a stored card to the discard pile for the resource's sale price."""
    cidery, resource = state.cideries[seat], state.data.resource(res)
    _, event = move_card(state, seat, res, kind, "discard")
    cidery.coins += resource.sell_coins
    cidery.tokens += resource.sell_prestige
    price = coins(resource.sell_coins) if resource.sell_coins else f"{resource.sell_prestige} prestige"
    return [event, Event("sell", f"{{{seat}}} sells {article(resource.name)} for {price}.",
                         {"seat": seat, "res": res, "coins": resource.sell_coins,
                          "prestige": resource.sell_prestige})]


def secondary(state: ScrumpyState, seat: int, kind: str) -> list[Event]:
    """Uses a card from hand for its Secondary Action: stored as the resource, or discarded for a token."""
    cidery, worker = state.cideries[seat], state.data.worker(kind)
    reward = worker.secondary
    target = reward if reward in cidery.stores else "discard"
    card = cidery.take("hand", kind)
    cidery.zone(target).cards.append(card)
    if reward == "coin":
        cidery.coins += 1
    elif reward == "prestige":
        cidery.tokens += 1
    text = f"{{{seat}}} uses {worker.name}'s secondary action and " + \
        (f"stores it as {article(reward)}." if target != "discard" else f"takes {article(reward)}.")
    data = {"seat": seat, "kind": kind, "reward": reward, "from": ["hand", seat], "to": [target, seat]}
    return [Event("secondary", text, data, secret=Secret((seat,), text, {**data, "card": card}))]


@FLOW.step("discard")
def _op_discard(state: ScrumpyState, step: dict) -> list[Event]:
    """Discards `n` cards from hand, one pick at a time."""
    if "answer" in step:
        return _picked_discard(state, step, *step.pop("answer"))
    cidery = state.me
    if step["n"] <= 0 or not cidery.hand.cards:
        return []
    kinds = cidery.kinds("hand")
    if len(kinds) == 1:
        return _picked_discard(state, step, "hand", kinds[0])
    state.ask("pick", state.seat, f"{{seat}}: pick a card to discard from your hand ({step['n']} to discard)",
             step=step, zones=["hand"], optional=False)
    return []


def _picked_discard(state: ScrumpyState, step: dict, zone: str, card: str) -> list[Event]:
    """Discards the picked card and asks for the next."""
    return _picked_one(state, step, zone, card, "discard")


@FLOW.step("draw")
def _op_draw(state: ScrumpyState, step: dict) -> list[Event]:
    """Draws cards into hand (beyond the hand size if need be)."""
    return draw_cards(state, state.seat, step["n"])


def _zone_text(zone: str) -> str:
    """Returns how the log names a zone."""
    return {"pool": "the cards in use", "discard": "the discard pile", "hand": "hand"}.get(zone, f"the {zone} store")

