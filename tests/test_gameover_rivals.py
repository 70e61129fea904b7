"""The game-over screen names a rival the rules play (a solo game's Automa) as the winner when nobody at
the table won, with a row of its own and a Total column; the play scene's status line says so too."""
import random

from games.core.match import Match, Seat
from games.scrumpy import GAME as SCRUMPY
from graphics.paint import Painter
from graphics.scenes.common import start_play
from tests.app_driver import Driver


def finished_solo_game(seed: int = 3) -> Match:
    """Returns a solo match played at random to the end (the Automa wins it)."""
    match = Match(SCRUMPY, [Seat("Ann", "orange")], {"automa": "advanced"}, seed)
    rng = random.Random(seed)
    while not match.state.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    assert match.state.winners() == []
    return match


def test_the_automa_wins_on_the_game_over_screen(tmp_path, monkeypatch):
    drawn = []
    original = Painter.text

    def spy(paint, text, rect, *args, **kwargs):
        drawn.append(text)
        return original(paint, text, rect, *args, **kwargs)

    monkeypatch.setattr(Painter, "text", spy)
    driver = Driver(tmp_path, "gameover-rival", speed=50)
    match = finished_solo_game()
    start_play(driver.app, match)
    for _ in range(200):
        driver.frames(1)
        if driver.scene.name == "gameover":
            break
    driver.frames(3)
    assert driver.scene.name == "gameover"
    (name, score), = match.state.rivals()
    assert "Automa wins!" in drawn and "Total" in drawn and "Automa" in drawn and str(score) in drawn
    assert driver.app.stack[1].status_text() == "Game over: Automa wins."
    driver.close()
