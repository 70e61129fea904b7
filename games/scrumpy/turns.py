"""Rounds and turns: initial recruitment and cash, the Actions phase (one Auxiliary and one Core
Action a turn, goals before or after), the end-game check, the Refresh phase and final scoring."""
from __future__ import annotations

from typing import Any

from games.core.actions import Action, Event, Secret
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.turns import next_seat, rotation
from games.scrumpy import effects, market, resources
from games.scrumpy.actions import (
    AchieveGoal,
    Deliver,
    Done,
    EndTurn,
    OwnerAction,
    PassCore,
    Pick,
    PlayWorker,
    Recruit,
    RecruitLayabout,
    Secondary,
    Sell,
    TakeFree,
    cards_text,
    coins,
)
from games.scrumpy.flow import FLOW


class TurnsMixin:
    """The flow of the game: steps that start rounds and turns, and the turn's own decisions."""

    # --- setup steps ---------------------------------------------------------------------------
    @FLOW.step("initial")
    def _op_initial(self, step: dict) -> list[Event]:
        """Initial recruitment: the seat takes a strip worker for free into its discard pile."""
        if not self.strip.cards():
            return []
        self.ask("initial", step["seat"], "{seat}: take one worker from the strip for free (it starts your discard pile)")
        return []

    @FLOW.options("initial")
    def options_initial(self, decision: Decision) -> list[Action]:
        """Every worker on the strip."""
        return [TakeFree(i, self.data.worker(c).name) for i, c in enumerate(self.strip.slots) if c is not None]

    @FLOW.answer("initial")
    def _answer_initial(self, decision: Decision, action: TakeFree) -> list[Event]:
        """Puts the chosen strip worker into the seat's discard pile."""
        seat = decision.seat
        card = self.strip.take(action.slot)
        cidery = self.cideries[seat]
        cidery.discard.cards.append(card)
        cidery.owned.append(card)
        text = f"{{{seat}}} takes {action.name} for free."
        data = {"seat": seat, "kind": kind_of(card), "from": ["strip", action.slot], "to": ["discard", seat]}
        return [Event("take_free", text, data, secret=Secret((seat,), text, {**data, "card": card}))]

    @FLOW.step("start_coins")
    def _op_start_coins(self, step: dict) -> list[Event]:
        """Gives 3, 4, 5, 6 coins in turn order from the First Player (4, 4, 5, 5 if evened out), and says
        which coin rule the table plays with."""
        rule = self.options["start_coins"]
        amounts = ", ".join(map(str, self.data.rules.start_coins[rule][:self.players]))
        if rule == "rulebook":
            text = f"Starting coins: the rulebook's 3, 4, 5, 6 in turn order ({amounts} here)."
        else:
            text = f"Starting coins: evened out to {amounts} in turn order (our rule, not the rulebook's 3, 4, 5, 6)."
        events = [Event("coin_rule", text, {"rule": rule})]
        for place, seat in enumerate(rotation(self.first, self.players)):
            amount = self.data.rules.start_coins[self.options["start_coins"]][place]
            self.cideries[seat].coins += amount
            events.append(Event("coins", f"{{{seat}}} receives {coins(amount)}.", {"seat": seat, "coins": amount}))
        return events

    # --- rounds ------------------------------------------------------------------------------------
    @FLOW.step("round")
    def _op_round(self, step: dict) -> list[Event]:
        """Starts a round: the First Player moves first."""
        self.round += 1
        self.seat = self.first
        for cidery in self.cideries:
            cidery.cores = 0
        self.then({"op": "next_turn"})
        return [Event("round", f"Round {self.round} begins; {{{self.first}}} is the First Player.",
                      {"round": self.round, "first": self.first})]

    @FLOW.step("next_turn")
    def _op_next_turn(self, step: dict) -> list[Event]:
        """Gives the next turn, or ends the Actions phase once everyone has taken every Core Action."""
        limit = self.data.rules.core_actions
        if all(c.cores >= limit for c in self.cideries):
            self.then({"op": "end_actions"})
            return []
        seat = self.seat
        while self.cideries[seat].cores >= limit:
            seat = next_seat(seat, self.players)
        self.seat = seat
        steps = [{"op": "turn"}, {"op": "turn_end"}]
        if self.automa is not None:
            steps.append({"op": "automa"})
        self.then(*steps, {"op": "next_turn"})
        return []

    @FLOW.step("turn")
    def _op_turn(self, step: dict) -> list[Event]:
        """Asks the seat to move for its turn's actions."""
        self.ask("turn", self.seat, _TURN_PROMPT if not self.aux_used else _CORE_PROMPT)
        return []

    @FLOW.step("after")
    def _op_after(self, step: dict) -> list[Event]:
        """After the Core Action: offers the goals now achievable, else the turn ends."""
        if not market._goal_options(self, self.seat, after=True):
            return []
        self.ask("after", self.seat, "{seat}: achieve a goal, or End turn")
        return []

    @FLOW.step("turn_end")
    def _op_turn_end(self, step: dict) -> list[Event]:
        """Ends the turn: the next seat clockwise is up."""
        self.aux_used = False
        self.seat = next_seat(self.seat, self.players)
        return []

    @FLOW.step("end_actions")
    def _op_end_actions(self, step: dict) -> list[Event]:
        """Checks the end conditions: game end, or the Refresh phase and a new round."""
        reason = self.end_reason()
        if reason:
            self.then({"op": "final"})
            return [Event("end", f"The game ends: {reason}.", {"reason": reason})]
        steps = [{"op": "refresh", "seat": s} for s in rotation(self.first, self.players)]
        self.then(*steps, {"op": "strip_refresh"}, {"op": "pass_barrel"}, {"op": "round"})
        return []

    def end_reason(self) -> str:
        """Returns why the game ends after this Actions phase ("" if it goes on)."""
        if any(c.cubes() == 0 for c in self.cideries) or (self.automa is not None and self.automa.cubes == 0):
            return "a cidery has placed all its cubes"
        if not self.deck.cards:
            return "the recruitment deck is empty"
        if len(self.strip_discard.cards) >= self.data.rules.rounds - 1 or self.round >= self.data.rules.rounds:
            return "the sixth round is over"
        return ""

    # --- refresh -----------------------------------------------------------------------------------
    @FLOW.step("refresh")
    def _op_refresh(self, step: dict) -> list[Event]:
        """Refresh for one seat: Owner home, worker spaces discarded, then keep cards from hand."""
        seat = step["seat"]
        cidery = self.cideries[seat]
        cidery.meeple = ""
        cards = [card for space in cidery.spaces for card in space]
        cidery.discard.cards.extend(cards)
        cidery.spaces = [[] for _ in cidery.spaces]
        self.then({"op": "keep", "seat": seat, "left": self.keep_limit(seat)}, {"op": "redraw", "seat": seat})
        return [Event("refresh", f"{{{seat}}} clears the worker spaces.", {"seat": seat, "cards": cards,
                                                                             "to": ["discard", seat]})]

    def keep_limit(self, seat: int) -> int:
        """Returns how many cards `seat` may keep at Refresh."""
        return self.data.rules.keep[0 if "keep" in self.cideries[seat].hand_cubes else 1]

    def hand_limit(self, seat: int) -> int:
        """Returns `seat`'s hand size."""
        return self.data.rules.hand_size[0 if "size" in self.cideries[seat].hand_cubes else 1]

    @FLOW.step("keep")
    def _op_keep(self, step: dict) -> list[Event]:
        """Asks which card to keep next (kept cards wait in the pool); Done discards the rest."""
        seat = step["seat"]
        cidery = self.cideries[seat]
        if step["left"] <= 0 or not cidery.hand.cards:
            return self._discard_hand(seat)
        self.ask("keep", seat, "{seat}: pick a card to keep for next round ({left} more), or Discard the rest",
                 step=step, left=step["left"])
        return []

    @FLOW.options("keep")
    def options_keep(self, decision: Decision) -> list[Action]:
        """Every kind of card in hand, and Done."""
        cidery = self.cideries[decision.seat]
        return [Pick(k, "hand", self.data.worker(k).name) for k in cidery.kinds("hand")] + \
            [Done("Discard the rest")]

    @FLOW.answer("keep")
    def _answer_keep(self, decision: Decision, action: Action) -> list[Event]:
        """Keeps the picked card aside, or discards the rest of the hand."""
        step, seat = decision.data["step"], decision.seat
        if isinstance(action, Done):
            return self._discard_hand(seat)
        self.cideries[seat].pool.cards.append(self.cideries[seat].take("hand", action.card))
        step["left"] -= 1
        self.then(step)
        return []

    def _discard_hand(self, seat: int) -> list[Event]:
        """Discards the hand but the kept cards."""
        cidery = self.cideries[seat]
        gone = cidery.hand.cards
        cidery.discard.cards.extend(gone)
        cidery.hand.cards, cidery.pool.cards = cidery.pool.cards, []
        names = ", ".join(self.data.worker(c).name for c in gone) or "nothing"
        data = {"seat": seat, "count": len(gone), "from": ["hand", seat], "to": ["discard", seat]}
        text = f"{{{seat}}} keeps {len(cidery.hand.cards)} and discards {cards_text(len(gone))}."
        return [Event("discard", text, data,
                      secret=Secret((seat,), f"You discard {names}.", {**data, "cards": gone}))]

    @FLOW.step("redraw")
    def _op_redraw(self, step: dict) -> list[Event]:
        """Draws up to the hand size."""
        seat = step["seat"]
        return resources.draw_cards(self, seat, self.hand_limit(seat) - len(self.cideries[seat].hand.cards))

    @FLOW.step("strip_refresh")
    def _op_strip_refresh(self, step: dict) -> list[Event]:
        """The rightmost strip worker goes to the worker discard pile; the strip slides and refills."""
        slots = self.strip.slots
        index = max((i for i, c in enumerate(slots) if c is not None), default=None)
        events = []
        if index is not None:
            card = self.strip.take(index)
            self.strip_discard.cards.append(card)
            events.append(Event("strip_discard", f"{self.data.worker(card).name} leaves the strip.",
                                {"card": card, "from": ["strip", index], "to": ["strip_discard"]}))
        return events + market._op_refill(self, {})

    @FLOW.step("pass_barrel")
    def _op_pass_barrel(self, step: dict) -> list[Event]:
        """Passes the First Player barrel clockwise."""
        self.first = next_seat(self.first, self.players)
        return []

    @FLOW.step("final")
    def _op_final(self, step: dict) -> list[Event]:
        """Final scoring: every stored resource is sold; the game is over."""
        events = []
        for cidery in self.cideries:
            for res in list(cidery.stores):
                while cidery.stores[res].cards:
                    events += resources.sell_card(self, cidery.seat, res, kind_of(cidery.stores[res].cards[-1]))
        self.ended = True
        for cidery in self.cideries:  # the private goals are turned face up: nothing is secret any more
            cidery.private_shown = True
        goals = "; ".join(f"{{{c.seat}}}: {self.data.goal(c.private_goal).name}"
                          + (" (achieved)" if c.private_goal in c.goals else " (not achieved)")
                          for c in self.cideries if c.private_goal)
        events.append(Event("private_goals", f"The private goals were {goals}.",
                            {"goals": [c.private_goal for c in self.cideries]}, reveals=True))
        scores = self.scores()
        text = ", ".join(f"{{{s}}} {score}" for s, score in enumerate(scores))
        if self.automa is not None:
            text += f", the Automa {self.automa_score()}"
        return events + [Event("final", f"Final scores: {text}.", {"scores": scores}, reveals=True)]

    # --- the turn ----------------------------------------------------------------------------------
    @FLOW.options("turn")
    def options_turn(self, decision: Decision) -> list[Action]:
        """The Auxiliary Actions (if none taken yet this turn), the Core Actions and the goals."""
        seat = decision.seat
        actions: list[Action] = []
        if not self.aux_used:
            actions += market._delivery_options(self, seat) + self._sell_options(seat) + self._secondary_options(seat)
        return actions + self._core_options(seat) + market._goal_options(self, seat, after=False)

    @FLOW.options("after")
    def options_after(self, decision: Decision) -> list[Action]:
        """The goals now achievable, and End turn."""
        return market._goal_options(self, decision.seat, after=True) + [EndTurn()]

    def _core_options(self, seat: int) -> list[Action]:
        """Returns the Core Actions open to `seat` (only the Owner when it would otherwise be missed)."""
        cidery, data = self.cideries[seat], self.data
        owner = [] if cidery.meeple else [
            OwnerAction(a.id, a.name + ("" if a.id in cidery.office else " (upgraded)"))
            for a in data.rules.owner_actions]
        if owner and (cidery.cores + 1 >= data.rules.core_actions or cidery.free_space() is None):
            return owner
        actions: list[Action] = list(owner)
        if cidery.free_space() is not None:
            for kind in cidery.kinds("hand"):
                worker = data.worker(kind)
                if worker.idle:
                    continue
                if worker.core:
                    actions.append(PlayWorker(kind, worker.name, True))
                actions.append(PlayWorker(kind, worker.name, False))
            for slot, card, price in market.recruit_offers(self, seat, 0):
                name = data.worker(card).name
                if data.worker(card).core:  # a worker without a Core Action: one button, not two alike
                    actions.append(Recruit(slot, name, price, True))
                actions.append(Recruit(slot, name, price, False))
            if self.layabouts.cards:
                actions.append(RecruitLayabout())
        return actions or [PassCore()]

    def _sell_options(self, seat: int) -> list[Action]:
        """Returns a Sell for every store holding a card."""
        cidery = self.cideries[seat]
        return [Sell(r.id, r.name) for r in self.data.rules.resources if cidery.stores[r.id].cards]

    def _secondary_options(self, seat: int) -> list[Action]:
        """Returns a Secondary Action for every kind of card in hand that has one (and room to store)."""
        cidery, actions = self.cideries[seat], []
        for kind in cidery.kinds("hand"):
            worker = self.data.worker(kind)
            reward = worker.secondary
            if reward == "none" or (reward in cidery.stores and not resources.room(self, seat, reward)):
                continue
            actions.append(Secondary(kind, worker.name, _REWARD_TEXT[reward]))
        return actions

    @FLOW.answer("turn")
    def _answer_turn(self, decision: Decision, action: Action) -> list[Event]:
        """Does the turn's chosen action: an Auxiliary Action, a goal or the Core Action."""
        if isinstance(action, Sell):
            return self._do_sell(action)
        if isinstance(action, Secondary):
            return self._do_secondary(action)
        if isinstance(action, Deliver):
            return self._do_deliver(action)
        if isinstance(action, AchieveGoal):
            return self._do_goal(action)
        if isinstance(action, OwnerAction):
            return self._do_owner(action)
        if isinstance(action, PlayWorker):
            return self._do_play(action)
        if isinstance(action, Recruit):
            return self._do_recruit(action)
        if isinstance(action, RecruitLayabout):
            return self._do_layabout(action)
        assert isinstance(action, PassCore)
        return self._do_pass(action)

    @FLOW.answer("after")
    def _answer_after(self, decision: Decision, action: Action) -> list[Event]:
        """Achieves the chosen goal, or ends the turn."""
        if isinstance(action, EndTurn):
            return []
        self.then({"op": "after"})
        return market.achieve(self, action)

    def _core_taken(self, *steps: dict[str, Any]) -> None:
        """Counts a Core Action and schedules its steps, then what follows it."""
        self.me.cores += 1
        self.then(*steps, {"op": "after"})

    def _do_owner(self, action: OwnerAction) -> list[Event]:
        """Moves the Owner to an Office action and schedules it (upgraded if its cube is gone)."""
        cidery = self.me
        cidery.meeple = action.action
        upgraded = action.action not in cidery.office
        self._core_taken(*effects.owner_steps(self, action.action, upgraded))
        return [Event("owner", f"{{{self.seat}}}'s Owner takes the Office action {action.name}.",
                      {"seat": self.seat, "action": action.action})]

    def _do_play(self, action: PlayWorker) -> list[Event]:
        """Plays a worker from hand to the leftmost empty space, with or without its action."""
        cidery, seat = self.me, self.seat
        space = cidery.free_space()
        card = cidery.take("hand", action.card)
        cidery.spaces[space].append(card)
        self._core_taken(*(effects.card_steps(self, action.card, space) if action.use else []))
        return [Event("play", f"{{{seat}}} plays {action.name}" + ("." if action.use else " without its action."),
                      {"seat": seat, "card": card, "from": ["hand", seat], "to": ["space", seat, space]})]

    def _do_recruit(self, action: Recruit) -> list[Event]:
        """Recruits a strip worker into the leftmost empty space, with or without its action."""
        cidery, seat = self.me, self.seat
        space = cidery.free_space()
        events = market.recruit(self, seat, action.slot, action.price, space)
        self._core_taken(*(effects.card_steps(self, kind_of(cidery.spaces[space][-1]), space) if action.use else []),
                         {"op": "refill"})
        return events

    def _do_layabout(self, action: RecruitLayabout) -> list[Event]:
        """Recruits an Idle Layabout from the supply and takes a coin."""
        cidery, seat = self.me, self.seat
        space = cidery.free_space()
        card = self.layabouts.cards.pop()
        cidery.spaces[space].append(card)
        cidery.owned.append(card)
        cidery.coins += 1
        self._core_taken()
        return [Event("layabout", f"{{{seat}}} recruits an Idle Layabout and takes a coin.",
                      {"seat": seat, "card": card, "from": ["layabouts"], "to": ["space", seat, space]})]

    def _do_pass(self, action: PassCore) -> list[Event]:
        """Passes a Core Action nobody could take."""
        self._core_taken()
        return [Event("pass", f"{{{self.seat}}} cannot take a Core Action and passes.", {"seat": self.seat})]

    def _do_sell(self, action: Sell) -> list[Event]:
        """Sells a resource as the turn's Auxiliary Action."""
        self.aux_used = True
        self.then({"op": "sell", "res": action.res}, {"op": "turn"})
        return []

    def _do_secondary(self, action: Secondary) -> list[Event]:
        """Uses a card's Secondary Action as the turn's Auxiliary Action."""
        self.aux_used = True
        self.then({"op": "turn"})
        return resources.secondary(self, self.seat, action.card)

    def _do_deliver(self, action: Deliver) -> list[Event]:
        """Delivers to a vendor as the turn's Auxiliary Action."""
        self.aux_used = True
        self.then(*market.delivery_steps(self, action.vendor, action.row, action.space), {"op": "turn"})
        return []

    def _do_goal(self, action: AchieveGoal) -> list[Event]:
        """Achieves a goal before the Core Action."""
        self.then({"op": "turn"})
        return market.achieve(self, action)


_TURN_PROMPT = "{seat}: take a Core Action (you may first take one Auxiliary Action or achieve goals)"
_CORE_PROMPT = "{seat}: take a Core Action (or achieve goals)"
_REWARD_TEXT = {"apple": "an apple (the card is stored)", "wood": "a wood (the card is stored)",
                "coin": "a coin", "prestige": "a prestige token"}
