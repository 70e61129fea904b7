"""Hints: the Hard search's three best moves for a seat that asks, each with a one-line reason, computed from
that seat's view only (never the full state). The top move's reason adds what the Normal bot's rules of
thumb say about it: the game's own words where its heuristic bot explains a move (Bot.explain), else only
whether the Normal bot would play it too."""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from games.core.actions import Action
from games.core.ismcts import Search, SearchBot
from games.core.levels import HARD, level_kinds, search_kind
from games.core.state import State

COUNT = 3  # moves a hint shows
MOST_CHARS = 110  # a reason is one short line


@dataclass(frozen=True)
class Hint:
    """One recommended move: how many imagined games tried it, the share of them it won, and why, in words."""

    action: Action
    games: int
    share: float
    reason: str


@dataclass(frozen=True)
class Advice:
    """A hint for `seat`: its moves, best first (ranked by the share of imagined games won)."""

    seat: int
    hints: tuple[Hint, ...]
    forced: bool = False  # only one move was possible: answered without a search

    def actions(self) -> list[Action]:
        return [hint.action for hint in self.hints]


def hint_search(game, seconds: float | None = None, iterations: int | None = None) -> Search:
    """Returns the Hard level's search for `game` with a budget of `iterations` (the same answer on any
    machine) or else the level's own time; it searches every kind of decision, also those the Hard bot
    leaves to its guide, so that each move gets a share."""
    if iterations is not None:
        bot = search_kind(game, iterations).make()
    else:
        bot = next(kind for kind in level_kinds(game) if kind.id == HARD).make()
    if not isinstance(bot, SearchBot):
        raise TypeError(f"{game.id}'s Hard level is not a search ({type(bot).__name__}): hints need one")
    search = bot.search
    if seconds is not None and iterations is None:
        search = dataclasses.replace(search, seconds=seconds)
    return dataclasses.replace(search, profile=search.profile.searching_every_decision())


def advise(game, view: State, rng: random.Random, seconds: float | None = None,
           iterations: int | None = None) -> Advice:
    """Returns the hint for the seat `view` was made for (it must be that seat's turn): the search's three
    most played moves (fewer if fewer are legal), ranked by the share of imagined games they won. A forced
    move answers at once."""
    seat = view.current_player()
    if seat is None:
        raise ValueError("a finished game has no hint")
    legal = view.legal_actions()
    search_seed, thumb_seed = rng.random(), rng.random()
    worth = view.search_actions()
    if len(legal) == 1 or len(worth) == 1:
        only = worth[0] if len(worth) == 1 else legal[0]
        return Advice(seat, (Hint(only, 0, 1.0, "The only move you can make now (the rest would undo a choice)."
                                  if len(legal) > 1 else "The only move you can make now."),), forced=True)
    search = hint_search(game, seconds, iterations)
    _, root = search.run(view, random.Random(search_seed))
    tried = [move for move in Search.root_statistics(root) if move[0] in legal][:COUNT]
    tried.sort(key=lambda move: (-move[2], -move[1]))  # stable: equal shares keep the more played first
    hints = [Hint(action, games, share, won(share, games)) for action, games, share in tried]
    if hints:
        thumb = rules_of_thumb(game, view, hints[0].action, random.Random(thumb_seed))
        if thumb:
            hints[0] = dataclasses.replace(hints[0], reason=f"{hints[0].reason}; {thumb}")
    return Advice(seat, tuple(hints))


def won(share: float, games: int) -> str:
    """Returns the reason every hinted move has: "Won 64% of 820 imagined games"."""
    return f"Won {round(100 * share)}% of {games:,} imagined game{'s' if games != 1 else ''}"


def rules_of_thumb(game, view: State, action: Action, rng: random.Random) -> str | None:
    """Returns what the Normal bot's rules of thumb say about `action` in a few words: the game's own
    reason where its heuristic gives one, else whether the Normal bot would play it too."""
    normal = game.bots[0].make()
    said = normal.explain(view, action)
    if said:
        return said
    return "the Normal bot would play it too" if normal.choose(view, rng) == action else None
