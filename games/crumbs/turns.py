"""A Crumbs turn: the actions a player may take after the Daily Buzz, and what each one does."""
from __future__ import annotations

from games.core.actions import Action, Event
from games.crumbs.actions import (Cancel, DogDrop, DogPlace, Done, EndTurn, MoveCount, MoveFrom, MoveTo, PickCritter,
                                  PickSpace, Spawn, Special)
from games.crumbs.scuffle import ATTACKER, DEFENDER


class Turns:
    """The turn phase of Crumbs: legal actions and their effects."""

    # --- what may be done -----------------------------------------------------------------------
    def turn_actions(self, seat: int) -> list[Action]:
        """Returns the options after the Daily Buzz: move, spawn, dog, special, end turn."""
        actions: list[Action] = []
        if self.free_moves > 0 or self.crumbs[seat] >= self.cost(seat, "move"):
            actions += [MoveFrom(s) for s in self.board.spaces if self.critters_in(s, seat)]
        if self.pool(seat) and self.crumbs[seat] >= self.cost(seat, "spawn"):
            actions += [Spawn(s) for s in self.spawn_spaces(seat)]
        if self.crumbs[seat] >= self.cost(seat, "dog_drop"):
            actions.append(DogDrop())
        if self.crumbs[seat] >= self.cost(seat, "dog_place"):
            actions.append(DogPlace())
        if self.crumbs[seat] >= self.cost(seat, "special") and self.special_possible(seat):
            actions.append(Special(self.side(seat).special))
        return actions + [EndTurn()]

    def pending_actions(self, seat: int) -> list[Action]:
        """Returns the options of a decision under way."""
        pending = self.pending
        kind = pending["kind"]
        if kind == "count":
            limit = self.data.numbers.move_limit if pending["via"] == "move" else self.number(seat, "dash_critters")
            most = min(limit, len(self.critters_in(pending["from"], seat)))
            return [MoveCount(n) for n in range(1, most + 1)] + [Cancel()]
        if kind == "to":
            return [MoveTo(s) for s in self.destinations(pending["via"], pending["from"])] + [Cancel()]
        if kind == "dog_choice":
            return [PickSpace(s) for s in self.board.spaces]
        if kind == "dog_place":
            return [PickSpace(s) for s in self.board.spaces if s != self.dog_space()] + [Cancel()]
        if kind == "free_spawn":
            return [Spawn(s) for s in self.spawn_spaces(seat)] + [Done("Skip")]
        if kind == "fly_pick":
            picked = set(pending["picked"])
            spaces = [s for s in self.board.spaces if set(self.critters_in(s, seat)) - picked]
            done = [Done("Fly them")] if picked and self.fly_targets(seat) else []
            full = len(picked) >= self.number(seat, "fly")
            return ([] if full else [PickCritter(s) for s in spaces]) + done + [Cancel()]
        if kind == "fly_to":
            return [PickSpace(s) for s in self.fly_targets(seat)] + [Cancel()]
        if kind == "bury":
            return [PickSpace(s) for s in self.controlled(seat)] + [Cancel()]
        if kind == "dash_from":
            return [PickSpace(s) for s in self.board.spaces
                    if self.critters_in(s, seat) and self.destinations("dash", s)] + [Cancel()]
        raise ValueError(f"unknown decision {kind!r}")

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

    def fly_targets(self, seat: int) -> list[str]:
        """Returns where picked pigeons may fly: a space still holding pigeons, other than their only source."""
        picked = set(self.pending.get("picked", []))
        sources = {self.where(p) for p in picked}
        return [s for s in self.board.spaces if set(self.critters_in(s, seat)) - picked and {s} != sources]

    def special_possible(self, seat: int) -> bool:
        """Returns whether the seat's special action could be carried out now."""
        numbers = self.side(seat).numbers
        if "fly" in numbers:
            return len({self.where(p) for p in self.on_board("critter", seat)}) >= 2
        if "splash" in numbers:
            return bool(self.supply("wet"))
        if "bury" in numbers:
            return bool(self.controlled(seat)) and bool(self.supply("stockpile"))
        return any(self.critters_in(s, seat) and self.destinations("dash", s) for s in self.board.spaces)

    # --- doing it -----------------------------------------------------------------------------------
    def do_turn_action(self, seat: int, action: Action) -> list[Event]:
        """Plays an action of the turn phase."""
        name = type(action).__name__
        if name == "MoveFrom":
            return self._start_move("move", action.space, seat)
        if name == "MoveCount":
            self.pending = {**self.pending, "kind": "to", "count": action.count}
            return []
        if name == "MoveTo":
            return self._finish_move(seat, action.space)
        if name == "Spawn":
            return self._spawn(seat, action.space)
        if name == "DogDrop":
            return self.pay(seat, self.cost(seat, "dog_drop"), "a dog drop") + self.drop(["dog"], "dog drop")
        if name == "DogPlace":
            self.pending = {"kind": "dog_place"}
            return []
        if name == "Special":
            return self._special(seat)
        if name in ("PickCritter", "PickSpace", "Done"):
            return self._pick(seat, action)
        if name == "Cancel":
            self.pending = None
            return []
        return self.end_turn(seat)

    def _start_move(self, via: str, start: str, seat: int) -> list[Event]:
        """Picks the space critters leave; asks how many if there is a choice."""
        limit = self.data.numbers.move_limit if via == "move" else self.number(seat, "dash_critters")
        if min(limit, len(self.critters_in(start, seat))) > 1:
            self.pending = {"kind": "count", "via": via, "from": start}
        else:
            self.pending = {"kind": "to", "via": via, "from": start, "count": 1}
        return []

    def _finish_move(self, seat: int, target: str) -> list[Event]:
        """Pays, moves the critters and starts a scuffle if they entered an enemy's space."""
        via, start, count = self.pending["via"], self.pending["from"], self.pending["count"]
        self.pending = None
        events = []
        if via == "dash":
            events += self.pay(seat, self.cost(seat, "special"), self.side(seat).special)
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

    def _spawn(self, seat: int, space: str) -> list[Event]:
        """Places a critter from the pool (free when a card gave it)."""
        free = self.pending is not None and self.pending["kind"] == "free_spawn"
        self.pending = None
        events = [] if free else self.pay(seat, self.cost(seat, "spawn"), "a spawn")
        critter = self.pool(seat)[0]
        self.place(critter, space)
        return events + [Event("spawn", f"{{{seat}}} spawns a critter in {self.space_name(space)}.",
                               {"seat": seat, "space": space, "critter": critter})]

    def _special(self, seat: int) -> list[Event]:
        """Starts the seat's special action (Splash happens at once)."""
        numbers = self.side(seat).numbers
        if "fly" in numbers:
            self.pending = {"kind": "fly_pick", "picked": []}
            return []
        if "bury" in numbers:
            self.pending = {"kind": "bury"}
            return []
        if "dash_critters" in numbers:
            self.pending = {"kind": "dash_from"}
            return []
        crumbs = self.supply("wet")[:numbers["splash"]]
        return self.pay(seat, self.cost(seat, "special"), self.side(seat).special) + self.drop(crumbs, "Splash")

    def _pick(self, seat: int, action: Action) -> list[Event]:
        """Continues a special action or a card's choice."""
        kind = self.pending["kind"]
        if kind == "fly_pick" and isinstance(action, PickCritter):
            picked = set(self.pending["picked"])
            critter = next(c for c in self.critters_in(action.space, seat) if c not in picked)
            self.pending = {"kind": "fly_pick", "picked": self.pending["picked"] + [critter]}
            return []
        if kind == "fly_pick":
            self.pending = {**self.pending, "kind": "fly_to"}
            return []
        if kind == "fly_to":
            return self._fly(seat, action.space)
        if kind == "bury":
            return self._bury(seat, action.space)
        if kind == "dash_from":
            return self._start_move("dash", action.space, seat)
        if kind == "dog_choice":
            self.pending = None
            return self.put_dog(action.space)
        if kind == "dog_place":
            self.pending = None
            return self.pay(seat, self.cost(seat, "dog_place"), "placing the dog") + self.put_dog(action.space)
        self.pending = None  # a skipped free spawn
        return []

    def _fly(self, seat: int, target: str) -> list[Event]:
        """Feathered Friends: the picked pigeons fly to the target space."""
        picked = self.pending["picked"]
        self.pending = None
        events = self.pay(seat, self.cost(seat, "special"), self.side(seat).special)
        for critter in picked:
            self.place(critter, target)
        return events + [Event("move", f"{{{seat}}} fly {len(picked)} pigeons to {self.space_name(target)}.",
                               {"seat": seat, "to": target, "critters": picked})]

    def _bury(self, seat: int, space: str) -> list[Event]:
        """Bury: stockpile crumbs from the supply go into a space the seat controls."""
        self.pending = None
        events = self.pay(seat, self.cost(seat, "special"), self.side(seat).special)
        crumbs = self.supply("stockpile")[:self.number(seat, "bury")]
        for crumb in crumbs:
            self.place(crumb, space)
        return events + [Event("bury", f"{{{seat}}} bury {len(crumbs)} stockpile crumb(s) in "
                                       f"{self.space_name(space)}.", {"seat": seat, "space": space})]

    def end_turn(self, seat: int) -> list[Event]:
        """Passes to the next player, or to the feeding after the last one."""
        events = [Event("end_turn", f"{{{seat}}} ends their turn.", {"seat": seat})]
        events += self.check_upgrades(end_of_turn=seat)
        self.pending = None
        self.turn_index += 1
        if self.turn_index == self.players:
            self.phase = "feeding"
        else:
            self.need_draw = True
            self.free_moves = self.data.numbers.free_moves
        return events
