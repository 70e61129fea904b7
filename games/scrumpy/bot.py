"""A fair Scrumpy opponent that plans a cider engine. It sees only its view: it fills the hidden
cards in at random (determinize), tries each option, plays the rest of its move greedily for small
choices and with simple habits for the others (store weak cards, pay with strong ones, upgrade
pressing first), and keeps the option whose outcome it values most: prestige, plus what its
stores, trees, upgrades, workers and progress towards its goals are worth with the rounds left."""
from __future__ import annotations

import random

from games.core.actions import Action
from games.core.bots import Bot
from games.core.cards import kind_of
from games.core.ismcts import standing
from games.scrumpy import market
from games.scrumpy.actions import AchieveGoal, Choose, Done, EndTurn, MoveCube, Pick, TakeFree
from games.scrumpy.state import ScrumpyState

POWER = {  # how much a worker helps a round while the game lasts (0: dead weight in the deck)
    "idle_layabout": 0.0, "layabout": 0.0, "apple_picker": 1.0, "woodcutter": 0.6, "planter": 0.5,
    "presser": 1.1, "cooper": 0.7, "exchange_student": 0.5, "forager": 0.6, "recruiter": 0.5,
    "apprentice": 0.8, "investor": 0.9, "orchard_overseer": 1.0, "manager": 0.8, "forager_planter": 0.9,
    "trader": 0.7, "advertiser": 0.8, "carpenter": 0.7, "professor": 1.2, "master_planter": 1.0,
    "bottler": 1.4, "master_presser": 1.4, "apple_collector": 1.3, "wood_collector": 1.0,
    "master_cooper": 0.9, "master_procrastinator": 0.3, "master_forager": 1.3, "business_partner": 1.3,
}
STORE_EARLY = {"apple": 0.45, "wood": 0.35, "barrel": 0.6, "bottle": 1.25, "cider": 2.6}
STORE_LATE = {"apple": 0.125, "wood": 0.125, "barrel": 0.25, "bottle": 1.0, "cider": 2.0}
CUBE_ORDER = ("hand:size", "office:press", "office:coins", "office:forage", "hand:keep", "office:cooper",
              "office:draw", "orchard")
MAX_OPTIONS = 48
ROLLOUT_STEPS = 60
GREEDY_OPTIONS = 6  # small choices inside a lookahead are weighed one step deep
ROLLOUT_DEPTH = 20  # actions the Hard level's imagined games play on (see `rollout`) before `standings` scores them
MOVE_DECISIONS = frozenset({"pick", "choose", "cube", "after", "initial"})  # the rest of a move (and the setup's
# free card): Hard searches which card to play and what to keep and leaves these to its guide (docs/balance.md)
SPREAD = 4.0  # prestige apart that still leaves an imagined game open
BOLD_RIVAL_WEIGHT = 1.0  # the Hard level's guide also counts the best rival's position (docs/balance.md)


def power(card: str) -> float:
    """Returns how useful a worker card is in the deck."""
    return POWER.get(kind_of(card), 0.5)


class FairBot(Bot):
    """One-step lookahead over a determinized view, with habits for the rest of the move. It judges an
    outcome by its own value less `rival_weight` times the best rival's."""

    def __init__(self, rival_weight: float = 0.0) -> None:
        self.rival_weight = rival_weight

    def choose(self, view: ScrumpyState, rng: random.Random) -> Action:
        """Returns the option whose outcome this seat values most."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player()  # the seat deciding (also on a full state in a search)
        world = view.determinize(rng)
        options = legal if len(legal) <= MAX_OPTIONS else rng.sample(legal, MAX_OPTIONS)
        best, best_value = options[0], float("-inf")
        for action in options:
            value = self._outcome(world, action, seat) + rng.uniform(0, 0.01)
            if value > best_value:
                best, best_value = action, value
        return best

    def _outcome(self, world: ScrumpyState, action: Action, seat: int) -> float:
        """Returns how this bot judges `seat`'s position after `action` and the rest of its move."""
        return self.judge(finish_move(world, action, seat), seat)

    def judge(self, state: ScrumpyState, seat: int) -> float:
        """Returns `seat`'s value, less `rival_weight` times the best rival's."""
        if not self.rival_weight or state.players == 1:
            return value(state, seat)
        best_rival = max(value(state, s) for s in range(state.players) if s != seat)
        return value(state, seat) - self.rival_weight * best_rival

    def explain(self, view, action: Action) -> str | None:
        """Returns the prestige this bot reckons the whole move starting with `action` adds or costs (the hidden
        cards dealt one fixed way, so that the words are the same each time)."""
        seat = view.current_player()
        world = view.determinize(random.Random(0))
        gain = value(finish_move(world, action, seat), seat) - value(world, seat)
        if abs(gain) < LITTLE:
            return "the Normal bot reckons the move changes little"
        verb = "adds" if gain > 0 else "costs"
        return f"the Normal bot reckons the whole move {verb} about {abs(gain):.1f} prestige"


LITTLE = 0.5  # a reckoning smaller than this is noise: "costs about 0.1 prestige" on the best move misled a newcomer


def finish_move(world: ScrumpyState, action: Action, seat: int) -> ScrumpyState:
    """Returns a copy of `world` after `action` and the rest of `seat`'s move: small choices greedily
    (the option worth most at once), bigger ones by habit."""
    state = world.clone()
    state.apply(action)
    for _ in range(ROLLOUT_STEPS):
        decision = state.pending_decision()
        if decision is None or decision.seat != seat or decision.kind in ("turn", "keep", "initial"):
            break
        legal = state.legal_actions()
        if decision.kind in ("pick", "choose") and len(legal) <= GREEDY_OPTIONS:
            state.apply(max(legal, key=lambda option: _value_after(state, option, seat)))
        else:
            state.apply(habit(state, legal))
    return state


def _value_after(state: ScrumpyState, action: Action, seat: int) -> float:
    """Returns the value for `seat` right after `action`."""
    after = state.clone()
    after.apply(action)
    return value(after, seat)


def habit(state: ScrumpyState, legal: list[Action]) -> Action:
    """Returns the habitual answer to a small decision (used to finish a move quickly)."""
    decision = state.pending_decision()
    kind = decision.kind
    if kind == "after":
        return next((a for a in legal if isinstance(a, AchieveGoal)), EndTurn())
    if kind == "cube":
        places = {a.place: a for a in legal if isinstance(a, MoveCube)}
        return next((places[p] for p in CUBE_ORDER if p in places), legal[0])
    if kind == "pick":
        return _habit_pick(state, decision, legal)
    if kind == "choose":
        return _habit_choose(state, decision, legal)
    if kind == "initial":
        return max((a for a in legal if isinstance(a, TakeFree)), key=lambda a: a.slot)
    return legal[0]


def _habit_pick(state: ScrumpyState, decision, legal: list[Action]) -> Action:
    """Stores weak cards, pays with strong ones, discards weak ones."""
    op = decision.data["step"]["op"]
    picks = [a for a in legal if isinstance(a, Pick)]
    if op == "gain":
        from_pool = [a for a in picks if a.zone == "pool"]
        if from_pool:
            return min(from_pool, key=lambda a: POWER.get(a.card, 0.5))
        weak = [a for a in picks if a.zone == "hand" and POWER.get(a.card, 0.5) < 0.4]
        if weak:
            return weak[0]
        top = [a for a in picks if a.zone == "draw"]
        return top[0] if top else next(a for a in legal if isinstance(a, Done))
    if op == "pay":
        return max(picks, key=lambda a: POWER.get(a.card, 0.5))
    return min(picks, key=lambda a: POWER.get(a.card, 0.5)) if picks else legal[0]


def _habit_choose(state: ScrumpyState, decision, legal: list[Action]) -> Action:
    """Converts, plants early, keeps good rolls, copies the first target, uses recruits."""
    op = decision.data["step"]["op"]
    keys = {a.key: a for a in legal if isinstance(a, Choose)}
    late = state.round >= state.data.rules.rounds - 1
    prefer = {"process": ["do"], "plant": ["stop"] if late else ["plant"], "buy": ["buy"],
              "forage": ["keep"], "use": ["use"], "recruit": ["skip"],
              "owner": ["press", "coins", "forage", "cooper", "draw"], "either": ["1" if late else "0"]}
    for key in prefer.get(op, []):
        if key in keys:
            return keys[key]
    return legal[0]


def rollout(state: ScrumpyState, rng: random.Random) -> Action:
    """The Hard level's imagined games: a random card to play or keep, the rest of the move by habit."""
    if state.pending_decision().kind in MOVE_DECISIONS:
        return habit(state, state.legal_actions())
    return rng.choice(state.search_actions())


def standings(state: ScrumpyState) -> list[float]:
    """Returns each seat's reward for an unfinished imagined game of the Hard level's search, from what
    each seat's position is worth (alone against the Automa: the chance-like share of beating its score)."""
    values = [value(state, seat) for seat in range(state.players)]
    if state.automa is not None:  # its prestige so far, carried on at the same pace to the last round
        played = min(1.0, max(state.round - 1, 1) / state.data.rules.rounds)
        return standing(values + [state.automa_score() / played], SPREAD)[:1]
    return standing(values, SPREAD)


def value(state: ScrumpyState, seat: int) -> float:
    """Returns what `seat`'s position is worth in prestige, counting potential by the rounds left."""
    cidery, data = state.cideries[seat], state.data
    rounds = data.rules.rounds
    left = max(0.0, (rounds - state.round) / rounds) if not state.ended else 0.0
    total = float(sum(points for name, points in market._score_rows(state, seat) if name != "1 per 8 coins"))
    total += cidery.coins / 8 + min(cidery.coins, 12) * 0.12 * left
    for res in cidery.stores:
        worth = STORE_LATE[res] + (STORE_EARLY[res] - STORE_LATE[res]) * min(1.0, left * 1.5)
        total += cidery.count(res) * worth
    total += cidery.trees * 2.0 * left
    upgrades = len(data.rules.owner_actions) - len(cidery.office)
    total += upgrades * 0.6 * left + (2 - len(cidery.hand_cubes)) * 1.0 * left
    stored = {c for res in cidery.stores for c in cidery.stores[res].cards}
    cards = [c for c in cidery.owned if c not in stored]
    total += sum(power(c) for c in cards) / max(len(cards), 1) * 14 * left
    if cidery.cores < data.rules.core_actions:
        total += sum(power(c) for c in cidery.hand.cards) * 0.25
    return total + _goal_progress(state, seat) * (0.3 + 0.4 * left)


def _goal_progress(state: ScrumpyState, seat: int) -> float:
    """Returns the prestige of `seat`'s open goals weighted by how close it is to each."""
    cidery, data = state.cideries[seat], state.data
    goals = list(state.public_goals) + ([cidery.private_goal] if cidery.private_goal else [])
    total = 0.0
    for goal_id in goals:
        if goal_id in cidery.goals:
            continue
        goal = data.goal(goal_id)
        parts = [min(1.0, cidery.count(r) / n) for r, n in goal.stores.items()]
        for have, need in ((cidery.tokens, goal.tokens), (cidery.coins, max(goal.coins, goal.donate)),
                           (cidery.trees, goal.trees)):
            if need:
                parts.append(min(1.0, have / need))
        if parts:
            total += goal.prestige * (sum(parts) / len(parts)) ** 2
    return total
