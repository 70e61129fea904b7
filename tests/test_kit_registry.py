"""One registry: a game names its view; scenes find each other by name through the app, not by imports."""
import ast
from pathlib import Path

from games import registry
from graphics.views import view_for
from graphics.views.base import GameView
from tests.app_driver import Driver

SCENES = Path(__file__).resolve().parents[1] / "graphics" / "scenes"


def test_every_game_names_a_view_that_draws_it():
    for game in registry.all():
        assert game.view.startswith("graphics.views.")
        assert issubclass(view_for(game), GameView)


def test_scenes_are_opened_by_name(tmp_path):
    driver = Driver(tmp_path, None)
    app = driver.app
    menu = app.goto("menu")
    assert app.stack == [menu] and menu.name == "menu"
    load = app.push_scene("load")
    assert app.scene is load and app.stack == [menu, load]
    driver.frames(2)
    driver.close()


def test_no_scene_imports_another_scene():
    for path in SCENES.glob("*.py"):
        if path.name in ("__init__.py", "common.py"):
            continue
        tree = ast.parse(path.read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        others = {m for m in imported if m.startswith("graphics.scenes.") and m != "graphics.scenes.common"}
        assert not others, f"{path.name} imports {others}"
