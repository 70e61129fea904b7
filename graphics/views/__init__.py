"""One view per game, named by its Game (`Game.view`, a dotted "module:Class" string)."""
from __future__ import annotations

import importlib

from games.core.errors import DataError
from games.core.game import Game, data_message
from graphics.assets import ROOT
from graphics.kit import coach
from graphics.sound import sound_table

COVERS = ROOT / "covers"  # each game's cover on the menu: <id>.svg (or .png)


def view_for(game: Game):
    """Returns the view class a game names."""
    if not game.view:
        raise LookupError(f"{game.title} names no view (set Game.view to 'graphics.views.<module>:<Class>')")
    module, _, name = game.view.partition(":")
    return getattr(importlib.import_module(module), name)


def data_problem(game: Game) -> str | None:
    """Returns what is wrong with a game's data (its rules' files, then its view's: layout, card faces...)
    as one line naming the file, the entry and the field; None when everything loads."""
    problem = game.data_problem()
    if problem is not None:
        return problem
    try:
        view_for(game).check_data(game.id)
        coach.for_game(game)  # the coach's words, data/<game>/coach.yaml
        sound_table(game.id)  # which event sounds how, data/<game>/sounds.yaml
    except (DataError, ValueError) as error:  # physics.yaml reports a plain ValueError naming its file
        return data_message(error)
    return cover_problem(game.id)


def cover_problem(game_id: str) -> str | None:
    """Returns the line saying a game's menu cover is missing, or None."""
    if any((COVERS / f"{game_id}{suffix}").is_file() for suffix in (".svg", ".png")):
        return None
    return (f"graphics/assets/covers/{game_id}.svg: the game's cover is missing (the picture on its menu tile, "
            f"an SVG or PNG)")
