"""Computer players. A bot sees only `state.view(seat)` and answers with one legal action."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from games.core.actions import Action
from games.core.state import State


class Bot:
    """A computer player; subclasses decide from a view, never from the full state."""

    def choose(self, view: State, rng: random.Random) -> Action:
        """Returns one of `view.legal_actions()`; `rng` is the only randomness it may use."""
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions: for fuzzing and the easiest opponent."""

    def choose(self, view: State, rng: random.Random) -> Action:
        """Returns a uniformly random legal action."""
        return rng.choice(view.legal_actions())


@dataclass(frozen=True)
class BotKind:
    """A kind of bot a seat can be given at setup."""

    id: str
    label: str
    make: Callable[[], Bot]
    blurb: str = ""


RANDOM = BotKind("random", "Random", RandomBot)


def decision_rng(seed: int, seat: int, ply: int) -> random.Random:
    """Returns the generator a bot uses for one decision: fixed by match seed, seat and ply."""
    return random.Random(f"bot:{seed}:{seat}:{ply}")
