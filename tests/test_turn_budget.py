"""Hard's turn (issue 33): the decisions of a turn share the level's turn time (forced ones take none), a
decision searches on from the played move's subtree only when the move was certain, a search starved of time
plays Normal's move, and a bot's later decisions of a turn pause only briefly in the window. Time is a fake
clock here: no test asserts a real timing."""
import random
from dataclasses import dataclass

import pytest

from games import registry
from games.core.bots import Bot, decision_rng
from games.core.ismcts import Expected, Node, Search, SearchBot
from games.core.levels import HARD, levels, search_kind
from games.core.match import Match, Seat
from games.core.turn_budget import TurnBudget
from graphics.bot_runner import FOLLOW_SECONDS, THINK_SECONDS, BotRunner

STUMPED = registry.get("stumped")


class FakeClock:
    """A clock that moves on by `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.step, self.time = step, 0.0

    def __call__(self) -> float:
        self.time += self.step
        return self.time


@dataclass
class Slow(Search):
    """A search whose imagined games each take `cost` seconds of its fake clock."""

    cost: float = 0.05

    def _rollout(self, world, rng):
        assert isinstance(self.clock, FakeClock)
        self.clock.time += self.cost
        return super()._rollout(world, rng)


def hard(game, cost: float = 0.05) -> tuple[SearchBot, FakeClock]:
    """Returns the game's Hard bot (time budgets, the level's numbers) on a fake clock that moves on by a
    millisecond when it is read and by `cost` for each imagined game."""
    bot = game.bot_kind(HARD).make()
    clock = FakeClock(0.001)
    bot.search = Slow(**{name: getattr(bot.search, name) for name in Search.__dataclass_fields__}, cost=cost)
    bot.search.clock = clock
    return bot, clock


def test_each_searched_decision_gets_what_is_left_over_the_decisions_expected():
    budget = TurnBudget(seconds=2.0, spare=0.1, least=0.1, prior=4)
    assert budget.share(most=1.0) == pytest.approx(1.9 / 4)
    budget.spend(0.5, True)
    assert budget.share(most=1.0) == pytest.approx(1.4 / 3)
    assert budget.share(most=0.2) == 0.2  # never more than a decision's most
    budget.spend(1.35, True)
    assert budget.share(most=1.0) == 0.0  # 0.05 s left: less than the least share, no search
    budget.new_turn()
    assert budget.lengths == [2] and budget.spent == 0 and budget.searched == 0
    budget.new_turn()
    assert budget.lengths == [2]  # a turn with nothing searched teaches nothing


def test_the_decisions_expected_are_learned_from_the_bots_own_turns():
    budget = TurnBudget(seconds=2.0, spare=0.1, least=0.1, prior=4)
    for length in (8, 8, 8):
        budget.searched = length
        budget.new_turn()
    assert budget.expected_left() == pytest.approx((4 + 8 + 8 + 8) / 4)
    budget.searched = 5  # five made: only the longer turns say how many are left
    assert budget.expected_left() == pytest.approx(3)
    budget.searched = 9  # longer than any seen: at least this one
    assert budget.expected_left() == 1
    assert TurnBudget(2.0, least=0.1, prior=1).share(most=1.0) == 1.0  # one decision expected: the most


def test_the_hard_level_makes_its_turn_budget_from_data_and_a_fixed_budget_has_none():
    level = levels()[HARD]
    bot = STUMPED.bot_kind(HARD).make()
    assert isinstance(bot, SearchBot) and bot.turn is not None
    assert (bot.turn.seconds, bot.turn.spare, bot.turn.least, bot.turn.prior) == (
        level.turn_seconds, level.turn_spare, level.least_seconds, level.turn_decisions)
    assert bot.search.min_visits == level.min_visits > 0 and level.turn_seconds > level.seconds
    fixed = search_kind(STUMPED, 50).make()  # measurements at a fixed budget search every decision as before
    assert fixed.turn is None and fixed.search.min_visits == 0


def play_turns(bot: SearchBot, clock: FakeClock, turns: int, seed: int = 3):
    """Plays a 2-player Stumped game, seat 0 by `bot`, seat 1 by Normal, until seat 0 has played `turns` turns;
    returns, per turn of seat 0, the fake seconds each of its decisions took and whether it was searched."""
    state = STUMPED.new_state(2, {}, seed)
    normal = STUMPED.bot_kind("normal").make()
    found: list[list[tuple[float, bool]]] = []
    ply, last = 0, None
    while not state.is_over() and len(found) <= turns:
        seat = state.current_player()
        view = state.view(seat)
        if seat == 0:
            if last != 0:
                found.append([])
            searched, before = bot.search.searches(view), clock.time
            action = bot.choose(view, decision_rng(seed, seat, ply))
            found[-1].append((clock.time - before, searched))
        else:
            action = normal.choose(view, decision_rng(seed, seat, ply))
        state.apply(action)
        ply, last = ply + 1, seat
    return found[:turns]


def test_a_turn_of_many_decisions_stays_within_the_turns_time():
    bot, clock = hard(STUMPED)
    level = levels()[HARD]
    turns = play_turns(bot, clock, 4)
    assert max(len(turn) for turn in turns) > 3  # turns of several decisions
    for turn in turns:
        assert sum(took for took, _ in turn) <= level.turn_seconds  # an imagined game's overrun: in the spare
    assert any(took >= 0.3 for turn in turns for took, _ in turn)  # the time is really spent on decisions
    assert bot.turn.lengths  # it learns how long its turns are


def test_forced_decisions_take_no_share_of_the_turn():
    game = registry.get("scrappers")
    state, rng = game.new_state(2, {}, 1), random.Random(1)
    while len(state.search_actions()) > 1 or state.pending_decision() is None:
        state.apply(rng.choice(state.search_actions()))
    view = state.view(state.current_player())
    bot, clock = hard(game)
    bot.choose(view, random.Random(1))
    assert bot.last_iterations == 0 and bot.turn.searched == 0
    assert bot.turn.spent <= 3 * clock.step  # only the readings around it: no search


def test_a_starved_bot_plays_normals_move():
    for seed in range(6):
        state = midgame(seed)
        seat = state.current_player()
        view = state.view(seat)
        bot, _ = hard(STUMPED)
        bot.expected = Expected(True)  # the turn goes on, and nothing is left of it
        bot.turn.spent = bot.turn.seconds
        assert bot.search.searches(view)
        normal = STUMPED.bot_kind("normal").make()
        rng = random.Random(seed)
        expected = normal.choose(view, random.Random(random.Random(seed).random()))
        assert bot.choose(view, rng) == expected and bot.last_iterations == 0


def midgame(seed: int, moves: int = 30):
    """Returns a 2-player Stumped game `moves` Normal moves in, at a decision Hard searches."""
    state = STUMPED.new_state(2, {}, seed)
    normal = STUMPED.bot_kind("normal").make()
    ply = 0
    while ply < moves or len(state.search_actions()) < 3:
        seat = state.current_player()
        state.apply(normal.choose(state.view(seat), decision_rng(seed, seat, ply)))
        ply += 1
    return state


def guided_choices(min_visits: int, seeds: range) -> list[bool]:
    """Returns, per seed, whether a search of twelve imagined games guided to the last move played that move."""
    kept = []
    for seed in seeds:
        view = (state := midgame(seed % 3)).view(state.current_player())
        pick = view.search_actions()[-1]
        search = Search(iterations=12, seconds=None, guide=lambda v, rng: pick, guide_share=0.2,
                        min_visits=min_visits, profile=STUMPED.search)
        kept.append(search.run(view, random.Random(seed))[0] == pick)
    return kept


def test_a_starved_search_keeps_the_guides_move_unless_a_move_has_enough_imagined_games():
    assert all(guided_choices(10, range(9)))
    assert not all(guided_choices(0, range(9)))  # without the guard a lucky move or two displace it


def test_the_guard_lets_a_well_tried_move_displace_the_guides():
    view = (state := midgame(1)).view(state.current_player())
    pick = view.search_actions()[-1]
    search = Search(iterations=120, seconds=None, guide=lambda v, rng: pick, guide_share=0.0, min_visits=10,
                    profile=STUMPED.search)
    action, root = search.run(view, random.Random(1))
    best = max(root.children.values(), key=lambda child: child.visits)
    assert best.visits >= 10 and action == best.move


def certain_and_uncertain(game, seed: int = 2, players: int = 2):
    """Returns a view before a move of a seat that moves again after it, and that move, once where the move used
    no randomness and revealed nothing (as Match.undoable judges it on the true state) and once where not."""
    state = game.new_state(players, {}, seed)
    normal = game.bot_kind("normal").make()
    found: dict[bool, tuple] = {}
    ply = 0
    while not state.is_over() and len(found) < 2:
        seat = state.current_player()
        view = state.view(seat)
        action = normal.choose(view, decision_rng(seed, seat, ply))
        before, fingerprint = state.clone(), state.rng_fingerprint()
        events = state.apply(action)
        certain = fingerprint == state.rng_fingerprint() and not any(event.reveals for event in events)
        if state.current_player() == seat and len(view.search_actions()) > 1:
            found.setdefault(certain, (before, view, action, state.view(seat)))
        ply += 1
    return found


@pytest.mark.parametrize("game_id", ["stumped", "scrappers"])
def test_the_played_moves_subtree_is_kept_only_after_a_certain_move(game_id):
    game = registry.get(game_id)
    found = certain_and_uncertain(game)
    assert set(found) == {True, False}
    for certain, (_, view, action, after) in found.items():
        bot = game.bot_kind(HARD).make()
        tree = Node(None, None)
        child = tree.children[action] = Node(action, view.current_player(), visits=5)
        child.children = {move: Node(move, view.current_player(), visits=1) for move in after.search_actions()}
        expected = bot._expect(view, view.current_player(), action, tree, random.Random(1))
        assert expected.continues
        if certain:
            assert expected.subtree is child and expected.view == after.to_dict()
            kept = bot._kept(after, expected)
            assert kept is not None and kept.visits == 5 and kept.children is child.children
            assert bot._kept(view, expected) is None  # any other view: a fresh tree
        else:
            assert expected.subtree is None and bot._kept(after, expected) is None


def revealing_move(game, seed: int = 1, players: int = 2):
    """Returns a view before a move that uses no randomness but reveals something (a card drawn from a pile
    kept in order, a refilled market), after which the same seat moves again, and that move."""
    state = game.new_state(players, {}, seed)
    normal = game.bot_kind("normal").make()
    ply = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        action = normal.choose(view, decision_rng(seed, seat, ply))
        fingerprint = state.rng_fingerprint()
        events = state.apply(action)
        if state.current_player() == seat and fingerprint == state.rng_fingerprint() and \
                any(event.reveals for event in events) and len(view.search_actions()) > 1:
            return view, action
        ply += 1
    raise AssertionError(f"no revealing move in a whole {game.id} game")


@pytest.mark.parametrize("game_id", ["scrumpy", "stumped", "scrappers"])
def test_a_move_that_reveals_without_randomness_is_never_followed_by_its_subtree(game_id):
    """The imagined worlds a search plays leave events out: the move is judged again in a plain world, whose
    events say what it revealed, so the next decision searches afresh."""
    game = registry.get(game_id)
    view, action = revealing_move(game)
    bot = game.bot_kind(HARD).make()
    tree = Node(None, None)
    tree.children[action] = Node(action, view.current_player(), visits=5)
    for seed in range(5):
        expected = bot._expect(view, view.current_player(), action, tree, random.Random(seed))
        assert expected.continues and expected.subtree is None and expected.view is None


def test_a_decision_after_a_certain_move_searches_on_from_its_subtree():
    found = certain_and_uncertain(STUMPED)
    _, view, _, _ = found[True]
    state = found[True][0]
    bot, _ = hard(STUMPED, cost=0.02)
    bot.search.guide = None  # the search's own most played move, so its subtree is the deepest
    bot.turn.prior = 1  # the whole second for this decision
    action = bot.choose(view, random.Random(4))
    subtree = bot.expected.subtree if bot.expected else None
    state.apply(action)
    after = state.view(view.current_player())
    assert subtree is not None and subtree.children and bot.expected.view == after.to_dict()
    carried = {move: child.visits for move, child in subtree.children.items()}
    bot.choose(after, random.Random(5))
    assert bot.last_reused == subtree.visits > 0 and bot.last_iterations > 0
    assert all(child.visits >= carried.get(move, 0) for move, child in subtree.children.items())


def test_a_new_turn_starts_a_fresh_tree_and_a_fresh_share():
    bot, _ = hard(STUMPED)
    bot.expected = Expected(False, {"anything": 1}, Node(None, None, visits=9))
    bot.turn.spent, bot.turn.searched = 1.5, 3
    view = (state := midgame(0)).view(state.current_player())
    bot.choose(view, random.Random(2))
    assert bot.last_reused == 0 and bot.turn.lengths[-1] == 3 and bot.turn.searched == 1


class Instant(Bot):
    """Plays the first legal action at once."""

    def choose(self, view, rng):
        return view.legal_actions()[0]


def test_in_the_window_a_bot_pauses_at_the_start_of_its_turn_and_briefly_within_it():
    match = Match(registry.get("scrimish"), [Seat("A", "orange", "casual"), Seat("B", "sky", "casual")], {}, 1)
    match.bots = {0: Instant(), 1: Instant()}
    runner = BotRunner()
    pauses = []
    for _ in range(3):
        seat, waited = match.state.current_player(), 0.0
        while (action := runner.poll(match, 1 / 60, 1.0)) is None:
            waited += 1 / 60
            assert waited < 5
        pauses.append((seat, runner.pause(), runner.pause(0.4)))
        match.apply(action)
    runner.close()
    assert pauses[0][1:] == (THINK_SECONDS, 0.4)  # the first decision of a turn: the whole pause
    follows = [pause for pause, before in zip(pauses[1:], pauses) if pause[0] == before[0]]
    assert follows and all(pause[1:] == (FOLLOW_SECONDS, FOLLOW_SECONDS) for pause in follows)
    assert FOLLOW_SECONDS < THINK_SECONDS


def test_the_turn_benchmark_times_whole_turns_of_hard_bot_tables(monkeypatch):
    from benchmarks import run

    monkeypatch.setattr(run, "HARD_TURN_SECONDS", 4.0)  # a few turns, then the time is up
    walls, cpus = run.hard_turns("scrumpy", turns=1)
    assert 1 <= len(walls) == len(cpus) <= 3 and all(wall > 0 for wall in walls)
