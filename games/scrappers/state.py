"""Scrappers: one position, from the first foreman and the placing of bodgers to a finished
contraption. Rounds are Maintenance, Action and Part Pulling; the action phase lives in
activation.py, part pulling and tussles in pulling.py, what each seat may see in privacy.py."""
from __future__ import annotations

from typing import Any, Sequence

from games.core.actions import Action, Event, Secret, seat_name
from games.core.cards import kind_of
from games.core.decisions import Decision, DecisionStack
from games.core.state import State
from games.core.turns import EachOnce, UntilAllPass, rotation
from games.core.words import listed
from games.core.zones import DOWN, UP, Pile, hand
from games.scrappers import actions as act
from games.scrappers.activation import ActionPhase
from games.scrappers.belt import Belt
from games.scrappers.contraptions import complete, progress
from games.scrappers.data import GameData, load_data
from games.scrappers.privacy import Privacy
from games.scrappers.pulling import PartPulling
from games.scrappers.records import ACTION, GUPPY, KEELIE, MAINTENANCE, OVER, SETUP, Activation, Bodger, TurnLog, Tussle
from games.scrappers.why import WhyNot


class ScrappersState(ActionPhase, PartPulling, Privacy, WhyNot, DecisionStack, State):
    """One position of Scrappers."""

    game_id = "scrappers"
    decisions: list[Decision]
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
        self.decisions, self.phase, self.round, self.in_play = [], SETUP, 0, None
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

    def push(self, kind: str, seat: int, prompt: str = "", **data: Any) -> Decision:
        """Asks `seat` to decide; "{0}" in a prompt stands for the deciding seat, whoever it is."""
        return super().push(kind, seat, prompt.replace("{0}", f"{{{seat}}}"), **data)

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
            self.push("place_space", self.placing[0], "{0}: place Keelie on an empty space", bodger=KEELIE)
        elif placed < len(self.placing):
            first = "{0} is the first foreman (most tussle symbols shown): " if placed == 0 else "{0}: "
            self.push("place_token", self.placing[placed], first + "choose a bodger to place")
        elif self.options["guppy"] and self.bodger(GUPPY) is None:
            self.push("place_space", self.placing[-1], "{0}: place Guppy on an empty space", bodger=GUPPY)
        else:
            return self._begin_round()
        return []

    def options_place_token(self, decision: Decision) -> list[Action]:
        """Setup: the standard tokens not yet on the floor."""
        return [act.ChooseToken(t.id, t.name) for t in self.data.rules.bodgers if self.bodger(t.id) is None]

    def options_place_space(self, decision: Decision) -> list[Action]:
        """Setup: the empty bodger spaces."""
        taken = {b.space for b in self.bodgers}
        spaces = self.data.board.spaces
        return [act.PlaceOn(i, s.name) for i, s in enumerate(spaces) if i not in taken]

    def _do_choose_token(self, action: act.ChooseToken) -> list[Event]:
        seat = self.pop().seat
        self.push("place_space", seat, "{0}: place {name} on an empty space", bodger=action.bodger, name=action.name)
        return []

    def _do_place(self, action: act.PlaceOn) -> list[Event]:
        decision = self.pop()
        bodger = decision.data["bodger"]
        owner = None if bodger in (KEELIE, GUPPY) else decision.seat
        self.bodgers.append(Bodger(bodger, owner, action.space))
        data = {"seat": decision.seat, "bodger": bodger, "space": action.space}
        text = f"{{{decision.seat}}} places {self.data.name(bodger)} on {action.name}."
        opening = [self.first_foreman_event()] if len(self.bodgers) == 1 else []
        return opening + [Event("place", text, data)] + self._next_placement()

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
        self.push("maintain", self.foreman, "{0}: discard any action cards, then draw up to {size}",
                  size=self.data.rules.hand_size)
        data = {"round": self.round, "foreman": self.foreman}
        return [Event("round", f"Round {self.round}: {{{self.foreman}}} is the foreman.", data)]

    def options_maintain(self, decision: Decision) -> list[Action]:
        """Maintenance: discard a card or draw up."""
        return [act.DiscardCard(c, self.card_name(c)) for c in self.kinds(self.hands[decision.seat].cards)] \
            + [act.DrawUp()]

    def _do_discard(self, action: act.DiscardCard) -> list[Event]:
        seat = self.decisions[-1].seat
        self.discard.put([self.hands[seat].remove(action.card)])
        data = {"seat": seat, "card": action.card}
        return [Event("discard", f"{{{seat}}} discards {action.name}.", data, reveals=True)]

    def _do_draw_up(self, action: act.DrawUp) -> list[Event]:
        seat = self.pop().seat
        events = self.draw_cards(seat, self.data.rules.hand_size - len(self.hands[seat]))
        if not self.maintaining.advance():
            self.push("maintain", self.maintaining.current(), "{0}: discard any action cards, then draw up to {size}",
                      size=self.data.rules.hand_size)
            return events
        self.maintaining = None
        moved = self.belt.maintain(self.rng)
        events.append(Event("conveyor", "The foreman runs the conveyor.", {"how": "maintenance", **moved}))
        return events + self.begin_actions()

    def begin_actions(self) -> list[Event]:
        """Starts the action phase from the foreman."""
        self.phase = ACTION
        self.turn = UntilAllPass(rotation(self.foreman, self.players))
        return self.next_turn()

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

    # --- playing ----------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Plays a legal action."""
        return _HANDLERS[type(action)](self, action)


_HANDLERS = {
    act.ChooseToken: ScrappersState._do_choose_token, act.PlaceOn: ScrappersState._do_place,
    act.DiscardCard: ScrappersState._do_discard, act.DrawUp: ScrappersState._do_draw_up,
    act.PlayCard: ScrappersState.do_play, act.Pass: ScrappersState.do_pass, act.EndTurn: ScrappersState.do_end_turn,
    act.Press: ScrappersState.do_press, act.Stop: ScrappersState.do_stop, act.Target: ScrappersState.do_target,
    act.MoveTo: ScrappersState.do_move, act.SwitchPlaces: ScrappersState.do_switch_places,
    act.SwitchParts: ScrappersState.do_switch_parts, act.PressPart: ScrappersState.do_press_part,
    act.FinishActivation: ScrappersState.do_finish_activation, act.Commit: ScrappersState.do_commit,
    act.TakeBack: ScrappersState.do_take_back, act.CommitDone: ScrappersState.do_commit_done,
}
