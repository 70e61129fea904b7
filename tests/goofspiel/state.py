"""Goofspiel, the example game of docs/adding-a-game.md: its state, declared once, on the kit's flow.

Each round a prize is turned up (a step), then every seat bids in secret in seat order (one `bid` decision
each: the bids already made are hidden from the later bidders' views), then the bids are shown together and
the highest single bid wins the prize (a step). Hands are public: every card left in a hand is known from the
bids shown; only this round's bids and the order of the prizes are secret."""
from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from games.core.actions import Action, Event, Secret
from games.core.data import load_one
from games.core.decisions import Decision
from games.core.flow import Flow, FlowState
from games.core.words import listed
from games.core.zones import DOWN, Pile, fill_unknowns, minus
from tests.goofspiel.actions import Bid

DATA = Path(__file__).parent / "data"
BID = "bid"
FLOW = Flow("goofspiel")


@dataclass(frozen=True)
class Numbers:
    """The numbers in data/numbers.yaml."""

    cards: int
    short_cards: int


@functools.cache
def numbers() -> Numbers:
    """Returns the game's numbers (loaded once; a broken file raises DataError naming the field)."""
    return load_one(DATA / "numbers.yaml", Numbers)


def check_data() -> None:
    """Loads and checks every data file the rules read."""
    numbers()


class GoofspielState(FlowState):
    """One position: hands, the face-down prizes, the prize up for bidding, the bids made, the prizes won."""

    game_id = "goofspiel"
    flow = FLOW
    decisions: list[Decision]
    program: list[dict[str, Any]]
    hands: list[list[str]]  # each seat's cards left, "1".."13" (public: known from the bids shown)
    prizes: Pile  # face down
    prize: str | None  # the prize up for bidding
    bids: list[str | None]  # this round's bids by seat (a view hides the other seats')
    won: list[list[str]]  # the prizes each seat has won
    lost: list[str]  # prizes nobody won (a tie for the highest bid)

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        cards = self.all_cards()
        self.hands = [list(cards) for _ in range(players)]
        self.prizes = Pile(list(cards), DOWN)
        self.prizes.shuffle(self.rng)
        self.prize, self.bids, self.won, self.lost = None, [None] * players, [[] for _ in range(players)], []
        self.decisions, self.program = [], []
        self.then({"op": "turn_up"})
        self.run()

    def all_cards(self) -> list[str]:
        """Returns one hand's cards, which are also the prizes."""
        size = numbers().short_cards if self.options["length"] == "short" else numbers().cards
        return [str(n) for n in range(1, size + 1)]

    def scores(self) -> list[int]:
        """Returns each seat's prize points."""
        return [sum(int(card) for card in cards) for cards in self.won]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns the prompt, naming the prize (kept out of the decision: it holds no card)."""
        return super().status(names).replace("the prize", f"the {self.prize}") if self.prize else super().status(names)

    def _hide(self, seat: int | None) -> None:
        """Hides the order of the prizes and the bids other seats made this round."""
        self.prizes.hide(seat)
        self.bids = [bid if other == seat else None for other, bid in enumerate(self.bids)]

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals each hidden bid from its seat's hand (the seats before the bidder have bid) and the
        prizes from those not yet seen."""
        bidder = self.current_player()
        for other in range(self.players if bidder is None else bidder):
            if other != seat and self.bids[other] is None and self.prize is not None:
                self.bids[other] = rng.choice(self.hands[other])
        seen = [card for cards in self.won for card in cards] + self.lost + ([self.prize] if self.prize else [])
        fill_unknowns([self.prizes], minus(self.all_cards(), seen), rng)

    def check(self) -> None:
        """Raises ValueError unless the prizes are one whole suit and every bid is in its bidder's hand."""
        prizes = list(self.prizes.cards) + [c for cards in self.won for c in cards] + self.lost
        if Counter(prizes + ([self.prize] if self.prize else [])) != Counter(self.all_cards()):
            raise ValueError("the prizes are not one whole suit")
        if any(bid is not None and bid not in hand for bid, hand in zip(self.bids, self.hands)):
            raise ValueError("a bid is not in its bidder's hand")


@FLOW.step("turn_up")
def turn_up(state: GoofspielState, step: dict[str, Any]) -> list[Event]:
    """Turns up the next prize and asks every seat for a bid, in seat order; none left: the game is over."""
    if not state.prizes.cards:
        state.prize = None
        return [Event("over", "The prizes are gone.")]
    state.prize = state.prizes.cards.pop()
    state.then(*({"op": "ask", "seat": seat} for seat in range(state.players)), {"op": "reveal"}, {"op": "turn_up"})
    return [Event("prize", f"The prize is the {state.prize}.", {"prize": state.prize})]


@FLOW.step("ask")
def ask(state: GoofspielState, step: dict[str, Any]) -> list[Event]:
    """Asks one seat for its bid."""
    state.ask(BID, step["seat"], "{seat}: bid a card for the prize")
    return []


@FLOW.options(BID)
def bid_options(state: GoofspielState, decision: Decision) -> list[Action]:
    """Any card left in the bidder's hand."""
    return [Bid(int(card)) for card in state.hands[decision.seat]]


@FLOW.answer(BID)
def bid(state: GoofspielState, decision: Decision, action: Action) -> list[Event]:
    """Puts the bid down in secret."""
    assert isinstance(action, Bid)
    seat = decision.seat
    state.bids[seat] = str(action.card)
    return [Event("bid", f"{{{seat}}} bids.", {"seat": seat},
                  secret=Secret((seat,), f"{{{seat}}} bids {action.card}.", {"seat": seat, "card": str(action.card)}))]


@FLOW.step("reveal")
def reveal(state: GoofspielState, step: dict[str, Any]) -> list[Event]:
    """Shows the bids together; the highest single bid wins the prize, a tie for it loses the prize."""
    bids = [int(bid) for bid in state.bids if bid is not None]
    best = max(bids)
    winners = [seat for seat, bid in enumerate(bids) if bid == best]
    prize = state.prize
    assert prize is not None
    for seat, bid in enumerate(state.bids):
        assert bid is not None
        state.hands[seat].remove(bid)
    shown = listed(f"{{{seat}}} {bid}" for seat, bid in enumerate(state.bids))
    if len(winners) == 1:
        state.won[winners[0]].append(prize)
        text = f"Bids: {shown}. {{{winners[0]}}} wins the {prize}."
    else:
        state.lost.append(prize)
        text = f"Bids: {shown}. A tie: nobody wins the {prize}."
    data = {"bids": list(state.bids), "prize": prize, "winner": winners[0] if len(winners) == 1 else None}
    state.bids = [None] * state.players
    state.prize = None
    return [Event("reveal", text, data, reveals=True)]
