"""A Crumbs opponent that plays sensibly from its view: it takes and contests valuable spaces,
keeps crumbs for a spawn, sets the dog on the leader and uses its army's special action."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from games.core.actions import Action
from games.core.bots import Bot, about
from games.core.decisions import Decision
from games.core.ismcts import standing
from games.crumbs import armies, drops, table, turns
from games.crumbs.actions import (
    Cancel,
    ChooseArmy,
    DogPlace,
    Done,
    EndTurn,
    MoveCount,
    MoveFrom,
    MoveTo,
    PickCritter,
    PickSpace,
    PlaceStart,
    Spawn,
    Special,
)
from games.crumbs.decisions import IN_TURN
from games.crumbs.scuffle import DEFENDER
from games.crumbs.state import CrumbsState


@dataclass(frozen=True)
class Habits:
    """The park bot's rules of thumb, in crumbs (a crumb of an average space is worth 1)."""

    reserve: int = 3  # crumbs kept back after paying for anything
    paid_gain: float = 2.0  # what a move must gain to be worth paying for
    move_gain: float = 0.5  # what a move must gain to be worth making at all
    crowding: float = 0.3  # how much each critter already in a space lowers a spawn there
    win_bonus: float = 1.0  # what winning a scuffle is worth beyond the space (the rival's critter is gone)
    dog_lead: int = 5  # crumbs a rival must lead by before the bot pays to set the dog on them


WORTHS = "_worths"  # a view's key, while a bot chooses on it: (seat, space) -> ParkBot.worth, and (seat, to,
# critters, win bonus) -> ParkBot._gain
NORMAL = Habits()
BOLD = Habits(reserve=0, paid_gain=1.5, move_gain=0.2, crowding=0.8, win_bonus=2.5, dog_lead=2)  # the Hard
# level's guide, found by trying each habit in turn in 2,000 paired games against Normal's: alone it wins 61% of
# 3,000 fresh ones (docs/balance.md)


@functools.lru_cache(maxsize=1024)
def win_chance(mine: int, theirs: int, die: tuple[int, ...]) -> float:
    """Returns the chance that an attacker with base `mine` beats a defender with base `theirs` (ties win)."""
    wins = sum(1 for a in die for d in die if a + mine >= d + theirs)
    return wins / (len(die) ** 2)


class ParkBot(Bot):
    """Greedy, view-only: the best-valued move, spawn, dog or special, then End turn, by its habits."""

    def __init__(self, habits: Habits = NORMAL) -> None:
        self.habits = habits

    def choose(self, view: CrumbsState, rng: random.Random) -> Action:
        """Returns a legal action for the seat the view was made for (the worth of each space is worked out
        once a choice: the view does not change while the bot thinks)."""
        if WORTHS in view.__dict__:
            return self._choose(view, rng)
        view.__dict__[WORTHS] = {}
        try:
            return self._choose(view, rng)
        finally:
            del view.__dict__[WORTHS]

    def _choose(self, view: CrumbsState, rng: random.Random) -> Action:
        """Returns a legal action for the seat the view was made for."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player()  # the seat deciding (also on a full state in a search)
        if view.phase == "armies":
            return rng.choice([a for a in legal if isinstance(a, ChooseArmy)])
        if view.phase == "start":
            return max(legal, key=lambda a: (self.worth(view, seat, a.space), a.space))
        decision = view.pending_decision()
        if decision.kind in IN_TURN:
            return self._decide(view, seat, decision, legal)
        return self._plan(view, seat, legal)

    # --- judging spaces ---------------------------------------------------------------------------
    def worth(self, view: CrumbsState, seat: int, space: str) -> float:
        """Returns how much a space is worth holding this round, in crumbs per crumb of an average space:
        what a crumb there brings this seat (its value, its army's bonuses, its ponds), times how many
        crumbs it catches for its size, plus the special crumbs already lying in it."""
        memo = view.__dict__.get(WORTHS)
        if memo is None:
            return self._worth(view, seat, space)
        found = memo.get((seat, space))
        if found is None:
            found = memo[seat, space] = self._worth(view, seat, space)
        return found

    @staticmethod
    def _worth(view: CrumbsState, seat: int, space: str) -> float:
        """Returns ParkBot.worth, worked out afresh."""
        board = view.board
        if space == board.fountain or space == table.dog_space(view):
            return 0.0
        per = drops.value(view, space) + (armies.number(view, seat, "pond_space_bonus") if board.has_pond(space) else 0)
        flock = armies.number(view, seat, "flock_size")
        if flock and len(table.critters_in(view, space, seat)) >= flock:
            per += armies.number(view, seat, "flock_feed_bonus")
        ponds = board.pond_share(space)
        if ponds:
            in_pond = per + armies.number(view, seat, "pond_crumb_bonus") if armies.number(view, seat, "ponds_score") else 0
            per = (1 - ponds) * per + ponds * in_pond
        specials = sum(drops.crumb_points(view, seat, space, c) for kind in ("wet", "stockpile")
                       for c in table.on_board(view, kind, space=space))
        return per * board.relative_size(space) + specials * len(board.spaces) / view.data.numbers.feeding_crumbs

    def best_move(self, view: CrumbsState, seat: int, via: str, start: str | None = None,
                  count: int | None = None) -> tuple[float, str, int, str] | None:
        """Returns (gain, from, count, to) of the most valuable movement, or None."""
        best = None
        limit = view.data.numbers.move_limit if via == "move" else armies.number(view, seat, "dash_critters")
        die = view.data.numbers.scuffle_die
        fountain = view.board.fountain
        gains = view.__dict__.get(WORTHS)
        gains = {} if gains is None else gains
        for source in [start] if start else list(view.board.spaces):
            mine = len(table.critters_in(view, source, seat))
            if not mine:
                continue
            here = self.worth(view, seat, source)
            keep = 0 if source == fountain or mine == 1 and here == 0 else 1
            counts = [count] if count else range(1, min(limit, mine) + 1)
            targets = turns.destinations(view, via, source)
            for n in counts:
                left_behind = here if mine - n < keep or mine == n else 0.0
                for target in targets:
                    key = (seat, target, n, self.habits.win_bonus)  # what _gain depends on, the view aside
                    gain = gains.get(key)
                    if gain is None:
                        gain = gains[key] = self._gain(view, seat, target, n, die)
                    gain -= left_behind
                    if best is None or gain > best[0]:
                        best = (gain, source, n, target)
        return best

    def _gain(self, view: CrumbsState, seat: int, target: str, n: int, die) -> float:
        """Returns the expected value of sending n critters into a space."""
        worth = self.worth(view, seat, target)
        owner = table.controller(view, target)
        if target == view.board.fountain or owner == seat:
            return 0.1 * worth
        if owner is None:
            return worth
        theirs = len(table.critters_in(view, target, owner)) + drops.combat_bonus(view, owner, DEFENDER, target)
        mine = n + view.modifiers.get("attack", 0) + armies.number(view, seat, "attack_bonus")
        flock = armies.number(view, seat, "flock_size")
        if flock and n >= flock:
            mine += armies.number(view, seat, "flock_bonus")
        chance = win_chance(mine, theirs, die)
        return chance * (worth + self.habits.win_bonus) - (1 - chance) * 0.8 * n

    # --- pending decisions --------------------------------------------------------------------------
    def _decide(self, view: CrumbsState, seat: int, decision: Decision, legal: list[Action]) -> Action:
        """Finishes the decision under way in the same spirit it was started."""
        kind, data = decision.kind, decision.data
        via = data.get("via", "move")
        if kind == "count":
            plan = self.best_move(view, seat, via, data["from"])
            return MoveCount(plan[2]) if plan and MoveCount(plan[2]) in legal else legal[0]
        if kind == "to":
            plan = self.best_move(view, seat, via, data["from"], data["count"])
            return MoveTo(plan[3]) if plan else next(a for a in legal if isinstance(a, MoveTo))
        if kind == "dash_from":
            plan = self.best_move(view, seat, "dash")
            return PickSpace(plan[1]) if plan and PickSpace(plan[1]) in legal else legal[0]
        if kind in ("dog_choice", "dog_place"):
            target = PickSpace(self._dog_target(view, seat))
            return target if target in legal else legal[0]
        if kind == "free_spawn":
            return self._best_spawn(view, seat, legal) or Done("Skip")
        if kind in ("bury", "splash"):
            return max((a for a in legal if isinstance(a, PickSpace)), key=lambda a: (self._held(view, seat, a.space),
                                                                                       self.worth(view, seat, a.space),
                                                                                       a.space))
        if kind == "fly_pick":  # the fountain's pigeons, then fly them: picking every pigeon leaves nowhere to fly
            fountain = PickCritter(view.board.fountain)
            done = next((a for a in legal if isinstance(a, Done)), None)
            return fountain if fountain in legal else done or legal[0]
        if kind == "fly_to":
            return max((a for a in legal if isinstance(a, PickSpace)), key=lambda a: (self.worth(view, seat, a.space),
                                                                                       a.space))
        return next((a for a in legal if isinstance(a, Cancel)), legal[0])

    # --- the main choice ------------------------------------------------------------------------------
    def _plan(self, view: CrumbsState, seat: int, legal: list[Action]) -> Action:
        """Picks the most useful action of the turn, or ends it."""
        crumbs, habits, reserve = view.crumbs[seat], self.habits, self.habits.reserve
        move = self.best_move(view, seat, "move")
        paid_ok = crumbs >= armies.cost(view, seat, "move") + reserve
        if move and move[0] > habits.move_gain and (view.free_moves > 0 or (paid_ok and move[0] >= habits.paid_gain)):
            if MoveFrom(move[1]) in legal:
                return MoveFrom(move[1])
        special = next((a for a in legal if isinstance(a, Special)), None)
        if special and crumbs >= armies.cost(view, seat, "special") + reserve and self._crumbs_worth_putting(view, seat):
            return special
        if crumbs >= armies.cost(view, seat, "spawn") + reserve:
            spawn = self._best_spawn(view, seat, legal)
            if spawn:
                return spawn
        dog = self._dog_move(view, seat, legal, crumbs)
        if dog:
            return dog
        if special and crumbs >= armies.cost(view, seat, "special") + 2 * reserve and self._special_worth_it(view, seat):
            return special
        return EndTurn()

    def _best_spawn(self, view: CrumbsState, seat: int, legal: list[Action]) -> Action | None:
        """Returns a spawn into the most valuable space the seat holds (or the fountain)."""
        spawns = [a for a in legal if isinstance(a, Spawn)]
        if not spawns:
            return None
        return max(spawns, key=lambda a: (self.worth(view, seat, a.space)
                                          - self.habits.crowding * len(table.critters_in(view, a.space, seat)), a.space))

    def _dog_target(self, view: CrumbsState, seat: int) -> str:
        """Returns the most valuable space held by the strongest opponent."""
        rivals = sorted((s for s in range(view.players) if s != seat), key=lambda s: -view.crumbs[s])
        for rival in rivals:
            spaces = table.controlled(view, rival)
            if spaces:
                return max(spaces, key=lambda s: (self.worth(view, rival, s), s))
        return view.board.fountain

    def _dog_move(self, view: CrumbsState, seat: int, legal: list[Action], crumbs: int) -> Action | None:
        """Places the dog on the leader's best space when someone else leads clearly."""
        leader = max(range(view.players), key=lambda s: view.crumbs[s])
        if leader == seat or view.crumbs[leader] < crumbs + self.habits.dog_lead:
            return None
        if crumbs < armies.cost(view, seat, "dog_place") + self.habits.reserve:
            return None
        if table.dog_space(view) is not None and table.controller(view, table.dog_space(view)) == leader:
            return None
        target = self._dog_target(view, seat)
        return DogPlace() if DogPlace() in legal and self.worth(view, leader, target) >= 3 else None

    @staticmethod
    def _held(view: CrumbsState, seat: int, space: str) -> bool:
        """Returns whether the seat holds a space firmly: two critters or more there."""
        return len(table.critters_in(view, space, seat)) >= 2

    def _crumbs_worth_putting(self, view: CrumbsState, seat: int) -> bool:
        """Returns whether Bury or Splash would pay back well this round: its crumbs, in the best space the
        seat holds, score at least twice the cost (Bury's stockpile keeps scoring in later rounds)."""
        numbers = armies.side(view, seat).numbers
        count = numbers.get("bury", 0) or numbers.get("splash", 0)
        kind = "stockpile" if "bury" in numbers else "wet"
        open_ = table.controlled(view, seat) if kind == "wet" else turns.bury_spaces(view, seat)
        spaces = [s for s in open_ if s != table.dog_space(view) and (kind == "wet" or self._held(view, seat, s))]
        if not count or not spaces:
            return False
        bonus = armies.number(view, seat, "stockpile_bonus" if kind == "stockpile" else "wet_bonus")
        best = max(drops.value(view, s) + bonus + (armies.number(view, seat, "pond_space_bonus") if view.board.has_pond(s) else 0)
                   for s in spaces)
        rounds = 1 if kind == "wet" else min(3, max(1, len(view.deck) // view.players + 1))
        return count * best * rounds >= 2 * armies.cost(view, seat, "special")

    def _special_worth_it(self, view: CrumbsState, seat: int) -> bool:
        """Returns whether the army's special action looks useful now."""
        numbers = armies.side(view, seat).numbers
        if "bury" in numbers or "splash" in numbers:
            return self._crumbs_worth_putting(view, seat)
        if "fly" in numbers:
            return bool(table.critters_in(view, view.board.fountain, seat)) and any(
                self.worth(view, seat, s) >= 2 for s in table.controlled(view, seat))
        plan = self.best_move(view, seat, "dash")
        return bool(plan and plan[0] >= 2.0)

    def explain(self, view, action: Action) -> str | None:
        """Returns how much this bot thinks the space `action` goes to is worth a round, or what moving from it
        gains."""
        seat = view.current_player()
        if isinstance(action, (Spawn, PlaceStart, MoveTo)):
            if action.space == view.board.fountain:
                return "the fountain scores nothing, but no scuffle ever starts there"
            worth = self.worth(view, seat, action.space)
            return f"the Normal bot rates this space {worth:.1f} a round (an average space: 1.0)"
        if isinstance(action, MoveFrom):
            plan = self.best_move(view, seat, "move", action.space)
            if plan is None:
                return None
            gain = plan[0]
            return f"the Normal bot expects a move from here to gain {about(gain, 'crumb')} a round" \
                if gain > 0 else "the Normal bot sees no gain in moving from here"
        return None


# --- what the Hard level's search uses --------------------------------------------------------------
ROLLOUT_DEPTH = 8  # actions an imagined game plays on (the rest of a turn or so) before it is scored
LATER_ROUNDS = 0.5  # how much of what a seat holds now it is expected to keep at each later feeding
SPREAD_NOW, SPREAD_PER_ROUND = 4.0, 5.0  # crumbs apart that still leave a game open, now and per round left
_JUDGE = ParkBot()  # how much a held space is worth (ParkBot.worth)


def value(state: CrumbsState) -> list[float]:
    """Returns each seat's reward for an unfinished imagined game: its crumbs on the trail plus what the
    spaces it holds are expected to catch at the coming feeding (and, less surely, the later ones); the
    more rounds are left (or crumbs to the race's target), the less a lead is worth. Scoring the spaces
    held, rather than dropping crumbs on them, keeps the search's estimates steady."""
    numbers = state.data.numbers
    if state.options["race"]:
        later = max(0.0, state.options["target"] - max(state.crumbs)) / numbers.feeding_crumbs
    else:
        later = len(state.deck.cards) / (state.players * numbers.buzz_per_round)
    per_crumb = numbers.feeding_crumbs / len(state.board.spaces)
    expected = [float(c) for c in state.crumbs]
    for space in state.board.spaces:
        owner = table.controller(state, space)
        if owner is not None:
            expected[owner] += _JUDGE.worth(state, owner, space) * per_crumb * (1 + LATER_ROUNDS * later)
    return standing(expected, SPREAD_NOW + SPREAD_PER_ROUND * later)
