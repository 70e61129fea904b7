"""A Crumbs turn: the actions a player may take after the Daily Buzz, the choices they lead to, and
what each one does."""
from __future__ import annotations

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.crumbs.actions import (
    Cancel,
    DogDrop,
    DogPlace,
    Done,
    EndTurn,
    MoveCount,
    MoveFrom,
    MoveTo,
    PickCritter,
    PickSpace,
    Spawn,
    Special,
)
from games.crumbs.decisions import (
    BURY,
    COUNT,
    DASH_FROM,
    DOG_CHOICE,
    DOG_PLACE,
    DRAW,
    FLY_PICK,
    FLY_TO,
    FREE_SPAWN,
    SPLASH,
    TO,
    TURN,
)
from games.crumbs.scuffle import ATTACKER, DEFENDER


class Turns:
    """The turn phase of Crumbs: the options of each decision of a turn, and their effects."""

    # --- what may be done -----------------------------------------------------------------------
    def options_turn(self, decision: Decision) -> list[Action]:
        """Returns the options after the Daily Buzz: move, spawn, dog, special, end turn."""
        seat = decision.seat
        actions: list[Action] = []
        if self.free_moves > 0 or self.crumbs[seat] >= self.cost(seat, "move"):
            actions += [MoveFrom(s) for s in self.board.spaces if self.critters_in(s, seat)]
        if self.pool(seat) and self.crumbs[seat] >= self.cost(seat, "spawn"):
            actions += [Spawn(s) for s in self.spawn_spaces(seat)]
        if self.crumbs[seat] >= self.cost(seat, "dog_drop"):
            actions.append(DogDrop())
        if self.crumbs[seat] >= self.cost(seat, "dog_place"):
            actions.append(DogPlace())
        if self.crumbs[seat] >= self.cost(seat, "special") and self.specials_left(seat) and self.special_possible(seat):
            actions.append(Special(self.side(seat).special))
        return actions + [EndTurn()]

    def options_count(self, decision: Decision) -> list[Action]:
        """Returns how many critters may go (up to the limit of a movement or a dash)."""
        seat, data = decision.seat, decision.data
        most = min(self.move_limit(seat, data["via"]), len(self.critters_in(data["from"], seat)))
        return [MoveCount(n) for n in range(1, most + 1)] + [Cancel()]

    def options_to(self, decision: Decision) -> list[Action]:
        """Returns where the critters may go."""
        return [MoveTo(s) for s in self.destinations(decision.data["via"], decision.data["from"])] + [Cancel()]

    def options_dog_choice(self, decision: Decision) -> list[Action]:
        """Returns every space (a card lets the drawer put the dog anywhere)."""
        return [PickSpace(s) for s in self.board.spaces]

    def options_dog_place(self, decision: Decision) -> list[Action]:
        """Returns every space but the dog's."""
        return [PickSpace(s) for s in self.board.spaces if s != self.dog_space()] + [Cancel()]

    def options_free_spawn(self, decision: Decision) -> list[Action]:
        """Returns the spawns a card gives for free, or skip."""
        return [Spawn(s) for s in self.spawn_spaces(decision.seat)] + [Done("Skip")]

    def options_fly_pick(self, decision: Decision) -> list[Action]:
        """Returns the spaces to take another pigeon from (up to the sheet's number), Fly them, Cancel."""
        seat, picked = decision.seat, decision.data["picked"]
        done = [Done("Fly them")] if picked and self.fly_targets(seat, picked) else []
        if len(picked) >= self.number(seat, "fly"):
            return done + [Cancel()]
        picks = [PickCritter(s) for s in self.board.spaces  # never a pigeon that would leave nowhere to fly
                 if (pigeon := self._next_pigeon(seat, s, picked)) and self.fly_targets(seat, picked + [pigeon])]
        return picks + done + [Cancel()]

    def _next_pigeon(self, seat: int, space: str, picked: list[str]) -> str | None:
        """Returns the seat's next unpicked pigeon in a space, or None."""
        return next((c for c in self.critters_in(space, seat) if c not in picked), None)

    def options_fly_to(self, decision: Decision) -> list[Action]:
        """Returns where the picked pigeons may fly."""
        return [PickSpace(s) for s in self.fly_targets(decision.seat, decision.data["picked"])] + [Cancel()]

    def options_bury(self, decision: Decision) -> list[Action]:
        """Returns the spaces the seat controls that hold no stockpile crumb yet."""
        return [PickSpace(s) for s in self.bury_spaces(decision.seat)] + [Cancel()]

    def options_splash(self, decision: Decision) -> list[Action]:
        """Returns the spaces the seat controls."""
        return [PickSpace(s) for s in self.controlled(decision.seat)] + [Cancel()]

    def bury_spaces(self, seat: int) -> list[str]:
        """Returns where Bury may put a stockpile crumb: a space the seat controls that holds none."""
        return [s for s in self.controlled(seat) if not self.on_board("stockpile", space=s)]

    def options_dash_from(self, decision: Decision) -> list[Action]:
        """Returns the spaces a dash may start from."""
        seat = decision.seat
        return [PickSpace(s) for s in self.board.spaces
                if self.critters_in(s, seat) and self.destinations("dash", s)] + [Cancel()]

    def move_limit(self, seat: int, via: str) -> int:
        """Returns how many critters a movement or a dash may take along."""
        return self.data.numbers.move_limit if via == "move" else self.number(seat, "dash_critters")

    def spawn_spaces(self, seat: int) -> list[str]:
        """Returns where a seat may spawn: spaces with its critters, and the fountain."""
        return [s for s in self.board.spaces if s == self.board.fountain or self.critters_in(s, seat)]

    def destinations(self, via: str, start: str) -> list[str]:
        """Returns where critters may go from `start`: adjacent spaces, or (a dash) two steps away."""
        near = self.board.adjacent[start]
        if via == "move":
            return [s for s in self.board.spaces if s in near]
        two = {far for s in near for far in self.board.adjacent[s]} - set(near) - {start}
        return [s for s in self.board.spaces if s in two]

    def fly_targets(self, seat: int, picked: list[str]) -> list[str]:
        """Returns where picked pigeons may fly: a space still holding pigeons, other than their only source."""
        taken = set(picked)
        sources = {self.where(p) for p in taken}
        return [s for s in self.board.spaces if set(self.critters_in(s, seat)) - taken and {s} != sources]

    def specials_left(self, seat: int) -> bool:
        """Returns whether the seat may still use its special action this turn (a sheet may limit it)."""
        limit = self.side(seat).special_limit
        return not limit or self._turn_data().get("specials", 0) < limit

    def _turn_data(self) -> dict:
        """Returns what the current turn keeps (the turn decision's data)."""
        return next(d for d in reversed(self.decisions) if d.kind == TURN).data

    def _pay_special(self, seat: int) -> list[Event]:
        """Pays for the seat's special action and counts it against this turn's limit."""
        data = self._turn_data()
        data["specials"] = data.get("specials", 0) + 1
        return self.pay(seat, self.cost(seat, "special"), self.side(seat).special)

    def special_possible(self, seat: int) -> bool:
        """Returns whether the seat's special action could be carried out now."""
        numbers = self.side(seat).numbers
        if "fly" in numbers:
            return len({self.where(p) for p in self.on_board("critter", seat)}) >= 2
        if "splash" in numbers:
            return bool(self.controlled(seat)) and bool(self.supply("wet"))
        if "bury" in numbers:
            return bool(self.bury_spaces(seat)) and bool(self.supply("stockpile"))
        return any(self.critters_in(s, seat) and self.destinations("dash", s) for s in self.board.spaces)

    # --- doing it -----------------------------------------------------------------------------------
    def _move_from(self, seat: int, action: MoveFrom) -> list[Event]:
        """Picks the space critters leave."""
        return self._start_move("move", action.space, seat)

    def _start_move(self, via: str, start: str, seat: int) -> list[Event]:
        """Asks how many critters go if there is a choice, else where they go."""
        if min(self.move_limit(seat, via), len(self.critters_in(start, seat))) > 1:
            self.ask(COUNT, seat, via=via, **{"from": start})
        else:
            self.ask(TO, seat, via=via, count=1, **{"from": start})
        return []

    def _move_count(self, seat: int, action: MoveCount) -> list[Event]:
        """Fixes how many critters go; asks where."""
        data = self.pop().data
        self.ask(TO, seat, via=data["via"], count=action.count, **{"from": data["from"]})
        return []

    def _move_to(self, seat: int, action: MoveTo) -> list[Event]:
        """Pays, moves the critters and starts a scuffle if they entered an enemy's space."""
        data = self.pop().data
        via, start, count, target = data["via"], data["from"], data["count"], action.space
        events = []
        if via == "dash":
            events += self._pay_special(seat)
        elif self.free_moves > 0:
            self.free_moves -= 1
        else:
            events += self.pay(seat, self.cost(seat, "move"), "a movement")
        defender = self.controller(target)
        movers = self.critters_in(start, seat)[:count]
        for critter in movers:
            self.place(critter, target)
        word = "critter" if count == 1 else "critters"
        events.append(Event("move", f"{{{seat}}} moves {count} {word} from {self.space_name(start)} to "
                                    f"{self.space_name(target)}.", {"seat": seat, "from": start, "to": target,
                                                                   "critters": movers}))
        if defender is not None and defender != seat:
            events += self.fight(target, {seat: ATTACKER, defender: DEFENDER})
        return events

    def _spawn(self, seat: int, action: Spawn) -> list[Event]:
        """Places a critter from the pool (free when a card gave it)."""
        free = self.decisions[-1].kind == FREE_SPAWN
        if free:
            self.pop()
        events = [] if free else self.pay(seat, self.cost(seat, "spawn"), "a spawn")
        critter = self.pool(seat)[0]
        self.place(critter, action.space)
        return events + [Event("spawn", f"{{{seat}}} spawns a critter in {self.space_name(action.space)}.",
                               {"seat": seat, "space": action.space, "critter": critter})]

    def _dog_drop(self, seat: int, action: DogDrop) -> list[Event]:
        """Pays and drops the dog over the park."""
        return self.pay(seat, self.cost(seat, "dog_drop"), "a dog drop") + self.drop(["dog"], "dog drop")

    def _dog_place(self, seat: int, action: DogPlace) -> list[Event]:
        """Asks where the dog goes."""
        self.ask(DOG_PLACE, seat)
        return []

    def _special(self, seat: int, action: Special) -> list[Event]:
        """Starts the seat's special action: its first choice."""
        numbers = self.side(seat).numbers
        if "fly" in numbers:
            self.ask(FLY_PICK, seat, picked=[])
        elif "bury" in numbers:
            self.ask(BURY, seat)
        elif "splash" in numbers:
            self.ask(SPLASH, seat)
        else:
            self.ask(DASH_FROM, seat)
        return []

    def _cancel(self, seat: int, action: Cancel) -> list[Event]:
        """Puts back what was picked: the turn goes on."""
        self.pop()
        return []

    def _answer(self, seat: int, action: Action) -> list[Event]:
        """Continues a special action or a card's choice with a space, a pigeon or a button."""
        return _ANSWERS[self.decisions[-1].kind](self, seat, action)

    def _pick_pigeon(self, seat: int, action: PickCritter | Done) -> list[Event]:
        """Feathered Friends: takes one more pigeon, or (Fly them) asks where they fly."""
        decision = self.decisions[-1]
        picked = decision.data["picked"]
        if isinstance(action, PickCritter):
            decision.data["picked"] = picked + [self._next_pigeon(seat, action.space, picked)]
            return []
        self.pop()
        self.ask(FLY_TO, seat, picked=picked)
        return []

    def _fly(self, seat: int, action: PickSpace) -> list[Event]:
        """Feathered Friends: the picked pigeons fly to the target space."""
        picked = self.pop().data["picked"]
        events = self._pay_special(seat)
        for critter in picked:
            self.place(critter, action.space)
        flown = f"{len(picked)} {self.army(seat).critter}{'s' if len(picked) != 1 else ''}"
        return events + [Event("move", f"{{{seat}}} flies {flown} to {self.space_name(action.space)}.",
                               {"seat": seat, "to": action.space, "critters": picked})]

    def _bury(self, seat: int, action: PickSpace) -> list[Event]:
        """Bury: stockpile crumbs from the supply go into a space the seat controls."""
        return self._put_special(seat, action.space, "stockpile", "bury", "buries {n} stockpile {crumbs} in {space}.")

    def _splash(self, seat: int, action: PickSpace) -> list[Event]:
        """Splash: wet crumbs from the supply go into a space the seat controls."""
        return self._put_special(seat, action.space, "wet", "splash", "splashes {n} wet {crumbs} into {space}.")

    def _put_special(self, seat: int, space: str, kind: str, number: str, text: str) -> list[Event]:
        """Pays for a special action that puts special crumbs from the supply into a space."""
        self.pop()
        events = self._pay_special(seat)
        crumbs = self.supply(kind)[:self.number(seat, number)]
        for crumb in crumbs:
            self.place(crumb, space)
        line = text.format(n=len(crumbs), crumbs="crumb" if len(crumbs) == 1 else "crumbs", space=self.space_name(space))
        return events + [Event(number, f"{{{seat}}} {line}", {"seat": seat, "space": space, "crumbs": crumbs})]

    def _dash_from(self, seat: int, action: PickSpace) -> list[Event]:
        """Dash: picks the space the critters leave."""
        self.pop()
        return self._start_move("dash", action.space, seat)

    def _dog_chosen(self, seat: int, action: PickSpace) -> list[Event]:
        """A card's dog: it sits where the drawer chose."""
        self.pop()
        return self.put_dog(action.space)

    def _dog_placed(self, seat: int, action: PickSpace) -> list[Event]:
        """Dog placement: pays and puts the dog where the seat chose."""
        self.pop()
        return self.pay(seat, self.cost(seat, "dog_place"), "placing the dog") + self.put_dog(action.space)

    def _skip(self, seat: int, action: Done) -> list[Event]:
        """Skips a free spawn."""
        self.pop()
        return []

    def _end_turn(self, seat: int, action: EndTurn) -> list[Event]:
        """Passes to the next player, or to the feeding after the last one."""
        self.pop()
        events = [Event("end_turn", f"{{{seat}}} ends their turn.", {"seat": seat})]
        events += self.check_upgrades(end_of_turn=seat)
        if self.decisions[-1].kind == DRAW:
            self.free_moves = self.data.numbers.free_moves
        return events


_ANSWERS = {
    FLY_PICK: Turns._pick_pigeon, FLY_TO: Turns._fly, BURY: Turns._bury, SPLASH: Turns._splash,
    DASH_FROM: Turns._dash_from,
    DOG_CHOICE: Turns._dog_chosen, DOG_PLACE: Turns._dog_placed, FREE_SPAWN: Turns._skip,
}
