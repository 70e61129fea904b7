"""The Hard level's fast paths in Scrappers play exactly as the plain engine: the fair bot's search copies a
position without its random generator until it is used, and gets the same positions, draws and choices."""
import dataclasses
import random

import pytest

from games.core.bots import RandomBot
from games.scrappers import GAME
from games.scrappers.bot import FairBot, _branch, _LazyRandom, _world
from tests.search_records import root_statistics


def positions(seeds=range(6), options=None, every=3):
    """Yields full positions from random games (Keelie and Guppy on in every other game)."""
    for seed in seeds:
        extra = options if options is not None else {"keelie": seed % 2 == 1, "guppy": seed % 2 == 1}
        state = GAME.new_state(2 + seed % 3, extra, seed)
        bot, rng, n = RandomBot(), random.Random(seed), 0
        while not state.is_over() and n < 400:
            if n % every == 0:
                yield state
            state.apply(bot.choose(state.view(state.current_player()), rng))
            n += 1


def plain(state) -> dict:
    """Returns a position's saved fields but its generator, and that generator's state."""
    data = state.to_dict() if isinstance(state.rng, random.Random) else None
    if data is None:
        rng, state.rng = state.rng, state.rng._make()
        data = state.to_dict()
        state.rng = rng
    return data


def test_a_lazy_generator_draws_as_the_generator_it_stands_for():
    seeded, lazy = random.Random(7), _LazyRandom(7)
    copy_before = lazy.copy()  # unmade: shares the start
    assert [lazy.random() for _ in range(3)] == [seeded.random() for _ in range(3)]
    copy_after = lazy.copy()  # made: copies the state it reached
    assert copy_after.random() == seeded.random()
    assert copy_before.random() == random.Random(7).random()
    saved = random.Random(3)
    state = saved.getstate()
    assert _LazyRandom(state=state).getrandbits(64) == saved.getrandbits(64)


def test_a_branch_plays_on_exactly_as_a_clone():
    checked = 0
    for state in positions():
        for k in range(2):
            branch, clone, rng = _branch(state), state.clone(), random.Random(k)
            for _ in range(12):
                if clone.is_over():
                    break
                assert branch.search_actions() == clone.search_actions()
                action = rng.choice(clone.search_actions())
                branch.apply(action)  # imagined: its events are left out (below)
                clone.apply(action)
            assert plain(branch) == clone.to_dict() and branch.imagined
            checked += 1
    assert state.rng.getstate() == state.clone().rng.getstate()  # the original's generator untouched
    assert checked > 200


def test_a_branch_that_draws_leaves_its_parent_and_siblings_alone():
    drew = 0
    for state in positions(options={"keelie": True, "guppy": True}, every=7):
        before, expected = state.to_dict(), state.clone().rng
        first = _branch(state)
        second = _branch(first)  # shares the unmade start
        draw = first.rng.random()
        third = _branch(first)  # copies the state `first` reached
        assert draw == expected.random()
        assert second.rng.random() == draw
        assert third.rng.random() == first.rng.random() == expected.random()
        assert state.to_dict() == before
        drew += 1
    assert drew > 50


def test_the_search_world_of_a_full_position_draws_as_determinize():
    for state in positions(seeds=range(2)):
        world, reference = _world(state, random.Random(5)), state.determinize(random.Random(5))
        assert plain(world) == reference.to_dict()


def test_the_fair_bot_chooses_from_a_full_position_as_from_plain_copies():
    """The fair bot's move in an imagined game (a full position) is the one the plain clones give."""
    import games.scrappers.bot as bot_module

    def slow_branch(state):
        return state.clone()

    def slow_world(view, rng):
        return view.determinize(rng)

    states = [s.clone() for s in positions(seeds=range(3), every=5) if s.pending_decision().kind not in
              ("place_token", "place_space", "maintain", "commit")][:40]
    fast = [FairBot(24).choose(s, random.Random(n)) for n, s in enumerate(states)]
    saved = bot_module._branch, bot_module._world
    bot_module._branch, bot_module._world = slow_branch, slow_world
    try:
        slow = [FairBot(24).choose(s, random.Random(n)) for n, s in enumerate(states)]
    finally:
        bot_module._branch, bot_module._world = saved
    assert fast == slow
    assert len(states) == 40


def test_the_fast_copy_copies_every_declared_field():
    """A field added to the position or one of its records must be added to games/scrappers/copying.py."""
    from games.core.decisions import Decision
    from games.core.record import declared_fields
    from games.core.turns import EachOnce, UntilAllPass
    from games.core.zones import Pile
    from games.scrappers.belt import Belt
    from games.scrappers.copying import COPIED
    from games.scrappers.records import Activation, Bodger, TurnLog, Tussle
    from games.scrappers.state import ScrappersState

    classes = (ScrappersState, Decision, Pile, Belt, Bodger, Activation, TurnLog, Tussle, EachOnce, UntilAllPass)
    assert {cls.__name__: tuple(declared_fields(cls)) for cls in classes} == COPIED


def test_the_fast_copy_equals_the_kits_clone_and_shares_nothing_that_changes():
    from games.scrappers.copying import copy_state

    checked = 0
    for state in positions(seeds=range(8), every=2):
        before = state.to_dict()
        copy = copy_state(state, state.clone().rng)
        assert copy.to_dict() == before
        rng = random.Random(checked)
        for _ in range(10):  # play the copy on: the original stays as it was
            if copy.is_over():
                break
            copy.apply(rng.choice(copy.search_actions()))
        assert state.to_dict() == before
        checked += 1
    assert checked > 300


def test_no_decision_or_step_changes_once_made():
    """The fast copy shares pending decisions and program steps between copies: the rules must never change one."""
    made = 0
    for state in positions(seeds=range(6), every=1):
        shared = [(d, d.to_dict()) for d in state.decisions] + [(step, dict(step)) for step in state.program]
        copy = state.clone()
        rng = random.Random(made)
        for _ in range(4):  # a few moves on: the decisions and steps kept by `state` stay as they were
            if copy.is_over():
                break
            copy.apply(rng.choice(copy.search_actions()))
        assert [(d, d.to_dict() if hasattr(d, "to_dict") else dict(d)) for d, _ in shared] == shared
        made += len(shared)
    assert made > 1000


def test_belts_sharing_a_hopper_and_bin_make_them_their_own_before_changing_them():
    from games.scrappers.copying import copy_state

    changed = 0
    for state in positions(seeds=range(6), every=9):
        if not state.belt.hopper.cards and not state.belt.bin.cards:
            continue
        before = state.to_dict()
        first, second = copy_state(state, random.Random(1)), copy_state(state, random.Random(2))
        first.belt.forward(first.rng)
        second.belt.reverse()
        second.belt.maintain(second.rng)
        third, second_before = copy_state(second, random.Random(3)), second.to_dict()
        third.belt.guppy(0, third.rng)
        third.belt.hidden_view()
        assert state.to_dict() == before and second.to_dict() == second_before  # each keeps its own parts
        assert sorted(map(str, first.belt.parts())) == sorted(map(str, state.belt.parts()))
        changed += 1
    assert changed > 40


def test_options_offered_with_a_decision_are_the_rules_options():
    """Where the rules keep the options they worked out while asking a decision, they are the registered ones."""
    kept = 0
    for state in positions(seeds=range(8), every=1):
        offered = state.__dict__.get("_legal")
        if offered is not None and not state.is_over():
            assert offered == tuple(state.flow.options_of(state, state.pending_decision()))
            kept += 1
    assert kept > 300


def test_evaluations_remembered_are_the_evaluations_worked_out():
    from games.scrappers.evaluate import _evaluate, evaluate, position_key

    checked, keys = 0, {}
    for state in positions(seeds=range(6), every=2):
        for seat in range(state.players):
            if not state.is_over():
                assert evaluate(state, seat) == _evaluate(state, seat, None)
                keys.setdefault(position_key(state, seat), set()).add(_evaluate(state, seat, None))
                checked += 1
    assert checked > 500 and all(len(values) == 1 for values in keys.values())


def test_an_imagined_game_plays_exactly_as_a_plain_one_without_its_log():
    """A search's world (readied by the profile's `world`: imagined) leaves the log out and nothing else."""
    quiet_events = loud_events = moves = 0
    for state in positions(seeds=range(6), every=40):
        plain_game, world = state.clone(), state.clone()
        GAME.search.world(world)
        assert world.imagined and not plain_game.imagined and world.clone().imagined
        seat = world.current_player()
        assert not world.view(seat).imagined and not world.view(seat).determinize(random.Random(1)).imagined
        rng = random.Random(moves)
        for _ in range(60):
            if plain_game.is_over():
                break
            action = rng.choice(plain_game.search_actions())
            loud_events += len(plain_game.apply(action))
            quiet_events += len(world.apply(action))
            assert world.to_dict() == plain_game.to_dict()
            assert world.legal_actions() == plain_game.legal_actions()
            moves += 1
    assert moves > 500 and quiet_events < loud_events / 2


def test_card_and_part_instances_are_found_as_the_plain_catalog_finds_them():
    from games.core.cards import Catalog
    from games.scrappers.data import Instances

    data = GAME.new_state(2, {}, 0).data
    for catalog in (data.cards, data.parts):
        assert isinstance(catalog, Instances)
        plain_catalog = Catalog(tuple(catalog), catalog.where)
        names = catalog.instances() + list(catalog.cards) + [card + "#99" for card in catalog.cards]
        assert [catalog[name] for name in names] == [plain_catalog[name] for name in names]
        assert len(names) > 40


def test_kept_decks_instances_and_symbols_are_the_catalogs():
    from games.core.cards import Catalog

    data = GAME.new_state(2, {}, 0).data
    for catalog in (data.cards, data.parts):
        assert catalog.instances() == Catalog(tuple(catalog), catalog.where).instances()
        assert catalog.instances() is not catalog.instances()  # a list of its own each time
    for keelie in (False, True):
        for guppy in (False, True):
            deck = data.action_deck(keelie, guppy)
            decks = {"standard"} | ({"keelie"} if keelie else set()) | ({"guppy"} if guppy else set())
            assert deck == [c for c in data.cards.instances() if data.cards[c].deck in decks]
            assert deck is not data.action_deck(keelie, guppy)
    assert all(data.symbols[c] == data.cards[c].symbols for c in data.cards.instances() + list(data.cards.cards))


@pytest.mark.parametrize("players,count", [(2, 4), pytest.param(4, 3, marks=pytest.mark.slow)])
def test_hard_searches_exactly_as_before_the_speed_ups(players, count):
    """The speed-ups change how fast the search runs, never what it finds: the same moves, visits and rewards (with
    imagined games of RECORDED_DEPTH actions, as when BEFORE was recorded)."""
    assert root_statistics(recorded_game(), players, count) == BEFORE[players]


RECORDED_DEPTH = 6  # ROLLOUT_DEPTH when BEFORE was recorded (4 since 5 Dec: docs/balance.md)


def recorded_game():
    """Returns Scrappers with the Hard level's imagined games as long as when BEFORE was recorded."""
    simulation = dataclasses.replace(GAME.search.simulation, depth=RECORDED_DEPTH)
    return dataclasses.replace(GAME, search=dataclasses.replace(GAME.search, simulation=simulation))


# recorded from main's code at e05f414 before any speed-up: players -> per view (move, root statistics)
BEFORE = {2: [("MoveTo(space=2, name='top 3')",
      [("MoveTo(space=12, name='bottom 1')", 109, 0.18403808258651522),
       ("MoveTo(space=2, name='top 3')", 91, 0.1698642278869068)]),
     ("Press(row=0, choice=0, button='DASH (black)')",
      [('Stop()', 100, 0.8343557278392558),
       ("Press(row=0, choice=0, button='DASH (black)')", 100, 0.8343318369460306)]),
     ('Pass()',
      [('Pass()', 39, 0.5908029241140362),
       ("PlayCard(card='belt_yank#2', bodger='ridge', name='Belt Yank', bodger_name='Ridge')", 30,
        0.5510267431024476),
       ("PlayCard(card='shuffle_along#3', bodger='izzy', name='Shuffle Along', bodger_name='Izzy')", 29,
        0.5445320707806205),
       ("PlayCard(card='belt_yank#2', bodger='izzy', name='Belt Yank', bodger_name='Izzy')", 29,
        0.5459604685644128),
       ("PlayCard(card='elbow_jab#1', bodger='izzy', name='Elbow Jab', bodger_name='Izzy')", 26, 0.524823498779881),
       ("PlayCard(card='shuffle_along#3', bodger='ridge', name='Shuffle Along', bodger_name='Ridge')", 25,
        0.5234088885685474),
       ("PlayCard(card='elbow_jab#1', bodger='ridge', name='Elbow Jab', bodger_name='Ridge')", 22,
        0.501643628373241)]),
     ("MoveTo(space=4, name='top 5')",
      [("MoveTo(space=6, name='bin end')", 104, 0.42923077550406435),
       ("MoveTo(space=4, name='top 5')", 96, 0.4226102006080541)])],
 4: [("MoveTo(space=9, name='bottom 4')",
      [("MoveTo(space=9, name='bottom 4')", 170, 0.6720045071861767),
       ("MoveTo(space=13, name='hopper end')", 30, 0.48045323543358426)]),
     ("SwitchPlaces(bodger='izzy', name='Izzy')",
      [("SwitchParts(slot=1, name='orange plug on conveyor space 2')", 66, 0.27187364854253154),
       ("SwitchParts(slot=3, name='purple plug on conveyor space 4')", 49, 0.24136733278650532),
       ("SwitchPlaces(bodger='izzy', name='Izzy')", 47, 0.23545884551847499),
       ("SwitchPlaces(bodger='puck', name='Puck')", 38, 0.2086039109205833)]),
     ("Press(row=0, choice=0, button='FORWARD')",
      [("Press(row=0, choice=0, button='FORWARD')", 121, 0.17970872322616044),
       ('Stop()', 79, 0.1452997127310852)])]}
