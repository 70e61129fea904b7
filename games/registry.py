"""Finds the registered games by id."""
from __future__ import annotations

import importlib

from games import GAME_PACKAGES
from games.core.game import Game


def ids() -> tuple[str, ...]:
    """Returns the ids of all registered games, in menu order."""
    return GAME_PACKAGES


def get(game_id: str) -> Game:
    """Returns the game with id `game_id`; raises KeyError naming the known ids if absent."""
    if game_id not in GAME_PACKAGES:
        raise KeyError(f"no game {game_id!r} (known: {', '.join(GAME_PACKAGES)})")
    return importlib.import_module(f"games.{game_id}").GAME


def all() -> list[Game]:  # noqa: A001 - the contract names it registry.all()
    """Returns every registered game, in menu order."""
    return [get(game_id) for game_id in GAME_PACKAGES]
