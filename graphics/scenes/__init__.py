"""The screens of the app, one module each, found by name through `SCENES` (app.goto, app.push_scene)."""
from graphics.scenes.gameover import GameOverScene
from graphics.scenes.handoff import HandoffScene
from graphics.scenes.load import LoadScene
from graphics.scenes.menu import MenuScene
from graphics.scenes.opening import OpeningScene
from graphics.scenes.pause import PauseScene
from graphics.scenes.play import PlayScene
from graphics.scenes.players import PlayersScene
from graphics.scenes.replay import ReplayScene
from graphics.scenes.replays import ReplaysScene
from graphics.scenes.rules import RulesScene
from graphics.scenes.settings import SettingsScene
from graphics.scenes.setup import SetupScene

SCENES = {scene.name: scene for scene in (MenuScene, SetupScene, LoadScene, PlayScene, HandoffScene, PauseScene,
                                          RulesScene, GameOverScene, OpeningScene, SettingsScene, PlayersScene,
                                          ReplaysScene, ReplayScene)}
