"""Scrappers: one position, from the first foreman and the placing of bodgers to a finished
contraption. The state declares its fields and answers the contract; the rules are modules of
functions over it (after RLCard's dealer / round / judger split): setup.py (the first foreman and
the placing of tokens), rounds.py (maintenance, the wrench, drawing cards, gaining parts, the end),
activation.py (the action phase), pulling.py (part pulling and tussles), privacy.py (what each
seat may see, the invariants) and why.py (why a place does not glow). The turn flow they register
is games.scrappers.flow.FLOW."""
from __future__ import annotations

import functools
import random
from typing import Any, Sequence

from games.core.actions import seat_name
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.turns import EachOnce, UntilAllPass, rotation
from games.core.words import listed
from games.core.zones import DOWN, UP, Pile, hand
from games.scrappers import (  # the rule modules; importing them registers their steps and decisions on FLOW
    activation,  # noqa: F401
    privacy,
    pulling,  # noqa: F401
    rounds,  # noqa: F401
    setup,
    why,
)
from games.scrappers.activation import part_in_front, passed
from games.scrappers.belt import Belt
from games.scrappers.contraptions import progress
from games.scrappers.data import GameData, load_data
from games.scrappers.flow import FLOW
from games.scrappers.records import SETUP, Activation, Bodger, TurnLog, Tussle


class ScrappersState(FlowState):
    """One position of Scrappers."""

    game_id = "scrappers"
    flow = FLOW
    decisions: list[Decision]
    program: list[dict[str, Any]]  # the steps between decisions (games.scrappers.flow), the last one next
    phase: str
    round: int
    foreman: int
    deck: Pile  # the action deck, face down
    discard: Pile  # face up
    hands: list[Pile]
    in_play: str | None  # the action card being resolved, face up
    belt: Belt
    holdings: list[list[str]]  # each player's parts, face up
    bodgers: list[Bodger]  # the tokens on the floor, in the order they were placed
    setup_reveal: list[list[str]]  # the kinds of card each player showed to choose the first foreman
    placing: list[int]  # setup: the seats placing a token, in order
    maintaining: EachOnce | None
    turn: UntilAllPass | None
    turn_log: TurnLog | None
    activation: Activation | None
    pull_order: list[str]
    pull_index: int
    settled: list[int]  # conveyor spaces already tussled over this part pulling phase
    tussle: Tussle | None
    ended: str  # why the game ended: "", "contraption", "parts" or "rounds"
    pulled: list[int]  # parts each seat has pulled (statistics)
    tussles_won: list[int]

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        data, rules = self.data, self.data.rules
        self.decisions, self.program, self.phase, self.round, self.in_play = [], [], SETUP, 0, None
        self.deck = Pile(data.action_deck(options["keelie"], options["guppy"]), DOWN)
        self.deck.shuffle(self.rng)
        self.discard, self.hands = Pile([], UP), [hand(seat) for seat in range(players)]
        self.setup_reveal = [self.deck.draw(rules.setup_reveal) for _ in range(players)]
        self.foreman = setup.first_foreman(self)
        for cards in self.setup_reveal:
            self.deck.put(cards)
        self.deck.shuffle(self.rng)
        self.setup_reveal = [[kind_of(c) for c in cards] for cards in self.setup_reveal]  # shuffled back in
        for seat in range(players):
            self.hands[seat].put(self.deck.draw(rules.hand_size))
        self.belt = Belt([None] * data.board.length, Pile(data.parts.instances(), DOWN), 0, Pile([], UP))
        self.belt.hopper.shuffle(self.rng)
        self.holdings = [[] for _ in range(players)]
        self.bodgers = []
        self.placing = rotation(self.foreman, players) * (2 if players == 2 else 1)
        self.maintaining = self.turn = self.turn_log = self.activation = self.tussle = None
        self.pull_order, self.pull_index, self.settled = [], 0, []
        self.ended = ""
        self.pulled, self.tussles_won = [0] * players, [0] * players
        setup.next_placement(self)

    @functools.cached_property
    def data(self) -> GameData:
        """Returns the game data (shared, immutable; kept on the position once read, and by its bots' copies:
        the rules read it at every step)."""
        return load_data()

    # --- lookups (the rule modules, the views and the bots use them) ---------------------------
    def passed(self) -> list[bool]:
        """Returns, per seat, whether its token shows the pass side (the view draws it)."""
        return passed(self)

    def part_in_front(self, bodger: str) -> str | None:
        """Returns the part on the conveyor space in front of a bodger, if any."""
        return part_in_front(self, bodger)

    def bodger(self, bodger_id: str) -> Bodger | None:
        """Returns a token on the floor by id (None if it is not there)."""
        for bodger in self.bodgers:  # a plain loop: the rules ask at every step of the bots' searches
            if bodger.id == bodger_id:
                return bodger
        return None

    def places(self) -> dict[str, int]:
        """Returns the space of every token on the floor."""
        return {b.id: b.space for b in self.bodgers}

    def own_bodgers(self, seat: int) -> list[str]:
        """Returns a player's bodgers, in the order they were placed."""
        return [b.id for b in self.bodgers if b.owner == seat]

    def symbols(self, cards: Sequence[str | None]) -> int:
        """Returns the tussle symbols on known cards."""
        symbols = self.data.symbols
        return sum([symbols[c] if c in symbols else self.data.cards[c].symbols for c in cards if c is not None])

    def card_name(self, card: str) -> str:
        """Returns an action card's name."""
        return self.data.cards[card].name

    def part_name(self, part: str) -> str:
        """Returns a part's name."""
        return self.data.parts[part].name

    @staticmethod
    def kinds(cards: Sequence[str | None]) -> list[str]:
        """Returns one card of each kind among `cards` (the first copy), in order."""
        seen, found = set(), []
        for card in cards:
            if card is not None and kind_of(card) not in seen:
                seen.add(kind_of(card))
                found.append(card)
        return found

    # --- what each seat may see, and the invariants (privacy.py) --------------------------------
    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with None (privacy.hide)."""
        privacy.hide(self, seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals the unseen cards and parts where they may be (privacy.fill_hidden)."""
        privacy.fill_hidden(self, seat, rng)

    def check(self) -> None:
        """Raises ValueError unless the position is whole (privacy.check)."""
        privacy.check(self)

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now (why.why_not), or None."""
        return why.why_not(self, target)

    # --- scores and status ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Returns each player's most plugs on one core (a completed contraption has them all)."""
        return [progress(self.data, parts) for parts in self.holdings]

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: won, plugs on the best core, parts held, parts pulled, tussles won."""
        winners = self.winners()
        return [[("Won", int(seat in winners)), ("Plugs on best core", score),
                 ("Parts", len(self.holdings[seat])), ("Parts pulled", self.pulled[seat]),
                 ("Tussles won", self.tussles_won[seat])] for seat, score in enumerate(self.scores())]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns the top decision's prompt."""
        decision = self.pending_decision()
        if decision is None:
            winners = listed(seat_name(names, s) for s in self.winners())
            return f"The game is over: {winners} {'win' if len(self.winners()) > 1 else 'wins'}."
        return decision.text(names)
