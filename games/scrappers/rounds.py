"""Rounds (the round and the judger): a round is Maintenance (each player discards and draws up, then the foreman
runs the conveyor), the action phase (activation.py) and part pulling (pulling.py); then the wrench passes left.
The game ends when a pulled part completes a contraption, when no part is left anywhere, or after the last round.
Also the two moves every phase makes: drawing action cards and gaining a part.

A rule module over ScrappersState. Reads: players, data, options. Writes: round, phase, foreman, maintaining,
turn (the action phase's turn order), hands, deck and discard (discards and draws), belt (the maintenance run),
holdings and pulled (parts gained), pull_order, decisions and program (cleared when the game ends), ended."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Action, Event, Secret
from games.core.decisions import Decision
from games.core.turns import EachOnce, UntilAllPass, rotation
from games.scrappers import actions as act
from games.scrappers.contraptions import complete
from games.scrappers.flow import FLOW
from games.scrappers.records import ACTION, MAINTENANCE, OVER

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState


def begin_round(state: ScrappersState) -> list[Event]:
    """Starts a round with its maintenance phase, from the foreman clockwise."""
    state.round += 1
    state.phase = MAINTENANCE
    state.maintaining = EachOnce(rotation(state.foreman, state.players))
    state.ask("maintain", state.foreman, "{seat}: discard any action cards, then draw up to {size}",
              size=state.data.rules.hand_size)
    data = {"round": state.round, "foreman": state.foreman}
    return [Event("round", f"Round {state.round}: {{{state.foreman}}} is the foreman.", data)]


def begin_actions(state: ScrappersState) -> list[Event]:
    """Starts the action phase from the foreman."""
    state.phase = ACTION
    state.turn = UntilAllPass(rotation(state.foreman, state.players))
    state.then({"op": "turn"})  # activation.py: the first turn
    return []


def end_round(state: ScrappersState) -> list[Event]:
    """Passes the wrench left and starts the next round, or ends the game if nothing is left
    to pull or the round limit is reached."""
    state.foreman = (state.foreman + 1) % state.players
    events = [Event("wrench", f"{{{state.foreman}}} takes the wrench.", {"seat": state.foreman})]
    if state.belt.empty():
        return events + finish(state, "parts", "No parts are left anywhere: the best contraption wins.")
    if state.round >= state.data.rules.round_limit:
        return events + finish(state, "rounds", "The last round is over: the best contraption wins.")
    return events + begin_round(state)


def finish(state: ScrappersState, reason: str, text: str) -> list[Event]:
    """Ends the game."""
    state.decisions.clear()
    state.program.clear()
    state.phase, state.ended = OVER, reason
    return [Event("game_over", text, {"reason": reason, "winners": state.winners()})]


def draw_cards(state: ScrappersState, seat: int, count: int) -> list[Event]:
    """Draws up to `count` action cards into a hand (reshuffling the discards if needed)."""
    if count <= 0:
        return []
    events = []
    if len(state.deck) < count and state.discard.cards:
        events.append(Event("reshuffle", "The discards are shuffled into a new action deck.",
                            {"cards": len(state.deck) + len(state.discard)}))
    cards = state.deck.draw(count, state.discard, state.rng)
    if not cards:
        return events
    state.hands[seat].put(cards)
    plural = "s" if len(cards) > 1 else ""
    secret = Secret((seat,), f"You draw {', '.join(state.card_name(c) for c in cards)}.",
                    {"seat": seat, "count": len(cards), "cards": cards})
    return events + [Event("draw", f"{{{seat}}} draws {len(cards)} card{plural}.",
                           {"seat": seat, "count": len(cards)}, reveals=True, secret=secret)]


def gain_part(state: ScrappersState, seat: int, part: str) -> list[Event]:
    """Puts a pulled part in front of a player; the game ends if it completes a contraption."""
    state.holdings[seat].append(part)
    state.pulled[seat] += 1
    if complete(state.data, state.holdings[seat]):
        state.pull_order = []
        return finish(state, "contraption", f"{{{seat}}} completes a contraption and wins!")
    return []


# --- maintenance --------------------------------------------------------------------------------
@FLOW.options("maintain")
def maintain_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """Maintenance: discard a card or draw up."""
    return [act.DiscardCard(c, state.card_name(c)) for c in state.kinds(state.hands[decision.seat].cards)] \
        + [act.DrawUp()]


@FLOW.answer("maintain")
def maintain(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """Maintenance: a discard keeps the seat deciding; drawing up passes on (the last runs the conveyor)."""
    seat = decision.seat
    if isinstance(action, act.DiscardCard):
        state.keep(decision)
        state.discard.put([state.hands[seat].remove(action.card)])
        data = {"seat": seat, "card": action.card}
        return [Event("discard", f"{{{seat}}} discards {action.name}.", data, reveals=True)]
    events = draw_cards(state, seat, state.data.rules.hand_size - len(state.hands[seat]))
    if not state.maintaining.advance():
        state.ask("maintain", state.maintaining.current(), "{seat}: discard any action cards, then draw up to {size}",
                  size=state.data.rules.hand_size)
        return events
    state.maintaining = None
    moved = state.belt.maintain(state.rng)
    events.append(Event("conveyor", "The foreman runs the conveyor.", {"how": "maintenance", **moved},
                        reveals="turned_up" in moved))
    return events + begin_actions(state)
