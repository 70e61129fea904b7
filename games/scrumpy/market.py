"""The main play area: the recruitment strip, the vendors' reward spaces, the goals, the cubes that
players move onto them, and what all of it scores.

A rule module of functions over ScrumpyState; it answers the cube decision (which cube moves). Reads:
`data`, `seat`, every cidery's stores, coins, tokens, trees, hand and goals. Writes: `strip` and `deck`
(recruiting, refilling), `vendor_spaces`, `goal_tokens`, the seat's coins, tokens, cubes, goals and
worker spaces; `program` and `decisions` through `state.then`/`state.ask`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.scrumpy import effects, resources
from games.scrumpy.actions import AchieveGoal, Deliver, MoveCube, coins
from games.scrumpy.flow import FLOW

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState

AUTOMA, FREE = -2, -1  # who holds a vendor space besides the seats: the Automa, nobody (defined here only)


# --- the recruitment strip ------------------------------------------------------------------
def recruit_offers(state: ScrumpyState, seat: int, extra: int) -> list[tuple[int, str, int]]:
    """Returns (slot, card, price) for every strip worker `seat` can afford with `extra` discount."""
    coins, offers = state.cideries[seat].coins, []
    for slot, card in enumerate(state.strip.slots):
        if card is None:
            continue
        price = max(0, state.data.worker(card).cost - state.data.rules.strip_discounts[slot] - extra)
        if price <= coins:
            offers.append((slot, card, price))
    return offers


def recruit(state: ScrumpyState, seat: int, slot: int, price: int, space: int) -> list[Event]:
    """Pays for a strip worker and puts it on top of worker space `space` (the strip refills later)."""
    cidery = state.cideries[seat]
    card = state.strip.take(slot)
    cidery.coins -= price
    cidery.spaces[space].append(card)
    cidery.owned.append(card)
    return [Event("recruit", f"{{{seat}}} recruits {resources.card_name(state, card)} for {coins(price)}.",
                  {"seat": seat, "card": card, "price": price, "from": ["strip", slot], "to": ["space", seat, space]})]


@FLOW.step("refill")
def _op_refill(state: ScrumpyState, step: dict) -> list[Event]:
    """Slides the strip's workers to the right and fills the gaps from the recruitment deck."""
    state.strip.slide(toward_end=True)
    filled = state.strip.refill(state.deck)
    if not filled:
        return []
    names = ", ".join(resources.card_name(state, state.strip.slots[i]) for i in filled)
    return [Event("refill", f"The strip is refilled: {names}.",
                  {"slots": filled, "cards": [state.strip.slots[i] for i in filled], "from": ["deck"],
                   "to": ["strip"]}, reveals=True)]


# --- vendors -------------------------------------------------------------------------------
def _delivery_options(state: ScrumpyState, seat: int) -> list[Action]:
    """Returns a Deliver for every free reward space of every delivery `seat` can pay for."""
    if state.cideries[seat].cubes() == 0:
        return []
    actions: list[Action] = []
    for v, vendor_id in enumerate(state.vendors):
        vendor = state.data.vendor(vendor_id)
        for r, delivery in enumerate(vendor.deliveries):
            if not resources.can_pay(state, seat, dict(delivery.pay)):
                continue
            name = f"{effects.amounts(state, dict(delivery.pay))} to {vendor.name}"
            actions += [Deliver(v, r, s, name) for s, holder in enumerate(state.vendor_spaces[v][r])
                        if holder == FREE]
    return actions


def delivery_steps(state: ScrumpyState, vendor: int, row: int, space: int) -> list[dict[str, Any]]:
    """Returns a delivery's steps: the cube, the payment, the fixed and space rewards, the discard."""
    delivery = state.data.vendor(state.vendors[vendor]).deliveries[row]
    pays = [{"op": "pay", "res": res, "n": n} for res, n in delivery.pay.items()]
    rewards = [s.plain() for s in delivery.reward] + [s.plain() for s in state.data.spaces[space]]
    return [{"op": "cube", "target": ["vendor", vendor, row, space]}, *pays, *rewards, {"op": "flush"}]


def deliveries_of(state: ScrumpyState, seat: int) -> list[tuple[int, int]]:
    """Returns (vendor, delivery) for every cube `seat` has on a vendor."""
    return [(v, r) for v, rows in enumerate(state.vendor_spaces) for r, spaces in enumerate(rows)
            for holder in spaces if holder == seat]


def delivery_prestige(state: ScrumpyState, vendor: int, row: int) -> int:
    """Returns what one delivery scores at the end."""
    return state.data.vendor(state.vendors[vendor]).deliveries[row].prestige


# --- cubes ---------------------------------------------------------------------------------------
def cube_places(state: ScrumpyState, seat: int) -> list[tuple[str, str]]:
    """Returns (place, text) for every cube `seat` could move: Office actions, hand spots, orchard."""
    cidery, places = state.cideries[seat], []
    for action in state.data.rules.owner_actions:
        if action.id in cidery.office:
            places.append((f"office:{action.id}", f"the Office ({action.name}: upgrades it)"))
    texts = {"size": "the hand-size spot (hand of 6)", "keep": "the keep spot (keep 2 cards)"}
    places += [(f"hand:{spot}", texts[spot]) for spot in ("size", "keep") if spot in cidery.hand_cubes]
    if cidery.orchard_cubes:
        places.append(("orchard", "the orchard (room for a tree)"))
    return places


@FLOW.step("cube")
def _op_cube(state: ScrumpyState, step: dict) -> list[Event]:
    """Moves one of the seat's cubes onto a vendor space or a goal (the seat picks which cube)."""
    places = cube_places(state, state.seat)
    if len(places) == 1:
        return _place_cube(state, step, places[0][0])
    state.ask("cube", state.seat, "{seat}: choose which cube to move (it upgrades or frees what it leaves)",
             step=step)
    return []


@FLOW.options("cube")
def options_cube(state: ScrumpyState, decision: Decision) -> list[Action]:
    """Every cube the seat still has in its Storehouse or Orchard."""
    return [MoveCube(place, text) for place, text in cube_places(state, decision.seat)]


@FLOW.answer("cube")
def _answer_cube(state: ScrumpyState, decision: Decision, action: MoveCube) -> list[Event]:
    """Moves the chosen cube."""
    return _place_cube(state, decision.data["step"], action.place)


def _place_cube(state: ScrumpyState, step: dict, place: str) -> list[Event]:
    """Takes the cube from `place` and puts it on the step's target."""
    seat, cidery = state.seat, state.me
    if place == "orchard":
        cidery.orchard_cubes -= 1
    elif place.startswith("office:"):
        cidery.office.remove(place.split(":")[1])
    else:
        cidery.hand_cubes.remove(place.split(":")[1])
    target = step["target"]
    if target[0] == "vendor":
        _, vendor, row, space = target
        state.vendor_spaces[vendor][row][space] = seat
        name = state.data.vendor(state.vendors[vendor]).name
        text = f"{{{seat}}} delivers to {name} (delivery {row + 1})"
    else:
        cidery.goals.append(target[1])
        text = f"{{{seat}}} achieves {state.data.goal(target[1]).name}"
    return [Event("cube", f"{text}, moving a cube from {_place_text(state, place)}.",
                  {"seat": seat, "place": place, "target": target})]


# --- goals -----------------------------------------------------------------------------------
def _goal_options(state: ScrumpyState, seat: int, after: bool) -> list[Action]:
    """Returns an AchieveGoal for every goal `seat` can achieve now."""
    cidery = state.cideries[seat]
    goals = list(state.public_goals) + ([cidery.private_goal] if cidery.private_goal else [])
    return [AchieveGoal(g, state.data.goal(g).name) for g in goals if can_achieve(state, seat, g, after)]


def can_achieve(state: ScrumpyState, seat: int, goal_id: str, after: bool) -> bool:
    """Returns whether `seat` meets a goal now (`after`: after its Core Action this turn)."""
    cidery, goal = state.cideries[seat], state.data.goal(goal_id)
    if goal_id in cidery.goals or cidery.cubes() == 0:
        return False
    if goal.end_of_round and not (after and cidery.cores >= state.data.rules.core_actions):
        return False
    hand = cidery.hand.cards
    kinds = [kind_of(c) for c in hand]
    return (all(cidery.count(res) >= n for res, n in goal.stores.items())
            and cidery.tokens >= goal.tokens and cidery.coins >= max(goal.coins, goal.donate)
            and cidery.trees >= goal.trees and len(hand) >= goal.hand
            and sum(state.data.worker(k).idle for k in kinds) >= goal.layabouts_in_hand
            and _same_deliveries(state, seat) >= goal.same_delivery)


def _same_deliveries(state: ScrumpyState, seat: int) -> int:
    """Returns the most cubes `seat` has on one delivery of one vendor."""
    counts: dict[tuple[int, int], int] = {}
    for key in deliveries_of(state, seat):
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values(), default=0)


def achieve(state: ScrumpyState, action: AchieveGoal) -> list[Event]:
    """Achieves a goal: a private goal is revealed first (the rulebook's step 1), so that the steps
    that follow name no secret; then the cube, the token or the payment."""
    events = []
    cidery, goal = state.me, state.data.goal(action.goal)
    if action.goal == cidery.private_goal and not cidery.private_shown:
        cidery.private_shown = True
        events.append(Event("reveal", f"{{{state.seat}}} reveals the private goal {goal.name}: {goal.text}.",
                            {"seat": state.seat, "goal": goal.id}, reveals=True))
    state.then({"op": "cube", "target": ["goal", action.goal]}, {"op": "goal", "goal": action.goal})
    return events


@FLOW.step("goal")
def _op_goal(state: ScrumpyState, step: dict) -> list[Event]:
    """The goal's consequences (a private goal was revealed when chosen): pay a donation, take the public token."""
    seat, cidery, goal = state.seat, state.me, state.data.goal(step["goal"])
    events = []
    if goal.donate:
        cidery.coins -= goal.donate
        events.append(Event("donate", f"{{{seat}}} donates {goal.donate} coins to charity.",
                            {"seat": seat, "coins": goal.donate}))
    if step["goal"] in state.public_goals:
        index = state.public_goals.index(step["goal"])
        if state.goal_tokens[index]:
            state.goal_tokens[index] = False
            cidery.tokens += 1
            events.append(Event("token", f"{{{seat}}} is first to {goal.name} and takes its Prestige token.",
                                {"seat": seat, "goal": goal.id}))
    return events


# --- scoring -----------------------------------------------------------------------------------
def _score_rows(state: ScrumpyState, seat: int) -> list[tuple[str, int]]:
    """Returns `seat`'s score by category."""
    cidery, data = state.cideries[seat], state.data
    workers = sum(data.worker(c).tier in ("skilled", "master") for c in cidery.owned)
    return [("Prestige tokens", cidery.tokens),
            ("Goals", sum(data.goal(g).prestige for g in cidery.goals)),
            ("Deliveries", sum(delivery_prestige(state, v, r) for v, r in deliveries_of(state, seat))),
            ("Skilled & Masters", workers),
            ("1 per 8 coins", cidery.coins // 8)]


def _place_text(state: ScrumpyState, place: str) -> str:
    """Returns how the log names the place a cube left, and what leaving it does."""
    if place == "orchard":
        return "the orchard (room for a tree)"
    kind, _, what = place.partition(":")
    if kind == "office":
        return f"the Office's {state.data.owner_action(what).name} (now upgraded)"
    return {"size": "the hand size spot (hand of 6 now)", "keep": "the keep spot (keep 2 cards now)"}[what]


def masters(state: ScrumpyState, seat: int) -> int:
    """Returns how many Master workers `seat` owns (the second tie-break)."""
    return sum(state.data.worker(c).tier == "master" for c in state.cideries[seat].owned)


