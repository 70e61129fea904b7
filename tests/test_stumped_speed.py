"""Stumped's fast paths for the Hard level's imagined games (issue 33): each must give exactly what the plain
rules give, so the golden games and Hard's moves at a fixed budget stay as they were."""
import random

import pytest

from games.stumped import GAME
from games.stumped.bot import EFFECT_WORTH, GAIN_WORTH, GardenerBot
from games.stumped.cards import BASICS
from games.stumped.records import FLOW


def _games(players: int, seeds: range, options: dict | None = None):
    """Yields every position of seeded games of the gardener bot and random moves mixed, with the move played."""
    bot = GardenerBot()
    for seed in seeds:
        state = GAME.new_state(players, options or {}, seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over() and moves < 400:
            legal = state.legal_actions()
            action = rng.choice(legal) if rng.random() < 0.3 else bot.choose(state, rng)
            yield state, action
            state.apply(action)
            moves += 1


@pytest.mark.parametrize("players", [2, 4])
def test_the_options_kept_for_the_next_decision_are_the_ones_the_rules_give(players):
    checked = 0
    for state, _ in _games(players, range(6), {"action_cards": "all"}):
        kept = state.__dict__.get("_legal")
        fresh = tuple(FLOW.options_of(state, state.decisions[-1]))
        if kept is not None:
            assert kept == fresh
            checked += 1
    assert checked > 500  # most decisions come with their options kept


def _reference_worth(view, card_id: str) -> float:
    """The gardener's rating of a card as first written (before its figures were worked out once per rules)."""
    seat, card = view.current_player(), view.rules.card(card_id)
    owned = view.owned[seat]
    if card.type == "basic":
        have = owned.get(card_id, 0)
        most = max(owned.get(kind, 0) for kind in BASICS)
        return 2.0 + 2.5 * max(0, most - have) + (1.0 if card_id != "dirt" else -1.0)
    if card.type == "energy":
        return 1.5 + 1.5 * card.energy
    actions = sum(count for kind, count in owned.items() if view.rules.card(kind).type == "action")
    crowd = 1.5 * max(0, actions - 3)

    def effect_worth(effect) -> float:
        if effect.do == "gain":
            return GAIN_WORTH[effect.to] * (0.6 if effect.kind == "dirt" else 1.0)
        if effect.do == "take_market":
            return EFFECT_WORTH["take_market"] * effect.amount
        return EFFECT_WORTH[effect.do] * effect.amount
    return sum(effect_worth(effect) for effect in card.effects) - crowd


def test_the_gardener_bot_rates_every_card_as_first_written():
    bot, checked = GardenerBot(), 0
    for state, _ in _games(3, range(3)):
        if state.decisions[-1].kind != "buy":
            continue
        for card in state.rules.catalog.cards:
            assert bot.worth(state, card) == _reference_worth(state, card)  # exactly: the same sums in the same order
            checked += 1
    assert checked > 1000
