"""The command line: headless simulations print their statistics; bot games run to the end."""
import io
import subprocess
import sys
from pathlib import Path

import pytest

from games.simulate import simulate
from kitchen_table.cli import bot_seats, parse_args

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game, players", [("scrimish", 2), ("scrimish", 4), ("crumbs", 3)])
def test_simulate_prints_win_rates_lengths_and_spread(game, players):
    out = io.StringIO()
    assert simulate(game, 6, players, 3, None, out) == 0
    text = out.getvalue()
    assert "6 games of" in text and "game length (actions): mean" in text and "score spread" in text
    rates = [float(line.split("wins")[1].split("%")[0]) for line in text.splitlines() if line.startswith("  seat")]
    assert len(rates) == players and abs(sum(rates) - 100) < 0.5
    if game == "crumbs":
        assert "Pigeons: wins" in text or "Ducks: wins" in text


def test_simulate_prints_a_games_own_figures():
    out = io.StringIO()
    assert simulate("stumped", 3, 3, 1, None, out) == 0
    rounds = next(line for line in out.getvalue().splitlines() if line.startswith("  rounds: mean"))
    assert 5 < float(rounds.split("mean")[1].split(",")[0]) < 40
    assert "  winner's leaves: mean 10.0" in out.getvalue()
    plain = io.StringIO()
    simulate("scrimish", 2, 2, 1, None, plain)
    assert "rounds" not in plain.getvalue()  # a game without figures of its own prints none


def test_bots_flag():
    assert bot_seats("all", 3) == {0, 1, 2}
    assert bot_seats("2", 4) == {1, 2, 3}
    assert bot_seats(None, 3) == {1, 2}
    assert parse_args(["--simulate", "crumbs", "--games", "5"]).games == 5


def test_crumbs_bot_game_from_the_command_line(tmp_path):
    shots = tmp_path / "shots"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--game", "crumbs", "--players", "2", "--bots", "all", "--seed", "2",
         "--exit-when-over", "--screenshots", str(shots), "--speed", "400", "--data-dir", str(tmp_path / "data")],
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""}, capture_output=True, text=True,
        timeout=300)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    assert names[0].endswith("play.png") and names[-1].endswith("end.png")


def test_simulate_options_bots_per_seat_and_the_first_seat(capsys):
    from kitchen_table.cli import main
    argv = ["--simulate", "crumbs", "--games", "4", "--players", "2", "--seed", "5", "--bots", "park,random",
            "--option", "race=true", "--option", "target=30", "--option", "map=riverside"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "options: map=riverside, race=True, target=30, armies=choose, start=drop" in text
    assert "Park bot, Random by seat" in text
    assert "  Park bot: wins" in text and "  Random: wins" in text and "of 4 games (fair 50.0%" in text
    first = next(line for line in text.splitlines() if line.startswith("  first player (Granny's Favor first)"))
    assert "of 4 games (fair 50.0%" in first


def test_simulate_counts_the_first_favor_seat_wins():
    from games.simulate import play_batch
    tally = play_batch("crumbs", 3, {"map": "central_park", "rounds": 1, "race": False, "target": 50,
                                     "armies": "choose", "start": "drop"}, ["park"] * 3, range(6))
    assert tally.games == tally.first_games == 6 and 0 <= tally.first_wins <= 6
    assert abs(sum(tally.seat_wins.values()) - 6) < 1e-9


@pytest.mark.parametrize("argv, message", [
    (["--option", "map=nowhere"], "map is one of central_park"),
    (["--option", "colour=red"], "KEY one of map, rounds"),
    (["--option", "race"], "expected KEY=VALUE"),
    (["--bots", "park,park,park"], "names 3 bots for 2 seats"),
    (["--bots", "clever"], "no bot 'clever'"),
])
def test_simulate_refuses_bad_flags_with_a_message(argv, message):
    from kitchen_table.cli import main
    with pytest.raises(SystemExit) as stop:
        main(["--simulate", "crumbs", "--games", "1", "--players", "2"] + argv)
    assert message in str(stop.value)


@pytest.mark.parametrize("words, says", [
    (["--game", "nosuch"], "argument --game: no game 'nosuch'"),
    (["--size", "12x"], "argument --size: '12x' is not a window size"),
    (["--size", "0x0"], "argument --size"),
    (["--players", "x"], "argument --players: 'x' is not a whole number"),
    (["--game", "scrimish", "--players", "9"], "Scrimish is played by 2, 3, 4, 5, 6 players, not 9"),
    (["--seed", str(2**64)], "argument --seed"),
    (["--seed", "-1"], "argument --seed"),
    (["--bots", "two"], "argument --bots"),
    (["--speed", "0"], "argument --speed"),
    (["--simulate", "nosuch"], "argument --simulate: no game"),
    (["--arena", "nosuch"], "argument --arena: no game"),
    (["--simulate", "scrimish", "--games", "0"], "argument --games"),
])
def test_a_typo_on_the_command_line_is_one_line_and_exit_code_2(words, says, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_args(words)
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("main.py: error: ") or error.split(":")[1].strip() == "error", error
    assert says in error and "Traceback" not in capsys.readouterr().err


def test_the_largest_seed_the_command_line_takes_is_saved_and_loaded(tmp_path):
    from games.core.match import Match, Seat
    from games.scrimish import GAME
    from kitchen_table.cli import SEEDS
    seed = parse_args(["--seed", str(SEEDS - 1)]).seed
    match = Match(GAME, [Seat("Ann", "orange"), Seat("Ben", "sky", "casual")], {}, seed)
    match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "big.json")
    assert Match.load(tmp_path / "big.json").seed == seed
