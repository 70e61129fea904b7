"""Why not? One line, in the rulebook's words, for a place the seat to move might click that does not
glow now: a card in hand, a button of the card in play, a bodger, a space, a part on the conveyor, a
pile. Places are those of places.py (the view draws them with the same keys). Only what the mover
sees is used: the floor, the conveyor, the card in play, the mover's own hand and cards put down, and
the counts of the face-down piles.

A rule module over ScrappersState: it reads the state's fields (the pending decision, the floor, the conveyor, the
activation, the turn's log, the mover's hand and the tussle) and never changes them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.decisions import Decision
from games.scrappers import buttons as btn
from games.scrappers.activation import current_button
from games.scrappers.data import Button
from games.scrappers.places import action_place, card_at
from games.scrappers.records import GUPPY, KEELIE, SETUP, Bodger

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState

GUPPY_UNTOUCHABLE = "Guppy cannot be affected by red or blue action buttons or the Switch button."
OCCUPIED = "A bodger can't move into or through a space where there's another bodger."
PULL_MINE = "You pull this part after the action phase, if your bodger is still in front of it."
PULL = "You pull the part in front of your bodger after the action phase: get in front of it first."
PRESS_FIRST = 'Press a glowing button of the card in play first, or "Stop pressing".'
ONE_CARD = "One action card at a time: finish the card in play first."
ONE_PER_ACTIVATION = "One action card per activation: yours is played already."
PRESS_PART = "Press this part's button on its large picture in the centre, or \"Done: skip the part's button\"."
PART_ONCE = "You can't press the same part's action button more than once a turn."
ACTIVATE_ONCE = "You can activate each of your bodgers only once a turn."
DASH_ON_THE_WAY = "DASH moves until blocked by another bodger: it cannot stop on the way."
BUTTON_RULE = {"step": "STEP moves exactly 1 space.", "dash": "DASH moves until blocked by another bodger.",
               "jump": "JUMP moves exactly 2 spaces, along the loop or over the conveyor."}
PILES = {
    "deck": "Action cards are drawn in maintenance, by DRAW buttons and in tussles.",
    "discard": "Discarded cards come back only when the action deck runs out and they are shuffled.",
    "hopper": "The hopper feeds the conveyor in maintenance, and when FORWARD or Guppy runs it.",
    "bin": "Parts in the bin come back only by REVERSE, or as a new hopper when the hopper runs out.",
}


def why_not(state: ScrappersState, target: Any) -> str | None:
    """Returns why the seat to move cannot act on a place now (see places.py for the places), or None
    if it can, the place is not one a player acts on, or nothing useful can be said."""
    decision = state.pending_decision()
    if decision is None or not isinstance(target, tuple) or not target or not isinstance(target[0], str):
        return None
    if any(action_place(action, state) == target for action in state.legal_actions()):
        return None
    if target[0] in PILES:
        return _why_pile(state, decision, target[0])
    reason = _REASONS.get((target[0], len(target)))
    return reason(state, decision, *target[1:]) if reason is not None else None


# --- cards ----------------------------------------------------------------------------------


def _why_hand(state: ScrappersState, decision: Decision, index: int) -> str | None:
    """Returns why a card of the mover's hand cannot be played now."""
    card = card_at(state.hands[decision.seat].cards, index)
    if card is None:
        return None
    if state.phase == SETUP:
        return "Action cards are played in the action phase, once every bodger is placed."
    if decision.kind == "turn" and state.data.cards[card].deck == KEELIE:
        return _keelie_limit(state)
    if decision.kind in ("button", "target", "move", "switch", "part_button"):
        return ONE_CARD if state.in_play is not None else ONE_PER_ACTIVATION
    return None


def _why_row(state: ScrappersState, decision: Decision, row: int, choice: int) -> str | None:
    """Returns why a button of the card in play cannot be pressed now."""
    if state.in_play is None or state.activation is None:
        return None
    rows = state.data.cards[state.in_play].rows
    if not (0 <= row < len(rows) and 0 <= choice < len(rows[row])):
        return None
    now = state.activation.row
    if row > now:
        return "Press the action buttons in order from top to bottom: this one comes later."
    if row < now:
        if len(rows[row]) > 1:
            return "This hazard-tape pair is done: you press only one of its two buttons."
        return "You have pressed this button: each button is pressed once, top to bottom."
    if decision.kind != "button":
        return None  # the button being pressed: the prompt says what to choose
    return _cannot(state, rows[row][choice], state.activation.bodger)


def _keelie_limit(state: ScrappersState) -> str:
    """Returns the rule that stops a Keelie card this turn."""
    most = state.data.rules.keelie_cards_per_turn
    return f"You cannot play more than {most} Keelie card{'s' if most != 1 else ''} a turn."


# --- tokens and the floor --------------------------------------------------------------------


def _why_token(state: ScrappersState, decision: Decision, token: str) -> str | None:
    """Returns why another waiting token cannot be taken (setup)."""
    if decision.kind == "place_space":
        return f"You have taken {state.data.name(decision.data['bodger'])}: place it on an empty space first."
    return None


def _why_space(state: ScrappersState, decision: Decision, space: int) -> str | None:
    """Returns why nothing happens on a bodger space now."""
    if not 0 <= space < len(state.data.board.spaces):
        return None
    kind = decision.kind
    if kind == "place_token":
        return "Choose a bodger to place first (a glowing token), then its space."
    if kind == "place_space":
        return f"This space is taken: place {state.data.name(decision.data['bodger'])} on an empty space."
    if kind == "move":
        return _why_move(state, space)
    if kind == "target":
        return f"First choose the bodger {current_button(state).label} affects (a glowing bodger)."
    if kind == "switch":
        return "SWITCH changes places with a bodger or swaps two parts: it moves nobody onto a space."
    return _floor_line(state, decision)


def _why_bodger(state: ScrappersState, decision: Decision, bodger_id: str) -> str | None:
    """Returns why nothing happens to a token on the floor now."""
    bodger = state.bodger(bodger_id)
    if bodger is None:
        return None
    kind, name = decision.kind, state.data.name(bodger_id)
    if kind == "place_token":
        return f"{name} is on the floor already: choose a waiting bodger."
    if kind in ("place_space", "move"):
        return _why_space(state, decision, bodger.space)
    if kind == "target":
        return _why_target(state, bodger_id)
    if kind == "switch":
        return _why_switch_with(state, bodger_id)
    if kind == "turn":
        return _why_activate(state, decision.seat, bodger)
    return _floor_line(state, decision)


def _floor_line(state: ScrappersState, decision: Decision) -> str | None:
    """Returns why the floor is still in phases where nothing on it is chosen."""
    if decision.kind == "maintain":
        return f"Bodgers move in the action phase: now discard cards, then draw up to {state.data.rules.hand_size}."
    if decision.kind == "turn":
        return "Bodgers move by action buttons: play an action card from your hand first."
    if decision.kind == "button":
        return PRESS_FIRST
    return None


def _why_activate(state: ScrappersState, seat: int, bodger: Bodger) -> str:
    """Returns why clicking a token in your turn does nothing: a card activates a bodger."""
    if bodger.id == GUPPY:
        return "Only Guppy cards move Guppy: no other button can affect him."
    if bodger.id == KEELIE:
        if state.turn_log.keelie_cards >= state.data.rules.keelie_cards_per_turn:
            return _keelie_limit(state)
        return "Play a Keelie card from your hand to activate Keelie."
    if bodger.owner != seat:
        return "Play a card with a red or blue button to affect another player's bodger."
    if bodger.id in state.turn_log.activated:
        return ACTIVATE_ONCE
    return f"Play an action card from your hand to activate {state.data.name(bodger.id)}."


# --- parts and piles -------------------------------------------------------------------------


def _why_slot(state: ScrappersState, decision: Decision, slot: int) -> str | None:
    """Returns why nothing happens to a part on the conveyor now."""
    if not 0 <= slot < len(state.belt.slots):
        return None
    kind, part = decision.kind, state.belt.slots[slot]
    if kind == "switch":
        return _why_switch_part(state, slot)
    if kind == "commit":
        return _why_tussle_part(state, slot)
    if part is None or kind in ("place_token", "place_space"):
        return None
    active = state.activation.bodger if state.activation is not None else None
    mine = [b for b in state.own_bodgers(decision.seat) if board_faces(state, b) == slot]
    if kind == "turn" and mine:
        if part in state.turn_log.pressed:
            return PART_ONCE
        if any(b not in state.turn_log.activated for b in mine):
            return "Play an action card first: then you may press this part's button."
        return ACTIVATE_ONCE
    if kind == "part_button":
        if part in state.turn_log.pressed:
            return PART_ONCE
        if board_faces(state, active) == slot:
            return PRESS_PART
        return f"You may press only the button of the part in front of {state.data.name(active)}."
    if kind == "button" and active != GUPPY and board_faces(state, active) == slot:
        return f"The button of the part in front of {state.data.name(active)} comes after the card's buttons."
    return PULL_MINE if mine else PULL


def _why_tussle_part(state: ScrappersState, slot: int) -> str | None:
    """Returns what decides the part being tussled for."""
    tussle = state.tussle
    if tussle is None or slot != tussle.slot:
        return None
    if tussle.for_keelie[tussle.index]:
        return "Your cards for Keelie count for her: if she wins, the part goes in the bin."
    return "The most tussle symbols wins: put cards down from your hand, then \"Done choosing tussle cards\"."


def _why_pile(state: ScrappersState, decision: Decision, pile: str) -> str:
    """Returns how the deck, the discards, the hopper or the bin are used (never by a click)."""
    if pile == "deck" and decision.kind == "maintain":
        return f'Discard what you like, then "Draw up to a full hand": you draw up to {state.data.rules.hand_size}.'
    return PILES[pile]


def board_faces(state: ScrappersState, bodger_id: str | None) -> int | None:
    """Returns the conveyor space in front of a token (None without one)."""
    bodger = state.bodger(bodger_id) if bodger_id is not None else None
    return state.data.board.faces(bodger.space) if bodger is not None else None


# --- buttons that cannot resolve -------------------------------------------------------------


def _cannot(state: ScrappersState, button: Button, active: str) -> str | None:
    """Returns why `button` cannot resolve for the active bodger, in the rulebook's words."""
    name = state.data.name(active)
    plain = {
        "draw": "The action deck and the discards are empty: there is no card to draw.",
        "discard": "Your hand is empty: there is no card to discard.",
        "forward": "The conveyor, the hopper and the bin are all empty: FORWARD moves nothing.",
        "reverse": "The conveyor and the bin are empty: REVERSE moves nothing.",
        "guppy": f"No other space shows a {button.symbol}: Guppy has nowhere to go.",
    }
    if button.do in plain:
        return plain[button.do]
    if button.colour == "black":
        return _stuck(state, button, active)
    if button.colour == "red":
        if not btn.bodgers_next_to(state.data.board, state.places(), active):
            return f"No bodger is next to {name}: you can't press a red button."
        return f"No bodger next to {name} can {button.do.upper()} now."
    return f"No one else's bodger can {button.do.upper()} now."


def _stuck(state: ScrappersState, button: Button, bodger_id: str) -> str | None:
    """Returns why a bodger cannot be moved or switched by `button`."""
    who = state.data.name(bodger_id)
    if button.do == "step":
        return f"{who} cannot move 1 space: both spaces next to {who} are taken."
    if button.do == "dash":
        return f"{who} cannot move at least 1 space: both spaces next to {who} are taken."
    if button.do == "jump":
        return f"No space exactly 2 spaces from {who} is empty: {who} cannot JUMP."
    if button.do == "switch":
        if state.belt.slots[board_faces(state, bodger_id)] is None:
            return f"No bodger is next to {who} and no part is in front of {who}: nothing to switch."
        return f"No bodger is next to {who} and no part is next to the part in front: nothing to switch."
    return None


# --- choosing whom and where ----------------------------------------------------------------


def _why_target(state: ScrappersState, bodger_id: str) -> str | None:
    """Returns why a red or blue button cannot affect this bodger."""
    button, active = current_button(state), state.activation.bodger
    if bodger_id == GUPPY:
        return GUPPY_UNTOUCHABLE
    if button.colour == "red" and bodger_id not in btn.bodgers_next_to(state.data.board, state.places(), active):
        return f"A red button affects only a bodger in a space next to {state.data.name(active)}."
    if button.colour == "blue" and (bodger_id == active or state.bodger(bodger_id).owner == state.activation.seat):
        return "A blue button affects anyone else's bodger, never your own."
    return _stuck(state, button, bodger_id)


def _why_move(state: ScrappersState, space: int) -> str | None:
    """Returns why the bodger being moved cannot go to `space`."""
    button, who = current_button(state), state.activation.target
    places = state.places()
    if button.do == "guppy":
        if places.get(GUPPY) == space:
            return f"Guppy is on this space already: he goes to another {button.symbol}."
        return f"Guppy goes only to a space showing a {button.symbol}."
    rule = BUTTON_RULE.get(button.do)
    if rule is None:
        return None
    if places[who] == space:
        return f"{state.data.name(who)} is here already: {rule}"
    blocked = btn.blocked_for(places, who)
    if space in blocked:
        return OCCUPIED
    if button.do == "dash":
        return DASH_ON_THE_WAY if _dash_passes(state, blocked, places[who], space) else OCCUPIED
    return rule


def _dash_passes(state: ScrappersState, blocked: frozenset[int], start: int, space: int) -> bool:
    """Returns whether a Dash from `start` runs over `space` (in either direction) before it is blocked."""
    board = state.data.board
    for direction in btn.DIRECTIONS:
        at = board.step(start, direction)
        while at not in blocked and at != start:
            if at == space:
                return True
            at = board.step(at, direction)
    return False


def _why_switch_with(state: ScrappersState, bodger_id: str) -> str | None:
    """Returns why the switching bodger cannot change places with this one."""
    who = state.data.name(state.activation.target)
    if bodger_id == GUPPY:
        return GUPPY_UNTOUCHABLE
    if bodger_id == state.activation.target:
        return f"Choose whom {who} switches places with: a bodger next to {who}, or a part."
    return f"SWITCH changes places only with a bodger next to {who}."


def _why_switch_part(state: ScrappersState, slot: int) -> str | None:
    """Returns why the part in front of the switching bodger cannot switch with the part in `slot`."""
    who = state.data.name(state.activation.target)
    front = board_faces(state, state.activation.target)
    if state.belt.slots[front] is None:
        return f"No part is in front of {who}: SWITCH can only change places with a bodger."
    if slot == front:
        return f"This is the part in front of {who}: choose a part next to it to switch with."
    if abs(slot - front) == 1:
        return "A part does not move into an empty conveyor space."
    return f"SWITCH swaps the part in front of {who} only with a part next to it."


_REASONS = {("hand", 2): _why_hand, ("row", 3): _why_row, ("token", 2): _why_token,
            ("space", 2): _why_space, ("bodger", 2): _why_bodger, ("slot", 2): _why_slot}
