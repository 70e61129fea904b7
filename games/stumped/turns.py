"""The flow of a Stumped game, declared on FLOW: the table's setup, then turns of four phases (Growth,
Action, Market and Renewal), with the options and answers of their decisions.

One step runs between decisions, {"op": "turn"}: the turn goes on. Growth to spend comes first (asking
where to grow, or losing what nothing can be grown with), then the effects of played action cards
(effects.py), then the phase's own decision (Action, then Market), which is skipped, ending the phase,
when moving on is all that is left. Playing an action card schedules the step (its effects are queued);
planting, energy and buying leave the phase's decision open, and a choice asked by the step (grow, or a
card's) leaves the step scheduled under it.

Functions over a StumpedState. They read `rules`, `tree_kind`, `players` and the card places, and
write `turn`, `decisions`, `program`, `queue`, `played`, `roots`, `trees`, `segments`, `piles`,
`market`, `owned`, `turns_taken`, `round`, `idle_rounds`, `grew_this_round` and `left_out`; cards move
through deal.py and the game ends through judge.py.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.stumped import deal, effects, judge
from games.stumped.actions import (
    PILE,
    Buy,
    EndActions,
    EndTurn,
    Grow,
    LeaveOut,
    Plant,
    PlayAction,
    PlayEnergy,
    StartGame,
)
from games.stumped.cards import BASICS, SEGMENTS, Rules
from games.stumped.records import ACT, BUY, FLOW, GROW, SETUP, Turn, offer
from games.stumped.tree import GROWS_IN, room_after

if TYPE_CHECKING:
    from games.stumped.state import StumpedState

TURN = "turn"  # the op of the one step
END_ACTIONS, END_TURN = EndActions(), EndTurn()
PROMPTS = {GROW: "{seat}: click a glowing hole to grow your tree", ACT: "{seat}: play your cards",
           BUY: "{seat}: buy cards"}


def goes_on(state: StumpedState) -> None:
    """Schedules the step that carries the turn on after the decision being answered."""
    state.then({"op": TURN})


# --- setup ------------------------------------------------------------------------------------------
def ask_setup(state: StumpedState, seat: int) -> None:
    """Setup (optional rule): the table chooses round the table, each seat in turn leaving out pairs."""
    last = seat == state.players - 1
    state.ask(SETUP, seat, "{seat}: leave out pairs of action cards, then " + ("start the game" if last else
                                                                               "pass the choice on"))


def can_leave_out(state: StumpedState, card: str) -> bool:
    """Returns whether leaving out `card` (every copy) still leaves enough action cards to fill the market."""
    left = len(state.action_universe()) - state.rules.card(card).count * state.copies
    return card not in state.left_out and left >= state.rules.numbers.market_size


@FLOW.options(SETUP)
def setup_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Setup (optional rule): leave out another pair (any number, while the market can still be filled),
    or be done: pass the choice to the next seat, or, at the last seat, start."""
    return [LeaveOut(card) for card in state.rules.action_ids if can_leave_out(state, card)] + [StartGame()]


@FLOW.answer(SETUP)
def setup(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Leaves a pair out (the seat goes on choosing), or passes the choice on, or starts the game."""
    if isinstance(action, LeaveOut):
        state.keep(decision)
        state.left_out.append(action.card)
        state.action_deck.cards = [card for card in state.action_deck.cards if card != action.card]
        text = f"{{{decision.seat}}} leaves the {state.rules.name(action.card)} cards out of the game."
        return [Event("leave_out", text, {"card": action.card})]
    seat = decision.seat
    if seat + 1 < state.players:
        ask_setup(state, seat + 1)
        return [Event("pass_setup", "{%d} is done leaving out cards." % seat, {"seat": seat})]
    return begin(state)


def begin(state: StumpedState) -> list[Event]:
    """Shuffles the action deck, lays out the market and starts the first turn."""
    state.action_deck.shuffle(state.rng)
    state.market.refill(state.action_deck)
    names = ", ".join(state.rules.name(card) for card in state.market.cards())
    events = [Event("deal", f"The market: {names}.", {"cards": state.market.cards()}, reveals=True)]
    return events + start_turn(state, 0)


# --- turns ------------------------------------------------------------------------------------------
def start_turn(state: StumpedState, seat: int) -> list[Event]:
    """Starts `seat`'s turn: the Growth phase (not on a player's first turn), then the Action phase."""
    numbers = state.rules.numbers
    state.turn = Turn(seat, "growth", numbers.action_plays, 0, numbers.buys, 0, False)
    events = [] if state.imagined else [
        Event("turn", f"Round {state.round}: {{{seat}}}'s turn.", {"seat": seat, "round": state.round})]
    if state.turns_taken[seat]:
        events += _harvest_sets(state, seat)
    goes_on(state)
    return events


def _harvest_sets(state: StumpedState, seat: int) -> list[Event]:
    """Moves every complete set in `seat`'s roots to its discard pile for growth."""
    roots = state.roots[seat]
    sets = min(roots[kind] for kind in BASICS)
    if not sets:
        return []
    for kind in BASICS:
        roots[kind] -= sets
    state.discards[seat].put([kind for _ in range(sets) for kind in BASICS])
    state.turn.growth = sets * state.rules.numbers.growth_per_set
    if state.imagined:
        return []
    text = f"{{{seat}}} harvests {sets} set{'s' if sets > 1 else ''} from the roots: +{state.turn.growth} growth."
    return [Event("harvest", text, {"seat": seat, "sets": sets, "growth": state.turn.growth})]


@FLOW.step(TURN)
def turn_goes_on(state: StumpedState, step: dict[str, Any]) -> list[Event]:
    """Does the next thing the turn needs: spend growth, do a card's effect, or ask the phase's decision
    (ending the phase when moving on is all that is left)."""
    turn = state.turn
    if turn.growth:
        goes_on(state)
        options = grow_options(state, None)
        if options:
            state.ask(GROW, turn.seat, PROMPTS[GROW])
            offer(state, options)
            return []
        events = [Event("growth_lost", f"{{{turn.seat}}} cannot spend {turn.growth} growth: it is lost.",
                        {"seat": turn.seat, "growth": turn.growth})]
        turn.growth = 0
        return events
    if turn.phase == "growth":
        turn.phase = "action"  # the growth from the roots is spent
    if state.queue:
        goes_on(state)
        return effects.resolve_next(state)
    kind = ACT if turn.phase == "action" else BUY
    state.ask(kind, turn.seat, PROMPTS[kind])
    return _phase_goes_on(state)


def _phase_goes_on(state: StumpedState) -> list[Event]:
    """Leaves the phase's decision (on top) open while the phase offers more than moving on; else ends it."""
    decision = state.decisions[-1]
    if decision.kind == ACT:
        options = act_options(state, decision)
        if len(options) > 1:
            return offer(state, options)
        state.decisions.pop()
        return end_actions(state)
    options = buy_options(state, decision)
    if len(options) > 1:
        return offer(state, options)
    state.decisions.pop()
    return end_market(state)


def end_actions(state: StumpedState) -> list[Event]:
    """Ends the Action phase: on to the Market phase."""
    state.turn.phase = "market"
    goes_on(state)
    if state.imagined:
        return []
    return [Event("market", f"{{{state.turn.seat}}} goes to the market with {state.turn.energy} energy.",
                  {"seat": state.turn.seat, "energy": state.turn.energy})]


def end_market(state: StumpedState) -> list[Event]:
    """Ends the Market phase and the turn: Renewal, then the next player's turn (or the season's end)."""
    seat = state.turn.seat
    events = _renewal(state, seat)
    state.turns_taken[seat] += 1
    following = (seat + 1) % state.players
    if following == 0:
        state.round += 1
        state.idle_rounds = 0 if state.grew_this_round else state.idle_rounds + 1
        state.grew_this_round = False
        if state.idle_rounds >= state.rules.numbers.winter.idle_rounds:
            return events + judge.season_ends(state)
    return events + start_turn(state, following)


def _renewal(state: StumpedState, seat: int) -> list[Event]:
    """Discards the hand and the cards played this turn, then draws a new hand."""
    state.turn.phase = "renewal"
    gone = state.played + state.rules.in_order(state.hands[seat].cards)  # a hand's order is nobody's business
    state.discards[seat].put(gone)
    state.played, state.hands[seat].cards, state.known_in_hand[seat] = [], [], []
    if state.imagined:
        return deal.draw(state, seat, hand_limit(state, seat))
    names = ", ".join(state.rules.name(card) for card in gone) or "nothing"
    events = [Event("discard", f"{{{seat}}} discards {names}.", {"seat": seat, "cards": gone})]
    return events + deal.draw(state, seat, hand_limit(state, seat))


def hand_limit(state: StumpedState, seat: int) -> int:
    """Returns the cards `seat` draws at Renewal: the hand size plus one per fruit on its tree."""
    return state.rules.numbers.hand_size + state.trees[seat].count("fruit")


# --- Growth -----------------------------------------------------------------------------------------
@FLOW.options(GROW)
def grow_options(state: StumpedState, decision: Decision | None) -> list[Action]:
    """Growth: every segment the growth left pays for, in every free hole it fits, keeping room to win."""
    seat, growth = state.turn.seat, state.turn.growth
    tree, left, costs = state.trees[seat], state.segments[seat], state.rules.numbers.grow_costs
    kinds = [kind for kind in SEGMENTS if left.left(kind) and costs[kind] <= growth]
    if not kinds:
        return []
    shapes, win = state.rules.shapes, state.tree_kind.win_leaves
    room = {}  # (kind, hole kind) -> does growing it there keep room for the winning leaves?
    options: list[Action] = []
    holes = tree.free_holes(shapes)
    for parent, hole, hole_kind in holes:
        for kind in kinds:
            if hole_kind not in GROWS_IN[kind]:
                continue
            if kind in ("branch", "fruit") and (kind, hole_kind) not in room:
                room[kind, hole_kind] = room_after(tree, shapes, kind, hole_kind, left.left("branch"), holes) >= win
            if room.get((kind, hole_kind), True):
                options.append(_grow(kind, parent, hole))
    return options


@functools.lru_cache(maxsize=4096)
def _grow(segment: str, parent: str, hole: str) -> Grow:
    """Returns the option of growing `segment` in a hole (the same object every time: it is immutable)."""
    return Grow(segment, parent, hole)


@FLOW.answer(GROW)
def grow(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Grows a segment, paying its growth; the leaf that completes the tree wins."""
    assert isinstance(action, Grow)
    seat = state.turn.seat
    tree = state.trees[seat]
    segment = tree.grow(action.segment, tree.spot(state.rules.shapes, action.parent, action.hole))
    state.segments[seat].take(action.segment)
    state.grew_this_round = True
    state.turn.growth -= state.rules.numbers.grow_costs[action.segment]
    if state.imagined:
        return judge.win(state, seat) if tree.leaves >= state.tree_kind.win_leaves else []
    data = {"seat": seat, "segment": segment.name, "kind": segment.kind, "parent": segment.parent,
            "hole": segment.hole, "x": segment.x, "y": segment.y, "angle": segment.angle}
    text = f"{{{seat}}} grows {action.what()}"
    if action.segment == "leaf":
        text += f" ({tree.leaves} of {state.tree_kind.win_leaves} leaves)"
    events = [Event("grow", text + ".", data)]
    if tree.leaves >= state.tree_kind.win_leaves:
        return events + judge.win(state, seat)
    return events


# --- Action -----------------------------------------------------------------------------------------
@FLOW.options(ACT)
def act_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Action phase: action cards first (up to the limit), basics into the roots, energy; or move on."""
    turn, options = state.turn, []
    table, playing = _card_plays(state.rules), bool(turn.actions_left and not turn.energy_played)
    for card in deal.distinct(state, state.hands[turn.seat].cards):
        options += table[card][playing]
    options.append(END_ACTIONS)
    return options


@functools.lru_cache(maxsize=4)
def _card_plays(rules: Rules) -> dict[str, tuple[tuple[Action, ...], tuple[Action, ...]]]:
    """Returns, per card id, the Action phase's options for one in the hand: once no more action cards may be
    played, and while they may (the same action objects every time: they are immutable)."""
    plays: dict[str, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}
    for card in rules.catalog:
        if card.type == "action":
            plays[card.id] = ((), (PlayAction(card.id),))
        else:
            own = (Plant(card.id), PlayEnergy(card.id)) if card.type == "basic" else (PlayEnergy(card.id),)
            plays[card.id] = (own, own)
    return plays


def plant_option(rules: Rules, card: str) -> Action:
    """Returns the Action phase's option of planting a basic `card`: the very object the options offer."""
    return _card_plays(rules)[card][0][0]


@FLOW.answer(ACT)
def act(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Plays a card from the hand, or goes to the market. Planting and energy leave the phase's decision open;
    an action card's effects wait in the queue for the turn's step."""
    if isinstance(action, EndActions):
        return end_actions(state)
    seat, card = state.turn.seat, state.rules.card(action.card)
    deal.take_from_hand(state, seat, action.card)
    if isinstance(action, PlayEnergy):
        state.played.append(action.card)
        state.turn.energy += card.energy
        state.turn.energy_played = True
        state.keep(decision)
        if state.imagined:
            return _phase_goes_on(state)
        text = f"{{{seat}}} plays {card.name} for {card.energy} energy ({state.turn.energy} in all)."
        return [Event("energy", text, {"seat": seat, "card": action.card, "energy": card.energy})] + \
            _phase_goes_on(state)
    if isinstance(action, Plant):
        state.roots[seat][action.card] += 1
        state.keep(decision)
        if state.imagined:
            return _phase_goes_on(state)
        text = f"{{{seat}}} plants a {state.rules.name(action.card)} in their roots."
        return [Event("plant", text, {"seat": seat, "card": action.card})] + _phase_goes_on(state)
    state.played.append(action.card)  # an action card
    state.turn.actions_left -= 1
    state.queue += [(action.card, index) for index in range(len(card.effects))]
    goes_on(state)
    if state.imagined:
        return []
    return [Event("play", f"{{{seat}}} plays {card.name}: {card.text}", {"seat": seat, "card": action.card})]


# --- Market -----------------------------------------------------------------------------------------
@FLOW.options(BUY)
def buy_options(state: StumpedState, decision: Decision) -> list[Action]:
    """Market phase: any market card or pile card the energy pays for, while buys are left; or stop."""
    turn, options = state.turn, []
    if turn.buys_left:
        rules, energy, piles = state.rules, turn.energy, state.piles.counts
        costs = rules.costs
        for slot, card in enumerate(state.market.slots):
            if card is not None and costs[card] <= energy:
                options.append(_buy(card, slot, costs[card]))
        for card in rules.pile_ids:
            cost = costs[card]
            if piles.get(card, 0) and cost <= energy:
                options.append(_buy(card, PILE, cost))
    return options + [END_TURN]


@functools.lru_cache(maxsize=4096)
def _buy(card: str, slot: int, cost: int) -> Buy:
    """Returns the option of buying `card` from `slot` for `cost` (the same object every time: it is immutable)."""
    return Buy(card, slot, cost)


@FLOW.answer(BUY)
def buy(state: StumpedState, decision: Decision, action: Action) -> list[Event]:
    """Buys a card onto the discard pile (refilling the market; the phase's decision stays open), or ends the
    turn."""
    if isinstance(action, EndTurn):
        return end_market(state)
    seat = state.turn.seat
    state.turn.energy -= action.cost
    state.turn.buys_left -= 1
    if action.slot == PILE:
        state.piles.take(action.card)
    else:
        state.market.take(action.slot)
    state.discards[seat].put([action.card])
    state.owned[seat][action.card] = state.owned[seat].get(action.card, 0) + 1
    if state.imagined:
        if action.slot != PILE:
            deal.refill_market(state)
        state.keep(decision)
        return _phase_goes_on(state)
    data = {"seat": seat, "card": action.card, "slot": action.slot, "cost": action.cost}
    events = [Event("buy", f"{{{seat}}} buys {state.rules.name(action.card)} for {action.cost} energy.", data)]
    if action.slot != PILE:
        events += deal.refill_market(state)
    state.keep(decision)
    return events + _phase_goes_on(state)
