"""Daily Buzz cards: drawing one and resolving its effects, from the vocabulary in buzz.yaml."""
from __future__ import annotations

from games.core.actions import Event
from games.crumbs.data import Card, Effect
from games.crumbs.decisions import DOG_CHOICE, FREE_SPAWN, ask


class Buzz:
    """Draws and resolves Daily Buzz cards."""

    def draw_buzz(self, seat: int) -> list[Event]:
        """Draws the top card (refreshing a race deck from the discards) and resolves it for `seat`."""
        deck = self.deck
        if not deck.cards and self.options["race"]:
            deck.cards, self.discard = self.discard, []
            deck.shuffle(self.rng)
        card = self.data.cards[deck.cards.pop()]
        self.drawn.append(card.id)
        events = [Event("buzz", f"{{{seat}}} draws {card.title}: {card.text}", {"seat": seat, "card": card.id},
                        reveals=True)]
        for effect in card.effects:
            if self.winning:
                break
            events += self._resolve(seat, card, effect)
        return events

    def _resolve(self, seat: int, card: Card, effect: Effect) -> list[Event]:
        """Resolves one effect of a card drawn by `seat`."""
        do = effect.do
        if do == "drop_fountain_critters":
            critters = self.critters_in(self.board.fountain)
            return self.drop(critters, card.title) if critters else []
        if do == "drop_special":
            crumbs = self.supply(effect.kind)[:effect.amount]
            return self.drop(crumbs, card.title) if crumbs else []
        if do == "dog_drop":
            return self.drop(["dog"], card.title)
        if do == "dog_place":
            return self._dog_card(seat, effect)
        if do == "reroll_feeders":
            return self.roll_feeders()
        if do == "crumbs":
            return self._crumbs_card(seat, effect)
        if do == "round_modifier":
            self.modifiers[effect.stat] = self.modifiers.get(effect.stat, 0) + effect.amount
            return []
        if do == "free_spawn":
            if self.pool(seat):
                ask(self, FREE_SPAWN, seat)
            return []
        if do == "free_move":
            self.free_moves += 1
            return []
        if do == "fountain_gift":
            return [e for s in range(self.players)
                    for e in self.gain(s, effect.amount * len(self.critters_in(self.board.fountain, s)), "Daily Buzz",
                                       card.title)]
        return [e for s in range(self.players)
                for e in self.gain(s, effect.amount * len(self.controlled(s)), "Daily Buzz", card.title)]

    def _dog_card(self, seat: int, effect: Effect) -> list[Event]:
        """Puts the dog where the card says, or asks the drawer to choose."""
        if effect.target == "your_choice":
            ask(self, DOG_CHOICE, seat)
            return []
        leader, events = self.one_of(self.leaders(), "the lead")
        spaces = self.controlled(leader)
        if not spaces:
            return events + [Event("note", f"The leader, {{{leader}}}, controls no space: the dog stays home.",
                                   {"seat": leader})]
        best = max(spaces, key=lambda s: (self.value(s), -list(self.board.spaces).index(s)))
        return events + self.put_dog(best)

    def _crumbs_card(self, seat: int, effect: Effect) -> list[Event]:
        """Gives or takes crumbs as the card says."""
        events = []
        if effect.who in ("leader", "trailing"):
            tied = self.leaders() if effect.who == "leader" else self.trailing()
            single, events = self.one_of(tied, "the most crumbs" if effect.who == "leader" else "the fewest crumbs")
            who = [single]
        else:
            who = {"you": [seat], "all": list(range(self.players)),
                   "others": [s for s in range(self.players) if s != seat]}[effect.who]
        for target in who:
            if effect.amount >= 0:
                events += self.gain(target, effect.amount, "Daily Buzz", "the Daily Buzz")
            else:
                lost = self.lose(target, -effect.amount, "Daily Buzz")
                word = "crumb" if lost == 1 else "crumbs"
                events.append(Event("lose", f"{{{target}}} loses {lost} {word}.", {"seat": target, "amount": lost}))
        return events

    def roll_feeders(self) -> list[Event]:
        """Rolls every feeder die, one at a time, onto its own spot."""
        for space in self.board.feeders:
            self.feeders[space] = self.rng.choice(self.data.numbers.feeder_die)
        dice = ", ".join(f"{self.space_name(s)} {v}" for s, v in self.feeders.items())
        return [Event("feeders", f"Feeder dice: {dice}.", {"feeders": dict(self.feeders)}, reveals=True)]

    def put_dog(self, space: str) -> list[Event]:
        """Places the dog on a space."""
        self.set_pose("dog", None)
        self.place("dog", space)
        return [Event("dog", f"The dog sits in {self.space_name(space)}: it scores nothing this round.",
                      {"space": space})]
