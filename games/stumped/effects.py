"""What action cards do: the effect vocabulary of cards.yaml, done in order, with a small decision
for each choice ("mulch which card?", "whose roots?"). A mixin of StumpedState."""
from __future__ import annotations

from typing import Callable

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.stumped.actions import ClearMarket, Gain, Mulch, Recycle, Skip, StealRoot, TakeMarket, WiltRoot
from games.stumped.cards import BASICS, Effect
from games.stumped.records import CLEAR, GAIN, MULCH, RECYCLE, STEAL, TAKE, WILT

PROMPTS = {
    MULCH: "{0}: mulch cards from your hand (up to {left} more), or Done",
    RECYCLE: "{0}: put up to {left} more Sun, Dirt or Water from your discard pile into your roots, or Done",
    GAIN: "{0}: choose a Sun, Dirt or Water to take",
    TAKE: "{0}: take a market card costing up to {limit}, or Done",
    CLEAR: "{0}: discard market cards (up to {left} more), or Done",
    STEAL: "{0}: choose a card to take from another player's roots",
    WILT: "{0}: choose a card in another player's roots to wilt",
}


class Effects:
    """Doing action cards' effects, one at a time, each choice a decision of its own."""

    def _resolve_next(self) -> list[Event]:
        """Does the next effect waiting in the queue (pushing a decision if it needs a choice)."""
        card, index = self.queue.pop(0)
        effect = self.rules.card(card).effects[index]
        return _EFFECTS[effect.do](self, effect)

    def _ask(self, kind: str, **data) -> list[Event]:
        """Pushes a choice for the player whose turn it is, if it has any option."""
        decision = self.push(kind, self.turn.seat, PROMPTS[kind], **data)
        if not [a for a in self._legal_actions() if not isinstance(a, Skip)]:
            self.decisions.remove(decision)
        return []

    # --- effects that need no choice ----------------------------------------------------------------
    def _fx_draw(self, effect: Effect) -> list[Event]:
        return self._draw(self.turn.seat, effect.amount)

    def _fx_count(self, effect: Effect) -> list[Event]:
        field = {"energy": "energy", "buys": "buys_left", "actions": "actions_left", "growth": "growth"}[effect.do]
        setattr(self.turn, field, getattr(self.turn, field) + effect.amount)
        return []

    def _fx_gain(self, effect: Effect) -> list[Event]:
        if effect.kind == "basic":
            return self._ask(GAIN, to=effect.to)
        return self._gain(effect.kind, effect.to)

    def _gain(self, card: str, to: str) -> list[Event]:
        """Takes a basic card from its supply pile to the player's hand, roots or discard pile."""
        seat = self.turn.seat
        if not self.piles.take(card):
            return [Event("gain", f"The {self.rules.name(card)} pile is empty.", {"seat": seat, "card": card, "to": ""})]
        self.owned[seat][card] = self.owned[seat].get(card, 0) + 1
        self._put(seat, card, to)
        where = {"hand": "into their hand", "roots": "into their roots", "discard": "onto their discard pile"}[to]
        return [Event("gain", f"{{{seat}}} takes a {self.rules.name(card)} {where}.", {"seat": seat, "card": card, "to": to})]

    def _put(self, seat: int, card: str, to: str) -> None:
        """Puts a card the table has seen into a seat's hand, roots or discard pile."""
        if to == "hand":
            self.hands[seat].cards.append(card)
            self.known_in_hand[seat].append(card)
        elif to == "roots":
            self.roots[seat][card] += 1
        else:
            self.discards[seat].put([card])

    def _fx_flood(self, effect: Effect) -> list[Event]:
        washed = self.market.cards()
        self.market_discard.put(washed)
        self.market.slots = [None] * len(self.market.slots)
        event = Event("flood", f"A flash flood washes away the market ({len(washed)} cards).", {"cards": washed})
        return [event] + self._refill_market()

    def _fx_drought(self, effect: Effect) -> list[Event]:
        seat, kind, events = self.turn.seat, effect.kind, []
        for other in self._others(seat):
            if self.roots[other][kind]:
                self.roots[other][kind] -= 1
                self.discards[other].put([kind])
                events.append(Event("wilt", f"{{{other}}}'s {self.rules.name(kind)} wilts onto their discard pile.",
                                    {"seat": other, "card": kind, "by": seat}))
        return events

    def _others(self, seat: int) -> list[int]:
        """Returns the other seats, in turn order after `seat`."""
        return [(seat + step) % self.players for step in range(1, self.players)]

    # --- effects with a choice ----------------------------------------------------------------------
    def _fx_mulch(self, effect: Effect) -> list[Event]:
        return self._ask(MULCH, left=effect.amount)

    def _fx_recycle(self, effect: Effect) -> list[Event]:
        return self._ask(RECYCLE, left=effect.amount)

    def _fx_take(self, effect: Effect) -> list[Event]:
        return self._ask(TAKE, limit=effect.amount, to=effect.to)

    def _fx_clear(self, effect: Effect) -> list[Event]:
        return self._ask(CLEAR, left=effect.amount)

    def _fx_steal(self, effect: Effect) -> list[Event]:
        return self._ask(STEAL)

    def _fx_wilt(self, effect: Effect) -> list[Event]:
        return self._ask(WILT)

    def options_mulch(self, decision: Decision) -> list[Action]:
        """Mulch: any card in the hand, or stop."""
        return [Mulch(card) for card in self._kinds(self.hands[decision.seat].cards)] + [Skip()]

    def options_recycle(self, decision: Decision) -> list[Action]:
        """Recycle: any basic card in the discard pile, or stop."""
        pile = set(self.discards[decision.seat].cards)
        return [Recycle(card) for card in BASICS if card in pile] + [Skip()]

    def options_gain(self, decision: Decision) -> list[Action]:
        """Gain: any basic card whose supply pile is not empty."""
        return [Gain(card) for card in BASICS if self.piles.left(card)]

    def options_take_market(self, decision: Decision) -> list[Action]:
        """Take: any market card up to the limit, or nothing."""
        limit = decision.data["limit"]
        return [TakeMarket(slot, card) for slot, card in enumerate(self.market.slots)
                if card is not None and self.rules.card(card).cost <= limit] + [Skip()]

    def options_clear_market(self, decision: Decision) -> list[Action]:
        """Clear: any market card, or stop."""
        return [ClearMarket(slot, card) for slot, card in enumerate(self.market.slots) if card is not None] + [Skip()]

    def options_steal_root(self, decision: Decision) -> list[Action]:
        """Steal: a card of any stack in another player's roots."""
        return [StealRoot(other, card) for other in self._others(decision.seat) for card in BASICS
                if self.roots[other][card]]

    def options_wilt_root(self, decision: Decision) -> list[Action]:
        """Wilt: a card of any stack in another player's roots."""
        return [WiltRoot(other, card) for other in self._others(decision.seat) for card in BASICS
                if self.roots[other][card]]

    def _count_down(self) -> None:
        """Counts one choice off an 'up to N' decision; drops it when none are left."""
        decision = self.decisions[-1]
        decision.data["left"] -= 1
        if not decision.data["left"] or len(self._legal_actions()) == 1:
            self.pop()

    def _do_mulch(self, action: Mulch) -> list[Event]:
        seat = self.turn.seat
        self._take_from_hand(seat, action.card)
        self.owned[seat][action.card] -= 1
        self.mulched.append(action.card)
        self._count_down()
        text = f"{{{seat}}} mulches a {self.rules.name(action.card)}: it leaves the game."
        return [Event("mulch", text, {"seat": seat, "card": action.card})] + self._settle()

    def _do_recycle(self, action: Recycle) -> list[Event]:
        seat = self.turn.seat
        self.discards[seat].remove(action.card)
        self.roots[seat][action.card] += 1
        self._count_down()
        text = f"{{{seat}}} puts a {self.rules.name(action.card)} from their discard pile into their roots."
        return [Event("recycle", text, {"seat": seat, "card": action.card})] + self._settle()

    def _do_gain(self, action: Gain) -> list[Event]:
        to = self.pop().data["to"]
        return self._gain(action.card, to) + self._settle()

    def _do_take(self, action: TakeMarket) -> list[Event]:
        seat, to = self.turn.seat, self.pop().data["to"]
        card = self.market.take(action.slot)
        self.owned[seat][card] = self.owned[seat].get(card, 0) + 1
        self._put(seat, card, to)
        where = "into their hand" if to == "hand" else "onto their discard pile"
        data = {"seat": seat, "card": card, "slot": action.slot, "to": to}
        events = [Event("take", f"{{{seat}}} takes {self.rules.name(card)} from the market {where}.", data)]
        return events + self._refill_market() + self._settle()

    def _do_clear(self, action: ClearMarket) -> list[Event]:
        card = self.market.take(action.slot)
        self.market_discard.put([card])
        events = [Event("clear", f"{{{self.turn.seat}}} discards {self.rules.name(card)} from the market.",
                        {"seat": self.turn.seat, "card": card, "slot": action.slot})]
        events += self._refill_market()
        self._count_down()
        return events + self._settle()

    def _do_steal(self, action: StealRoot) -> list[Event]:
        seat, other, card = self.turn.seat, action.seat, action.card
        self.pop()
        self.roots[other][card] -= 1
        self.owned[other][card] -= 1
        self.roots[seat][card] += 1
        self.owned[seat][card] = self.owned[seat].get(card, 0) + 1
        text = f"{{{seat}}} takes a {self.rules.name(card)} from {{{other}}}'s roots into their own."
        return [Event("steal", text, {"seat": seat, "from": other, "card": card})] + self._settle()

    def _do_wilt(self, action: WiltRoot) -> list[Event]:
        seat, other, card = self.turn.seat, action.seat, action.card
        self.pop()
        self.roots[other][card] -= 1
        self.discards[other].put([card])
        text = f"{{{seat}}} wilts a {self.rules.name(card)} in {{{other}}}'s roots: it goes to their discard pile."
        return [Event("wilt", text, {"seat": other, "card": card, "by": seat})] + self._settle()

    def _do_skip(self, action: Skip) -> list[Event]:
        self.pop()
        return self._settle()


_EFFECTS: dict[str, Callable] = {
    "draw": Effects._fx_draw, "energy": Effects._fx_count, "buys": Effects._fx_count,
    "actions": Effects._fx_count, "growth": Effects._fx_count, "gain": Effects._fx_gain,
    "flood": Effects._fx_flood, "drought": Effects._fx_drought, "mulch": Effects._fx_mulch,
    "recycle": Effects._fx_recycle, "take_market": Effects._fx_take, "clear_market": Effects._fx_clear,
    "steal_root": Effects._fx_steal, "wilt_root": Effects._fx_wilt,
}
