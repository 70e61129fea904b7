"""One view per game, named by its Game (`Game.view`, a dotted "module:Class" string)."""
from __future__ import annotations

import importlib

from games.core.game import Game


def view_for(game: Game):
    """Returns the view class a game names."""
    if not game.view:
        raise LookupError(f"{game.title} names no view (set Game.view to 'graphics.views.<module>:<Class>')")
    module, _, name = game.view.partition(":")
    return getattr(importlib.import_module(module), name)
