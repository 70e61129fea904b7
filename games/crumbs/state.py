"""Crumbs: the state of one game, from choosing armies to the last feeding."""
from __future__ import annotations

import copy
import random
from typing import Any, Sequence

from games.core.actions import Action, Event, seat_name
from games.core.state import State
from games.crumbs.actions import ChooseArmy, DrawBuzz, DropCrumbs, PlaceStart
from games.crumbs.armies import Armies
from games.crumbs.buzz import Buzz
from games.crumbs.drops import Drops
from games.crumbs.table import CRUMB_KINDS, Table
from games.crumbs.turns import Turns

RACE_ROUND_LIMIT = 30  # a race that nobody finishes ends after this many rounds (ruling)
CATEGORIES = ("Feeding", "Daily Buzz", "Knocked crumbs", "Stolen", "Spent")


class CrumbsState(Table, Armies, Drops, Buzz, Turns, State):
    """One position of Crumbs: armies, pieces on the park, the trail, the cards and whose turn it is."""

    game_id = "crumbs"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        numbers = self.data.numbers
        self.map_id = options["map"]
        self.phase = "armies"
        self.armies: list[str | None] = [None] * players
        self.upgraded = [False] * players
        self.attack_wins = [0] * players
        self.crumbs = [numbers.start_crumbs] * players
        self.ledger: list[dict[str, int]] = [{} for _ in range(players)]
        self.pieces: dict[str, dict] = {"dog": {"kind": "dog", "owner": None, "pose": None}}
        for kind in CRUMB_KINDS:
            count = numbers.feeding_crumbs if kind == "crumb" else getattr(numbers.special_crumbs, kind)
            self.pieces.update({f"{kind}-{i + 1}": {"kind": kind, "owner": None, "pose": None} for i in range(count)})
        self.feeders = {space: 1 for space in self.board.feeders}
        self.deck = self.data.deck()
        self.rng.shuffle(self.deck)
        if not options["race"]:
            self.deck = self.deck[:players * options["rounds"] * numbers.buzz_per_round]
        self.drawn: list[str] = []
        self.discard: list[str] = []
        self.round = 1
        self.favor = 0
        self.turn_index = 0
        self.need_draw = True
        self.free_moves = numbers.free_moves
        self.pending: dict | None = None
        self.modifiers: dict[str, int] = {}
        self.start_queue: list[int] = []
        self.winning: list[int] = []
        self.dealt: list[str] = []  # random armies: each seat confirms the one dealt to it
        if options["armies"] == "random":
            self.dealt = list(self.data.armies)
            self.rng.shuffle(self.dealt)

    # --- the contract ---------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Returns the seat that must decide now, or None when the game is over."""
        if self.phase == "armies":
            return self.armies.index(None)
        if self.phase == "start":
            return self.start_queue[0]
        if self.phase == "turn":
            return self.turn_order()[self.turn_index]
        if self.phase == "feeding":
            return self.favor
        return None

    def _legal_actions(self) -> list[Action]:
        """Returns the options of the seat to move."""
        seat = self.current_player()
        if self.phase == "armies":
            if self.dealt:
                return [ChooseArmy(self.dealt[seat])]
            return [ChooseArmy(a) for a in self.data.armies if a not in self.armies]
        if self.phase == "start":
            return [PlaceStart(s) for s in self.board.spaces if set(self.armies_in(s)) <= {seat}]
        if self.phase == "feeding":
            return [DropCrumbs()]
        if self.phase == "turn":
            if self.need_draw:
                return [DrawBuzz()]
            return self.pending_actions(seat) if self.pending else self.turn_actions(seat)
        return []

    def _apply(self, action: Action) -> list[Event]:
        """Plays a legal action, then flips any sheet whose condition now holds."""
        seat = self.current_player()
        if isinstance(action, ChooseArmy):
            events = self._choose_army(seat, action.army)
        elif isinstance(action, PlaceStart):
            events = self._place_start(seat, action.space)
        elif isinstance(action, DrawBuzz):
            self.need_draw = False
            events = self.draw_buzz(seat)
        elif isinstance(action, DropCrumbs):
            events = self.feed()
        else:
            events = self.do_turn_action(seat, action)
        if self.phase != "over":
            events += self.check_upgrades()
        return events

    def scores(self) -> list[int]:
        """Returns each seat's crumbs on the Crumb Trail."""
        return list(self.crumbs)

    def winners(self) -> list[int]:
        """Returns the winning seats once the game is over (ties share the park)."""
        return list(self.winning)

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: the start, what each source gave or cost, and the total."""
        start = self.data.numbers.start_crumbs
        return [[("Start", start)] + [(c, ledger.get(c, 0)) for c in CATEGORIES] + [("Total", crumbs)]
                for ledger, crumbs in zip(self.ledger, self.crumbs)]

    def sides(self) -> list[str]:
        """Returns each seat's army."""
        return [self.data.armies[a].name if a else "" for a in self.armies]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now."""
        seat = self.current_player()
        if seat is None:
            return "The game is over."
        who = seat_name(names, seat)
        if self.phase == "armies":
            return f"{who}: choose your army."
        if self.phase == "start":
            return f"{who}: place a critter on an empty space or one of yours."
        if self.phase == "feeding":
            return f"{who} has Granny's Favor: drop the crumbs!"
        if self.need_draw:
            return f"{who}: draw the Daily Buzz card."
        if self.pending:
            return f"{who}: " + {
                "count": "how many critters go?", "to": "click the space they go to.",
                "dog_choice": "click the space the dog goes to.", "dog_place": "click the space the dog goes to.",
                "free_spawn": "spawn a free critter, or skip.",
                "fly_pick": "click spaces to pick pigeons, then Fly them.", "fly_to": "click where they fly to.",
                "bury": "click a space you control to bury crumbs.", "dash_from": "click where the dash starts.",
            }[self.pending["kind"]]
        free = f" ({self.free_moves} free move{'s' if self.free_moves != 1 else ''} left)" if self.free_moves else ""
        return f"{who}: move, spawn, use the dog or your special action, then End turn{free}. You have {self.crumbs[seat]} crumbs."

    # --- setup ---------------------------------------------------------------------------------
    def _take_army(self, seat: int, army_id: str) -> None:
        """Gives a seat an army and its critters (all in its pool)."""
        self.armies[seat] = army_id
        for i in range(self.data.armies[army_id].critters):
            self.pieces[f"{army_id}-{i + 1}"] = {"kind": "critter", "owner": seat, "pose": None}

    def _choose_army(self, seat: int, army_id: str) -> list[Event]:
        """Setup: a seat takes an army; once all have one, the game begins."""
        self._take_army(seat, army_id)
        events = [Event("army", f"{{{seat}}} plays the {self.data.armies[army_id].name}.", {"seat": seat})]
        return events + (self._begin() if None not in self.armies else [])

    def _begin(self) -> list[Event]:
        """Rolls the feeder dice, gives Granny's Favor at random, and puts the armies on the park."""
        events = self.roll_feeders()
        self.favor = self.rng.randrange(self.players)
        events.append(Event("favor", f"{{{self.favor}}} takes Granny's Favor (drawn at random).", {"seat": self.favor}))
        if self.options["start"] == "place":
            self.phase = "start"
            order = self.turn_order()
            counts = {seat: self.army(seat).setup_critters for seat in order}
            self.start_queue = [seat for rnd in range(max(counts.values())) for seat in order if counts[seat] > rnd]
            return events
        dropped = [critter for seat in range(self.players) for critter in self.pool(seat)[:self.army(seat).setup_critters]]
        events.append(Event("setup_drop", f"{{{self.favor}}} drops everyone's first critters.", {}))
        self.phase = "turn"
        return events + self.drop(dropped, "setup drop")

    def _place_start(self, seat: int, space: str) -> list[Event]:
        """Alternate starting spaces: one critter on an empty space or one of the seat's own."""
        critter = self.pool(seat)[0]
        self.place(critter, space)
        self.start_queue.pop(0)
        if not self.start_queue:
            self.phase = "turn"
        return [Event("spawn", f"{{{seat}}} starts a critter in {self.space_name(space)}.",
                      {"seat": seat, "space": space, "critter": critter})]

    # --- crumbs on the trail ---------------------------------------------------------------------
    def gain(self, seat: int, amount: int, category: str, reason: str, extra: dict | None = None) -> list[Event]:
        """Moves a seat's tracker up; in a race, reaching the target ends the game at once."""
        if amount <= 0:
            return []
        self.crumbs[seat] += amount
        self.ledger[seat][category] = self.ledger[seat].get(category, 0) + amount
        events = [Event("gain", f"{{{seat}}} gains {amount} crumb{'s' if amount != 1 else ''} ({reason}).",
                        {"seat": seat, "amount": amount, **(extra or {})})]
        if self.options["race"] and self.crumbs[seat] >= self.options["target"] and self.phase != "over":
            events += self.finish([seat])
        return events

    def lose(self, seat: int, amount: int, category: str) -> int:
        """Moves a seat's tracker down by up to `amount` (never below 0); returns how much it lost."""
        lost = min(amount, self.crumbs[seat])
        self.crumbs[seat] -= lost
        self.ledger[seat][category] = self.ledger[seat].get(category, 0) - lost
        return lost

    def pay(self, seat: int, amount: int, what: str) -> list[Event]:
        """Pays for an action (legal actions are affordable)."""
        if amount <= 0:
            return []
        self.lose(seat, amount, "Spent")
        word = "crumb" if amount == 1 else "crumbs"
        return [Event("pay", f"{{{seat}}} pays {amount} {word} for {what}.", {"seat": seat, "amount": amount})]

    # --- rounds and the end ----------------------------------------------------------------------
    def turn_order(self) -> list[int]:
        """Returns the seats from Granny's Favor, clockwise."""
        return [(self.favor + i) % self.players for i in range(self.players)]

    def game_ends_now(self) -> bool:
        """Returns whether the round just finished was the last one."""
        if self.options["race"]:
            return self.round > RACE_ROUND_LIMIT
        return not self.deck

    def finish(self, winners: list[int] | None = None) -> list[Event]:
        """Ends the game: the given winners, or everyone with the most crumbs."""
        self.phase = "over"
        self.pending = None
        self.winning = winners if winners is not None else self.leaders()
        names = " and ".join(f"{{{s}}}" for s in self.winning)
        return [Event("win", f"{names} {'rule' if len(self.winning) > 1 else 'rules'} the park!",
                      {"seats": self.winning})]

    def space_name(self, space: str) -> str:
        """Returns a space's printed name."""
        return self.board.spaces[space].name

    # --- what a seat may see ---------------------------------------------------------------------
    def _hide(self, seat: int | None) -> None:
        """Hides the order of the Daily Buzz deck; everything else on the table is public."""
        self.deck = [None] * len(self.deck)

    def clone(self) -> "CrumbsState":
        """Returns a deep copy (the cached spaces of pieces are shared until they change)."""
        other = copy.copy(self)
        where = self.__dict__.get("_where")
        for name in ("options", "armies", "upgraded", "attack_wins", "crumbs", "feeders", "deck", "drawn",
                     "discard", "modifiers", "start_queue", "winning", "dealt"):
            setattr(other, name, copy.copy(getattr(self, name)))
        other.ledger = [dict(entry) for entry in self.ledger]
        other.pieces = {p: {"kind": v["kind"], "owner": v["owner"], "pose": None if v["pose"] is None else list(v["pose"])}
                        for p, v in self.pieces.items()}
        other.pending = copy.deepcopy(self.pending)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.__dict__["_where"] = dict(where) if where is not None else {}
        return other

    # --- plain data ------------------------------------------------------------------------------
    FIELDS = ("map_id", "phase", "armies", "upgraded", "attack_wins", "crumbs", "ledger", "pieces", "feeders", "deck",
              "drawn", "discard", "round", "favor", "turn_index", "need_draw", "free_moves", "pending", "modifiers",
              "start_queue", "winning", "dealt")

    def _fields_to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS}

    def _fields_from_dict(self, data: dict[str, Any]) -> None:
        for name in self.FIELDS:
            setattr(self, name, copy.deepcopy(data[name]))
        if self.map_id not in self.data.maps or self.phase not in ("armies", "start", "turn", "feeding", "over"):
            raise ValueError("unknown map or phase")
        self.__dict__["_where"] = {}
