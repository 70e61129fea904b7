"""A Stumped opponent a casual player finds fair: it buys toward complete sets, plants what makes sets,
grows toward leaves (with a fruit or two early for a bigger hand) and plays its action cards
sensibly. It decides from its own view only."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Callable

from games.core.actions import Action
from games.core.bots import Bot
from games.stumped.actions import (
    Buy,
    EndTurn,
    Grow,
    Mulch,
    Plant,
    PlayAction,
    PlayEnergy,
    Recycle,
    Skip,
    StartGame,
    TakeMarket,
)
from games.stumped.cards import BASICS, Card, Effect, Rules
from games.stumped.records import ACT, BUY, GAIN, GROW, MULCH, RECYCLE, SETUP, STEAL, TAKE, WILT
from games.stumped.state import StumpedState
from games.stumped.turns import END_ACTIONS, END_TURN, plant_option

# How much each effect is worth to the bot, per point of `amount` (gain and take: per card).
EFFECT_WORTH = {"draw": 2.2, "energy": 1.4, "buys": 0.8, "actions": 0.6, "growth": 4.5, "mulch": 1.0,
                "recycle": 2.5, "take_market": 0.7, "clear_market": 0.2, "flood": 0.4, "steal_root": 3.5,
                "wilt_root": 2.0, "drought": 1.2}
GAIN_WORTH = {"hand": 3.0, "roots": 4.0, "discard": 2.0}
MIN_WORTH = 1.5  # a card worth less than this is not bought


class GardenerBot(Bot):
    """Heuristic play for every decision of Stumped (on a view, or on a full state in a search's rollouts:
    it reads only what the seat to move may see)."""

    def choose(self, view: StumpedState, rng: random.Random) -> Action:
        """Returns a legal action for the seat `view` was made for."""
        legal = view.legal_actions()
        decision = view.pending_decision()
        choose = _CHOICES.get(decision.kind)
        action = choose(self, view, legal, rng) if choose else None
        for option in legal:  # the option itself (most choices are one), so that apply finds it at once
            if option is action:
                return option
        for option in legal:
            if option == action:
                return option
        return legal[-1]

    # --- growth -------------------------------------------------------------------------------------
    def _grow(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Returns the best segment to grow: the winning leaf, an early fruit, a branch when holes run out."""
        seat = view.current_player()
        tree, need = view.trees[seat], view.tree_kind.win_leaves - view.trees[seat].leaves
        free_sides = sum(1 for _, _, kind in tree.free_holes(view.rules.shapes) if kind == "side")

        def worth(action: Grow) -> float:
            if action.segment == "leaf":
                return 100.0 if need <= view.turn.growth else 10.0
            if action.segment == "fruit":
                return 12.0 if need > 4 else 1.0
            if action.segment == "branch":  # best where it takes no leaf's hole: the trunk, then an end
                place = 1.0 if action.parent == "trunk" else 0.5 if action.hole == "end" else 0.0
                return (11.0 if free_sides < 2 else 4.0) + place
            return 50.0
        return max(legal, key=lambda a: (worth(a), rng.random()))

    # --- the action phase ---------------------------------------------------------------------------
    def _act(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Returns the next card to play: action cards, then basics into the roots, then energy."""
        plays = [a for a in legal if isinstance(a, PlayAction)]
        if plays:
            order = _table(view.rules).play_order
            return max(plays, key=lambda a: (order[a.card], rng.random()))
        plant = self._plant(view)
        if plant is not None:
            return plant
        energy = [a for a in legal if isinstance(a, PlayEnergy)]
        return energy[0] if energy else END_ACTIONS


    def _plant(self, view: StumpedState) -> Action | None:
        """Returns a basic to plant: one that completes a set, or one the roots are short of as long as
        the energy left still buys the card the bot wants most."""
        seat = view.current_player()
        hand, roots = view.hands[seat].cards, view.roots[seat]
        held = {kind: hand.count(kind) for kind in BASICS}
        sets = min([roots[kind] + held[kind] for kind in BASICS])
        for kind in BASICS:
            if held[kind] and roots[kind] < sets:
                return plant_option(view.rules, kind)
        fewest = min(roots.values())
        short = [kind for kind in BASICS if held[kind] and roots[kind] <= fewest]
        if not short:
            return None
        energies = _table(view.rules).energies
        energy = sum([energies[card] for card in hand]) + view.turn.energy
        if energy - 1 < self._wanted_cost(view, energy):
            return None
        return plant_option(view.rules, min(short, key=lambda k: (roots[k], k == "dirt")))

    def _wanted_cost(self, view: StumpedState, energy: int) -> int:
        """Returns the cost of the most useful card `energy` could buy (0 if none is worth buying)."""
        rules, best, cost = view.rules, MIN_WORTH, 0
        costs, worth, slots = _table(rules).costs, self._worths(view), view.market.slots
        cards = [card for card in slots if card is not None] + list(rules.pile_ids)
        for card in cards:
            price = costs[card]
            if price <= energy and (card in slots or view.piles.left(card)):
                value = worth(card)
                if value > best:
                    best, cost = value, price
        return cost

    # --- the market ---------------------------------------------------------------------------------
    def _buy(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Returns the most useful card the energy pays for, or End turn when nothing is worth it."""
        buys = [a for a in legal if isinstance(a, Buy)]
        if not buys:
            return END_TURN
        worth = self._worths(view)
        best = max(buys, key=lambda a: (worth(a.card), rng.random()))
        return best if worth(best.card) > MIN_WORTH else END_TURN

    def worth(self, view: StumpedState, card_id: str) -> float:
        """Returns how much owning one more of a card helps this bot now."""
        return self._worths(view)(card_id)

    def _worths(self, view: StumpedState) -> Callable[[str], float]:
        """Returns `worth` for the seat to move in `view` as it stands, its per-seat figures worked out once
        (a rollout asks it of every card in the market at every decision)."""
        table = _table(view.rules)
        owned = view.owned[view.current_player()]
        action_set = table.action_set
        actions = sum([count for kind, count in owned.items() if kind in action_set])
        crowd = 1.5 * max(0, actions - 3)
        most = max([owned.get(kind, 0) for kind in BASICS])
        types, effects, energies = table.types, table.effects, table.energies

        def worth(card_id: str) -> float:
            kind = types[card_id]
            if kind == "basic":
                have = owned.get(card_id, 0)
                return 2.0 + 2.5 * max(0, most - have) + (1.0 if card_id != "dirt" else -1.0)
            if kind == "energy":
                return 1.5 + 1.5 * energies[card_id]
            return effects[card_id] - crowd
        return worth

    # --- card effects -------------------------------------------------------------------------------
    def _mulch(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Mulches a Dirt while the bot owns more Dirt than Sun or Water."""
        owned = view.owned[view.current_player()]
        if Mulch("dirt") in legal and owned.get("dirt", 0) > min(owned.get("sun", 0), owned.get("water", 0)) + 1:
            return Mulch("dirt")
        return Skip()

    def _recycle(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Puts back the basic the roots are shortest of."""
        roots = view.roots[view.current_player()]
        options = [a for a in legal if isinstance(a, Recycle)]
        return min(options, key=lambda a: roots[a.card]) if options else Skip()

    def _gain(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Takes the basic the roots (and then the deck) are shortest of."""
        seat = view.current_player()
        return min(legal, key=lambda a: (view.roots[seat][a.card], view.owned[seat].get(a.card, 0)))

    def _take(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Takes the most useful free market card."""
        options = [a for a in legal if isinstance(a, TakeMarket)]
        if not options:
            return Skip()
        worth = self._worths(view)
        return max(options, key=lambda a: worth(a.card))

    def _hit_roots(self, view: StumpedState, legal: list[Action], rng: random.Random) -> Action:
        """Takes from (or wilts in) the roots of the player nearest to winning, where it breaks a set."""
        def harm(action) -> tuple:
            roots = view.roots[action.seat]
            return view.trees[action.seat].leaves, -roots[action.card] + sum(roots.values()) / 10, rng.random()
        return max(legal, key=harm)

    def explain(self, view, action: Action) -> str | None:
        """Returns this gardener's named reason for `action` (growing, planting, energy) or how it rates a card."""
        seat = view.current_player()
        if isinstance(action, Grow):
            need = view.tree_kind.win_leaves - view.trees[seat].leaves
            if action.segment == "leaf":
                return "leaves win the game, and you can grow the last ones now" if need <= view.turn.growth \
                    else "the Normal bot grows toward leaves, which win the game"
            if action.segment == "fruit":
                return "an early fruit draws you a bigger hand each turn" if need > 4 else None
            if action.segment == "branch":
                return "a branch makes new holes for leaves"
            return None
        if isinstance(action, (Buy, TakeMarket)):
            worth = self.worth(view, action.card)
            return f"the Normal bot rates this card {worth:.1f} (it buys only cards over {MIN_WORTH:.1f})"
        if isinstance(action, EndTurn) and view.pending_decision().kind == "buy":
            return "the Normal bot sees nothing here worth its energy"
        if isinstance(action, Plant):
            hand, roots = view.hands[seat].cards, view.roots[seat]
            sets = min(roots[kind] + hand.count(kind) for kind in BASICS)
            if roots[action.card] < sets:
                return "it brings your roots closer to a complete set"
            if self._plant(view) == action:
                return "your roots are short of it, and your energy still buys what you want"
            return None
        if isinstance(action, PlayEnergy):
            return "the Normal bot plays energy once nothing is worth planting" \
                if self._plant(view) is None else None
        return None


_CHOICES: dict[str, Callable] = {
    SETUP: lambda bot, view, legal, rng: StartGame(),
    GROW: GardenerBot._grow, ACT: GardenerBot._act, BUY: GardenerBot._buy, MULCH: GardenerBot._mulch,
    RECYCLE: GardenerBot._recycle, GAIN: GardenerBot._gain, TAKE: GardenerBot._take,
    STEAL: GardenerBot._hit_roots, WILT: GardenerBot._hit_roots, "clear_market": lambda bot, view, legal, rng: Skip(),
}


def play_order(card: Card) -> float:
    """Returns how early to play an action card: extra actions first, then draws, then the rest."""
    dos = {effect.do for effect in card.effects}
    return 3.0 * ("actions" in dos) + 2.0 * ("draw" in dos) + 1.0


def effect_worth(effect: Effect) -> float:
    """Returns what one effect of an action card is worth to the bot."""
    if effect.do == "gain":
        return GAIN_WORTH[effect.to] * (0.6 if effect.kind == "dirt" else 1.0)
    if effect.do == "take_market":
        return EFFECT_WORTH["take_market"] * effect.amount
    return EFFECT_WORTH[effect.do] * effect.amount


@dataclass(frozen=True)
class _Table:
    """What the bot reads of each card, by card id, worked out once per rules (the bot's hot path)."""

    types: dict[str, str]
    costs: dict[str, int]
    energies: dict[str, int]
    effects: dict[str, float]  # the summed worth of an action card's effects (0 for the others)
    play_order: dict[str, float]
    action_set: frozenset[str]


@functools.lru_cache(maxsize=4)
def _table(rules: Rules) -> _Table:
    """Returns the bot's per-card figures for `rules`."""
    cards = list(rules.catalog)
    return _Table({card.id: card.type for card in cards}, {card.id: card.cost for card in cards},
                  {card.id: card.energy for card in cards},
                  {card.id: sum(effect_worth(effect) for effect in card.effects) for card in cards},
                  {card.id: play_order(card) for card in cards},
                  frozenset(card.id for card in cards if card.type == "action"))
