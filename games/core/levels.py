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
from games.core.turn_budget import TurnBudget

EASY, NORMAL, HARD = "easy", "normal", "hard"


@dataclass(frozen=True)
class Level:
    """A level as the setup screen offers it. Hard's numbers are the search's own settings, the same for
    every game (what a game tells the search is its `Game.search` profile): its time a move and a turn (how a
    turn's time is shared: games/core/turn_budget.py), how boldly its tree explores, the credit to its guide's
    move, the imagined games a move needs to displace it, and how sure a paired search must be to leave it."""

    id: str
    label: str
    blurb: str
    mistakes: float = field(default=0.0, metadata=at_least(0, 1))
    seconds: float = field(default=1.0, metadata=at_least(0.01, 30))  # at most, one decision
    turn_seconds: float = field(default=2.0, metadata=at_least(0.01, 60))  # all the decisions of a turn
    turn_spare: float = field(default=0.1, metadata=at_least(0, 10))
    least_seconds: float = field(default=0.1, metadata=at_least(0, 10))  # the least share of a turn worth a search
    turn_decisions: float = field(default=4.0, metadata=at_least(1, 100))  # searched decisions a turn, before any seen
    min_visits: int = field(default=0, metadata=at_least(0, 1000))
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
    of the root's visits (else the Hard level's). With a time budget, a turn's decisions share the level's
    turn time and a move needs the level's `min_visits` to displace the guide's; at a fixed budget of
    iterations neither applies, so that moves measured at such budgets stay as they were."""
    hard, profile = levels()[HARD], game.search
    share = profile.guide.share if profile.guide.share is not None else hard.guide_share
    timed = iterations is None

    def make() -> SearchBot:
        guide = (game.bot_kind(profile.guide.bot) if profile.guide.bot else game.bots[0]).make()
        search = Search(iterations=iterations, seconds=seconds, exploration=hard.exploration, paired_z=hard.paired_z,
                        profile=profile, guide=guide.choose, guide_share=share,
                        min_visits=hard.min_visits if timed else 0)
        return SearchBot(search, turn_budget(hard) if timed else None)
    return make


def turn_budget(hard: Level) -> TurnBudget:
    """Returns a fresh budget of a Hard bot's turns from the level's numbers."""
    return TurnBudget(hard.turn_seconds, hard.turn_spare, hard.least_seconds, hard.turn_decisions)


def search_kind(game, iterations: int) -> BotKind:
    """Returns the Hard level with a fixed budget of `iterations` a move instead of a time: the same
    moves on any machine, for measurements."""
    hard = levels()[HARD]
    return BotKind(HARD, hard.label, _searcher(game, None, iterations), hard.blurb)
