"""A Scrappers opponent that plays fair: it sees only its view. On its turn it tries every way of
playing each card (and passing) on a determinized copy of its view and keeps the one whose
position it likes best (the parts it expects to pull, less what its rivals expect, plus its hand);
it puts tussle cards down in proportion to what the part is worth to it or to a rival close to
winning, and helps Keelie only to stop a big gain."""
from __future__ import annotations

import random
from collections import Counter

from games.core.actions import Action
from games.core.bots import Bot
from games.core.ismcts import standing
from games.scrappers.actions import Commit, CommitDone, DiscardCard, DrawUp, PlaceOn, TakeBack
from games.scrappers.copying import copy_state
from games.scrappers.evaluate import (
    BIG_STAKE,
    CHEAP_STAKE,
    card_worth,
    evaluate,
    part_value,
    rival_weight,
    spend_cost,
    strength,
)
from games.scrappers.odds import evaluate_read
from games.scrappers.reading import best_reply
from games.scrappers.records import GUPPY, KEELIE

NODES = 240  # positions searched per decision
KEELIE_DENY = 3.0  # help Keelie only against a gain this big
BOLD_MARGIN, BOLD_COST_WEIGHT = 1, 0.7  # the bold fair bot's tussle habits (the Hard level's guide before the
# canny one): alone they win 55-58% of games against Normal's (docs/balance.md)
CANNY_DEALS, CANNY_COST_WEIGHT = 64, 0.5  # the Hard level's guide: the best reply to Normal's tussle rule on 64
# deals of the hidden hands, its cards counted at half their worth, its tussle odds read from that rule
# (games/scrappers/odds.py; alone it wins about 70% against Normal)
GUIDE_SHARE = 0.5  # the Hard level credits its guide's move with half the root's visits (the level's 0.2 let
# six-action imagined games overrule the canny guide in one decision in fifteen, and Hard won less than it)
ROLLOUT_DEPTH = 4  # actions the Hard level's imagined games play on before `standings` scores them: 6 until 5 Dec;
# 4 buy half as many imagined games again in the level's time (638-664 a second, 425-443 with 6), and Hard won 65.5% against Normal (docs/balance.md, run 11)
ROLLOUT_NODES = 24  # positions the fair bot searches a decision in those imagined games (NODES in real ones)
SPREAD = 4.0  # evaluation points apart that still leave an imagined game open
SECRET_DECISIONS = frozenset({"commit"})  # tussle cards go down one seat after another, unseen: in a search's
# imagined game a later seat would see them, so Hard puts its tussle cards down as the fair bot does


class FairBot(Bot):
    """Searches its own activations; simple rules for setup, maintenance and tussles. In a tussle it aims
    `margin` symbols above what it expects the strongest rival to show and spends cards whose worth,
    times `cost_weight`, the part repays; or, with `deals`, it puts down the best reply to that rule
    (margin 0, full cost) on that many deals of the hidden hands (not in tussles with Keelie)."""

    def __init__(self, nodes: int = NODES, margin: int = 0, cost_weight: float = 1.0, deals: int = 0,
                 reads: bool = False) -> None:
        self.nodes = nodes
        self.margin = margin
        self.cost_weight = cost_weight
        self.deals = deals
        self.evaluate = evaluate_read if reads else evaluate

    def choose(self, view, rng: random.Random) -> Action:
        """Returns a legal action for the seat `view` was made for."""
        decision = view.pending_decision()
        handler = _RULES.get(decision.kind)
        return handler(self, view, decision, rng) if handler else self._search(view, decision.seat, rng)

    # --- the action phase: search the rest of this activation ---------------------------------
    def _search(self, view, me: int, rng: random.Random) -> Action:
        """Returns the option whose best continuation within this activation evaluates highest."""
        world = _world(view, rng)
        options = world.search_actions()
        share = max(1, self.nodes // len(options))
        scored = []
        for index, action in enumerate(options, 1):
            child = _branch(world) if index < len(options) else world  # the last plays on the world itself
            child.apply(action)
            scored.append((self._value(child, me, [share]) + rng.uniform(0, 1e-3), action))
        return max(scored, key=lambda pair: pair[0])[1]

    def _value(self, state, me: int, budget: list[int]) -> float:
        """Returns the best evaluation reachable before this activation ends (within the budget)."""
        if budget[0] <= 0 or state.current_player() != me or state.activation is None:
            return self.evaluate(state, me)
        budget[0] -= 1
        best = None
        actions = state.search_actions()
        for index, action in enumerate(actions, 1):
            child = _branch(state) if index < len(actions) else state  # the last plays on: the caller is done with it
            child.apply(action)
            value = self._value(child, me, budget)
            if best is None or value > best:  # max(best, value), written out
                best = value
        return best

    # --- setup ----------------------------------------------------------------------------------
    def _token(self, view, decision, rng: random.Random) -> Action:
        """Takes the first token on offer."""
        return view.legal_actions()[0]

    def _space(self, view, decision, rng: random.Random) -> Action:
        """Places its own bodgers away from others; Keelie in a rival's way; Guppy anywhere."""
        board, places = view.data.board, view.places()
        slots = Counter(board.faces(s) for b, s in places.items() if b != GUPPY)
        bodger = decision.data["bodger"]

        def score(action: PlaceOn) -> float:
            crowd = slots[board.faces(action.space)]
            near = sum(s in board.neighbours(action.space) for s in places.values())
            if bodger == KEELIE:
                return crowd + rng.random()
            if bodger == GUPPY:
                return rng.random()
            return -2 * crowd - near + rng.random()

        return max(view.legal_actions(), key=score)

    # --- maintenance: drop cards with neither symbols nor a draw --------------------------------
    def _maintain(self, view, decision, rng: random.Random) -> Action:
        """Discards one weak card at a time, then draws up."""
        for action in view.legal_actions():
            if isinstance(action, DiscardCard) and self._weak(view, action.card):
                return action
        return DrawUp()

    @staticmethod
    def _weak(view, card: str) -> bool:
        """Returns whether a card has no tussle symbols and no DRAW button."""
        definition = view.data.cards[card]
        return definition.symbols == 0 and not any(b.do == "draw" for row in definition.rows for b in row)

    # --- tussles ---------------------------------------------------------------------------------
    def _commit(self, view, decision, rng: random.Random) -> Action:
        """Moves the chosen cards down one at a time, then is done."""
        tussle = view.tussle
        pile = tussle.commits[tussle.index].cards
        pool = [c for c in view.hands[decision.seat].cards + pile if c is not None]
        if tussle.for_keelie[tussle.index]:
            wanted = self._for_keelie(view, pool, decision.seat)
        else:
            wanted = self._for_me(view, pool, decision.seat)
        want, down = Counter(_kind(c) for c in wanted), Counter(_kind(c) for c in pile)
        for action in view.legal_actions():
            if isinstance(action, Commit) and want[_kind(action.card)] > down[_kind(action.card)]:
                return action
            if isinstance(action, TakeBack) and down[_kind(action.card)] > want[_kind(action.card)]:
                return action
        return CommitDone()

    def _for_me(self, view, pool: list[str], me: int) -> list[str]:
        """Returns the cards to put down for myself: for a part worth a card, my strongest cards the part
        repays (a card that maintenance will draw back costs only what it beats an average card by), up to
        enough to beat the strongest rival's expected symbols, at least one symbol (short of that, what I can
        afford still wins if the rival holds back); everything if the part is worth the game (or, with
        `deals`, the best reply to the rival fair bots' rule)."""
        tussle, data = view.tussle, view.data
        if self.deals and not tussle.keelie:
            return best_reply(view, pool, me, FairBot()._for_me, self.deals, self.cost_weight)
        part = view.belt.slots[tussle.slot]
        rivals = [str(s) for s in tussle.seats if s != me] + ([KEELIE] if tussle.keelie else [])
        deny = max((part_value(data, view.holdings[int(r)], part) for r in rivals if r != KEELIE), default=0.0)
        stake = part_value(data, view.holdings[me], part) + rival_weight(view.players) * deny
        seats = list(tussle.seats)
        rival = max((strength(view, r, me, seats, drawn=True) for r in rivals if self._fights(view, r, me, part)),
                    default=0.0)
        target = max(1, int(rival) + (0 if view.foreman == me else 1)) + self.margin  # a needed part: a card at least
        cards = sorted((c for c in pool if data.cards[c].symbols > 0),
                       key=lambda c: (-data.cards[c].symbols, card_worth(data, c), c))
        if stake >= BIG_STAKE or deny >= BIG_STAKE:
            return cards
        if stake <= 0:
            return []
        chosen, total, cost = [], 0, 0.0
        for card in cards:  # the strongest first, each only if the part still repays it
            if total >= target:
                break
            price = spend_cost(data, data.cards[card].symbols, len(pool) - len(chosen) - 1)
            if (cost + price) * self.cost_weight <= stake:
                chosen.append(card)
                total += data.cards[card].symbols
                cost += price
        return chosen

    @staticmethod
    def _fights(view, rival: str, me: int, part: str) -> bool:
        """Returns whether a rival side is expected to put cards down for a part: Keelie always; a player
        when the part is worth a card to it (its own gain, and what it denies me), as the rule says."""
        if rival == KEELIE:
            return True
        data, seat = view.data, int(rival)
        stake = part_value(data, view.holdings[seat], part) + \
            rival_weight(view.players) * part_value(data, view.holdings[me], part)
        return stake >= CHEAP_STAKE

    def _for_keelie(self, view, pool: list[str], me: int) -> list[str]:
        """Returns the cards to put down for Keelie: only to stop a rival's big gain."""
        tussle, data = view.tussle, view.data
        part = view.belt.slots[tussle.slot]
        gains = {s: part_value(data, view.holdings[s], part) for s in tussle.seats}
        worst = max(gains, key=gains.get)
        if gains[worst] < KEELIE_DENY:
            return []
        target = int(strength(view, str(worst), me, list(tussle.seats), drawn=True)) + 1
        cards = sorted((c for c in pool if data.cards[c].symbols > 0), key=lambda c: (-data.cards[c].symbols, c))
        chosen, total = [], 0
        for card in cards:
            if total >= target and gains[worst] < BIG_STAKE:
                break
            chosen.append(card)
            total += data.cards[card].symbols
        return chosen

    def explain(self, view, action: Action) -> str | None:
        """Returns this bot's rule at maintenance about `action`: which cards it drops, or why it draws up."""
        if isinstance(action, DiscardCard):
            return "no tussle symbols and no DRAW button: the Normal bot drops such cards" \
                if self._weak(view, action.card) else None
        if isinstance(action, DrawUp):
            weak = [a for a in view.legal_actions() if isinstance(a, DiscardCard) and self._weak(view, a.card)]
            return None if weak else "every card in your hand has tussle symbols or a DRAW button"
        return None


class _LazyRandom:
    """A random generator made only when a position first draws from it: most positions of the fair bot's
    search never do, and copying a generator costs half a position's copy. It stands for the generator
    `random.Random(seed)`, or one in the state `state` (random.Random.getstate()); a copy of an unused one
    shares that start."""

    __slots__ = ("_seed", "_state", "_real")

    def __init__(self, seed: int | None = None, state: tuple | None = None) -> None:
        self._seed, self._state, self._real = seed, state, None

    def _make(self) -> random.Random:
        real = self._real
        if real is None:
            if self._state is None:
                real = random.Random(self._seed)
            else:
                real = random.Random(0)  # a fixed seed first: no system entropy
                real.setstate(self._state)
            self._real = real
        return real

    def __getattr__(self, name: str):
        return getattr(self._make(), name)

    def copy(self) -> _LazyRandom:
        """Returns an independent generator in the same state, still unmade if this one is."""
        if self._real is not None:
            return _LazyRandom(state=self._real.getstate())
        return _LazyRandom(self._seed, self._state)


def _world(view, rng: random.Random):
    """Returns `view.determinize(rng)` (the same draws from `rng`), imagined; from a full state (an imagined game's),
    its generator is made only if the search draws from it."""
    if view.viewer is not None:
        world = view.determinize(rng)
        world.imagine()  # the bot's own: nobody reads its events
        return world
    return _branch(view, _LazyRandom(rng.getrandbits(64)))


def _branch(state, rng: _LazyRandom | None = None):
    """Returns `state.clone()` for the fair bot's search (games.scrappers.copying), imagined, the generator copied
    only once it is used (or `rng` instead)."""
    if rng is None:
        rng = state.rng.copy() if isinstance(state.rng, _LazyRandom) else _LazyRandom(state=state.rng.getstate())
    child = copy_state(state, rng)
    legal = state.__dict__.get("_legal")
    if legal is not None:
        child._legal = legal
    child.imagine()  # nobody reads the events of the bot's copies
    return child


def _kind(card: str) -> str:
    """Returns a card's kind (its id without the copy number)."""
    return card.split("#", 1)[0]


_RULES = {"place_token": FairBot._token, "place_space": FairBot._space, "maintain": FairBot._maintain,
          "commit": FairBot._commit}



def standings(state) -> list[float]:
    """Returns each seat's reward for an unfinished imagined game of the Hard level's search, from how
    each seat judges its own position (with tussle odds read from the fair bot's rule, as the guide does)."""
    return standing([evaluate_read(state, seat) for seat in range(state.players)], SPREAD)
