"""A bug in a view's drawing never closes the window: the error is logged with the game's seed and move
count, one line says what happened, and the game goes on from the autosave (a second error soon after: the
menu, whose Continue picks the game up)."""
import pytest

from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.scrimish import GAME as SCRIMISH
from games.scrimish.bot import CasualBot
from graphics.mishaps import LOG_FILE, MESSAGE
from graphics.scenes.common import start_play
from graphics.scenes.play import PlayScene
from tests.app_driver import Driver


def a_game_some_moves_in(tmp_path, moves: int = 6):
    """Returns a driver on a Scrimish game (a person and a bot) a few moves in, played with the mouse."""
    driver = Driver(tmp_path / "app", None, speed=40, seed=9)
    driver.survive = True
    match = Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Casual", "sky", "normal")], {}, 9,
                  autosave=driver.app.settings.autosave)
    start_play(driver.app, match)
    driver.frames(2)
    play, bot = driver.app.stack[1], CasualBot()
    for _ in range(5000):
        if len(play.match.history) >= moves and play.my_turn():
            return driver, play
        if play.my_turn():
            driver.play_action(play, bot.choose(play.shown, decision_rng(1, play.viewer, len(play.match.history))))
        else:
            driver.frames(1)
    pytest.fail("the game did not reach the person's turn")


def break_zoom(monkeypatch, times: int | None) -> list[int]:
    """Makes the Scrimish view's hover zoom raise (the first `times` calls, or always); returns the call count."""
    calls = []

    def broken(self, *args):
        calls.append(1)
        if times is None or len(calls) <= times:
            raise KeyError(None)

    monkeypatch.setattr("graphics.views.scrimish.ScrimishView.draw_zoom", broken)
    return calls


def rest_on_a_card(driver, play) -> None:
    """Rests the pointer on a card long enough for the zoom."""
    points = (play.point_of(k) for k in play.hits.keys() if isinstance(k, tuple) and k[0] in ("pile", "card"))
    point = next(p for p in points if p is not None)
    driver.hover(point, 40)


def test_a_drawing_error_is_logged_said_in_one_line_and_the_game_goes_on_from_the_autosave(tmp_path, monkeypatch):
    driver, play = a_game_some_moves_in(tmp_path)
    moves = len(play.match.history)
    break_zoom(monkeypatch, times=1)
    rest_on_a_card(driver, play)
    app = driver.app
    assert len(app.errors) == 1 and app.running
    log = (app.settings.data_dir / LOG_FILE).read_text(encoding="utf-8")
    assert f"seed {play.match.seed}, move {moves}" in log and "KeyError" in log
    assert app._toast and app._toast[0] == MESSAGE
    again = app.scene
    assert isinstance(again, PlayScene) and again is not play
    assert len(again.match.history) == moves and again.match.state.to_dict() == play.match.state.to_dict()
    driver.frames(60)
    assert app.running and app.scene.name in ("play", "handoff") and len(app.errors) == 1


def test_an_error_that_comes_back_goes_to_the_menu_whose_continue_resumes(tmp_path, monkeypatch):
    driver, play = a_game_some_moves_in(tmp_path)
    moves = len(play.match.history)
    break_zoom(monkeypatch, times=None)
    for _ in range(3):
        if driver.app.scene.name != "play":
            break
        rest_on_a_card(driver, driver.app.scene)
    app = driver.app
    assert app.running and app.scene.name == "menu" and len(app.errors) >= 2
    monkeypatch.undo()
    driver.click(driver.button("Continue").rect)
    assert app.scene.name in ("play", "handoff")
    assert len(app.stack[1].match.history) == moves


def test_an_error_anywhere_in_a_frame_is_survived_not_just_in_drawing(tmp_path, monkeypatch):
    driver, play = a_game_some_moves_in(tmp_path)

    def broken(self, dt):
        raise RuntimeError("a bug in update")

    monkeypatch.setattr(PlayScene, "update", broken)
    driver.frames(3)
    assert driver.app.running and driver.app.errors and isinstance(driver.app.errors[0], RuntimeError)


def test_the_test_driver_still_fails_a_test_on_an_error_the_app_survived(tmp_path, monkeypatch):
    driver, play = a_game_some_moves_in(tmp_path)
    driver.survive = False
    break_zoom(monkeypatch, times=1)
    with pytest.raises(KeyError):
        rest_on_a_card(driver, play)
