"""One view per game: draws a seat's view of the state and maps legal actions to the board."""
from __future__ import annotations

import importlib

VIEWS = {"scrimish": "graphics.views.scrimish:ScrimishView", "crumbs": "graphics.views.crumbs:CrumbsView"}


def view_for(game_id: str):
    """Returns the view class of a game."""
    module, _, name = VIEWS[game_id].partition(":")
    return getattr(importlib.import_module(module), name)
