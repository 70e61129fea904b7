"""The search bot in games/core: deterministic for a seed and an iteration budget, blind to hidden
cards (a view whose hidden cards are dealt again gives the same move), and stronger than chance."""
import random

import pytest

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.ismcts import Node, Search, SearchBot, outcome, standing, z_score
from games.core.levels import search_kind
from games.core.search_profile import Guide, SearchProfile, Simulation
from tests.goofspiel import GAME as GOOFSPIEL

SCRIMISH = registry.get("scrimish")


def midgame(seed: int, moves: int = 16):
    """Returns a Scrimish game `moves` random search actions in."""
    state = SCRIMISH.new_state(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.search_actions()))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_the_same_seed_and_budget_give_the_same_move(seed):
    state = midgame(seed)
    view = state.view(state.current_player())
    bot = SearchBot(Search(iterations=150, seconds=None))
    assert bot.choose(view, random.Random(seed)) == bot.choose(view, random.Random(seed))


@pytest.mark.parametrize("seed", range(4))
def test_a_view_whose_hidden_cards_are_dealt_again_gives_the_same_move(seed):
    state = midgame(seed)
    seat = state.current_player()
    other = state.view(seat).determinize(random.Random(99))  # the same to `seat`, different hidden cards
    assert other.to_dict() != state.to_dict()
    bot = SearchBot(Search(iterations=150, seconds=None))
    assert bot.choose(state.view(seat), random.Random(5)) == bot.choose(other.view(seat), random.Random(5))


def test_the_search_beats_the_random_bot():
    wins = 0
    for game in range(6):
        state = SCRIMISH.new_state(2, {}, game)
        searcher = game % 2
        bots = {searcher: SearchBot(Search(iterations=60, seconds=None)), 1 - searcher: RandomBot()}
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat), decision_rng(game, seat, ply)))
            ply += 1
        wins += searcher in state.winners()
    assert wins >= 5


def position(game, seed: int, moves: int = 25):
    """Returns a two-player game of `game` a few random search actions in: the last position up to `moves`
    actions in where the seat to move has a choice (any game has one, however short or forced its end)."""
    state = game.new_state(game.player_counts()[0] if game.min_players > 1 else 2, {}, seed)
    rng = random.Random(seed)
    latest = state
    for _ in range(moves):
        if state.is_over():
            break
        if len(state.search_actions()) > 1:
            latest = state.clone()
        state.apply(rng.choice(state.search_actions()))
    return state if not state.is_over() and len(state.search_actions()) > 1 else latest


@pytest.mark.parametrize("game", registry.all() + [GOOFSPIEL], ids=lambda g: g.id)
def test_every_games_hard_level_gives_the_same_move_when_hidden_cards_are_dealt_again(game):
    for seed in range(3):
        state = position(game, seed)
        if state.is_over() or len(state.search_actions()) < 2:
            continue
        seat = state.current_player()
        other = state.view(seat).determinize(random.Random(99))
        bot = search_kind(game, 12).make()  # the Hard level with a fixed budget
        assert bot.choose(state.view(seat), random.Random(5)) == bot.choose(other.view(seat), random.Random(5))
        return
    pytest.fail(f"no position of {game.id} with a choice to search")


def test_standing_shares_one_reward_and_favours_the_better_placed():
    even, ahead, far = standing([3.0, 3.0], 2.0), standing([5.0, 3.0, 1.0], 2.0), standing([30.0, 0.0], 2.0)
    assert even == pytest.approx([0.5, 0.5])
    assert sum(ahead) == pytest.approx(1.0) and ahead[0] > ahead[1] > ahead[2]
    assert far[0] > 0.999
    assert standing([5.0, 3.0], 20.0)[0] < standing([5.0, 3.0], 2.0)[0]  # a wider spread: a lead is worth less


@pytest.mark.parametrize("seed", range(3))
def test_the_guides_move_is_played_unless_the_search_clearly_prefers_another(seed):
    state = midgame(seed)
    view = state.view(state.current_player())
    plain = Search(iterations=200, seconds=None)
    searched, root = plain.run(view, random.Random(seed))
    other = next(a for a in view.search_actions() if a != searched)
    guided = Search(iterations=200, seconds=None, guide=lambda v, rng: other, guide_share=1.0)
    assert guided.run(view, random.Random(seed))[0] == other  # credited with every root visit: it stands
    slight = Search(iterations=200, seconds=None, guide=lambda v, rng: other, guide_share=0.0)
    assert slight.run(view, random.Random(seed))[0] == searched  # no credit: the search's own choice


def test_a_rollout_stopped_at_its_depth_is_scored_by_the_value():
    state = midgame(0)
    calls = []

    def value(world):
        calls.append(world.is_over())
        return [0.25, 0.75]
    search = Search(iterations=30, seconds=None, profile=SearchProfile(Simulation(depth=0, value=value)))
    search.run(state.view(state.current_player()), random.Random(1))
    assert calls and not any(calls)  # every rollout stopped at once, each scored by the value


def test_a_game_ended_at_the_rollout_depth_is_scored_by_its_outcome_not_the_value():
    world, rng = midgame(2), random.Random(2)
    while not world.is_over():
        world.apply(rng.choice(world.search_actions()))
    search = Search(iterations=1, seconds=None,
                    profile=SearchProfile(Simulation(depth=0, value=lambda w: [0.5, 0.5])))
    assert search._rollout(world, rng) == outcome(world) != [0.5, 0.5]


@pytest.mark.parametrize("game", [g for g in registry.all() if g.search.simulation.policy], ids=lambda g: g.id)
def test_a_games_rollout_policy_plays_a_determinized_game_to_the_end(game):
    state = position(game, 4, moves=10)
    world = state.view(state.current_player()).determinize(random.Random(4))
    if game.search.world is not None:
        game.search.world(world)
    rng = random.Random(4)
    for _ in range(20_000):
        if world.is_over():
            break
        action = game.search.simulation.policy(world, rng)
        assert action in world.legal_actions()
        world.apply(action)
    assert world.is_over() and world.winners() is not None


@pytest.mark.parametrize("game", [g for g in registry.all() if g.search.simulation.value], ids=lambda g: g.id)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_games_value_gives_each_seat_a_share_of_one(game, players):
    if players not in game.player_counts():
        pytest.skip(f"{game.id} is not played by {players}")
    state = game.new_state(players, {}, players)
    rng = random.Random(players)
    for _ in range(60):
        if state.is_over():
            break
        rewards = game.search.simulation.value(state)
        assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
        if players > 1:
            assert sum(rewards) == pytest.approx(1.0)
        state.apply(rng.choice(state.search_actions()))


def test_a_decision_the_game_leaves_to_its_bot_is_not_searched():
    state = midgame(1)
    view = state.view(state.current_player())
    kind = view.pending_decision().kind
    pick = view.search_actions()[-1]
    search = Search(iterations=50, seconds=None, guide=lambda v, rng: pick,
                    profile=SearchProfile(guide=Guide(decisions=frozenset({kind}))))
    action, root = search.run(view, random.Random(1))
    assert action == pick and root.visits == 0
    other = Search(iterations=50, seconds=None, guide=lambda v, rng: pick,
                   profile=SearchProfile(guide=Guide(decisions=frozenset({kind + "-not"}))))
    assert other.run(view, random.Random(1))[1].visits == 50


def test_a_paired_search_plays_every_move_of_an_imagined_world_with_the_same_luck():
    state = midgame(1)
    view = state.view(state.current_player())
    moves, luck = len(view.search_actions()), []

    def playout(world, rng):
        luck.append(rng.random())
        return [0.5, 0.5]
    search = Search(iterations=10 * moves, seconds=None,
                    profile=SearchProfile(Simulation(playout=playout), guide=Guide(paired=True)))
    action, root = search.run(view, random.Random(3))
    worlds = [luck[n:n + moves] for n in range(0, len(luck), moves)]
    assert len(worlds) == 10 and all(len(set(world)) == 1 for world in worlds)  # one luck per world
    assert len({world[0] for world in worlds}) == 10  # and new luck for the next
    assert {child.visits for child in root.children.values()} == {10} and action in view.search_actions()


def test_a_paired_search_keeps_the_guides_move_unless_another_clearly_beats_it_on_shared_worlds():
    rng = random.Random(4)
    noise = [rng.gauss(0, 0.3) for _ in range(100)]
    gaps = {"guide": [0.0] * 100, "noisy": noise, "better": [0.05 + x / 10 for x in noise]}
    assert z_score(gaps["noisy"]) < 1.5 < z_score(gaps["better"])
    search, root = Search(paired_z=1.5), Node(None, None)
    assert search._choose_paired(list(gaps), root, "guide", gaps) == "better"
    assert Search(paired_z=100.0)._choose_paired(list(gaps), root, "guide", gaps) == "guide"
    without_better = {k: v for k, v in gaps.items() if k != "better"}
    assert search._choose_paired(list(without_better), root, "guide", without_better) == "guide"


def test_without_a_guide_a_paired_search_plays_the_move_with_the_best_average():
    root = Node(None, None)
    for move, (visits, reward) in {"a": (10, 4.0), "b": (10, 6.0), "c": (10, 5.0)}.items():
        root.children[move] = Node(move, 0, visits=visits, reward=reward)
    assert Search()._choose_paired(["a", "b", "c"], root, None, {}) == "b"


def test_the_z_score_of_paired_differences():
    assert z_score([]) == z_score([0.3]) == 0.0
    assert z_score([0.1, 0.1, 0.1]) == float("inf") and z_score([0.0, 0.0]) == 0.0
    assert z_score([1.0, 3.0]) == pytest.approx(2.0)  # a mean of 2, a standard error of sqrt(2) / sqrt(2)


class Watched:
    """A state that notes each attribute read of it, and of every world made from it, into `read`."""

    def __init__(self, state, read: set):
        self._state, self._read = state, read

    def __getattr__(self, name):
        self._read.add(name)
        found = getattr(self._state, name)
        if name in ("determinize", "clone"):
            return lambda *args: Watched(found(*args), self._read)
        return found


@pytest.mark.parametrize("paired", [False, True])
def test_the_search_reads_of_a_state_only_what_the_state_contract_declares(paired):
    from games.core.state import State

    state = midgame(3)
    view = state.view(state.current_player())
    read: set = set()
    search = Search(iterations=40, seconds=None, guide=lambda v, rng: v.search_actions()[0],
                    profile=SearchProfile(guide=Guide(decisions=frozenset({"not-this-one"}), paired=paired)))
    action, root = search.run(Watched(view, read), random.Random(3))
    assert root.visits == 40 and action in view.search_actions()
    assert {"pending_decision", "determinize", "search_actions", "apply", "is_over", "winners"} <= read
    assert {name for name in read if not hasattr(State, name) and name not in State.__annotations__} == set()
