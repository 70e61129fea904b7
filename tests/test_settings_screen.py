"""The Settings screen (graphics/scenes/settings.py), from the menu and from Esc in a game: each control changes what
it says at once and is kept; Back returns where it came from with nothing of the game lost; the next start remembers
everything (the window's size too, unless the command line gives one); the screen's text fits whole and apart."""
import itertools

import pygame
import pytest

from games import registry
from games.core.aids import HINTS
from games.core.match import Match, Seat
from graphics.app import App, Settings
from graphics.config import seat_colour, seat_colours
from graphics.preferences import SPEEDS, Preferences, Window, load, save
from graphics.scenes.common import start_play
from graphics.scenes.settings import SETTINGS, SettingsScene
from tests.app_driver import ARTIFACTS, Driver
from tests.kit_helpers import DrawnTexts
from tests.monkey import Monkey

SCRIMISH = registry.get("scrimish")


def button_for(scene, key, value):
    """Returns the Settings screen's button that sets `key` to `value`."""
    return next(b for b in scene.buttons if b.value == (key, value))


@pytest.fixture
def driver(tmp_path):
    driver = Driver(tmp_path, None, speed=1.0)
    yield driver
    driver.close()


def open_from_menu(driver):
    driver.app.goto("menu")
    driver.frames(2)
    driver.click(driver.button("Settings").rect)
    assert driver.scene.name == "settings"
    return driver.scene


def a_game(driver, humans=1):
    match = Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bob", "sky", None if humans == 2 else "easy")], {}, 3,
                  autosave=driver.app.settings.autosave)
    start_play(driver.app, match)
    driver.frames(3)
    return driver.scene


def test_volume_and_sound_reach_the_apps_sounds_and_are_kept(driver, tmp_path):
    scene = open_from_menu(driver)
    driver.click(button_for(scene, "volume", 0.3).rect)
    assert driver.app.sounds.volume == pytest.approx(0.3) and driver.app.preferences.volume == pytest.approx(0.3)
    assert driver.app.sounds.played[-1] == "turn", "the chosen loudness is heard"
    driver.click(button_for(scene, "muted", True).rect)
    assert driver.app.sounds.muted
    assert load(tmp_path)[0] == Preferences(volume=0.3, muted=True)
    driver.click(button_for(scene, "volume", 0.5).rect)
    assert not driver.app.sounds.muted and load(tmp_path)[0] == Preferences(volume=0.5, muted=False), \
        "choosing a loudness while the sound is off turns it on"


def test_m_in_a_game_is_remembered_as_the_sound_switch(driver, tmp_path):
    a_game(driver)
    driver.key(pygame.K_m)
    assert driver.app.sounds.muted and load(tmp_path)[0].muted
    driver.key(pygame.K_m)
    assert not driver.app.sounds.muted and not load(tmp_path)[0].muted


def test_animation_speed_reaches_the_play_scenes_animations(driver, tmp_path):
    scene = open_from_menu(driver)
    driver.click(button_for(scene, "speed", "fast").rect)
    assert driver.app.settings.speed == SPEEDS["fast"] and load(tmp_path)[0].speed == "fast"
    driver.key(pygame.K_ESCAPE)
    play = a_game(driver)

    class Animation:  # an animation playing: it is told how far it went
        done, hidden, went = False, set(), []

        def update(self, dt):
            self.went.append(dt)
    play.timeline = Animation()
    play.update(0.1)
    assert play.timeline.went == [pytest.approx(0.1 * SPEEDS["fast"])]


def test_confirm_off_plays_a_confirmable_move_without_a_question(driver, monkeypatch):
    play = a_game(driver)
    monkeypatch.setattr(play.view, "confirm", lambda view, action: "Really do it")
    action = play.shown.legal_actions()[0]
    play.choose(action)
    assert [b.label for b in play.popup] == ["Really do it", "Cancel"], "on (the default): asked first"
    play.popup = []
    driver.app.prefer(confirm=False)
    before = len(play.match.history)
    play.choose(action)
    assert not play.popup and len(play.match.history) == before + 1, "off: played at once"


def test_the_hints_default_reaches_a_new_setup_which_can_still_switch_them(driver):
    scene = open_from_menu(driver)
    driver.click(button_for(scene, "hints", False).rect)
    driver.key(pygame.K_ESCAPE)
    driver.app.push_scene("setup", game=SCRIMISH)
    setup = driver.scene
    assert setup.aids[HINTS.id] is False
    hints = next(b for b in setup.aid_buttons if b.value == HINTS.id)
    driver.click(hints.rect)
    assert setup.aids[HINTS.id] is True, "each game can still allow them"


def test_the_palette_changes_seat_colours_but_not_their_symbols(driver):
    play = a_game(driver)
    standard = [seat_colour(seat.colour) for seat in play.view.seats]
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button("Settings").rect)
    driver.click(button_for(driver.scene, "palette", "colour_blind").rect)
    shown = [seat_colour(seat.colour) for seat in play.view.seats]
    assert [c.rgb for c in shown] == [c.rgb for c in seat_colours("colour_blind")[:2]]
    assert [c.rgb for c in shown] != [c.rgb for c in standard]
    assert [c.symbol for c in shown] == [c.symbol for c in standard]
    assert [seat.colour for seat in play.match.seats] == ["orange", "sky"], "the save keeps the colour ids"


def test_every_palette_keeps_ids_and_symbols(driver):
    for palette in ("standard", "colour_blind"):
        colours = seat_colours(palette)
        assert [(c.id, c.symbol) for c in colours] == [(c.id, c.symbol) for c in seat_colours()]
        assert len({c.rgb for c in colours}) == len(colours)


def test_full_screen_is_switched_and_kept(driver, tmp_path):
    scene = open_from_menu(driver)
    driver.click(button_for(scene, "fullscreen", True).rect)
    if not pygame.display.is_fullscreen():
        pytest.skip("this video driver has no full screen")
    assert load(tmp_path)[0].fullscreen
    driver.click(button_for(scene, "fullscreen", False).rect)
    assert not pygame.display.is_fullscreen() and not load(tmp_path)[0].fullscreen


def test_from_the_pause_menu_and_back_into_the_game_with_nothing_lost(driver):
    play = a_game(driver)
    for _ in range(3):  # a few moves in
        while play.busy() or not play.my_turn():
            driver.frames(1)
        driver.play_action(play, play.shown.legal_actions()[0])
    while play.busy():
        driver.frames(1)
    state, history, viewer = play.match.state.to_dict(), len(play.match.history), play.viewer
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "pause"
    driver.click(driver.button("Settings").rect)
    scene = driver.scene
    for key, value in (("palette", "colour_blind"), ("speed", "slow"), ("volume", 0.5), ("confirm", False)):
        driver.click(button_for(scene, key, value).rect)
    driver.click(scene.back.rect)
    assert driver.scene.name == "pause", "Back returns where it came from"
    driver.click(driver.button("Resume").rect)
    assert driver.scene is play and [s.name for s in driver.app.stack] == ["menu", "play"]
    assert play.match.state.to_dict() == state and len(play.match.history) == history and play.viewer == viewer
    assert play.my_turn()
    driver.frames(3)


def test_back_from_the_menus_settings_returns_to_the_menu(driver):
    scene = open_from_menu(driver)
    driver.click(scene.back.rect)
    assert [s.name for s in driver.app.stack] == ["menu"]


def test_the_next_start_remembers_everything_and_the_command_line_wins(tmp_path):
    chosen = Preferences(volume=0.4, muted=True, speed="slow", confirm=False, hints=False, palette="colour_blind",
                         window=Window((1100, 650), (30, 40)))
    save(tmp_path, chosen)
    app = App(Settings(data_dir=tmp_path, told=frozenset()))
    try:
        assert app.preferences == chosen
        assert app.window.get_size() == (1100, 650)
        assert app.settings.speed == SPEEDS["slow"]
        assert (app.sounds.volume, app.sounds.muted) == (0.4, True)
    finally:
        pygame.quit()
        app.release()
    app = App(Settings(data_dir=tmp_path, size=(1280, 720), speed=20.0, told=frozenset({"size", "speed"})))
    try:
        assert app.window.get_size() == (1280, 720) and app.settings.speed == 20.0, "the command line wins"
        assert app.preferences == chosen, "and the file keeps what was chosen"
    finally:
        pygame.quit()
        app.release()


def test_the_window_size_is_kept_when_it_changes_and_at_the_end(tmp_path):
    driver = Driver(tmp_path, None, size=(1280, 720))
    driver.app.settings.told = frozenset()  # no --size: the window's size is to be kept
    try:
        driver.app.goto("menu")
        pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700))
        driver.frames(2)
        assert load(tmp_path)[0].window is None, "not at every event of a drag"
        driver.frames(70)
        assert load(tmp_path)[0].window.size == (1000, 700)
        driver.app.settings.told = frozenset({"size"})  # --size: this run's window is not kept
        pygame.display.set_mode((900, 600), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600))
        driver.frames(70)
        assert load(tmp_path)[0].window.size == (1000, 700)
    finally:
        driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("palette", ["standard", "colour_blind"])
def test_the_screen_shows_every_text_whole_and_apart(tmp_path, monkeypatch, size, palette):
    recorder = DrawnTexts(monkeypatch)
    draw = SettingsScene.draw

    def marked(scene, paint):  # the texts of the settings screen come after the menu's under it
        recorder.calls.append(None)
        draw(scene, paint)
    monkeypatch.setattr(SettingsScene, "draw", marked)
    folder = ARTIFACTS / "settings-screen"
    folder.mkdir(parents=True, exist_ok=True)
    driver = Driver(tmp_path, None, size=size)
    try:
        driver.app.prefer(palette=palette)
        scene = open_from_menu(driver)
        recorder.calls.clear()
        driver.hover(scene.rows[3].center, 80)  # a tooltip up too
        pygame.image.save(driver.app.window, str(folder / f"settings-{palette}-{size[0]}x{size[1]}.png"))
        last = len(recorder.calls) - recorder.calls[::-1].index(None)
        recorder.calls[:] = recorder.calls[last:]
        recorder.assert_whole(f"settings at {size}")
        texts = {}
        for text, rect, _ in recorder.calls:
            texts.setdefault(text, rect)
        tip = next(t for t in texts if t == SETTINGS[3].tip)
        for (one, a), (two, b) in itertools.combinations(texts.items(), 2):
            if tip not in (one, two):  # the tooltip lies over the screen, as it should
                assert not a.colliderect(b), f"{one!r} {a} overlaps {two!r} {b}"
        for one, two in itertools.combinations(scene.buttons, 2):
            assert not one.rect.colliderect(two.rect), f"{one.value} and {two.value} overlap"
        for setting in SETTINGS:  # every control has its tooltip
            for button in (b for b in scene.buttons if b.value[0] == setting.key):
                assert driver.app.hits.tip_at(button.rect.center) == setting.tip, button.value
    finally:
        driver.close()


def test_a_monkey_on_the_settings_screen_from_a_game_breaks_nothing(tmp_path):
    driver = Driver(tmp_path, None, speed=40, seed=7)
    try:
        monkey = Monkey(driver, "scrimish", 7)
        monkey.start(2)
        driver.key(pygame.K_ESCAPE)
        driver.click(driver.button("Settings").rect)
        for _ in range(6):
            monkey.step()  # the Settings screen's own handler: controls, tooltips, Esc
        report = monkey.run(150)
        assert "settings" in report.scenes and report.moves >= 5
    finally:
        driver.close()


def test_a_start_in_full_screen_from_the_settings_opens_and_draws(tmp_path):
    save(tmp_path, Preferences(fullscreen=True, window=Window((1100, 650), (30, 40))))
    app = App(Settings(data_dir=tmp_path, told=frozenset()))
    try:
        app.goto("menu")
        app.frame(1 / 60)
        assert not app.errors and app.preferences.fullscreen
        assert app.viewport.window == pygame.display.get_surface().get_size()
    finally:
        pygame.quit()
        app.release()


@pytest.mark.parametrize("position, placed", [((30, 40), True), ((9000, 40), False), ((-500, 40), False)],
                         ids=["on the screen", "off to the right", "off to the left"])
def test_the_window_goes_back_to_its_place_if_that_is_on_a_screen(tmp_path, position, placed):
    save(tmp_path, Preferences(window=Window((800, 600), position)))
    app = App(Settings(data_dir=tmp_path, told=frozenset()))
    try:
        assert (pygame.display.get_window_position() == position) is placed
    finally:
        pygame.quit()
        app.release()
