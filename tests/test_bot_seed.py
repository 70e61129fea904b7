"""The bots' randomness is drawn apart from the deal (issue 33): a match's bots use its own bots' seed, kept in the
save; a headless run (arena, --simulate) has its own reproducible bots' seed."""
import json

import pytest

from games import registry
from games.core.bots import BOT_SEEDS, FIXED_BOT_SEED, decision_rng, game_bot_seed
from games.core.errors import SaveError
from games.core.match import Match, Seat
from games.simulate import play_games


def seats(bot: str = "normal") -> list[Seat]:
    return [Seat("Ann", "orange", bot), Seat("Bot", "sky", bot)]


def bot_draws(match: Match, count: int = 4) -> list[float]:
    """Returns the first draws of the generator the match gives its bot to move after one move."""
    match.apply(match.state.legal_actions()[0])
    _, _, rng = match.bot_request()
    return [rng.random() for _ in range(count)]


def test_the_bots_generator_follows_the_bot_seed_not_the_deals_seed():
    game = registry.get("scrimish")
    first = Match(game, seats(), seed=7, bot_seed=1)
    drawn = bot_draws(first)
    assert bot_draws(Match(game, seats(), seed=7, bot_seed=2)) != drawn  # same deal, other bots' seed
    assert bot_draws(Match(game, seats(), seed=7, bot_seed=1)) == drawn  # same both: same draws
    assert bot_draws(Match(game, seats(), seed=8, bot_seed=1)) == drawn  # the deal's seed plays no part
    old_way = decision_rng(7, first.bot_seat(), 1)  # what the bot got before: from the deal's seed
    assert drawn != [old_way.random() for _ in range(4)]


def test_a_match_without_a_bot_seed_draws_a_fresh_one_whatever_its_deal(monkeypatch):
    monkeypatch.delenv(FIXED_BOT_SEED, raising=False)  # (the suite fixes it: tests/conftest.py)
    game = registry.get("scrimish")
    drawn = {Match(game, seats(), seed=3).bot_seed for _ in range(5)}
    assert len(drawn) == 5 and all(0 <= seed < BOT_SEEDS for seed in drawn)
    assert 3 not in drawn


def test_a_save_keeps_the_bot_seed_and_the_bots_play_on_as_before(tmp_path):
    game = registry.get("scrimish")
    match = Match(game, seats(), seed=5, bot_seed=123456789)
    match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "game.json")
    assert json.loads((tmp_path / "game.json").read_text())["bot_seed"] == 123456789
    loaded = Match.load(tmp_path / "game.json")
    assert loaded.bot_seed == 123456789
    draws = [rng.random() for rng in (match.bot_request()[2], loaded.bot_request()[2])]
    assert draws[0] == draws[1]


def test_the_environment_may_fix_every_new_matchs_bot_seed(monkeypatch):
    game = registry.get("scrimish")
    monkeypatch.setenv(FIXED_BOT_SEED, "31")
    assert Match(game, seats(), seed=3).bot_seed == 31 == Match(game, seats(), seed=4).bot_seed
    for unusable in ("", "-1", "x", str(BOT_SEEDS)):
        monkeypatch.setenv(FIXED_BOT_SEED, unusable)
        assert len({Match(game, seats(), seed=3).bot_seed for _ in range(3)}) == 3


def test_an_old_save_without_a_bot_seed_loads_with_a_fresh_one(tmp_path, monkeypatch):
    monkeypatch.delenv(FIXED_BOT_SEED, raising=False)
    game = registry.get("scrimish")
    match = Match(game, seats(), seed=5, bot_seed=42)
    match.apply(match.state.legal_actions()[0])
    data = match.to_dict()
    del data["bot_seed"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    loaded = [Match.load(tmp_path / "old.json") for _ in range(3)]
    assert len({m.bot_seed for m in loaded}) == 3 and 42 not in {m.bot_seed for m in loaded}
    assert loaded[0].state.to_dict() == match.state.to_dict()


@pytest.mark.parametrize("bad", [-1, BOT_SEEDS, "7", 1.5, True, None])
def test_a_save_with_a_wrong_bot_seed_is_refused_in_one_line(tmp_path, bad):
    match = Match(registry.get("scrimish"), seats(), seed=5, bot_seed=42)
    data = match.to_dict()
    data["bot_seed"] = bad
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged"):
        Match.load(tmp_path / "bad.json")


def test_a_runs_bots_seed_is_apart_from_each_games_seed_and_reproducible():
    assert game_bot_seed(0, 5) == game_bot_seed(0, 5)
    assert len({game_bot_seed(0, seed) for seed in range(50)}) == 50
    assert game_bot_seed(0, 5) != game_bot_seed(1, 5) and game_bot_seed(0, 5) != 5
    lineup = [(seed, ("easy", "easy")) for seed in range(6)]  # Easy's careless moves use the bots' generator
    first, again = (play_games("scrimish", 2, {}, lineup, bot_seed=9) for _ in range(2))
    other = play_games("scrimish", 2, {}, lineup, bot_seed=10)
    assert first.lengths == again.lengths and first.seat_wins == again.seat_wins
    assert other.lengths != first.lengths
