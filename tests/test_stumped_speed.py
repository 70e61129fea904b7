"""Stumped's fast paths for the Hard level's imagined games (issue 33): each must give exactly what the plain
rules give, so the golden games and Hard's moves at a fixed budget stay as they were."""
import random

import pytest

from games.stumped import GAME
from games.stumped.bot import EFFECT_WORTH, GAIN_WORTH, GardenerBot
from games.stumped.cards import BASICS
from games.stumped.records import FLOW
from tests.search_records import root_statistics


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


@pytest.mark.parametrize("players", [2, 4])
def test_an_imagined_game_plays_exactly_as_a_plain_one_without_its_log(players):
    """A search's world (readied by the profile's `world`: imagined) leaves the log out and nothing else."""
    quiet_events = loud_events = moves = 0
    for seed in range(4):
        plain = GAME.new_state(players, {"action_cards": "all"}, seed)
        for _ in range(30):  # to mid-game: the gardener's moves
            plain.apply(GardenerBot().choose(plain, random.Random(seed)))
        world = plain.clone()
        GAME.search.world(world)
        assert world.imagined and not plain.imagined and world.clone().imagined
        assert not world.view(0).imagined and not world.view(0).determinize(random.Random(1)).imagined
        rng = random.Random(seed)
        while not plain.is_over():
            action = rng.choice(plain.legal_actions()) if rng.random() < 0.3 else GardenerBot().choose(plain, rng)
            loud_events += len(plain.apply(action))
            quiet_events += len(world.apply(action))
            assert world.to_dict() == plain.to_dict()
            assert world.legal_actions() == plain.legal_actions()
            moves += 1
        assert world.winners() == plain.winners()
    assert moves > 500 and quiet_events < loud_events / 10


@pytest.mark.parametrize("players,count", [(2, 4), pytest.param(4, 3, marks=pytest.mark.slow)])
def test_hard_searches_exactly_as_before_the_speed_ups(players, count):
    """The speed-ups change how fast the search runs, never what it finds: the same moves, visits and rewards."""
    assert root_statistics(GAME, players, count) == BEFORE[players]


# recorded from main's code at e05f414 before any speed-up: players -> per view (move, root statistics)
BEFORE = {2: [('EndActions()',
      [('EndActions()', 181, 0.5414364640883977), ("PlayEnergy(card='fancy_fertilizer')", 19, 0.2631578947368421)]),
     ("Grow(segment='leaf', parent='branch 1', hole='side 1')",
      [("Grow(segment='branch', parent='branch 2', hole='end')", 44, 0.7954545454545454),
       ("Grow(segment='branch', parent='branch 1', hole='side 1')", 25, 0.68),
       ("Grow(segment='branch', parent='branch 2', hole='side 2')", 24, 0.6666666666666666),
       ("Grow(segment='leaf', parent='branch 2', hole='side 1')", 21, 0.6666666666666666),
       ("Grow(segment='leaf', parent='branch 1', hole='side 1')", 20, 0.65),
       ("Grow(segment='branch', parent='trunk', hole='right')", 20, 0.65),
       ("Grow(segment='branch', parent='branch 2', hole='side 1')", 19, 0.631578947368421),
       ("Grow(segment='branch', parent='branch 2', hole='side 3')", 12, 0.5),
       ("Grow(segment='leaf', parent='branch 2', hole='side 3')", 9, 0.4444444444444444),
       ("Grow(segment='leaf', parent='branch 2', hole='side 2')", 6, 0.3333333333333333)]),
     ("PlayAction(card='garden_hoe')",
      [('EndActions()', 56, 0.017857142857142856), ("PlayEnergy(card='impressive_irrigation')", 48, 0.0),
       ("PlayEnergy(card='fancy_fertilizer')", 48, 0.0), ("PlayAction(card='garden_hoe')", 48, 0.0)]),
     ("PlayAction(card='gardening_gloves')",
      [("Plant(card='sun')", 29, 0.0), ('EndActions()', 29, 0.0), ("Plant(card='dirt')", 29, 0.0),
       ("PlayAction(card='gardening_gloves')", 29, 0.0), ("PlayEnergy(card='sun')", 28, 0.0),
       ("PlayEnergy(card='dirt')", 28, 0.0), ("PlayEnergy(card='fancy_fertilizer')", 28, 0.0)])],
 4: [("PlayEnergy(card='fancy_fertilizer')",
      [("PlayEnergy(card='fancy_fertilizer')", 120, 0.175), ('EndActions()', 80, 0.1125)]),
     ("Plant(card='water')",
      [("Plant(card='water')", 69, 0.2463768115942029), ("Plant(card='dirt')", 51, 0.21568627450980393),
       ("PlayEnergy(card='water')", 22, 0.09090909090909091),
       ("PlayEnergy(card='impressive_irrigation')", 22, 0.09090909090909091),
       ("PlayEnergy(card='dirt')", 18, 0.05555555555555555), ('EndActions()', 18, 0.05555555555555555)]),
     ("PlayAction(card='garden_hoe')",
      [("PlayAction(card='garden_hoe')", 40, 0.0), ("PlayEnergy(card='impressive_irrigation')", 40, 0.0),
       ('EndActions()', 40, 0.0), ("Plant(card='dirt')", 40, 0.0), ("PlayEnergy(card='dirt')", 40, 0.0)])]}


def test_room_after_growing_is_room_for_leaves_on_the_holes_left():
    """tree.room_after counts what room_for_leaves reads of the holes left after growing, without making them."""
    from games.stumped.tree import _holes, room_after

    def made(tree, shapes, kind, hole_kind, branches_left):  # the holes left, made and counted
        free = list(tree.free_holes(shapes))
        free.remove(next(hole for hole in free if hole[2] == hole_kind))
        if kind == "branch":
            free += [("new", hole.id, hole.kind) for hole in shapes["branch"].holes]
            branches_left -= 1
        room = tree.leaves + (kind == "leaf") + sum(1 for _, _, k in free if k == "side") + \
            len(_holes(shapes, "branch", "side")) * branches_left
        return room - 1 if branches_left and all(k == "side" for _, _, k in free) else room  # the rule as it was

    checked = 0
    for seed in range(12):
        state = GAME.new_state(2 + seed % 3, {"tree": "epic" if seed % 6 == 0 else "standard"}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for tree in state.trees:
                kinds = {kind for _, _, kind in tree.free_holes(state.rules.shapes)}
                for kind in ("trunk", "branch", "leaf", "fruit"):
                    for hole_kind in kinds:
                        for branches_left in (0, 1, 3):
                            assert room_after(tree, state.rules.shapes, kind, hole_kind, branches_left) == \
                                made(tree, state.rules.shapes, kind, hole_kind, branches_left)
                            checked += 1
            state.apply(rng.choice(state.search_actions()))
    assert checked > 5000


def test_a_trees_kept_holes_and_kinds_are_worked_out_afresh_after_each_growth():
    """Tree.free_holes and Tree.count keep their answers while the tree is unchanged: they equal fresh ones always."""
    from games.stumped.tree import Tree

    checked = 0
    for seed in range(8):
        state, rng = GAME.new_state(2 + seed % 3, {}, seed), random.Random(seed)
        while not state.is_over():
            shapes = state.rules.shapes
            for tree in state.trees:
                fresh = Tree(list(tree.segments))
                assert tree.free_holes(shapes) == fresh.free_holes(shapes)
                assert [tree.count(k) for k in ("trunk", "branch", "leaf", "fruit")] == \
                    [[s.kind for s in tree.segments].count(k) for k in ("trunk", "branch", "leaf", "fruit")]
                checked += 1
            state.apply(rng.choice(state.search_actions()))
    assert checked > 2000
