"""Rounds and turns: initial recruitment and cash, the Actions phase (one Auxiliary and one Core
Action a turn, goals before or after), the end-game check, the Refresh phase and final scoring.

A rule module of functions over ScrumpyState: the round / turn part of the flow, answering the initial,
turn, after and keep decisions. Reads: `data`, `options` (the starting coins), `players`, every cidery.
Writes: `round`, `seat`, `first`, `aux_used`, `ended`, the cideries' Core Actions, coins, hands, piles,
Owner and worker spaces, the strip and `strip_discard`; `program` and `decisions` through
`state.then`/`state.ask`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event, Secret
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.turns import next_seat, rotation
from games.scrumpy import effects, market, resources
from games.scrumpy.actions import (
    AchieveGoal,
    Deliver,
    Done,
    EndTurn,
    OwnerAction,
    PassCore,
    Pick,
    PlayWorker,
    Recruit,
    RecruitLayabout,
    Secondary,
    Sell,
    TakeFree,
    cards_text,
    coins,
)
from games.scrumpy.flow import FLOW

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState


# --- setup steps ---------------------------------------------------------------------------
@FLOW.step("initial")
def _op_initial(state: ScrumpyState, step: dict) -> list[Event]:
    """Initial recruitment: the seat takes a strip worker for free into its discard pile."""
    if not state.strip.cards():
        return []
    state.ask("initial", step["seat"], "{seat}: take one worker from the strip for free (it starts your discard pile)")
    return []


@FLOW.options("initial")
def options_initial(state: ScrumpyState, decision: Decision) -> list[Action]:
    """Every worker on the strip."""
    return [TakeFree(i, state.data.worker(c).name) for i, c in enumerate(state.strip.slots) if c is not None]


@FLOW.answer("initial")
def _answer_initial(state: ScrumpyState, decision: Decision, action: TakeFree) -> list[Event]:
    """Puts the chosen strip worker into the seat's discard pile."""
    seat = decision.seat
    card = state.strip.take(action.slot)
    cidery = state.cideries[seat]
    cidery.discard.cards.append(card)
    cidery.owned.append(card)
    text = f"{{{seat}}} takes {action.name} for free."
    data = {"seat": seat, "kind": kind_of(card), "from": ["strip", action.slot], "to": ["discard", seat]}
    return [Event("take_free", text, data, secret=Secret((seat,), text, {**data, "card": card}))]


@FLOW.step("start_coins")
def _op_start_coins(state: ScrumpyState, step: dict) -> list[Event]:
    """Gives 3, 4, 5, 6 coins in turn order from the First Player (4, 4, 5, 5 if evened out), and says
    which coin rule the table plays with."""
    rule = state.options["start_coins"]
    amounts = ", ".join(map(str, state.data.rules.start_coins[rule][:state.players]))
    if rule == "rulebook":
        text = f"Starting coins: the rulebook's 3, 4, 5, 6 in turn order ({amounts} here)."
    else:
        text = f"Starting coins: evened out to {amounts} in turn order (our rule, not the rulebook's 3, 4, 5, 6)."
    events = [Event("coin_rule", text, {"rule": rule})]
    for place, seat in enumerate(rotation(state.first, state.players)):
        amount = state.data.rules.start_coins[state.options["start_coins"]][place]
        state.cideries[seat].coins += amount
        events.append(Event("coins", f"{{{seat}}} receives {coins(amount)}.", {"seat": seat, "coins": amount}))
    return events


# --- rounds ------------------------------------------------------------------------------------
@FLOW.step("round")
def _op_round(state: ScrumpyState, step: dict) -> list[Event]:
    """Starts a round: the First Player moves first."""
    state.round += 1
    state.seat = state.first
    for cidery in state.cideries:
        cidery.cores = 0
    state.then({"op": "next_turn"})
    return [Event("round", f"Round {state.round} begins; {{{state.first}}} is the First Player.",
                  {"round": state.round, "first": state.first})]


@FLOW.step("next_turn")
def _op_next_turn(state: ScrumpyState, step: dict) -> list[Event]:
    """Gives the next turn, or ends the Actions phase once everyone has taken every Core Action."""
    limit = state.data.rules.core_actions
    if all(c.cores >= limit for c in state.cideries):
        state.then({"op": "end_actions"})
        return []
    seat = state.seat
    while state.cideries[seat].cores >= limit:
        seat = next_seat(seat, state.players)
    state.seat = seat
    steps = [{"op": "turn"}, {"op": "turn_end"}]
    if state.automa is not None:
        steps.append({"op": "automa"})
    state.then(*steps, {"op": "next_turn"})
    return []


@FLOW.step("turn")
def _op_turn(state: ScrumpyState, step: dict) -> list[Event]:
    """Asks the seat to move for its turn's actions."""
    state.ask("turn", state.seat, _TURN_PROMPT if not state.aux_used else _CORE_PROMPT)
    return []


@FLOW.step("after")
def _op_after(state: ScrumpyState, step: dict) -> list[Event]:
    """After the Core Action: offers the goals now achievable, else the turn ends."""
    if not market._goal_options(state, state.seat, after=True):
        return []
    state.ask("after", state.seat, "{seat}: achieve a goal, or End turn")
    return []


@FLOW.step("turn_end")
def _op_turn_end(state: ScrumpyState, step: dict) -> list[Event]:
    """Ends the turn: the next seat clockwise is up."""
    state.aux_used = False
    state.seat = next_seat(state.seat, state.players)
    return []


@FLOW.step("end_actions")
def _op_end_actions(state: ScrumpyState, step: dict) -> list[Event]:
    """Checks the end conditions: game end, or the Refresh phase and a new round."""
    reason = end_reason(state)
    if reason:
        state.then({"op": "final"})
        return [Event("end", f"The game ends: {reason}.", {"reason": reason})]
    steps = [{"op": "refresh", "seat": s} for s in rotation(state.first, state.players)]
    state.then(*steps, {"op": "strip_refresh"}, {"op": "pass_barrel"}, {"op": "round"})
    return []


def end_reason(state: ScrumpyState) -> str:
    """Returns why the game ends after this Actions phase ("" if it goes on)."""
    if any(c.cubes() == 0 for c in state.cideries) or (state.automa is not None and state.automa.cubes == 0):
        return "a cidery has placed all its cubes"
    if not state.deck.cards:
        return "the recruitment deck is empty"
    if len(state.strip_discard.cards) >= state.data.rules.rounds - 1 or state.round >= state.data.rules.rounds:
        return "the sixth round is over"
    return ""


# --- refresh -----------------------------------------------------------------------------------
@FLOW.step("refresh")
def _op_refresh(state: ScrumpyState, step: dict) -> list[Event]:
    """Refresh for one seat: Owner home, worker spaces discarded, then keep cards from hand."""
    seat = step["seat"]
    cidery = state.cideries[seat]
    cidery.meeple = ""
    cards = [card for space in cidery.spaces for card in space]
    cidery.discard.cards.extend(cards)
    cidery.spaces = [[] for _ in cidery.spaces]
    state.then({"op": "keep", "seat": seat, "left": keep_limit(state, seat)}, {"op": "redraw", "seat": seat})
    return [Event("refresh", f"{{{seat}}} clears the worker spaces.", {"seat": seat, "cards": cards,
                                                                         "to": ["discard", seat]})]


def keep_limit(state: ScrumpyState, seat: int) -> int:
    """Returns how many cards `seat` may keep at Refresh."""
    return state.data.rules.keep[0 if "keep" in state.cideries[seat].hand_cubes else 1]


def hand_limit(state: ScrumpyState, seat: int) -> int:
    """Returns `seat`'s hand size."""
    return state.data.rules.hand_size[0 if "size" in state.cideries[seat].hand_cubes else 1]


@FLOW.step("keep")
def _op_keep(state: ScrumpyState, step: dict) -> list[Event]:
    """Asks which card to keep next (kept cards wait in the pool); Done discards the rest."""
    seat = step["seat"]
    cidery = state.cideries[seat]
    if step["left"] <= 0 or not cidery.hand.cards:
        return _discard_hand(state, seat)
    state.ask("keep", seat, "{seat}: pick a card to keep for next round ({left} more), or Discard the rest",
             step=step, left=step["left"])
    return []


@FLOW.options("keep")
def options_keep(state: ScrumpyState, decision: Decision) -> list[Action]:
    """Every kind of card in hand, and Done."""
    cidery = state.cideries[decision.seat]
    return [Pick(k, "hand", state.data.worker(k).name) for k in cidery.kinds("hand")] + \
        [Done("Discard the rest")]


@FLOW.answer("keep")
def _answer_keep(state: ScrumpyState, decision: Decision, action: Action) -> list[Event]:
    """Keeps the picked card aside, or discards the rest of the hand."""
    step, seat = decision.data["step"], decision.seat
    if isinstance(action, Done):
        return _discard_hand(state, seat)
    state.cideries[seat].pool.cards.append(state.cideries[seat].take("hand", action.card))
    step["left"] -= 1
    state.then(step)
    return []


def _discard_hand(state: ScrumpyState, seat: int) -> list[Event]:
    """Discards the hand but the kept cards."""
    cidery = state.cideries[seat]
    gone = cidery.hand.cards
    cidery.discard.cards.extend(gone)
    cidery.hand.cards, cidery.pool.cards = cidery.pool.cards, []
    names = ", ".join(state.data.worker(c).name for c in gone) or "nothing"
    data = {"seat": seat, "count": len(gone), "from": ["hand", seat], "to": ["discard", seat]}
    text = f"{{{seat}}} keeps {len(cidery.hand.cards)} and discards {cards_text(len(gone))}."
    return [Event("discard", text, data,
                  secret=Secret((seat,), f"You discard {names}.", {**data, "cards": gone}))]


@FLOW.step("redraw")
def _op_redraw(state: ScrumpyState, step: dict) -> list[Event]:
    """Draws up to the hand size."""
    seat = step["seat"]
    return resources.draw_cards(state, seat, hand_limit(state, seat) - len(state.cideries[seat].hand.cards))


@FLOW.step("strip_refresh")
def _op_strip_refresh(state: ScrumpyState, step: dict) -> list[Event]:
    """The rightmost strip worker goes to the worker discard pile; the strip slides and refills."""
    slots = state.strip.slots
    index = max((i for i, c in enumerate(slots) if c is not None), default=None)
    events = []
    if index is not None:
        card = state.strip.take(index)
        state.strip_discard.cards.append(card)
        events.append(Event("strip_discard", f"{state.data.worker(card).name} leaves the strip.",
                            {"card": card, "from": ["strip", index], "to": ["strip_discard"]}))
    return events + market._op_refill(state, {})


@FLOW.step("pass_barrel")
def _op_pass_barrel(state: ScrumpyState, step: dict) -> list[Event]:
    """Passes the First Player barrel clockwise."""
    state.first = next_seat(state.first, state.players)
    return []


@FLOW.step("final")
def _op_final(state: ScrumpyState, step: dict) -> list[Event]:
    """Final scoring: every stored resource is sold; the game is over."""
    events = []
    for cidery in state.cideries:
        for res in list(cidery.stores):
            while cidery.stores[res].cards:
                events += resources.sell_card(state, cidery.seat, res, kind_of(cidery.stores[res].cards[-1]))
    state.ended = True
    for cidery in state.cideries:  # the private goals are turned face up: nothing is secret any more
        cidery.private_shown = True
    goals = "; ".join(f"{{{c.seat}}}: {state.data.goal(c.private_goal).name}"
                      + (" (achieved)" if c.private_goal in c.goals else " (not achieved)")
                      for c in state.cideries if c.private_goal)
    events.append(Event("private_goals", f"The private goals were {goals}.",
                        {"goals": [c.private_goal for c in state.cideries]}, reveals=True))
    scores = state.scores()
    text = ", ".join(f"{{{s}}} {score}" for s, score in enumerate(scores))
    if state.automa is not None:
        text += f", the Automa {state.automa_score()}"
    return events + [Event("final", f"Final scores: {text}.", {"scores": scores}, reveals=True)]


# --- the turn ----------------------------------------------------------------------------------
@FLOW.options("turn")
def options_turn(state: ScrumpyState, decision: Decision) -> list[Action]:
    """The Auxiliary Actions (if none taken yet this turn), the Core Actions and the goals."""
    seat = decision.seat
    actions: list[Action] = []
    if not state.aux_used:
        actions += market._delivery_options(state, seat) + _sell_options(state, seat) + _secondary_options(state, seat)
    return actions + _core_options(state, seat) + market._goal_options(state, seat, after=False)


@FLOW.options("after")
def options_after(state: ScrumpyState, decision: Decision) -> list[Action]:
    """The goals now achievable, and End turn."""
    return market._goal_options(state, decision.seat, after=True) + [EndTurn()]


def _core_options(state: ScrumpyState, seat: int) -> list[Action]:
    """Returns the Core Actions open to `seat` (only the Owner when it would otherwise be missed)."""
    cidery, data = state.cideries[seat], state.data
    owner = [] if cidery.meeple else [
        OwnerAction(a.id, a.name + ("" if a.id in cidery.office else " (upgraded)"))
        for a in data.rules.owner_actions]
    if owner and (cidery.cores + 1 >= data.rules.core_actions or cidery.free_space() is None):
        return owner
    actions: list[Action] = list(owner)
    if cidery.free_space() is not None:
        for kind in cidery.kinds("hand"):
            worker = data.worker(kind)
            if worker.idle:
                continue
            if worker.core:
                actions.append(PlayWorker(kind, worker.name, True))
            actions.append(PlayWorker(kind, worker.name, False))
        for slot, card, price in market.recruit_offers(state, seat, 0):
            name = data.worker(card).name
            if data.worker(card).core:  # a worker without a Core Action: one button, not two alike
                actions.append(Recruit(slot, name, price, True))
            actions.append(Recruit(slot, name, price, False))
        if state.layabouts.cards:
            actions.append(RecruitLayabout())
    return actions or [PassCore()]


def _sell_options(state: ScrumpyState, seat: int) -> list[Action]:
    """Returns a Sell for every store holding a card."""
    cidery = state.cideries[seat]
    return [Sell(r.id, r.name) for r in state.data.rules.resources if cidery.stores[r.id].cards]


def _secondary_options(state: ScrumpyState, seat: int) -> list[Action]:
    """Returns a Secondary Action for every kind of card in hand that has one (and room to store)."""
    cidery, actions = state.cideries[seat], []
    for kind in cidery.kinds("hand"):
        worker = state.data.worker(kind)
        reward = worker.secondary
        if reward == "none" or (reward in cidery.stores and not resources.room(state, seat, reward)):
            continue
        actions.append(Secondary(kind, worker.name, _REWARD_TEXT[reward]))
    return actions


@FLOW.answer("turn")
def _answer_turn(state: ScrumpyState, decision: Decision, action: Action) -> list[Event]:
    """Does the turn's chosen action: an Auxiliary Action, a goal or the Core Action."""
    if isinstance(action, Sell):
        return _do_sell(state, action)
    if isinstance(action, Secondary):
        return _do_secondary(state, action)
    if isinstance(action, Deliver):
        return _do_deliver(state, action)
    if isinstance(action, AchieveGoal):
        return _do_goal(state, action)
    if isinstance(action, OwnerAction):
        return _do_owner(state, action)
    if isinstance(action, PlayWorker):
        return _do_play(state, action)
    if isinstance(action, Recruit):
        return _do_recruit(state, action)
    if isinstance(action, RecruitLayabout):
        return _do_layabout(state, action)
    assert isinstance(action, PassCore)
    return _do_pass(state, action)


@FLOW.answer("after")
def _answer_after(state: ScrumpyState, decision: Decision, action: Action) -> list[Event]:
    """Achieves the chosen goal, or ends the turn."""
    if isinstance(action, EndTurn):
        return []
    state.then({"op": "after"})
    return market.achieve(state, action)


def _core_taken(state: ScrumpyState, *steps: dict[str, Any]) -> None:
    """Counts a Core Action and schedules its steps, then what follows it."""
    state.me.cores += 1
    state.then(*steps, {"op": "after"})


def _do_owner(state: ScrumpyState, action: OwnerAction) -> list[Event]:
    """Moves the Owner to an Office action and schedules it (upgraded if its cube is gone)."""
    cidery = state.me
    cidery.meeple = action.action
    upgraded = action.action not in cidery.office
    _core_taken(state, *effects.owner_steps(state, action.action, upgraded))
    return [Event("owner", f"{{{state.seat}}}'s Owner takes the Office action {action.name}.",
                  {"seat": state.seat, "action": action.action})]


def _do_play(state: ScrumpyState, action: PlayWorker) -> list[Event]:
    """Plays a worker from hand to the leftmost empty space, with or without its action."""
    cidery, seat = state.me, state.seat
    space = cidery.free_space()
    card = cidery.take("hand", action.card)
    cidery.spaces[space].append(card)
    _core_taken(state, *(effects.card_steps(state, action.card, space) if action.use else []))
    return [Event("play", f"{{{seat}}} plays {action.name}" + ("." if action.use else " without its action."),
                  {"seat": seat, "card": card, "from": ["hand", seat], "to": ["space", seat, space]})]


def _do_recruit(state: ScrumpyState, action: Recruit) -> list[Event]:
    """Recruits a strip worker into the leftmost empty space, with or without its action."""
    cidery, seat = state.me, state.seat
    space = cidery.free_space()
    events = market.recruit(state, seat, action.slot, action.price, space)
    _core_taken(state, *(effects.card_steps(state, kind_of(cidery.spaces[space][-1]), space) if action.use else []),
                     {"op": "refill"})
    return events


def _do_layabout(state: ScrumpyState, action: RecruitLayabout) -> list[Event]:
    """Recruits an Idle Layabout from the supply and takes a coin."""
    cidery, seat = state.me, state.seat
    space = cidery.free_space()
    card = state.layabouts.cards.pop()
    cidery.spaces[space].append(card)
    cidery.owned.append(card)
    cidery.coins += 1
    _core_taken(state)
    return [Event("layabout", f"{{{seat}}} recruits an Idle Layabout and takes a coin.",
                  {"seat": seat, "card": card, "from": ["layabouts"], "to": ["space", seat, space]})]


def _do_pass(state: ScrumpyState, action: PassCore) -> list[Event]:
    """Passes a Core Action nobody could take."""
    _core_taken(state)
    return [Event("pass", f"{{{state.seat}}} cannot take a Core Action and passes.", {"seat": state.seat})]


def _do_sell(state: ScrumpyState, action: Sell) -> list[Event]:
    """Sells a resource as the turn's Auxiliary Action."""
    state.aux_used = True
    state.then({"op": "sell", "res": action.res}, {"op": "turn"})
    return []


def _do_secondary(state: ScrumpyState, action: Secondary) -> list[Event]:
    """Uses a card's Secondary Action as the turn's Auxiliary Action."""
    state.aux_used = True
    state.then({"op": "turn"})
    return resources.secondary(state, state.seat, action.card)


def _do_deliver(state: ScrumpyState, action: Deliver) -> list[Event]:
    """Delivers to a vendor as the turn's Auxiliary Action."""
    state.aux_used = True
    state.then(*market.delivery_steps(state, action.vendor, action.row, action.space), {"op": "turn"})
    return []


def _do_goal(state: ScrumpyState, action: AchieveGoal) -> list[Event]:
    """Achieves a goal before the Core Action."""
    state.then({"op": "turn"})
    return market.achieve(state, action)


_TURN_PROMPT = "{seat}: take a Core Action (you may first take one Auxiliary Action or achieve goals)"
_CORE_PROMPT = "{seat}: take a Core Action (or achieve goals)"
_REWARD_TEXT = {"apple": "an apple (the card is stored)", "wood": "a wood (the card is stored)",
                "coin": "a coin", "prestige": "a prestige token"}
