"""The Hard level's fast paths in Scrappers play exactly as the plain engine: the fair bot's search copies a
position without its random generator until it is used, and gets the same positions, draws and choices."""
import random

from games.core.bots import RandomBot
from games.scrappers import GAME
from games.scrappers.bot import FairBot, _branch, _LazyRandom, _world


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
                assert branch.apply(action) == clone.apply(action)
            assert plain(branch) == clone.to_dict()
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
