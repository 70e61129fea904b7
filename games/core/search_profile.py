"""What a game tells the Hard level's search (games/core/ismcts.py): one `SearchProfile` of three parts,
how to play an imagined game on (`Simulation`), how to ready an imagined world (`SearchProfile.world`) and
which of the game's bots guides the search (`Guide`). A game passes its profile as `Game(search=...)`;
a game that passes none gets random rollouts to the end, no readying, and its first bot as the guide.

The profile says only what the game knows. The level's own settings (its budget, how boldly it explores,
how sure it must be to leave its guide; data/table/levels.yaml) are `ismcts.Search`'s, and
games/core/levels.py puts the two together.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Callable

from games.core.actions import Action
from games.core.state import State

Policy = Callable[[State, random.Random], Action]  # picks an action for the seat to move in a full state
LONGEST_ROLLOUT = 2_000  # actions after which a rollout with no depth of its own stops all the same


@dataclass(frozen=True)
class Simulation:
    """How the search plays an imagined game on from the node it reached (its rollout), and what that game
    is worth to each seat.

    `playout`, where a game has one, plays a full state to the end its own fast way and returns each seat's
    reward (Scrimish: plain data instead of the engine); it replaces the rest. Otherwise `policy` (a cheap
    move choice on a full state; None: uniformly random among `search_actions()`) plays up to `depth`
    actions; a game finished by then is scored by its winners, an unfinished one by `value` (each seat's
    reward, shares of one; None: an even share each). Without a `depth` a rollout plays to the end (stopped
    after LONGEST_ROLLOUT actions all the same).
    """

    policy: Policy | None = None
    playout: Callable[[State, random.Random], list[float]] | None = None
    depth: int | None = None
    value: Callable[[State], list[float]] | None = None

    @property
    def limit(self) -> int:
        """Returns the actions a rollout plays at most: its `depth`, else LONGEST_ROLLOUT."""
        return self.depth if self.depth is not None else LONGEST_ROLLOUT


@dataclass(frozen=True)
class Guide:
    """The game's heuristic bot the search starts from, and what it leaves to it.

    `bot` is the id of one of the game's `bots` (None: the first, the Normal level's). Its move at the root is
    credited with `share` of the root's visits (None: the Hard level's own share), so the search leaves it
    only for a move its imagined games clearly prefer. Decisions of the kinds in `decisions` are the
    guide's alone, answered without a search (secret choices a later seat would see in an imagined game,
    choices whose worth shows only long after a rollout stops). `paired` compares the root's moves side by
    side instead of growing a tree: each on the same imagined worlds with the same luck, the guide's move
    kept unless another beats it by the level's `paired_z` standard errors (for a game whose luck outweighs
    the gaps between moves).
    """

    bot: str | None = None
    share: float | None = None
    decisions: frozenset[str] = frozenset()
    paired: bool = False


@dataclass(frozen=True)
class SearchProfile:
    """Everything a game tells the search: how to simulate (`simulation`), how to ready each imagined world
    before the search plays in it (`world`, changing the determinization in place; None: as dealt; Crumbs
    lands its drops by sampled points there instead of physics) and its `guide`."""

    simulation: Simulation = field(default_factory=Simulation)
    world: Callable[[State], None] | None = None
    guide: Guide = field(default_factory=Guide)

    def searching_every_decision(self) -> SearchProfile:
        """Returns this profile with no decision left to the guide alone (hints search them all)."""
        return replace(self, guide=replace(self.guide, decisions=frozenset()))
