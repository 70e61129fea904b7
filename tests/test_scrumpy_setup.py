"""Scrumpy setup: the main play area by player count, each cidery, the initial recruitment and cash."""
from collections import Counter

import pytest

from games.core.cards import kind_of
from games.scrumpy import GAME
from games.scrumpy.actions import TakeFree
from games.scrumpy.data import load
from tests.scrumpy_helpers import NAMES, fresh, kinds

DATA = load()
TABLE = {2: (10, 2, 12, 16), 3: (15, 3, 14, 18), 4: (20, 4, 16, 20)}  # trees, vendors, skilled, masters


@pytest.mark.parametrize("players", [2, 3, 4])
def test_main_play_area_follows_the_setup_table(players):
    trees, vendors, skilled, masters = TABLE[players]
    state = GAME.new_state(players, {}, 4)
    assert len(state.public_goals) == 3 and state.goal_tokens == [True, True, True]
    privates = [c.private_goal for c in state.cideries]
    assert None not in privates and len(set(privates + state.public_goals)) == 3 + players
    assert len(state.goal_box.cards) == len(DATA.goals) - 3 - players
    assert len(state.vendors) == vendors and len(set(state.vendors)) == vendors
    tiers = Counter(DATA.worker(c).tier for c in state.deck.cards + state.strip.cards())
    assert tiers == {"skilled": skilled, "master": masters}
    unseen = Counter(DATA.worker(c).tier for c in state.unseen.cards)
    assert unseen == {k: v for k, v in (("skilled", 16 - skilled), ("master", 20 - masters)) if v}
    assert state.trees + 2 * players == trees
    assert len(state.layabouts.cards) == 12


def test_skilled_lie_on_masters_in_the_recruitment_deck():
    state = GAME.new_state(3, {}, 2)
    tiers = [DATA.worker(c).tier for c in state.deck.cards]  # bottom first
    assert tiers == sorted(tiers)  # "master" < "skilled": every Master under every Skilled
    assert all(DATA.worker(c).tier == "skilled" for c in state.strip.cards())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_cidery_starts_as_the_rulebook_says(players):
    state = GAME.new_state(players, {}, 9)
    for seat, cidery in enumerate(state.cideries):
        assert len(cidery.office) == 5 and cidery.hand_cubes == ["size", "keep"]
        assert cidery.orchard_cubes == 4 and cidery.trees == 2 and cidery.meeple == ""
        assert kinds(cidery.stores["apple"].cards) == ["idle_layabout"] == kinds(cidery.stores["wood"].cards)
        assert len(cidery.hand.cards) == 5 and len(cidery.draw.cards) == 6
        assert len(cidery.owned) == 13 and all(c.split("#")[0] for c in cidery.owned)
        core = Counter(kind_of(c) for c in cidery.owned)
        assert core == {w.id: w.count for w in DATA.workers if w.tier == "core"}


def test_core_workers_are_distinct_cards_per_colour():
    state = GAME.new_state(4, {}, 1)
    owned = [c for cidery in state.cideries for c in cidery.owned]
    assert len(owned) == len(set(owned)) == 52


def test_initial_recruitment_goes_anticlockwise_from_the_right_of_the_first_player():
    state = GAME.new_state(4, {}, 5)
    first = state.first
    order = []
    while state.pending_decision().kind == "initial":
        seat = state.current_player()
        order.append(seat)
        strip_before = list(state.strip.slots)
        action = state.legal_actions()[-1]
        state.apply(action)
        card = strip_before[action.slot]
        assert state.cideries[seat].discard.cards == [card]
    assert order == [(first - 1) % 4, (first - 2) % 4, (first - 3) % 4, first]
    assert None not in state.strip.slots  # refilled after everyone took one


def test_initial_cash_is_3_4_5_6_in_turn_order_with_the_rulebooks_coins():
    state = fresh(4, seed=3, options={"start_coins": "rulebook"})
    coins = [state.cideries[(state.first + i) % 4].coins for i in range(4)]
    assert coins == [3, 4, 5, 6]
    assert state.current_player() == state.first and state.round == 1


def test_initial_recruitment_offers_every_strip_worker_for_free():
    state = GAME.new_state(2, {}, 6)
    offers = state.legal_actions()
    assert all(isinstance(a, TakeFree) for a in offers) and len(offers) == 4


def test_the_rulebooks_coins_are_the_default_and_evened_out_coins_are_our_option():
    for players in (1, 2, 3, 4):
        assert GAME.resolve_options(players, {})["start_coins"] == "rulebook"
    state = fresh(4, seed=3, options={})
    assert [state.cideries[(state.first + i) % 4].coins for i in range(4)] == [3, 4, 5, 6]
    state = fresh(4, seed=3, options={"start_coins": "even"})
    assert [state.cideries[(state.first + i) % 4].coins for i in range(4)] == [4, 4, 5, 5]
    option = next(o for o in GAME.options if o.id == "start_coins")
    rulebook, even = (next(c for c in option.choices if c.value == v) for v in ("rulebook", "even"))
    assert not rulebook.ours and "%" in even.ours and "of" in even.ours  # the measured first-seat figure
    assert "evened" not in option.help.lower()  # the help is true whichever choice is shown under it


def test_the_log_and_the_rules_viewer_say_which_coin_rule_is_in_force():
    for value, words in (("rulebook", "the rulebook's 3, 4, 5, 6"), ("even", "evened out")):
        state = GAME.new_state(3, {"start_coins": value}, 4)
        events = []
        while state.pending_decision().kind == "initial":
            events += state.apply(state.legal_actions()[0])
        lines = [e.describe(NAMES) for e in events if e.kind == "coin_rule"]
        assert len(lines) == 1 and words in lines[0], lines
        rules = GAME.table_rules(3, state.options)
        assert any(line.startswith("Starting coins: " + ("Rulebook" if value == "rulebook" else "Evened"))
                   for line in rules)
