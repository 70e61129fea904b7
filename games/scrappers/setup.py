"""Setup (the dealer): the first foreman, chosen by the tussle symbols each player shows, and the placing of the
bodgers (then Keelie and Guppy with the optional rules) before the first round.

A rule module over ScrappersState. Reads: players, options, deck (cards shown to choose the foreman), data.
Writes: setup_reveal (cards shown, more when tied), deck (drawn from while tied), bodgers (the tokens placed);
the first round starts through rounds.begin_round."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.scrappers import actions as act
from games.scrappers.flow import FLOW
from games.scrappers.records import GUPPY, KEELIE, Bodger
from games.scrappers.rounds import begin_round

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState


def first_foreman(state: ScrappersState) -> int:
    """Returns the seat with the most tussle symbols showing; tied players show one more card
    each until one leads (a draw among them if the deck runs out)."""
    tied = list(range(state.players))
    while True:
        totals = {s: state.symbols(state.setup_reveal[s]) for s in tied}
        tied = [s for s in tied if totals[s] == max(totals.values())]
        if len(tied) == 1:
            return tied[0]
        if len(state.deck) < len(tied):
            return state.rng.choice(tied)
        for seat in tied:
            state.setup_reveal[seat] += state.deck.draw(1)


def next_placement(state: ScrappersState) -> list[Event]:
    """Asks for the next token to place: Keelie after the first bodger, Guppy after the last."""
    placed = sum(b.owner is not None for b in state.bodgers)
    if state.options["keelie"] and placed >= 1 and state.bodger(KEELIE) is None:
        state.ask("place_space", state.placing[0], "{seat}: place Keelie on an empty space", bodger=KEELIE)
    elif placed < len(state.placing):
        first = "{seat} is the first foreman (most tussle symbols shown): " if placed == 0 else "{seat}: "
        state.ask("place_token", state.placing[placed], first + "choose a bodger to place")
    elif state.options["guppy"] and state.bodger(GUPPY) is None:
        state.ask("place_space", state.placing[-1], "{seat}: place Guppy on an empty space", bodger=GUPPY)
    else:
        return begin_round(state)
    return []


def first_foreman_event(state: ScrappersState) -> Event:
    """Returns the log line of how the first foreman was chosen: the tussle symbols each player showed."""
    shown = ", ".join(f"{{{seat}}} {state.symbols(cards)}" for seat, cards in enumerate(state.setup_reveal))
    text = f"{{{state.foreman}}} is the first foreman: the most tussle symbols shown ({shown})."
    return Event("first_foreman", text, {"seat": state.foreman, "shown": [list(c) for c in state.setup_reveal]})


# --- setup: placing the tokens ------------------------------------------------------------------
@FLOW.options("place_token")
def token_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """Setup: the standard tokens not yet on the floor."""
    return [act.ChooseToken(t.id, t.name) for t in state.data.rules.bodgers if state.bodger(t.id) is None]


@FLOW.answer("place_token")
def choose_token(state: ScrappersState, decision: Decision, action: act.ChooseToken) -> list[Event]:
    """Setup: the token chosen is placed next."""
    state.ask("place_space", decision.seat, "{seat}: place {name} on an empty space", bodger=action.bodger,
              name=action.name)
    return []


@FLOW.options("place_space")
def space_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """Setup: the empty bodger spaces."""
    taken = {b.space for b in state.bodgers}
    spaces = state.data.board.spaces
    return [act.PlaceOn(i, s.name) for i, s in enumerate(spaces) if i not in taken]


@FLOW.answer("place_space")
def place(state: ScrappersState, decision: Decision, action: act.PlaceOn) -> list[Event]:
    """Setup: puts the token on its space, then asks for the next one (or starts the first round)."""
    bodger = decision.data["bodger"]
    owner = None if bodger in (KEELIE, GUPPY) else decision.seat
    state.bodgers.append(Bodger(bodger, owner, action.space))
    data = {"seat": decision.seat, "bodger": bodger, "space": action.space}
    text = f"{{{decision.seat}}} places {state.data.name(bodger)} on {action.name}."
    opening = [first_foreman_event(state)] if len(state.bodgers) == 1 else []
    return opening + [Event("place", text, data)] + next_placement(state)
