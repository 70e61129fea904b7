"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

The bot sees only its view. Each iteration deals a determinization of the view (`view.determinize`),
walks the one tree with UCB among the actions legal in that world (counting each child's
availability, as SO-ISMCTS does), expands one untried action, finishes the game with a cheap default
policy, and backs up every seat's reward: the node reached by a seat's action keeps that seat's
reward. The most visited action at the root is played; a guide (a heuristic bot of the game, deciding
from the same view) has its move credited with a share of the root's visits, so the search leaves a
sensible move only for one its imagined games clearly prefer, and only for one tried in enough of them
(`min_visits`: a search starved of time plays the guide's move). Budgets are iterations, seconds or both;
with an iteration budget and a seed the choice is deterministic.

A `SearchBot` with a `TurnBudget` (games/core/turn_budget.py) shares a turn's time among the decisions of
the turn, and carries its tree from one decision of a turn to the next where that is sound: when the move
it played used no randomness and revealed nothing, the new view is the one every imagined world shows
after that move, so the played move's subtree holds imagined games of exactly the new decision.
"""
from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, cast

from games.core.actions import Action
from games.core.bots import Bot
from games.core.search_profile import Policy, SearchProfile
from games.core.state import State
from games.core.turn_budget import TurnBudget


def random_policy(state: State, rng: random.Random) -> Action:
    """Returns a uniformly random action worth searching."""
    return rng.choice(state.search_actions())


def outcome(state: State) -> list[float]:
    """Returns each seat's reward for a finished game: a win shared among the winners, 0 otherwise."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(state.players)]


def standing(values: list[float], spread: float) -> list[float]:
    """Returns each seat's reward for an unfinished game from how good its position is (`values`, in the
    game's own units): shares of one that favour the best placed, evenly when they are `spread` apart
    or less, all to the leader when far more (a soft maximum)."""
    top = max(values)
    weights = [math.exp((value - top) / spread) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def z_score(differences: list[float]) -> float:
    """Returns how many standard errors the mean of paired `differences` lies above zero (0 for fewer than
    two; infinite when they all agree on a gain)."""
    if len(differences) < 2:
        return 0.0
    mean, spread = statistics.fmean(differences), statistics.stdev(differences)
    if spread == 0:
        return math.inf if mean > 0 else 0.0
    return mean / (spread / math.sqrt(len(differences)))


@dataclass(eq=False)
class Node:
    """A node of the search tree: the action that led here, who took it, and its statistics."""

    action: Action | None
    seat: int | None  # the seat whose action led here (None at the root)
    children: dict[Action, "Node"] = field(default_factory=dict)
    visits: int = 0
    available: int = 0  # how often this node's action was legal when its parent was passed through
    reward: float = 0.0  # total reward of `seat` over the visits

    @property
    def move(self) -> Action:
        """Returns the action that led here (every node but the root has one)."""
        if self.action is None:
            raise ValueError("the root of a search tree has no move")
        return self.action

    def ucb(self, exploration: float) -> float:
        """Returns the upper confidence bound of choosing this node again."""
        if self.visits == 0:
            return math.inf
        return self.reward / self.visits + exploration * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass
class Search:
    """One search: the level's settings, the game's profile, and the guide the level made from it.

    The level's (data/table/levels.yaml, games/core/levels.py): the budget (`iterations`, `seconds` or both),
    how boldly the tree explores (`exploration`), how sure a paired search must be to leave its guide
    (`paired_z`) and how many imagined games a move needs before the tree may prefer it to the guide's
    (`min_visits`). The game's (`Game.search`): `profile`, how imagined games are played and readied and what
    is left to the guide. Made by the level from both: `guide`, the guide bot's choice from the view (None:
    no guide), and `guide_share`, the share of the root's visits its move is credited with (the profile's,
    else the level's).
    """

    iterations: int | None = None  # the level's: imagined games a move (None: as many as `seconds` allow)
    seconds: float | None = 1.0  # the level's: thinking time a move (None: `iterations` only)
    exploration: float = 0.7  # the level's: the UCB constant of the tree
    paired_z: float = 1.5  # the level's: standard errors by which a paired move must beat the guide's
    profile: SearchProfile = field(default_factory=SearchProfile)  # the game's
    guide: Policy | None = None  # made by the level: the guide bot's choice from the view
    guide_share: float = 0.0  # made by the level: share of the root's visits the guide's move is credited with
    min_visits: int = 0  # the level's: imagined games a move needs before it may be played instead of the guide's
    clock: Callable[[], float] | None = None  # what the time budget counts (None: time.perf_counter, the wall)

    def run(self, view: State, rng: random.Random, root: Node | None = None) -> tuple[Action, Node]:
        """Returns the chosen action for the seat `view` was made for, and the search tree: grown from `root`
        when given (a tree of this very decision, kept from the one before; see SearchBot). A time budget of
        0 seconds plays the guide's move unsearched."""
        started = self.now()  # the guide's own thinking counts against the time budget
        legal = view.search_actions()
        root = root or Node(None, None)
        if len(legal) == 1:
            return legal[0], root
        guided = self.guide(view, random.Random(rng.random())) if self.guide is not None else None
        decision = view.pending_decision()
        if guided is not None and decision is not None and decision.kind in self.profile.guide.decisions:
            return guided, root  # the game leaves this choice to its bot
        if guided is not None and self.seconds is not None and self.seconds <= 0:
            return guided, root  # no time at all: the guide's move, as a starved search would play it
        deadline = None if self.seconds is None else started + self.seconds
        if self.profile.guide.paired:
            return self._run_paired(view, legal, guided, rng, deadline)
        while self._budget_left(root.visits, deadline):
            self._iterate(root, self._world(view, rng), rng)
        return self._choose(legal, root, guided), root

    def now(self) -> float:
        """Returns the time by the search's clock (`clock`, else the wall's time.perf_counter)."""
        return self.clock() if self.clock is not None else time.perf_counter()

    def searches(self, view: State) -> bool:
        """Returns whether `run` would search `view`'s decision: more than one move worth searching, and not a
        kind the game leaves to its guide."""
        if len(view.search_actions()) < 2:
            return False
        decision = view.pending_decision()
        return self.guide is None or decision is None or decision.kind not in self.profile.guide.decisions

    @staticmethod
    def root_statistics(root: Node) -> list[tuple[Action, int, float]]:
        """Returns the moves a search tried at its root as (action, imagined games, average reward of the
        seat deciding: the share of those games it won), the most played first (ties in the order tried)."""
        moves = [(child.move, child.visits, child.reward / child.visits)
                 for child in root.children.values() if child.visits > 0]
        return sorted(moves, key=lambda move: -move[1])

    def _budget_left(self, done: int, deadline: float | None) -> bool:
        """Returns whether the search may play another imagined game after `done` (always at least one)."""
        if self.iterations is not None and done >= self.iterations:
            return False
        return deadline is None or not done or self.now() < deadline

    def _world(self, view: State, rng: random.Random) -> State:
        """Returns a determinization of `view`, readied for imagined games."""
        world = view.determinize(rng)
        if self.profile.world is not None:
            self.profile.world(world)
        return world

    def _run_paired(self, view: State, legal: list[Action], guided: Action | None, rng: random.Random,
                    deadline: float | None) -> tuple[Action, Node]:
        """Returns the chosen action and the root's statistics (a child per move) of a side-by-side search:
        every move legal in an imagined world is played on from it with the same luck; each iteration is
        one imagined game."""
        seat = view.current_player()
        if seat is None:
            raise ValueError("a finished game has no move to search")
        root = Node(None, None)
        gaps: dict[Action, list[float]] = {action: [] for action in legal}  # reward minus the guide's, per world
        while self._budget_left(root.visits, deadline):
            world, luck = self._world(view, rng), rng.random()
            rewards = {}
            for action in world.search_actions():
                imagined = world.clone()
                imagined.apply(action)
                rewards[action] = self._rollout(imagined, random.Random(luck))[seat]
                child = root.children.setdefault(action, Node(action, seat))
                child.visits += 1
                child.reward += rewards[action]
                root.visits += 1
            if guided in rewards:
                for action, reward in rewards.items():
                    if action in gaps:
                        gaps[action].append(reward - rewards[guided])
        return self._choose_paired(legal, root, guided, gaps), root

    def _choose_paired(self, legal: list[Action], root: Node, guided: Action | None,
                       gaps: dict[Action, list[float]]) -> Action:
        """Returns the guide's move unless another beats it on shared worlds by more than `paired_z`
        standard errors (the surest such move); without a guide, the move with the best average."""
        if guided is None:
            def average(action: Action) -> float:
                child = root.children.get(action)
                return child.reward / child.visits if child else -math.inf
            return max(legal, key=average)
        best, best_z = guided, self.paired_z
        for action in legal:
            z = z_score(gaps[action])
            if action != guided and z > best_z:
                best, best_z = action, z
        return best

    def _choose(self, legal: list[Action], root: Node, guided: Action | None) -> Action:
        """Returns the most visited action at the root; the guide's choice counts `guide_share` of the
        root's visits more, so the search leaves the heuristic's move only for one it clearly prefers, and
        a move tried in fewer than `min_visits` imagined games never displaces it (a few lucky games are
        no evidence: a search with too little time plays the guide's move)."""
        bonus = self.guide_share * root.visits
        guarded = self.min_visits > 0 and guided in legal

        def credit(action: Action) -> tuple[float, float]:
            child = root.children.get(action)
            visits, reward = (child.visits, child.reward) if child else (-1, 0.0)
            if guarded and action != guided and visits < self.min_visits:
                return -math.inf, reward
            return visits + (bonus if action == guided else 0.0), reward
        return max(legal, key=credit)

    def _iterate(self, root: Node, world: State, rng: random.Random) -> None:
        """Runs one iteration in one determinization: select, expand, roll out, back up. (Each action of a
        node is looked up once: its child, or None while untried; the UCB is `Node.ucb`, written out.)"""
        exploration, log, sqrt = self.exploration, math.log, math.sqrt
        path = [root]
        node = root
        while not world.is_over():
            actions = world.search_actions()
            children = node.children
            found = [children.get(a) for a in actions]
            if None in found:
                action = rng.choice([a for a, c in zip(actions, found) if c is None])
                child = Node(action, world.current_player())
                children[action] = child
                for a, c in zip(actions, found):  # every action legal here is available, the new one too
                    if c is not None:
                        c.available += 1
                    elif a is action or a == action:
                        child.available += 1
                world.apply(action)
                path.append(child)
                break
            tried = cast(list[Node], found)  # every action has its child
            for tried_child in tried:
                tried_child.available += 1
            best, best_bound = tried[0], -math.inf
            for tried_child in tried:  # the first of the highest bounds, as max() takes it
                visits = tried_child.visits
                bound = math.inf if visits == 0 else (
                    tried_child.reward / visits + exploration * sqrt(log(max(1, tried_child.available)) / visits))
                if bound > best_bound:
                    best, best_bound = tried_child, bound
            node = best
            world.apply(node.move)
            path.append(node)
        rewards = self._rollout(world, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += rewards[visited.seat]

    def _rollout(self, world: State, rng: random.Random) -> list[float]:
        """Plays the default policy to the end (or the limit) and returns each seat's reward; a game's own
        fast playout, where it has one, plays instead."""
        simulation = self.profile.simulation
        if simulation.playout is not None:
            return simulation.playout(world, rng)
        policy = simulation.policy or random_policy
        for _ in range(simulation.limit):
            if world.is_over():
                break
            world.apply(policy(world, rng))
        if world.is_over():  # also when the limit's last action ended it
            return outcome(world)
        if simulation.value is not None:
            return simulation.value(world)
        return [1.0 / world.players] * world.players


@dataclass
class Expected:
    """What a SearchBot expects of its next decision after a move: whether the turn goes on (its seat still to
    move), and where the move was certain (no randomness, nothing revealed) the view every world then shows
    (as plain data) and the played move's subtree."""

    continues: bool
    view: dict[str, Any] | None = None
    subtree: Node | None = None


class SearchBot(Bot):
    """A computer player that searches from its view with SO-ISMCTS. With a `turn` budget and a time budget
    (`search.seconds`, no `search.iterations`), the decisions of a turn share the turn's time (each at most
    `search.seconds`) and a decision searches on from the tree of the one before where that is sound; at a
    fixed budget of iterations every decision is searched afresh as before."""

    def __init__(self, search: Search | None = None, turn: TurnBudget | None = None) -> None:
        self.search = search or Search()
        self.turn = turn
        self.last_iterations = 0  # imagined games played for the last decision (a kept tree's not counted)
        self.last_reused = 0  # imagined games the last decision's tree kept from the decision before
        self.expected: Expected | None = None  # set after each decision made with a turn budget

    def choose(self, view: State, rng: random.Random) -> Action:
        """Returns the most visited action of a search from `view`."""
        search = self.search
        if self.turn is None or search.seconds is None or search.iterations is not None:
            action, root = search.run(view, rng)
            self.last_iterations, self.last_reused = root.visits, 0
            return action
        started, seat = search.now(), view.current_player()
        expected = self.expected
        if expected is None or not expected.continues:
            self.turn.new_turn()
        kept = self._kept(view, expected)
        searched = search.searches(view)
        share = self.turn.share(search.seconds) if searched else search.seconds
        reused = kept.visits if kept is not None else 0
        action, root = replace(search, seconds=share).run(view, rng, kept)
        self.last_reused = reused if root is kept else 0
        self.last_iterations = root.visits - self.last_reused
        self.expected = self._expect(view, seat, action, root, rng)
        self.turn.spend(search.now() - started, searched)
        return action

    @staticmethod
    def _kept(view: State, expected: Expected | None) -> Node | None:
        """Returns the tree kept for this decision: the played move's subtree, made a root, when the turn goes
        on and `view` is the view the search expected every world to show; else None."""
        if expected is None or not expected.continues or expected.subtree is None or expected.view is None:
            return None
        if expected.view != view.to_dict():
            return None
        root = Node(None, None, expected.subtree.children, expected.subtree.visits)
        return root if root.children else None

    def _expect(self, view: State, seat: int | None, action: Action, root: Node, rng: random.Random) -> Expected:
        """Returns what the next decision may expect after `action`, from one imagined world of `view` in which
        it is played: whether `seat` moves again, and when the move used no randomness and revealed nothing
        (so every world shows `seat` the same view after it, the contract's promise), that view and the
        move's subtree."""
        world = view.determinize(random.Random(rng.random()))  # not readied as imagined: its events tell all
        before = world.rng_fingerprint()
        events = world.apply(action)
        if seat is None or world.current_player() != seat:
            return Expected(False)
        if before != world.rng_fingerprint() or any(event.reveals for event in events):
            return Expected(True)
        return Expected(True, world.view(seat).to_dict(), root.children.get(action))
