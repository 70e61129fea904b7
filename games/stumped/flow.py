"""The four phases of a Stumped turn: Growth, Action, Market and Renewal, and the card movements
they share (drawing with reshuffles, the market's refills). A mixin of StumpedState."""
from __future__ import annotations

from games.core.actions import Action, Event, Secret
from games.core.decisions import Decision
from games.core.words import listed
from games.stumped.actions import PILE, Buy, EndActions, EndTurn, Grow, Plant, PlayAction, PlayEnergy
from games.stumped.cards import BASICS, SEGMENTS
from games.stumped.records import ACT, BUY, GROW, Turn
from games.stumped.tree import GROWS_IN, room_after


class Flow:
    """Turn order and phases: what happens between the decisions."""

    # --- the driver ---------------------------------------------------------------------------------
    def _settle(self) -> list[Event]:
        """Runs everything that needs no decision until someone must choose (or the game ends)."""
        events: list[Event] = []
        while self.decisions:
            top = self.decisions[-1]
            if top.kind not in (ACT, BUY):
                return events
            if self.turn.growth:
                if self.options_grow(None):
                    self.push(GROW, self.turn.seat, "{0}: click a glowing hole to grow your tree")
                    return events
                events.append(Event("growth_lost", f"{{{self.turn.seat}}} cannot spend {self.turn.growth} growth: "
                                    "it is lost.", {"seat": self.turn.seat, "growth": self.turn.growth}))
                self.turn.growth = 0
                continue
            if self.turn.phase == "growth":
                self.turn.phase = "action"  # the growth from the roots is spent
            if self.queue:
                events += self._resolve_next()
                continue
            if len(self._legal_now(top)) > 1:
                return events
            events += self._end_actions() if top.kind == ACT else self._end_market()
        return events

    def _legal_now(self, decision: Decision) -> list[Action]:
        """Returns the options of a phase decision."""
        return self.options_act(decision) if decision.kind == ACT else self.options_buy(decision)

    # --- turns --------------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> list[Event]:
        """Starts `seat`'s turn: the Growth phase (not on a player's first turn), then the Action phase."""
        numbers = self.rules.numbers
        self.turn = Turn(seat, "growth", numbers.action_plays, 0, numbers.buys, 0, False)
        events = [Event("turn", f"Round {self.round}: {{{seat}}}'s turn.", {"seat": seat, "round": self.round})]
        if self.turns_taken[seat]:
            events += self._harvest_sets(seat)
        self.push(ACT, seat, "{0}: play your cards")  # after the growth from the roots is spent
        return events

    def _harvest_sets(self, seat: int) -> list[Event]:
        """Moves every complete set in `seat`'s roots to its discard pile for growth."""
        roots = self.roots[seat]
        sets = min(roots[kind] for kind in BASICS)
        if not sets:
            return []
        for kind in BASICS:
            roots[kind] -= sets
        self.discards[seat].put([kind for _ in range(sets) for kind in BASICS])
        self.turn.growth = sets * self.rules.numbers.growth_per_set
        text = f"{{{seat}}} harvests {sets} set{'s' if sets > 1 else ''} from the roots: +{self.turn.growth} growth."
        return [Event("harvest", text, {"seat": seat, "sets": sets, "growth": self.turn.growth})]

    def _end_actions(self) -> list[Event]:
        """Ends the Action phase: on to the Market phase."""
        self.pop()
        self.turn.phase = "market"
        self.push(BUY, self.turn.seat, "{0}: buy cards")
        return [Event("market", f"{{{self.turn.seat}}} goes to the market with {self.turn.energy} energy.",
                      {"seat": self.turn.seat, "energy": self.turn.energy})]

    def _end_market(self) -> list[Event]:
        """Ends the Market phase and the turn: Renewal, then the next player's turn (or the season's end)."""
        self.pop()
        seat = self.turn.seat
        events = self._renewal(seat)
        self.turns_taken[seat] += 1
        following = (seat + 1) % self.players
        if following == 0:
            self.round += 1
            self.idle_rounds = 0 if self.grew_this_round else self.idle_rounds + 1
            self.grew_this_round = False
            if self.idle_rounds >= self.rules.numbers.winter.idle_rounds:
                return events + self._season_ends()
        return events + self._start_turn(following)

    def _renewal(self, seat: int) -> list[Event]:
        """Discards the hand and the cards played this turn, then draws a new hand."""
        self.turn.phase = "renewal"
        gone = self.played + self.rules.in_order(self.hands[seat].cards)  # a hand's order is nobody's business
        self.discards[seat].put(gone)
        self.played, self.hands[seat].cards, self.known_in_hand[seat] = [], [], []
        names = ", ".join(self.rules.name(card) for card in gone) or "nothing"
        events = [Event("discard", f"{{{seat}}} discards {names}.", {"seat": seat, "cards": gone})]
        return events + self._draw(seat, self.hand_limit(seat))

    def hand_limit(self, seat: int) -> int:
        """Returns the cards `seat` draws at Renewal: the hand size plus one per fruit on its tree."""
        return self.rules.numbers.hand_size + self.trees[seat].count("fruit")

    # --- drawing ------------------------------------------------------------------------------------
    def _draw(self, seat: int, count: int) -> list[Event]:
        """Draws up to `count` cards, shuffling the discard pile into a new deck when the deck runs out."""
        deck, hand, discard = self.decks[seat], self.hands[seat], self.discards[seat]
        drawn: list[str] = []
        events: list[Event] = []
        for _ in range(count):
            if not deck.cards:
                self.known_in_hand[seat] = list(hand.cards)  # every card not in view is in the hand now
                if not discard.cards:
                    break
                deck.cards, discard.cards = discard.cards, []
                deck.shuffle(self.rng)
                events.append(Event("reshuffle", f"{{{seat}}} shuffles their discard pile into a new deck "
                                    f"({len(deck)} cards).", {"seat": seat, "count": len(deck)}))
            card = deck.cards.pop()
            hand.cards.append(card)
            drawn.append(card)
        if not deck.cards:
            self.known_in_hand[seat] = list(hand.cards)
        public = {"seat": seat, "count": len(drawn)}
        names = ", ".join(self.rules.name(card) for card in drawn)
        secret = Secret((seat,), f"{{{seat}}} draws {names or 'nothing'}.", {**public, "cards": drawn})
        plural = "card" if len(drawn) == 1 else "cards"
        events.append(Event("draw", f"{{{seat}}} draws {len(drawn)} {plural}.", public, reveals=True, secret=secret))
        return events

    def _refill_market(self) -> list[Event]:
        """Fills the empty market slots from the action deck, shuffling the discarded market cards into a
        new action deck when it runs out (a slot stays empty if there are none)."""
        events = []
        for slot in [index for index, card in enumerate(self.market.slots) if card is None]:
            if not self.action_deck.cards and self.market_discard.cards:
                count = len(self.market_discard)
                self.action_deck.cards, self.market_discard.cards = self.market_discard.cards, []
                self.action_deck.shuffle(self.rng)
                events.append(Event("market_reshuffle", f"The discarded market cards ({count}) are shuffled into "
                                    "a new action deck.", {"count": count}))
            if not self.action_deck.cards:
                break
            card = self.market.slots[slot] = self.action_deck.cards.pop()
            events.append(Event("refill", f"{self.rules.name(card)} comes into the market.",
                                {"slot": slot, "card": card}, reveals=True))
        return events

    # --- Growth -------------------------------------------------------------------------------------
    def options_grow(self, decision: Decision | None) -> list[Action]:
        """Growth: every segment the growth left pays for, in every free hole it fits, keeping room to win."""
        seat, growth = self.turn.seat, self.turn.growth
        tree, left, costs = self.trees[seat], self.segments[seat], self.rules.numbers.grow_costs
        kinds = [kind for kind in SEGMENTS if left.left(kind) and costs[kind] <= growth]
        if not kinds:
            return []
        shapes, win = self.rules.shapes, self.tree_kind.win_leaves
        room = {}  # (kind, hole kind) -> does growing it there keep room for the winning leaves?
        options: list[Action] = []
        for parent, hole, hole_kind in tree.free_holes(shapes):
            for kind in kinds:
                if hole_kind not in GROWS_IN[kind]:
                    continue
                if kind in ("branch", "fruit") and (kind, hole_kind) not in room:
                    room[kind, hole_kind] = room_after(tree, shapes, kind, hole_kind, left.left("branch")) >= win
                if room.get((kind, hole_kind), True):
                    options.append(Grow(kind, parent, hole))
        return options

    def _do_grow(self, action: Grow) -> list[Event]:
        seat = self.turn.seat
        tree = self.trees[seat]
        segment = tree.grow(action.segment, tree.spot(self.rules.shapes, action.parent, action.hole))
        self.segments[seat].take(action.segment)
        self.grew_this_round = True
        self.turn.growth -= self.rules.numbers.grow_costs[action.segment]
        self.pop()
        data = {"seat": seat, "segment": segment.name, "kind": segment.kind, "parent": segment.parent,
                "hole": segment.hole, "x": segment.x, "y": segment.y, "angle": segment.angle}
        text = f"{{{seat}}} grows {action.what()}"
        if action.segment == "leaf":
            text += f" ({tree.leaves} of {self.tree_kind.win_leaves} leaves)"
        events = [Event("grow", text + ".", data)]
        if tree.leaves >= self.tree_kind.win_leaves:
            return events + self._win(seat)
        return events + self._settle()

    # --- Action -------------------------------------------------------------------------------------
    def options_act(self, decision: Decision) -> list[Action]:
        """Action phase: action cards first (up to the limit), basics into the roots, energy; or move on."""
        turn, options = self.turn, []
        for card in self._kinds(self.hands[turn.seat].cards):
            kind = self.rules.card(card).type
            if kind == "action":
                if turn.actions_left and not turn.energy_played:
                    options.append(PlayAction(card))
                continue
            if kind == "basic":
                options.append(Plant(card))
            options.append(PlayEnergy(card))
        return options + [EndActions()]

    def _kinds(self, cards: list[str]) -> list[str]:
        """Returns the distinct card ids among `cards`, in catalog order."""
        present = set(cards)
        return [card for card in self.rules.catalog.cards if card in present]

    def _take_from_hand(self, seat: int, card: str) -> None:
        """Takes one copy of `card` out of `seat`'s hand (and out of what the table knows is there)."""
        self.hands[seat].remove(card)
        if card in self.known_in_hand[seat]:
            self.known_in_hand[seat].remove(card)

    def _do_plant(self, action: Plant) -> list[Event]:
        seat = self.turn.seat
        self._take_from_hand(seat, action.card)
        self.roots[seat][action.card] += 1
        text = f"{{{seat}}} plants a {self.rules.name(action.card)} in their roots."
        return [Event("plant", text, {"seat": seat, "card": action.card})] + self._settle()

    def _do_play_energy(self, action: PlayEnergy) -> list[Event]:
        seat, card = self.turn.seat, self.rules.card(action.card)
        self._take_from_hand(seat, action.card)
        self.played.append(action.card)
        self.turn.energy += card.energy
        self.turn.energy_played = True
        text = f"{{{seat}}} plays {card.name} for {card.energy} energy ({self.turn.energy} in all)."
        return [Event("energy", text, {"seat": seat, "card": action.card, "energy": card.energy})] + self._settle()

    def _do_play_action(self, action: PlayAction) -> list[Event]:
        seat, card = self.turn.seat, self.rules.card(action.card)
        self._take_from_hand(seat, action.card)
        self.played.append(action.card)
        self.turn.actions_left -= 1
        self.queue += [(action.card, index) for index in range(len(card.effects))]
        event = Event("play", f"{{{seat}}} plays {card.name}: {card.text}", {"seat": seat, "card": action.card})
        return [event] + self._settle()

    def _do_end_actions(self, action: EndActions) -> list[Event]:
        return self._end_actions() + self._settle()

    # --- Market -------------------------------------------------------------------------------------
    def options_buy(self, decision: Decision) -> list[Action]:
        """Market phase: any market card or pile card the energy pays for, while buys are left; or stop."""
        turn, options = self.turn, []
        if turn.buys_left:
            for slot, card in enumerate(self.market.slots):
                if card is not None and self.rules.card(card).cost <= turn.energy:
                    options.append(Buy(card, slot, self.rules.card(card).cost))
            for card in self.rules.pile_ids:
                cost = self.rules.card(card).cost
                if self.piles.left(card) and cost <= turn.energy:
                    options.append(Buy(card, PILE, cost))
        return options + [EndTurn()]

    def _do_buy(self, action: Buy) -> list[Event]:
        seat = self.turn.seat
        self.turn.energy -= action.cost
        self.turn.buys_left -= 1
        if action.slot == PILE:
            self.piles.take(action.card)
        else:
            self.market.take(action.slot)
        self.discards[seat].put([action.card])
        self.owned[seat][action.card] = self.owned[seat].get(action.card, 0) + 1
        data = {"seat": seat, "card": action.card, "slot": action.slot, "cost": action.cost}
        events = [Event("buy", f"{{{seat}}} buys {self.rules.name(action.card)} for {action.cost} energy.", data)]
        if action.slot != PILE:
            events += self._refill_market()
        return events + self._settle()

    def _do_end_turn(self, action: EndTurn) -> list[Event]:
        return self._end_market() + self._settle()

    # --- the end ------------------------------------------------------------------------------------
    def _win(self, seat: int) -> list[Event]:
        """Ends the game: `seat`'s tree has the leaves that win."""
        self.winning_seats = [seat]
        self.decisions.clear()
        self.queue, self.turn.growth = [], 0
        return [Event("win", f"{{{seat}}}'s tree has {self.trees[seat].leaves} leaves: {{{seat}}} wins!",
                      {"seats": [seat], "reason": "leaves"})]

    def _season_ends(self) -> list[Event]:
        """Ends a game in which no tree grew for too long (our ruling): most leaves win, then most segments;
        else a shared win."""
        def rank(seat: int) -> tuple[int, int]:
            return self.trees[seat].leaves, len(self.trees[seat].segments)
        best = max(rank(seat) for seat in range(self.players))
        self.winning_seats = [seat for seat in range(self.players) if rank(seat) == best]
        self.decisions.clear()
        names = listed(f"{{{seat}}}" for seat in self.winning_seats)
        text = f"Winter comes after {self.idle_rounds} rounds in which no tree grew: {names} {'win' if len(self.winning_seats) > 1 else 'wins'}" \
               f" with {best[0]} leaves."
        return [Event("win", text, {"seats": list(self.winning_seats), "reason": "season"})]

