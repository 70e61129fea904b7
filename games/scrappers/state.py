"""Scrappers: one position, from the first foreman and the placing of bodgers to a finished
contraption. Rounds are Maintenance, Action and Part Pulling; the action phase lives in
activation.py, part pulling and tussles in pulling.py, what each seat may see in privacy.py."""
from __future__ import annotations

import random
from typing import Any, Sequence

from games.core.actions import Action, Event, Secret, seat_name
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.turns import EachOnce, UntilAllPass, rotation
from games.core.words import listed
from games.core.zones import DOWN, UP, Pile, hand
from games.scrappers import actions as act
from games.scrappers import (
    privacy,
    pulling,  # noqa: F401  (registers part pulling's steps and decisions)
    why,
)
from games.scrappers.activation import next_turn, part_in_front, passed
from games.scrappers.belt import Belt
from games.scrappers.contraptions import complete, progress
from games.scrappers.data import GameData, load_data
from games.scrappers.flow import FLOW
from games.scrappers.records import ACTION, GUPPY, KEELIE, MAINTENANCE, OVER, SETUP, Activation, Bodger, TurnLog, Tussle


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
        self.foreman = self._first_foreman()
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
        self._next_placement()

    @property
    def data(self) -> GameData:
        """Returns the game data (shared, immutable)."""
        return load_data()

    # --- setup ----------------------------------------------------------------------------------
    def _first_foreman(self) -> int:
        """Returns the seat with the most tussle symbols showing; tied players show one more card
        each until one leads (a draw among them if the deck runs out)."""
        tied = list(range(self.players))
        while True:
            totals = {s: self.symbols(self.setup_reveal[s]) for s in tied}
            tied = [s for s in tied if totals[s] == max(totals.values())]
            if len(tied) == 1:
                return tied[0]
            if len(self.deck) < len(tied):
                return self.rng.choice(tied)
            for seat in tied:
                self.setup_reveal[seat] += self.deck.draw(1)

    def _next_placement(self) -> list[Event]:
        """Asks for the next token to place: Keelie after the first bodger, Guppy after the last."""
        placed = sum(b.owner is not None for b in self.bodgers)
        if self.options["keelie"] and placed >= 1 and self.bodger(KEELIE) is None:
            self.ask("place_space", self.placing[0], "{seat}: place Keelie on an empty space", bodger=KEELIE)
        elif placed < len(self.placing):
            first = "{seat} is the first foreman (most tussle symbols shown): " if placed == 0 else "{seat}: "
            self.ask("place_token", self.placing[placed], first + "choose a bodger to place")
        elif self.options["guppy"] and self.bodger(GUPPY) is None:
            self.ask("place_space", self.placing[-1], "{seat}: place Guppy on an empty space", bodger=GUPPY)
        else:
            return self._begin_round()
        return []

    def first_foreman_event(self) -> Event:
        """Returns the log line of how the first foreman was chosen: the tussle symbols each player showed."""
        shown = ", ".join(f"{{{seat}}} {self.symbols(cards)}" for seat, cards in enumerate(self.setup_reveal))
        text = f"{{{self.foreman}}} is the first foreman: the most tussle symbols shown ({shown})."
        return Event("first_foreman", text, {"seat": self.foreman, "shown": [list(c) for c in self.setup_reveal]})

    # --- maintenance ----------------------------------------------------------------------------
    def _begin_round(self) -> list[Event]:
        """Starts a round with its maintenance phase, from the foreman clockwise."""
        self.round += 1
        self.phase = MAINTENANCE
        self.maintaining = EachOnce(rotation(self.foreman, self.players))
        self.ask("maintain", self.foreman, "{seat}: discard any action cards, then draw up to {size}",
                  size=self.data.rules.hand_size)
        data = {"round": self.round, "foreman": self.foreman}
        return [Event("round", f"Round {self.round}: {{{self.foreman}}} is the foreman.", data)]

    def begin_actions(self) -> list[Event]:
        """Starts the action phase from the foreman."""
        self.phase = ACTION
        self.turn = UntilAllPass(rotation(self.foreman, self.players))
        return next_turn(self)

    def end_round(self) -> list[Event]:
        """Passes the wrench left and starts the next round, or ends the game if nothing is left
        to pull or the round limit is reached."""
        self.foreman = (self.foreman + 1) % self.players
        events = [Event("wrench", f"{{{self.foreman}}} takes the wrench.", {"seat": self.foreman})]
        if self.belt.empty():
            return events + self.finish("parts", "No parts are left anywhere: the best contraption wins.")
        if self.round >= self.data.rules.round_limit:
            return events + self.finish("rounds", "The last round is over: the best contraption wins.")
        return events + self._begin_round()

    def finish(self, reason: str, text: str) -> list[Event]:
        """Ends the game."""
        self.decisions.clear()
        self.program.clear()
        self.phase, self.ended = OVER, reason
        return [Event("game_over", text, {"reason": reason, "winners": self.winners()})]

    # --- shared helpers -------------------------------------------------------------------------
    def draw_cards(self, seat: int, count: int) -> list[Event]:
        """Draws up to `count` action cards into a hand (reshuffling the discards if needed)."""
        if count <= 0:
            return []
        events = []
        if len(self.deck) < count and self.discard.cards:
            events.append(Event("reshuffle", "The discards are shuffled into a new action deck.",
                                {"cards": len(self.deck) + len(self.discard)}))
        cards = self.deck.draw(count, self.discard, self.rng)
        if not cards:
            return events
        self.hands[seat].put(cards)
        plural = "s" if len(cards) > 1 else ""
        secret = Secret((seat,), f"You draw {', '.join(self.card_name(c) for c in cards)}.",
                        {"seat": seat, "count": len(cards), "cards": cards})
        return events + [Event("draw", f"{{{seat}}} draws {len(cards)} card{plural}.",
                               {"seat": seat, "count": len(cards)}, secret=secret)]

    def gain_part(self, seat: int, part: str) -> list[Event]:
        """Puts a pulled part in front of a player; the game ends if it completes a contraption."""
        self.holdings[seat].append(part)
        self.pulled[seat] += 1
        if complete(self.data, self.holdings[seat]):
            self.pull_order = []
            return self.finish("contraption", f"{{{seat}}} completes a contraption and wins!")
        return []

    def passed(self) -> list[bool]:
        """Returns, per seat, whether its token shows the pass side (the view draws it)."""
        return passed(self)

    def part_in_front(self, bodger: str) -> str | None:
        """Returns the part on the conveyor space in front of a bodger, if any."""
        return part_in_front(self, bodger)

    def bodger(self, bodger_id: str) -> Bodger | None:
        """Returns a token on the floor by id (None if it is not there)."""
        return next((b for b in self.bodgers if b.id == bodger_id), None)

    def places(self) -> dict[str, int]:
        """Returns the space of every token on the floor."""
        return {b.id: b.space for b in self.bodgers}

    def own_bodgers(self, seat: int) -> list[str]:
        """Returns a player's bodgers, in the order they were placed."""
        return [b.id for b in self.bodgers if b.owner == seat]

    def symbols(self, cards: Sequence[str | None]) -> int:
        """Returns the tussle symbols on known cards."""
        return sum(self.data.cards[c].symbols for c in cards if c is not None)

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
    opening = [state.first_foreman_event()] if len(state.bodgers) == 1 else []
    return opening + [Event("place", text, data)] + state._next_placement()


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
    events = state.draw_cards(seat, state.data.rules.hand_size - len(state.hands[seat]))
    if not state.maintaining.advance():
        state.ask("maintain", state.maintaining.current(), "{seat}: discard any action cards, then draw up to {size}",
                  size=state.data.rules.hand_size)
        return events
    state.maintaining = None
    moved = state.belt.maintain(state.rng)
    events.append(Event("conveyor", "The foreman runs the conveyor.", {"how": "maintenance", **moved}))
    return events + state.begin_actions()
