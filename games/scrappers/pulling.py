"""Part pulling: from the foreman clockwise each player takes the part in front of each of their
bodgers; bodgers of different sides at one part tussle for it. In a tussle each player draws, then
everyone commits cards in secret one after another (the players not tussling commit for Keelie if
she is in it), then all reveal: the most tussle symbols wins; a tie goes to the foreman if he is
among the tied, otherwise nobody gets the part.

A rule module over ScrappersState. Reads: foreman, players, bodgers, belt, hands, data. Writes: phase, pull_order,
pull_index, settled (the conveyor spaces already tussled over), tussle, belt.slots and belt.bin (parts pulled or
binned), hands (cards committed and taken back), discard (the cards revealed), tussles_won; holdings, pulled and the
end of the game through rounds.gain_part, a new round through rounds.end_round."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event, Secret
from games.core.decisions import Decision
from games.core.turns import rotation
from games.core.words import listed
from games.core.zones import OWNER, Pile
from games.scrappers.actions import Commit, CommitDone, TakeBack
from games.scrappers.flow import FLOW
from games.scrappers.records import GUPPY, KEELIE, OVER, PULLING, Bodger, Tussle
from games.scrappers.rounds import draw_cards, end_round, gain_part

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState


def begin_pulling(state: ScrappersState) -> list[Event]:
    """Starts part pulling: every player's bodgers in turn, from the foreman clockwise."""
    state.phase = PULLING
    order = rotation(state.foreman, state.players)
    state.pull_order = [b for seat in order for b in state.own_bodgers(seat)]
    state.pull_index, state.settled = 0, []
    return [Event("pulling", "Everyone pulls the part in front of their bodger.", {})] + continue_pulling(state)


def at_part(state: ScrappersState, slot: int) -> list[Bodger]:
    """Returns the bodgers in front of a conveyor space (Guppy never pulls or tussles)."""
    board = state.data.board
    return [b for b in state.bodgers if b.id != GUPPY and board.faces(b.space) == slot]


def continue_pulling(state: ScrappersState) -> list[Event]:
    """Pulls the next bodger's part (the pull step, run next)."""
    state.then({"op": "pull"})
    return []


def start_tussle(state: ScrappersState, slot: int) -> list[Event]:
    """Starts a tussle at `slot`: the tussling players draw, then the first one commits."""
    bodgers = at_part(state, slot)
    order = rotation(state.foreman, state.players)
    seats = [s for s in order if any(b.owner == s for b in bodgers)]
    keelie = any(b.id == KEELIE for b in bodgers)
    committers = [s for s in order if s in seats or keelie]
    state.tussle = Tussle(slot, [b.id for b in bodgers], seats, keelie, committers,
                          [s not in seats for s in committers], [Pile([], OWNER, s) for s in committers])
    state.settled.append(slot)
    names = listed(state.data.name(b.id) for b in bodgers)
    part = state.belt.slots[slot]
    data = {"slot": slot, "part": part, "bodgers": [b.id for b in bodgers]}
    events = [Event("tussle", f"{names} tussle for the {state.part_name(part)}.", data)]
    for seat in seats:
        events += draw_cards(state, seat, tussle_draws(state, seat, bodgers))
    ask_commit(state)
    return events


def tussle_draws(state: ScrappersState, seat: int, bodgers: list[Bodger]) -> int:
    """Returns how many cards a tussling player draws: one per bodger of theirs in the tussle,
    none for a bodger sharing Guppy's space."""
    guppy = state.bodger(GUPPY)
    mine = [b for b in bodgers if b.owner == seat and (guppy is None or guppy.space != b.space)]
    return state.data.rules.tussle_draw * len(mine)


def ask_commit(state: ScrappersState) -> None:
    """Asks the next committer to choose cards."""
    tussle = state.tussle
    seat = tussle.committers[tussle.index]
    if tussle.for_keelie[tussle.index]:
        state.ask("commit", seat, "{seat}: put cards down for Keelie in secret, then \"Done choosing tussle cards\"")
    else:
        state.ask("commit", seat, "{seat}: put cards down for the tussle in secret, then \"Done choosing tussle cards\"")


def commit_done(state: ScrappersState, seat: int) -> list[Event]:
    """A committer is done: the next one commits, or all reveal and part pulling goes on."""
    tussle = state.tussle
    cards, for_keelie = list(tussle.commits[tussle.index].cards), tussle.for_keelie[tussle.index]
    whose = " for Keelie" if for_keelie else ""
    mine = ", ".join(state.card_name(c) for c in cards) or "no cards"
    secret = Secret((seat,), f"You put down {mine}{whose}.", {"seat": seat, "for_keelie": for_keelie, "cards": cards})
    events = [Event("commit", f"{{{seat}}} has chosen{whose}.", {"seat": seat, "for_keelie": for_keelie},
                    secret=secret)]
    tussle.index += 1
    if tussle.index < len(tussle.committers):
        ask_commit(state)
        return events
    events += reveal(state)
    return events if state.phase == OVER else events + continue_pulling(state)


def tussle_winner(state: ScrappersState, totals: dict[str, int]) -> str | None:
    """Returns the side with the most symbols ("keelie" or a seat as text); with a tie, the
    foreman if he is among the tied, else None."""
    best = max(totals.values())
    top = [side for side, total in totals.items() if total == best]
    if len(top) == 1:
        return top[0]
    return str(state.foreman) if str(state.foreman) in top else None


def reveal(state: ScrappersState) -> list[Event]:
    """Reveals every commitment, gives the part to the winner and discards the cards."""
    tussle, state.tussle = state.tussle, None
    totals = {str(s): 0 for s in tussle.seats} | ({KEELIE: 0} if tussle.keelie else {})
    shown = []
    for seat, for_keelie, pile in zip(tussle.committers, tussle.for_keelie, tussle.commits):
        totals[KEELIE if for_keelie else str(seat)] += state.symbols(pile.cards)
        shown.append({"seat": seat, "for_keelie": for_keelie, "cards": list(pile.cards)})
        state.discard.put(pile.cards)
    winner = tussle_winner(state, totals)
    part = state.belt.slots[tussle.slot]
    scores = ", ".join(f"{_side_name(side)} {total}" for side, total in totals.items())
    data = {"slot": tussle.slot, "part": part, "commits": shown, "totals": totals, "winner": winner}
    if winner is None:
        outcome = "a tie: nobody gets the part."
    elif winner == KEELIE:
        outcome = "Keelie wins and throws the part in the bin."
    else:
        outcome = f"{{{winner}}} wins the {state.part_name(part)}."
    events = [Event("reveal", f"Tussle cards: {scores} - {outcome}", data, reveals=True)]
    if winner == KEELIE:
        state.belt.bin_part(tussle.slot, {})
    elif winner is not None:
        state.belt.slots[tussle.slot] = None
        state.tussles_won[int(winner)] += 1
        events += gain_part(state, int(winner), part)
    return events


def _side_name(side: str) -> str:
    """Returns a tussle side for the log: Keelie, or a seat placeholder."""
    return "Keelie" if side == KEELIE else f"{{{side}}}"


# --- the flow: pulling parts and committing cards -----------------------------------------------
@FLOW.step("pull")
def pull(state: ScrappersState, step: dict[str, Any]) -> list[Event]:
    """Pulls the part in front of the next bodger in the pull order (then the next is up), or starts a tussle
    for it; after the last bodger, the round ends."""
    if state.pull_index >= len(state.pull_order):
        state.pull_order = []
        return end_round(state)
    bodger = state.bodger(state.pull_order[state.pull_index])
    state.pull_index += 1
    slot = state.data.board.faces(bodger.space)
    part = state.belt.slots[slot]
    if part is None or slot in state.settled:
        return continue_pulling(state)
    if all(b.owner == bodger.owner for b in at_part(state, slot)):
        state.belt.slots[slot] = None
        data = {"seat": bodger.owner, "bodger": bodger.id, "slot": slot, "part": part}
        events = [Event("pull", f"{{{bodger.owner}}} pulls the {state.part_name(part)}.", data)]
        events += gain_part(state, bodger.owner, part)
        return events if state.phase == OVER else events + continue_pulling(state)
    return start_tussle(state, slot)


@FLOW.options("commit")
def commit_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """A tussle: put a card down, take one back, or be done."""
    pile = state.tussle.commits[state.tussle.index]
    hand = state.hands[decision.seat].cards
    return [Commit(c, state.card_name(c)) for c in state.kinds(hand)] \
        + [TakeBack(c, state.card_name(c)) for c in state.kinds(pile.cards)] + [CommitDone()]


@FLOW.answer("commit")
def commit(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """Puts a card down or takes one back (the seat goes on choosing), or is done."""
    seat, pile = decision.seat, state.tussle.commits[state.tussle.index]
    if isinstance(action, Commit):
        state.keep(decision)
        pile.put([state.hands[seat].remove(action.card)])
        return []
    if isinstance(action, TakeBack):
        state.keep(decision)
        state.hands[seat].put([pile.remove(action.card)])
        return []
    return commit_done(state, seat)
