"""The pointer and the play scene, for every game: a zoom is drawn only of a place in the picture being drawn
and only in the view of the seat deciding (a card zoomed by a resting pointer never outlives its person's
turn), and a move undo cannot take back is asked about first when the view says so."""
import pygame
import pytest

from games import registry
from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.scrimish import GAME as SCRIMISH
from games.scrimish.actions import FinishSetup
from graphics.config import table_layout
from graphics.scenes.common import start_play
from graphics.scenes.play import CANCEL, Confirmed, PlayScene
from graphics.views.base import GameView
from tests.app_driver import Driver


def people_and_a_bot(tmp_path, game, seed: int = 4):
    """Returns a driver and the play scene of `game` with two people and a bot between them."""
    driver = Driver(tmp_path, None, speed=40, seed=seed)
    players = max(3, game.player_counts()[0]) if 3 in game.player_counts() else game.player_counts()[-1]
    kinds = [None, "normal"] + [None] * (players - 2)
    seats = [Seat(f"Person {i + 1}" if k is None else "Bot", "orange", k) for i, k in enumerate(kinds)]
    start_play(driver.app, Match(game, seats, {}, seed, autosave=driver.app.settings.autosave))
    driver.frames(2)
    return driver, driver.app.stack[1]


@pytest.mark.parametrize("turns", [pytest.param(60, id="60 turns"),
                                   pytest.param(400, id="whole game", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
def test_a_resting_pointer_zooms_only_what_is_drawn_now_and_only_for_the_seat_deciding(tmp_path, monkeypatch,
                                                                                      game_id, turns):
    """By default the first 60 turns (many seats' turns and hand-offs); the whole game (up to 400) is slow."""
    zooms, on_screen, viewers = [], {"viewer": "nobody yet", "since": 0.0}, set()
    real = GameView.draw_zoom
    real_draw = PlayScene.draw
    rest = table_layout().number("hover_seconds")

    def watched(self, paint):
        viewers.add(self.viewer)
        if self.viewer != on_screen["viewer"]:
            on_screen.update(viewer=self.viewer, since=self.app.time)
        real_draw(self, paint)

    def recorded(self, paint, view, viewer, key, pos):
        play = driver.app.stack[1]
        deciding = play.match.state.current_player()
        zooms.append(key)
        assert key in paint.hits.keys(), f"{key} is not in the picture being drawn"
        assert viewer in (None, SPECTATOR) or viewer == deciding, f"seat {viewer}'s zoom while seat {deciding} decides"
        assert play.app.time - on_screen["since"] >= rest, \
            f"{key} zoomed {play.app.time - on_screen['since']:.2f} s after the seat on screen changed"
        return getattr(type(self), "_real_zoom", real)(self, paint, view, viewer, key, pos)

    driver, play = people_and_a_bot(tmp_path, registry.get(game_id))
    view_class = type(play.view)
    monkeypatch.setattr(view_class, "_real_zoom", view_class.draw_zoom, raising=False)
    monkeypatch.setattr(view_class, "draw_zoom", recorded)
    monkeypatch.setattr(PlayScene, "draw", watched)
    bot = play.match.game.levels[1].make()
    for turn in range(turns):
        if driver.scene.name == "handoff":
            driver.click((0, 0, 1920, 1080))
        elif play.reveal_for is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
        elif play.my_turn():
            keys = [k for k in play.hits.keys() if k not in play.targets() and play.point_of(k)]
            if keys and turn % 2:
                driver.hover(play.point_of(keys[turn % len(keys)]), 30)  # the person reads a card first
            if not play.my_turn():
                continue
            action = bot.choose(play.shown, decision_rng(2, play.viewer, len(play.match.history)))
            driver.play_action(play, action)
            driver.frames(30)  # the pointer rests where the last click was while the table moves on
        else:
            driver.frames(5)
        if driver.scene.name == "gameover":
            break
    assert zooms, "nothing was ever zoomed"
    assert len(viewers - {None, SPECTATOR}) >= 2, "the screen never passed from one person to another"


def test_a_move_the_view_asks_about_is_done_only_after_yes(tmp_path, monkeypatch):
    monkeypatch.setattr("graphics.views.scrimish.ScrimishView.confirm",
                        lambda self, view, action: "Start the battle?" if isinstance(action, FinishSetup) else None)
    driver = Driver(tmp_path, None, speed=40)
    start_play(driver.app, Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bot", "sky", "normal")], {}, 3))
    driver.frames(2)
    play = driver.app.stack[1]
    done = next(b for b in play._bar if isinstance(b.value, FinishSetup))
    driver.click(done.rect)
    assert len(play.match.history) == 0
    assert [b.value for b in play.popup][1] == CANCEL and isinstance(play.popup[0].value, Confirmed)
    assert play.popup[0].label == "Start the battle?"
    driver.click(play.popup[1].rect)
    assert len(play.match.history) == 0 and not play.popup
    driver.click(next(b for b in play._bar if isinstance(b.value, FinishSetup)).rect)
    driver.click(play.popup[0].rect)
    assert isinstance(play.match.history[0].action, FinishSetup)


@pytest.mark.parametrize("game_id", ["stumped", "scrumpy", "scrappers"])
def test_an_undone_step_is_not_replayed_to_the_next_person(tmp_path, game_id):
    """A person's own steps are kept for the others to watch when they take the screen (light hand-off); one
    undone meanwhile must not be: the next person's hand-off once ended the app (IndexError)."""
    game = registry.get(game_id)
    driver = Driver(tmp_path, None, speed=40)
    seats = [Seat("Ann", "orange"), Seat("Ben", "sky")]
    start_play(driver.app, Match(game, seats, {}, 3, autosave=driver.app.settings.autosave))
    driver.frames(2)
    play = driver.app.stack[1]
    for _ in range(50):  # to the first step a person takes and then decides again (kept private for them)
        seat = play.match.state.current_player()
        play.take_seat(seat)
        play.play(play.match.state.legal_actions()[0])
        driver.frames(120)
        if play.missed[1 - seat] and play.match.state.current_player() == seat and play.match.can_undo():
            break
    else:
        pytest.skip("no undoable private step in this opening")
    play.undo()
    assert all(index < len(play.match.history) for steps in play.missed.values() for index in steps)
    play.take_seat(1 - seat)
    driver.frames(120)


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
def test_nothing_on_the_board_is_hovered_or_zoomed_under_the_esc_menu(tmp_path, monkeypatch, game_id):
    """Found in a real window: a place zoomed under the pointer kept being drawn over the board beneath the Esc
    menu (a tree's card stuck out beside 'Save where?'); the scene beneath sees the pointer as away."""
    driver, play = people_and_a_bot(tmp_path, registry.get(game_id))
    for _ in range(600):
        if driver.scene.name == "handoff":
            driver.click((0, 0, 1920, 1080))
        elif play.reveal_for is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
        elif play.my_turn():
            break
        driver.frames(1)
    key = next(key for key in sorted(play.hits.keys(), key=repr) if play.point_of(key) and key not in play.targets())
    driver.hover(play.point_of(key), round(table_layout().number("hover_seconds") * 60) + 10)
    assert play.hover == key
    zooms = []
    monkeypatch.setattr(type(play.view), "draw_zoom", lambda *args: zooms.append(args[4]))
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "pause"
    driver.frames(30)
    assert play.hover is None and zooms == []
    driver.key(pygame.K_ESCAPE)  # back to the game: the pointer is where it was, and hovering comes back
    driver.hover(play.point_of(key), round(table_layout().number("hover_seconds") * 60) + 10)
    assert play.hover == key and zooms
    driver.close()


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
def test_every_glowing_place_looks_different_under_the_pointer(tmp_path, monkeypatch, game_id):
    """A place that can be clicked shows that the pointer is on it (Stumped's "End your turn" glowed alike with the
    pointer on it or not): lit and glowing full while the rest pulse (here held at half a pulse)."""
    driver, play = people_and_a_bot(tmp_path, registry.get(game_id))
    monkeypatch.setattr(PlayScene, "glow_strength", lambda self: 0.5)
    for _ in range(3000):
        if driver.scene.name == "handoff":  # "click anywhere when you are ready"
            driver.click(table_layout().rect("play.status"))
        elif play.reveal_for is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
        elif play.my_turn() and play.targets():
            break
        else:
            driver.frames(1)
    assert play.my_turn() and play.targets(), "no person's turn with places to click came"
    away = table_layout().rect("play.status").center  # the status line: no place of the board
    checked = 0
    for place in list(play.targets())[:12]:
        rect = play.rect_of(place)
        point = play.point_of(place)
        if rect is None or point is None:
            continue
        driver.hover(away, 2)
        assert play.hover is None
        before = driver.app.window.subsurface(driver.app.viewport.rect(rect)).copy()
        driver.hover(point, 2)
        assert play.hover == place, f"the pointer at {point} found {play.hover}, not {place}"
        after = driver.app.window.subsurface(driver.app.viewport.rect(rect)).copy()
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB"), \
            f"{place} looks the same with the pointer on it"
        checked += 1
    assert checked > 0
