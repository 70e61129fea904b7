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

    def explain(self, view: State, action: Action) -> str | None:
        """Returns what this bot's rules of thumb say about `action` in a few words a player understands (a
        hint's top move quotes it: "the Normal bot expects it to win about 2.3 card points"), None where they
        say nothing about that kind of move. Reads the view only, as `choose` does."""
        return None


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


def about(value: float, unit: str) -> str:
    """Returns an amount for an explanation: "about 2.3 card points" (singular for about one)."""
    shown = f"{abs(value):.1f}"
    return f"about {shown} {unit}{'' if shown == '1.0' else 's'}"


def decision_rng(seed: int, seat: int, ply: int) -> random.Random:
    """Returns the generator a bot uses for one decision: fixed by match seed, seat and ply."""
    return random.Random(f"bot:{seed}:{seat}:{ply}")
