"""Scrumpy's "why not?": one line, in the rulebook's words, saying why a place the seat to move would expect to
act on does not glow now (a card in hand, a strip worker, an Office tile, a store, a reward space, a goal...).

Uses only what the mover sees: its own hand, stores, coins and private goal, and the public table. A place
that some legal action is clicked on says nothing (games/scrumpy/places.py is the one mapping)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.words import listed
from games.scrumpy import market, resources
from games.scrumpy.actions import coins
from games.scrumpy.cidery import Cidery
from games.scrumpy.market import FREE
from games.scrumpy.places import action_place

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState

# The lines (the rulebook's words where it has them; rulings.md where it is silent).
CORE_TAKEN = "You have taken this turn's Core Action: achieve a goal, or End turn."
AUX_TAKEN = "You have taken this turn's Auxiliary Action: one before each Core Action."
INITIAL = "Before the first round, take one worker from the strip for free."
IDLE = "An Idle Layabout has no Core Action: it can only represent a stored resource or be discarded."
FULL_OWNER = "Your worker spaces are full: this Core Action must be your Owner Action."
FULL = "Your worker spaces are full until the Refresh phase."
OWNER_DUE = "The Owner Action is compulsory once a round: your last Core Action must be an Owner Action."
PRICE = "{name} costs {price} on this space: you have {have}."
NO_LAYABOUTS = "The Idle Layabout supply is empty."
OWNER_ACTED = "Your Owner has already acted this round ({name}): once per round."
OWNER_CHOSEN = "You have chosen this Owner Action already: the two must be different."
UPGRADE_HOW = "Upgrades happen when you deliver to a vendor or achieve a goal: this cube moves then."
CUBE_GONE = "{name} is upgraded already: its cube has gone. Move another cube."
ORCHARD_NO_CUBE = "Your orchard has no cube left: move another cube."
ORCHARD = "Trees are planted by workers such as the Planter, in a free space of your orchard."
STORE_EMPTY = "You have no {plural} stored: nothing to sell."
TAKEN = "This reward space is taken: a delivery needs an unoccupied reward space."
NO_CUBE = "You have no cube left in your Storehouse or Orchard to move here."
SHORT = "You need {missing} for this delivery."
GOAL_DONE = "You have achieved {name}: each player can complete each goal only once."
GOAL_LATE = "{name}: only after all parts of your fourth and final Core Action of a round."
GOAL_SHORT = "{name} needs {need}: you have {have}."
DECK = "Recruit from the workers on the strip: the recruitment deck only refills it."
DRAW = "You cannot look through your draw pile: actions and the Refresh draw from it."
DISCARD = "Discarded cards come back when your discard pile is shuffled into a new draw pile."
SPACE_USED = "A played worker stays in its space until the Refresh phase."
SPACE_EMPTY = "Workers fill the spaces from left to right: play a card from your hand or recruit one."
COPY_MASTER = "Master workers cannot be copied."
COPY_COPIER = "A worker that copies cannot be copied (no endless copies)."
COPY_NO_CORE = "{name} has no Core Action to copy."
COPY_SELF = "A worker cannot copy itself."
COPY_OWN = "This copies a worker in your own Storehouse only."
COPY_OPPONENT = "This copies an opponent's worker, not one of yours."
COPY_LAST = "Only an opponent's most recently played worker can be copied."

TURN = ("turn", "after")  # the decisions of a turn's actions


def why_not(state: "ScrumpyState", target: Any) -> str | None:
    """Returns why the seat to move cannot act on `target` now, or None (it glows, or nothing useful)."""
    decision = state.pending_decision()
    if decision is None or not isinstance(target, tuple) or not target or target[0] not in _PLACES:
        return None
    if any(action_place(action, state) == target for action in state.legal_actions()):
        return None
    return _PLACES[target[0]](state, decision, state.cideries[decision.seat], *target[1:])


# --- the turn's Core Actions ---------------------------------------------------------------------------
def _core_blocked(state: "ScrumpyState", decision: Decision, cidery: Cidery) -> str | None:
    """Returns why no worker may be played or recruited now (the Core Action taken, full spaces, the Owner due)."""
    if decision.kind == "initial":
        return INITIAL
    if decision.kind == "after":
        return CORE_TAKEN
    if decision.kind != "turn":
        return None
    if cidery.free_space() is None:
        return FULL if cidery.meeple else FULL_OWNER
    if not cidery.meeple and cidery.cores + 1 >= state.data.rules.core_actions:
        return OWNER_DUE
    return None


def _hand(state, decision, cidery, kind) -> str | None:
    """A card in hand: Idle Layabouts are never played; else the turn's Core Action is taken or blocked."""
    if decision.kind == "turn" and state.data.worker(kind).idle:
        return IDLE
    return _core_blocked(state, decision, cidery)


def _strip(state, decision, cidery, slot) -> str | None:
    """A strip worker: the Core Action blocked, or its price here (a Recruiter's discount included)."""
    card = state.strip.slots[slot] if 0 <= slot < len(state.strip.slots) else None
    if card is None:
        return None
    recruiting = decision.kind == "choose" and decision.data["step"]["op"] == "recruit"
    if not recruiting:
        blocked = _core_blocked(state, decision, cidery)
        if blocked or decision.kind != "turn":
            return blocked
    extra = decision.data["step"].get("discount", 0) if recruiting else 0
    price = max(0, state.data.worker(card).cost - state.data.rules.strip_discounts[slot] - extra)
    if price <= cidery.coins:
        return None
    return PRICE.format(name=resources.card_name(state, card), price=coins(price), have=coins(cidery.coins))


def _layabouts(state, decision, cidery) -> str | None:
    """The grey supply: the Core Action blocked, or none left."""
    blocked = _core_blocked(state, decision, cidery)
    if blocked or decision.kind != "turn":
        return blocked
    return NO_LAYABOUTS if not state.layabouts.cards else None


def _deck(state, decision, cidery) -> str | None:
    """The recruitment deck: workers come from the strip."""
    recruiting = decision.kind == "choose" and decision.data["step"]["op"] == "recruit"
    return DECK if decision.kind in ("turn", "initial") or recruiting else None


def _office(state, decision, cidery, seat, action) -> str | None:
    """An Office tile of one's own: the Owner acted, the Core Action taken, a cube gone, an action chosen."""
    if seat != decision.seat:
        return None
    name = state.data.owner_action(action).name
    if decision.kind == "cube" and action not in cidery.office:
        return CUBE_GONE.format(name=name)
    if decision.kind == "choose" and decision.data["step"]["op"] == "owner":
        return OWNER_CHOSEN if action in decision.data["step"].get("chosen", []) else None
    if decision.kind in ("initial", "after"):
        return _core_blocked(state, decision, cidery)
    if decision.kind == "turn" and cidery.meeple:
        return OWNER_ACTED.format(name=state.data.owner_action(cidery.meeple).name)
    return None


def _spot(state, decision, cidery, seat, spot) -> str | None:
    """A hand upgrade spot of one's own: upgraded by moving its cube to a vendor or a goal."""
    if seat != decision.seat:
        return None
    if decision.kind == "cube":
        return None if spot in cidery.hand_cubes else CUBE_GONE.format(name="This hand spot")
    return UPGRADE_HOW if decision.kind in TURN else INITIAL if decision.kind == "initial" else None


def _orchard(state, decision, cidery, seat) -> str | None:
    """One's own orchard: trees come from workers; a cube leaves it only onto a vendor or a goal."""
    if seat != decision.seat:
        return None
    if decision.kind == "cube":
        return ORCHARD_NO_CUBE if not cidery.orchard_cubes else None
    return ORCHARD if decision.kind in TURN else INITIAL if decision.kind == "initial" else None


def _store(state, decision, cidery, seat, res) -> str | None:
    """One's own store: selling is an Auxiliary Action of the turn, from a store that holds a card."""
    if seat != decision.seat or decision.kind not in ("turn", "after", "initial"):
        return None
    if decision.kind != "turn":
        return _core_blocked(state, decision, cidery)
    if not cidery.stores[res].cards:
        return STORE_EMPTY.format(plural=state.data.resource(res).plural)
    return AUX_TAKEN if state.aux_used else None


def _vendor(state, decision, cidery, vendor, row, space) -> str | None:
    """A reward space: taken, no cube, the Auxiliary Action used, or resources short."""
    if decision.kind not in ("turn", "after", "initial"):
        return None
    if decision.kind != "turn":
        return _core_blocked(state, decision, cidery)
    if state.vendor_spaces[vendor][row][space] != FREE:
        return TAKEN
    if not cidery.cubes():
        return NO_CUBE
    if state.aux_used:
        return AUX_TAKEN
    pay = dict(state.data.vendor(state.vendors[vendor]).deliveries[row].pay)
    missing = {res: n - cidery.count(res) for res, n in pay.items() if cidery.count(res) < n}
    if not missing:
        return None
    return SHORT.format(missing=listed(f"{n} more {_amount_name(state, res, n)}" for res, n in missing.items()))


def _goal(state, decision, cidery, goal_id) -> str | None:
    """A goal: achieved already, no cube, too early (Idle hands), or its condition unmet (the first one)."""
    if decision.kind == "initial":
        return INITIAL
    if decision.kind not in TURN:
        return None
    goal = state.data.goal(goal_id)
    if goal_id in cidery.goals:
        return GOAL_DONE.format(name=goal.name)
    if not cidery.cubes():
        return NO_CUBE
    if goal.end_of_round and not (decision.kind == "after" and cidery.cores >= state.data.rules.core_actions):
        return GOAL_LATE.format(name=goal.name)
    for need, have, n in _goal_needs(state, cidery, goal):
        if have < n:
            return GOAL_SHORT.format(name=goal.name, need=need, have=have)
    return None


def _goal_needs(state, cidery: Cidery, goal) -> list[tuple[str, int, int]]:
    """Returns (what is needed, what the cidery has, how many) for each condition of a goal, in card order."""
    hand = [kind_of(card) for card in cidery.hand.cards]
    needs = [(f"{n} stored {_amount_name(state, res, n)}", cidery.count(res), n) for res, n in goal.stores.items()]
    same = max((market.deliveries_of(state, cidery.seat).count(key) for key in market.deliveries_of(state, cidery.seat)), default=0)
    money = max(goal.coins, goal.donate)
    return needs + [(f"{goal.tokens} prestige tokens", cidery.tokens, goal.tokens),
                    (f"{money} coins" + (" to donate" if goal.donate else ""), cidery.coins, money),
                    (f"{goal.trees} trees in your orchard", cidery.trees, goal.trees),
                    (f"{goal.hand} cards in hand", len(hand), goal.hand),
                    (f"{goal.layabouts_in_hand} Idle Layabouts in hand",
                     sum(state.data.worker(k).idle for k in hand), goal.layabouts_in_hand),
                    (f"{goal.same_delivery} identical deliveries to one vendor", same, goal.same_delivery)]


def _amount_name(state, res: str, n: int) -> str:
    """Returns a resource's name for `n` of it ('apple' / 'apples')."""
    data = state.data.resource(res)
    return data.name if n == 1 else data.plural


def _pile(which: str) -> Callable[..., str | None]:
    """Returns the line for one's own draw or discard pile during the turn."""
    def line(state, decision, cidery, seat) -> str | None:
        if seat != decision.seat or decision.kind not in TURN:
            return None
        return DRAW if which == "draw" else DISCARD
    return line


def _space(state, decision, cidery, seat, index) -> str | None:
    """A worker space: played workers stay until Refresh; when copying, which workers may be copied."""
    if decision.kind == "choose" and decision.data["step"]["op"] == "copy":
        return _copy(state, decision, seat, index)
    if seat != decision.seat or decision.kind not in TURN:
        return None
    if cidery.spaces[index]:
        return SPACE_USED
    return _core_blocked(state, decision, cidery) or SPACE_EMPTY


def _copy(state, decision, seat, index) -> str | None:
    """Why a worker in a space may not be copied now (the copier's scope, the copy rules)."""
    step, me = decision.data["step"], decision.seat
    cards = state.cideries[seat].spaces[index]
    if not cards:
        return None
    if seat == me and index == step["space"]:
        return COPY_SELF
    if step["scope"] == "own" and seat != me:
        return COPY_OWN
    if step["scope"] == "opponent" and seat == me:
        return COPY_OPPONENT
    if step["scope"] == "opponent" and index != state.cideries[seat].last_played():
        return COPY_LAST
    return _uncopyable(state, kind_of(cards[-1]))


def _automa(state, decision, cidery) -> str | None:
    """The Automa's last worker, when an Exchange Student copies."""
    copying = decision.kind == "choose" and decision.data["step"]["op"] == "copy"
    if not copying or state.automa is None or not state.automa.workers:
        return None
    if decision.data["step"]["scope"] == "own":
        return COPY_OWN
    return _uncopyable(state, kind_of(state.automa.workers[-1]))


def _uncopyable(state, kind: str) -> str | None:
    """Returns why a worker's Core Action may not be copied (a Master, a copier, none), or None."""
    worker = state.data.worker(kind)
    if worker.tier == "master":
        return COPY_MASTER
    if worker.copier:
        return COPY_COPIER
    return COPY_NO_CORE.format(name=worker.name) if not worker.core else None


_PLACES: dict[str, Callable[..., str | None]] = {
    "hand": _hand, "strip": _strip, "layabouts": _layabouts, "deck": _deck, "office": _office, "spot": _spot,
    "orchard": _orchard, "store": _store, "vendor": _vendor, "goal": _goal, "draw": _pile("draw"),
    "discard": _pile("discard"), "space": _space, "automa": _automa}
