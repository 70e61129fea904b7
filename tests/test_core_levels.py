"""Bot levels for every game: Easy, Normal and Hard from data/table/levels.yaml, built from the game's
own heuristic bot and the search."""
import random

import pytest

from games import registry
from games.core.bots import RandomBot
from games.core.ismcts import SearchBot
from games.core.levels import Careless, levels

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]


def test_the_levels_come_from_yaml_with_names_and_descriptions():
    assert list(levels()) == ["easy", "normal", "hard"]
    assert all(level.label and len(level.blurb) > 20 for level in levels().values())
    assert 0 < levels()["easy"].mistakes < 1 and levels()["hard"].seconds <= 1.0


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_easy_normal_and_hard(game):
    kinds = {kind.id: kind for kind in game.levels}
    assert list(kinds) == ["easy", "normal", "hard"]
    assert type(kinds["normal"].make()) is type(game.bots[0].make())
    assert isinstance(kinds["easy"].make(), Careless) and isinstance(kinds["hard"].make(), SearchBot)
    assert game.bot_kind("hard") is kinds["hard"] and game.bot_kind(game.bots[0].id) is game.bots[0]
    search, guide = kinds["hard"].make().search, game.search.guide
    assert search.profile is game.search  # the game's profile, whole
    hard = levels()["hard"]
    assert (search.seconds, search.exploration, search.paired_z) == (hard.seconds, hard.exploration, hard.paired_z)
    share = guide.share if guide.share is not None else levels()["hard"].guide_share
    assert search.guide is not None and search.guide_share == share > 0
    assert type(search.guide.__self__) is type(game.bot_kind(guide.bot or game.bots[0].id).make())


def test_a_careless_bot_makes_mistakes_at_its_rate_and_plays_legally():
    class Steady(RandomBot):
        def choose(self, view, rng):
            return view.legal_actions()[0]

    state = registry.get("scrimish").new_state(2, {}, 1)
    view = state.view(0)
    bot, rng = Careless(Steady(), 0.35), random.Random(2)
    choices = [bot.choose(view, rng) for _ in range(2000)]
    assert all(choice in state.legal_actions() for choice in choices)
    own = view.legal_actions()[0]
    off = sum(choice != own for choice in choices) / len(choices)
    assert 0.25 < off < 0.4
