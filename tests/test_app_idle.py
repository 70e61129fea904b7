"""The window is drawn only when its picture changes: idle screens cost nothing, and a frame that
was skipped would have drawn exactly what is on screen already."""
import pygame
import pytest

from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.scrimish import GAME as SCRIMISH
from games.scrimish.bot import CasualBot
from graphics.scenes.common import start_play
from graphics.scenes.handoff import HandoffScene
from tests.app_driver import Driver


def window_bytes(app) -> bytes:
    """Returns the window's pixels."""
    return pygame.image.tobytes(app.window, "RGB")


def assert_skipped_frame_is_current(app) -> None:
    """Draws the picture again and checks it is what the window already shows."""
    shown = window_bytes(app)
    app.draw()
    assert window_bytes(app) == shown, f"a skipped frame left a stale picture on {app.scene.name}"


def assert_covers_window(app) -> None:
    """Checks that a scene which says it covers the window (so the app does not clear it first) sets every pixel:
    nothing of a magenta window is left after a draw."""
    lowest = next(scene for scene in reversed(app.stack) if not scene.overlay)  # the lowest one drawn
    assert lowest.covers_window
    app.window.fill(MAGENTA)
    app.draw()
    left = pygame.mask.from_threshold(app.window, MAGENTA, (1, 1, 1, 255)).count()
    assert left == 0, f"{left} pixels of the window were left as they were by {lowest.name}"


MAGENTA = (255, 0, 255)


@pytest.mark.parametrize("size", [(1280, 720), (1000, 900)])
def test_the_play_scene_sets_every_pixel_of_the_window(tmp_path, size):
    driver = Driver(tmp_path, None, size=size)
    match = Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bot", "sky", "casual")], {}, 3)
    start_play(driver.app, match)
    driver.frames(10)
    assert driver.app.stack[1].name == "play"
    assert_covers_window(driver.app)
    driver.close()


def test_an_idle_menu_is_drawn_once(tmp_path):
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    driver.frames(3)
    drawn = driver.app.frames_drawn
    driver.frames(120)
    assert driver.app.frames_drawn == drawn
    assert_skipped_frame_is_current(driver.app)
    driver.close()


def test_draw_next_draws_the_next_frame_once_even_if_nothing_changed(tmp_path):
    """What benchmarks/run.py times a drawn frame with: one draw and present a frame, never two."""
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    driver.frames(3)
    drawn = driver.app.frames_drawn
    for _ in range(5):
        driver.app.draw_next()
        driver.frames(1)
    driver.frames(5)
    assert driver.app.frames_drawn == drawn + 5
    driver.close()


def test_a_human_turn_redraws_only_for_the_slow_glow(tmp_path):
    driver = Driver(tmp_path, None, speed=40)
    match = Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bot", "sky", "casual")], {}, 3)
    start_play(driver.app, match)
    driver.frames(10)
    play = driver.app.stack[1]
    assert play.my_turn()
    drawn = driver.app.frames_drawn
    driver.frames(120)  # two seconds with nothing moving but the glow
    assert driver.app.frames_drawn - drawn <= 20
    driver.close()


def test_every_skipped_frame_of_a_whole_game_matched_the_screen(tmp_path):
    driver = Driver(tmp_path, None, speed=40)
    match = Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bot", "sky", "casual"), Seat("Cy", "green")],
                  {"mode": "free_for_all"}, 8)
    start_play(driver.app, match)
    play, app, bot = driver.app.stack[1], driver.app, CasualBot()
    skipped = checked = 0
    for step in range(20_000):
        if driver.scene.name == "gameover":
            break
        if isinstance(driver.scene, HandoffScene):
            driver.click((0, 0, 1920, 1080))
            continue
        if play.my_turn() and step % 3 == 0:
            action = bot.choose(play.shown, decision_rng(4, play.viewer, len(match.history)))
            driver.play_action(play, action)
            continue
        before = app.frames_drawn
        driver.frames(1)
        if app.frames_drawn == before:
            skipped += 1
            if skipped % 3 == 0:
                assert_skipped_frame_is_current(app)
                checked += 1
    assert match.state.is_over() and checked > 20
    driver.close()
