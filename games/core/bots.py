"""Computer players. A bot sees only `state.view(seat)` and answers with one legal action."""
from __future__ import annotations

import os
import random
import secrets
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


BOT_SEEDS = 2**63  # a bots' seed is a whole number below this, like a match's seed


def decision_rng(seed: int, seat: int, ply: int) -> random.Random:
    """Returns the generator a bot uses for one decision: fixed by the bots' seed, seat and ply. A match passes
    its own bots' seed (Match.bot_seed), drawn apart from the seed that deals the cards, so that the bots'
    randomness cannot be worked out from the deal (nor the deal from the bots' moves)."""
    return random.Random(f"bot:{seed}:{seat}:{ply}")


FIXED_BOT_SEED = "KITCHEN_TABLE_BOT_SEED"  # an environment variable: every new match's bots' seed (tests, debugging)


def fresh_bot_seed() -> int:
    """Returns a new bots' seed drawn from the system's secure source (never from the deal's seed); where the
    environment variable KITCHEN_TABLE_BOT_SEED holds a whole number, that number (the test suite sets it, so
    that its bot games play the same every run; a person reproducing a bot game may too)."""
    fixed = os.environ.get(FIXED_BOT_SEED, "").strip()
    if fixed.isdigit() and int(fixed) < BOT_SEEDS:
        return int(fixed)
    return secrets.randbelow(BOT_SEEDS)


def game_bot_seed(bot_seed: int, game_seed: int) -> int:
    """Returns the bots' seed of one game of a headless run (the arena, --simulate): made from the run's own bots'
    seed and the game's seed, so a run plays the same games again with the same two seeds, and a game's bots
    use other randomness than its deal."""
    return random.Random(f"bots:{bot_seed}:{game_seed}").getrandbits(63)
