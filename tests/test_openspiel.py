"""The OpenSpiel comparison (benchmarks/openspiel_scrimish.py): its arguments and report always; with the optional
OpenSpiel package, the pyspiel wrapper of Scrimish against our rules move by move, information-state strings that
hide what a view hides, the time-bounded ISMCTS, and a tiny match."""
import io
import json
import random
import sys
import time

import pytest

from benchmarks import openspiel_scrimish as script
from benchmarks.search import midgame_views
from games import registry
from games.arena import wilson
from games.core.levels import HARD, levels

SEEDS = (0, 1, 2)


def fake_results() -> list:
    """Returns four finished games: Hard wins two (one in each seat), loses one and one is a draw."""
    results = [script.Result(seed, seed % 2, winner, 60) for seed, winner in
               enumerate((script.HARD_SIDE, script.HARD_SIDE, script.OPENSPIEL_SIDE, None))]
    for result in results:
        result.sides[script.HARD_SIDE].add(500, 1.0)
        result.sides[script.HARD_SIDE].add(0, 0.001)  # a forced move: not a searched one
        result.sides[script.OPENSPIEL_SIDE].add(100, 1.0)
    return results


# --- without OpenSpiel: what CI covers ----------------------------------------------------------------------
def test_arguments_default_to_hard_levels_time_and_exploration():
    args = script.parse_args([])
    assert args.seconds == levels()[HARD].seconds and args.iterations is None
    assert args.games == 40 and args.workers == 1 and args.clock == "cpu"
    assert args.uct_c == pytest.approx(2 * levels()[HARD].exploration)
    assert script.budget_of(args) == script.Budget(levels()[HARD].seconds, None, "cpu")


@pytest.mark.parametrize("clock", ["cpu", "wall"])
def test_hard_gets_the_whole_budget_every_move_as_openspiel_does(clock):
    """Not the app's turn budget, which shares a turn's time between its decisions: that gave Hard about 0.8 s a
    decision to OpenSpiel's 1 s in Scrimish."""
    hard = script.hard_bot(script.Budget(0.7, None, clock))
    assert hard.turn is None and hard.search.seconds == 0.7 and hard.search.iterations is None
    assert (hard.search.clock is time.process_time) == (clock == "cpu")
    read = []

    def clock() -> float:  # a clock that moves on a millisecond each time it is read
        read.append(len(read) / 1000)
        return read[-1]
    hard.search.clock = clock
    hard.choose(midgame_views("scrimish", 2, 1)[0], random.Random(1))
    assert read[-1] >= 0.7  # it searched until the move's whole time was up


def test_iterations_replace_the_time_for_both_sides():
    args = script.parse_args(["--iterations", "300", "--games", "4", "--seed", "7", "--json"])
    budget = script.budget_of(args)
    assert budget.iterations == 300 and budget.seconds is None and args.json
    assert budget.words() == "300 iterations a move each"


@pytest.mark.parametrize("argv", [["--games", "0"], ["--iterations", "0"], ["--seconds", "0"], ["--workers", "0"],
                                  ["--seconds", "1", "--iterations", "10"], ["--clock", "sundial"]])
def test_bad_arguments_stop_with_a_message(argv, capsys):
    with pytest.raises(SystemExit):
        script.parse_args(argv)
    assert capsys.readouterr().err


def test_summary_counts_wins_draws_and_the_wilson_interval_of_the_arena():
    args = script.parse_args(["--games", "4"])
    figures = script.summary(args, fake_results(), 12.0)
    assert (figures["hard_wins"], figures["openspiel_wins"], figures["draws"]) == (2, 1, 1)
    assert figures["hard_win_rate"] == 0.625  # a draw counts half
    assert figures["ci95"] == [round(x, 4) for x in wilson(2.5, 4)]
    assert figures["hard_wins_by_seat"] == [1, 1]
    assert figures["thinking"][script.HARD_SIDE] == {"searched": 4, "iterations_per_move": 500.0, "cpu_per_move": 1.0}
    assert figures["thinking"][script.OPENSPIEL_SIDE]["iterations_per_move"] == 100.0
    json.dumps(figures)


def test_report_names_the_budget_the_score_and_each_sides_thinking():
    args = script.parse_args(["--games", "4", "--seconds", "0.5"])
    out = io.StringIO()
    script.write_report(out, script.summary(args, fake_results(), 12.0))
    text = out.getvalue()
    assert "0.5 s a move each, counted in CPU time" in text
    assert "Hard won 2, OpenSpiel won 1, draws 1" in text
    assert "62.5%" in text and "Wilson" in text
    assert "500 imagined games" in text and "100 imagined games" in text


def test_runs_played_apart_merge_into_one_runs_figures(tmp_path):
    results = fake_results()
    whole = script.summary(script.parse_args(["--games", "4"]), results, 12.0)
    halves = [script.summary(script.parse_args(["--games", "2", "--seed", str(seed)]), results[seed:seed + 2], 6.0)
              for seed in (2, 0)]
    merged = script.merge(halves)
    for key in ("games", "seed", "hard_wins", "openspiel_wins", "draws", "hard_win_rate", "ci95",
                "hard_wins_by_seat", "thinking"):
        assert merged[key] == whole[key], key
    assert merged["parts"] == 2 and merged["plies_median"] is None
    for n, half in enumerate(halves):
        (tmp_path / f"{n}.json").write_text(json.dumps(half))
    out = io.StringIO()
    assert script.main(["--merge", str(tmp_path / "0.json"), str(tmp_path / "1.json")], out, io.StringIO()) == 0
    assert "Hard won 2, OpenSpiel won 1, draws 1" in out.getvalue() and "2 runs side by side" in out.getvalue()


def test_runs_that_do_not_follow_on_are_not_merged():
    results = fake_results()
    parts = [script.summary(script.parse_args(["--games", "2", "--seed", str(seed)]), results[:2], 6.0)
             for seed in (0, 3)]
    with pytest.raises(ValueError, match="do not follow on"):
        script.merge(parts)
    other = script.summary(script.parse_args(["--games", "2", "--seed", "2", "--iterations", "9"]), results[:2], 6.0)
    with pytest.raises(ValueError, match="budget"):
        script.merge([parts[0], other])


def test_without_openspiel_the_script_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    err = io.StringIO()
    assert script.main(["--games", "1"], io.StringIO(), err) == 2
    assert "requirements-openspiel.txt" in err.getvalue()


# --- with OpenSpiel ---------------------------------------------------------------------------------------
@pytest.fixture
def spiel():
    """Returns the wrapper module (skips the test where OpenSpiel is not installed)."""
    pytest.importorskip("pyspiel")
    from benchmarks import openspiel_scrimish_game
    return openspiel_scrimish_game


def test_wrapper_follows_our_rules_move_by_move(spiel):
    """Random seeded games played on the wrapper and on our state side by side: the same seat to move, the
    moves our search considers, the same position after each move, and +1/-1 to the winner and the loser."""
    for seed in SEEDS:
        wrapped = spiel.ScrimishGame({"seed": seed}).new_initial_state()
        ours = spiel.new_scrimish(seed)
        rng = random.Random(seed)
        while not ours.is_over():
            assert wrapped.current_player() == ours.current_player()
            moves = [spiel.catalogue()[n] for n in wrapped.legal_actions()]
            assert sorted(map(repr, moves)) == sorted(map(repr, ours.search_actions()))
            action = rng.choice(ours.search_actions())
            wrapped.apply_action(spiel.action_ids()[action])
            ours.apply(action)
            assert wrapped.ours.to_dict() == ours.to_dict()
        assert wrapped.is_terminal() and wrapped.current_player() < 0
        winner = ours.winners()[0]
        assert wrapped.returns() == [1.0 if seat == winner else -1.0 for seat in range(2)]


def midgame(spiel, seed: int, moves: int = 30):
    """Returns a wrapped duel after `moves` random moves."""
    state = spiel.ScrimishGame({"seed": seed}).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_information_state_strings_hide_what_a_view_hides(spiel):
    """Two worlds that differ only in cards seat 1 has not seen give seat 1 the same string; seat 2, who sees
    its own cards, tells them apart."""
    state = midgame(spiel, 4)
    game = state.get_game()
    view = state.ours.view(0)
    worlds = [game.wrap(view.determinize(random.Random(n))) for n in range(2)]
    assert worlds[0].ours.to_dict() != worlds[1].ours.to_dict()
    assert worlds[0].information_state_string(0) == worlds[1].information_state_string(0)
    assert worlds[0].information_state_string(0) == state.information_state_string(0)
    assert worlds[0].information_state_string(1) != worlds[1].information_state_string(1)
    assert state.observation_string(0) == state.information_state_string(0)


def test_clones_are_independent_and_keep_the_history(spiel):
    state = midgame(spiel, 5, 10)
    clone = state.clone()
    assert clone.ours is not state.ours and clone.history() == state.history()
    before = state.ours.to_dict()
    clone.apply_action(clone.legal_actions()[0])
    assert state.ours.to_dict() == before and clone.ours.to_dict() != before


def test_resampler_deals_a_full_world_the_mover_cannot_tell_apart(spiel):
    state = midgame(spiel, 6)
    seat = state.current_player()
    world = spiel.resampler(state.get_game(), random.Random(1))(state, seat)
    world.ours.check()
    assert world.ours.viewer is None and world.ours is not state.ours
    assert world.information_state_string(seat) == state.information_state_string(seat)


def test_timed_ismcts_stops_at_its_deadline(spiel):
    """With a clock that moves one second per reading, a 3 s budget stops after a few simulations, far short of
    the cap; with a budget of simulations it runs exactly that many."""
    state = midgame(spiel, 7)
    ticks = iter(range(10**6))
    timed = spiel.timed_ismcts(state.get_game(), random.Random(0), 1.4, 3.0, None, lambda: float(next(ticks)))
    timed.step(state)
    assert 1 <= timed.last_simulations <= 3
    counted = spiel.timed_ismcts(state.get_game(), random.Random(0), 1.4, None, 12, lambda: 0.0)
    assert counted.step(state) in state.legal_actions()
    assert counted.last_simulations == 12


def test_a_tiny_match_plays_and_reports(spiel):
    out = io.StringIO()
    assert script.main(["--games", "2", "--iterations", "4", "--seed", "3", "--json"], out, io.StringIO()) == 0
    figures = json.loads(out.getvalue())
    assert figures["games"] == 2 and figures["hard_wins"] + figures["openspiel_wins"] + figures["draws"] == 2
    for side in (script.HARD_SIDE, script.OPENSPIEL_SIDE):
        assert figures["thinking"][side]["iterations_per_move"] == 4.0
    assert figures["plies_median"] <= registry.get("scrimish").longest_game


def test_halves_played_apart_are_the_games_of_one_run(spiel):
    """With a budget of iterations the games replay exactly: two halves merged report what one run does."""
    def run(argv):
        out = io.StringIO()
        assert script.main(argv + ["--iterations", "3", "--json"], out, io.StringIO()) == 0
        return json.loads(out.getvalue())
    whole = run(["--games", "4"])
    merged = script.merge([run(["--games", "2", "--seed", "0"]), run(["--games", "2", "--seed", "2"])])
    for key in ("hard_wins", "hard_wins_by_seat"):
        assert merged[key] == whole[key], key
    for side in (script.HARD_SIDE, script.OPENSPIEL_SIDE):  # the same decisions searched (CPU seconds vary)
        assert merged["thinking"][side]["searched"] == whole["thinking"][side]["searched"]
