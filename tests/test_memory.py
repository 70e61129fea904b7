"""Memory over many games in one app: a finished match, its play scene and the text drawn for it are let go when
the next match starts (20 bot games in one app kept every log and status line of every game, 22 MB of pixels:
benchmarks/memory.py, docs/performance.md)."""
import gc
import weakref

from games import registry
from graphics.launch import bot_match
from graphics.scenes.common import start_play
from tests.app_driver import Driver


def play_to_game_over(driver: Driver, limit: int = 40_000) -> None:
    for _ in range(limit):
        driver.frames(1)
        if driver.scene.name == "gameover":
            driver.frames(2)
            return
    raise AssertionError("the bot game did not end")


def log_texts(assets, match) -> set:
    """Returns the keys of the text cache that hold a line of `match`'s log."""
    lines = {event.describe(match.names) for step in match.history for event in step.events}
    return {key for key in assets.texts._items if key[0] in lines}


def test_play_again_lets_the_finished_match_and_its_text_go(tmp_path):
    driver = Driver(tmp_path, None, speed=400, seed=3)
    app = driver.app
    start_play(app, bot_match(registry.get("scrimish"), 2, {0, 1}, app.settings))
    for _ in range(2):
        play_to_game_over(driver)
        finished = app.stack[-2]
        old_match, old_play = weakref.ref(finished.match), weakref.ref(finished)
        old_lines = log_texts(app.assets, finished.match)
        assert old_lines, "the log's lines were never drawn through the text cache: this test would prove nothing"
        del finished

        driver.click(driver.button("Play again").rect)
        assert driver.scene.name == "play" and driver.scene.match is not old_match()
        gc.collect()
        assert old_match() is None and old_play() is None, "the finished match is still held"
        assert not old_lines & set(app.assets.texts._items), "the finished game's log lines are still kept"


def test_a_crumbs_park_keeps_its_turned_sprites_itself_within_its_budget(tmp_path):
    from graphics.views.crumbs.park import ANGLE_STEP, TURNED_BYTES, Park

    driver = Driver(tmp_path, None)
    game = registry.get("crumbs")
    view = game.new_state(2, {}, 1).view(None)
    park, assets = Park(view.board), driver.app.assets  # the park of a real game's view
    before = len(assets.images)
    sizes = [(40 + 4 * step, 20 + 2 * step) for step in range(12)]  # a piece at rest and falling, zoomed
    for size in sizes:
        for degrees in range(0, 360, ANGLE_STEP):
            park.sprite(assets, "critter", "duck", degrees * 3.14159 / 180, size)
    assert len(assets.images) - before == len(sizes), "turned sprites went into the app's shared image cache"
    assert 0 < park.turned.used <= TURNED_BYTES and len(park.turned) > len(sizes)


def test_a_card_growing_on_its_way_is_pictured_at_its_two_ends_only(tmp_path):
    import pygame

    from graphics.kit.timeline import Key, Move

    app = Driver(tmp_path, None).app
    asked = []

    def sprite(assets, face_up, size):
        asked.append(size)
        return assets.cached(("test-card", size), lambda: pygame.Surface(size, pygame.SRCALPHA))

    start, end = pygame.Rect(100, 100, 100, 140), pygame.Rect(900, 300, 220, 308)
    move = Move("card", sprite, [Key(0, start), Key(1, end)])
    paint = app.painter()
    for step in range(41):
        move.draw(paint, step / 40)
    ends = {app.viewport.rect(start).size, app.viewport.rect(end).size}
    assert set(asked) <= ends, f"pictures made at {len(set(asked) - ends)} sizes in between"
    assert sum(1 for key in app.assets.images._items if key[0] == "test-card") <= 2
