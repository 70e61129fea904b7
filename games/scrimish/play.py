"""A turn: the seat to move picks one of its piles, then attacks an enemy pile's top card with that pile's
top card, or discards it (or cancels the pick); combat (combat.py) says which cards are discarded; a seat
whose Crown falls is out, and the last team standing wins. Then the turn passes round the `rotation`.

Reads and writes the state's `piles`, `known`, `discards`, `seen_discards`, `out`, `beaten`, `crowns_taken`,
`winning_seats`, `turns`, `rotation` and the `pile` / `target` decisions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.core.words import listed
from games.scrimish import combat
from games.scrimish.actions import Attack, Cancel, ChoosePile, Discard
from games.scrimish.cards import Deck
from games.scrimish.combat import Outcome
from games.scrimish.flow import FLOW, PILE, TARGET

if TYPE_CHECKING:
    from games.scrimish.state import ScrimishState


@FLOW.options(PILE)
def pile_options(state: ScrimishState, decision: Decision) -> list[Action]:
    """Choose a non-empty pile."""
    return [ChoosePile(p) for p, pile in enumerate(state.piles[decision.seat]) if pile]


@FLOW.answer(PILE)
def choose_pile(state: ScrimishState, decision: Decision, action: Action) -> list[Event]:
    """Picks the pile to act with; cancelling goes back to this choice."""
    assert isinstance(action, ChoosePile)
    state.keep(decision)
    state.ask(TARGET, decision.seat, "", pile=action.pile)
    return []


@FLOW.options(TARGET)
def target_options(state: ScrimishState, decision: Decision) -> list[Action]:
    """Attack (not with a Shield), discard (not the Crown) or cancel with the chosen pile's top card."""
    seat, pile = decision.seat, decision.data["pile"]
    top = state.deck.cards[state.piles[seat][pile][-1]]
    actions: list[Action] = []
    if top.kind != "shield":
        actions += [Attack(pile, s, q) for s, q in state.targets(seat)]
    if top.kind != "crown":
        actions.append(Discard(pile))
    return actions + [Cancel()]


@FLOW.answer(TARGET)
def act(state: ScrimishState, decision: Decision, action: Action) -> list[Event]:
    """Attacks or discards with the chosen pile, or cancels the pick (back to choosing a pile)."""
    if isinstance(action, Attack):
        return attack(state, decision.seat, action)
    if isinstance(action, Discard):
        return discard(state, decision.seat, action)
    return []


def discard(state: ScrimishState, seat: int, action: Discard) -> list[Event]:
    """Discards the chosen pile's top card face down and ends the turn."""
    card = state.piles[seat][action.pile].pop()
    if state.known[seat][action.pile]:
        state.seen_discards[seat].append(card)
    state.discards[seat].cards.append(card)
    state.known[seat][action.pile] = False
    data = {"seat": seat, "pile": action.pile}
    event = Event("discard", f"{{{seat}}} discards the top card of pile {action.pile + 1} face down.", data)
    return [event] + end_turn(state, seat)


def attack(state: ScrimishState, seat: int, action: Attack) -> list[Event]:
    """Resolves an attack: both cards are shown, the loser (or both) discarded, a Crown's fall puts its
    owner out; then the turn ends."""
    pile, foe, target = action.pile, action.target_seat, action.target_pile
    mine, theirs = state.piles[seat][pile][-1], state.piles[foe][target][-1]
    deck = state.deck
    outcome = combat.resolve(deck.cards[mine], deck.cards[theirs])
    state.known[seat][pile] = state.known[foe][target] = True
    if outcome is Outcome.DEFENDER_WINS or outcome is Outcome.BOTH_DISCARDED:
        discard_revealed(state, seat, pile)
    if outcome is Outcome.ATTACKER_WINS or outcome is Outcome.BOTH_DISCARDED:
        discard_revealed(state, foe, target)
    if outcome is Outcome.ATTACKER_WINS:
        state.beaten[seat] += 1
    elif outcome is Outcome.DEFENDER_WINS:
        state.beaten[foe] += 1
    elif outcome is Outcome.BOTH_DISCARDED:
        state.beaten[seat] += 1
        state.beaten[foe] += 1
    data = {"seat": seat, "pile": pile, "card": mine, "target_seat": foe, "target_pile": target,
            "target_card": theirs, "outcome": outcome.value}
    text = (f"{{{seat}}} attacks {{{foe}}}'s pile {target + 1}: {deck.named[mine]} against "
            f"{deck.named[theirs]} - {outcome_text(deck, outcome, mine, theirs)}")
    events = [Event("attack", text, data, reveals=True)]
    if outcome is Outcome.CROWN_TAKEN:
        state.crowns_taken[seat] += 1
        events += knock_out(state, foe)
    elif outcome is Outcome.CROWN_LOST:
        events += knock_out(state, seat)
    return events + end_turn(state, seat)


def discard_revealed(state: ScrimishState, seat: int, pile: int) -> None:
    """Moves a card that was shown in combat from the top of a pile to its owner's discards."""
    card = state.piles[seat][pile].pop()
    state.discards[seat].cards.append(card)
    state.seen_discards[seat].append(card)
    state.known[seat][pile] = False


def knock_out(state: ScrimishState, seat: int) -> list[Event]:
    """Puts `seat` out of the game; ends the game when one team is left."""
    state.out[seat] = True
    events = [Event("out", f"{{{seat}}} is out: their Crown has fallen.", {"seat": seat})]
    teams_in = state.rotation.teams_in(state.out)
    if len(teams_in) == 1:
        state.winning_seats = list(state.rotation.teams[teams_in[0]])
        names = listed(f"{{{s}}}" for s in state.winning_seats)
        events.append(Event("win", f"{names} {'win' if len(state.winning_seats) > 1 else 'wins'}!",
                            {"seats": state.winning_seats}))
    return events


def end_turn(state: ScrimishState, seat: int) -> list[Event]:
    """Passes the turn on, unless the game just ended."""
    state.decisions.clear()
    state.turns += 1
    if not state.winning_seats:
        state.rotation.advance(seat, state.out)
        state.ask(PILE, state.rotation.current(state.out))
    return []


def outcome_text(deck: Deck, outcome: Outcome, mine: str, theirs: str) -> str:
    """Returns the log's words for an attack's outcome."""
    name = {mine: deck.cards[mine].name, theirs: deck.cards[theirs].name}
    if outcome is Outcome.ATTACKER_WINS:
        return f"the {name[theirs]} is discarded."
    if outcome is Outcome.DEFENDER_WINS:
        return f"the {name[mine]} is discarded."
    return {
        Outcome.BOTH_DISCARDED: "both are discarded.",
        Outcome.BOTH_RETURN: "the Shield stops the Archer; both go back.",
        Outcome.CROWN_TAKEN: "the Crown is taken!",
        Outcome.CROWN_LOST: "a Crown may only attack a Crown!",
    }[outcome]
