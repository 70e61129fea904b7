"""Bot levels offered at setup for every game: Easy (the game's own heuristic bot with careless moves
on purpose), Normal (the heuristic bot) and Hard (the information-set search of games/core/ismcts.py,
with the game's search profile, `Game.search`). Names, descriptions and numbers: data/table/levels.yaml."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from games.core.actions import Action
from games.core.bots import Bot, BotKind
from games.core.data import at_least, load_list
from games.core.errors import DataError
from games.core.game import DATA_ROOT
from games.core.ismcts import Search, SearchBot
from games.core.state import State

EASY, NORMAL, HARD = "easy", "normal", "hard"


@dataclass(frozen=True)
class Level:
    """A level as the setup screen offers it. Hard's numbers are the search's own settings, the same for
    every game (what a game tells the search is its `Game.search` profile): its time a move, how boldly its
    tree explores, the credit to its guide's move, and how sure a paired search must be to leave that move."""

    id: str
    label: str
    blurb: str
    mistakes: float = field(default=0.0, metadata=at_least(0, 1))
    seconds: float = field(default=1.0, metadata=at_least(0.01, 30))
    guide_share: float = field(default=0.0, metadata=at_least(0, 1))
    paired_z: float = field(default=1.5, metadata=at_least(0, 10))
    exploration: float = field(default=0.7, metadata=at_least(0, 10))  # the UCB constant of Hard's tree


@functools.lru_cache(maxsize=1)
def levels() -> dict[str, Level]:
    """Returns the levels by id, in the order they are offered."""
    path = DATA_ROOT / "table" / "levels.yaml"
    found = {level.id: level for level in load_list(path, "levels", Level)}
    if sorted(found) != sorted((EASY, NORMAL, HARD)) or len(found) != 3:
        raise DataError(f"{path}: 'levels' must be {EASY}, {NORMAL} and {HARD}, once each; got {', '.join(found) or 'none'}")
    return found


class Careless(Bot):
    """Plays like `inner`, but now and then a random move instead (never a back-out)."""

    def __init__(self, inner: Bot, mistakes: float) -> None:
        self.inner = inner
        self.mistakes = mistakes

    def choose(self, view: State, rng: random.Random) -> Action:
        """Returns the inner bot's choice, or with probability `mistakes` a random action worth searching."""
        if rng.random() < self.mistakes:
            return rng.choice(view.search_actions())
        return self.inner.choose(view, rng)


def level_kinds(game) -> tuple[BotKind, ...]:
    """Returns the Easy, Normal and Hard bots of a game, built from its own heuristic bot (its first)."""
    heuristic = game.bots[0]
    found = []
    for level in levels().values():
        if level.id == HARD:
            make = _searcher(game, level.seconds)
        elif level.mistakes > 0:
            make = _careless(heuristic, level.mistakes)
        else:
            make = heuristic.make
        found.append(BotKind(level.id, level.label, make, level.blurb))
    return tuple(found)


def _careless(heuristic: BotKind, mistakes: float):
    """Returns a maker of the careless heuristic bot."""
    return lambda: Careless(heuristic.make(), mistakes)


def _searcher(game, seconds: float | None, iterations: int | None = None):
    """Returns a maker of the search bot with the given budget and the game's profile (`Game.search`), guided by
    the profile's guide bot (else the game's first bot, Normal's), its move credited with the profile's share
    of the root's visits (else the Hard level's)."""
    hard, profile = levels()[HARD], game.search
    share = profile.guide.share if profile.guide.share is not None else hard.guide_share

    def make() -> SearchBot:
        guide = (game.bot_kind(profile.guide.bot) if profile.guide.bot else game.bots[0]).make()
        return SearchBot(Search(iterations=iterations, seconds=seconds, exploration=hard.exploration,
                                paired_z=hard.paired_z, profile=profile,
                                guide=guide.choose, guide_share=share))
    return make


def search_kind(game, iterations: int) -> BotKind:
    """Returns the Hard level with a fixed budget of `iterations` a move instead of a time: the same
    moves on any machine, for measurements."""
    hard = levels()[HARD]
    return BotKind(HARD, hard.label, _searcher(game, None, iterations), hard.blurb)
