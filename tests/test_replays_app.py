"""Replays in the app, driven as a player would (tests/app_driver.py): a game played to the end is kept once, the
Replays list shows each kept game (date, game, players, winner) and refuses a damaged or unreplayable file with its
one line, and the replay scene steps forward and back through the PUBLIC view only (what it hands the game's view
is checked at every step of every game), plays at a chosen speed and exports the log."""
import inspect
import json
import time
from pathlib import Path

import pygame
import pytest

from games import registry
from games.core.match import Match, Seat
from games.core.replays import keep, list_replays, replays_folder, result_line, shown_date
from games.core.state import SPECTATOR
from games.scrimish import GAME as SCRIMISH
from games.scrimish.bot import CasualBot
from graphics.config import table_layout
from graphics.scenes.common import start_play
from tests.app_driver import Driver
from tests.save_helpers import checked, opened
from tests.test_app_idle import assert_covers_window
from tests.test_replays import COLOURS, finished, plain

GAMES = [game.id for game in registry.all()]
HOVER = table_layout().number("hover_seconds")
LONG = ["Bartholomew-Quin", "Maximilianus-Abe", "Wilhelmina-Rosey", "Konstantinos-Pap", "Alexandrina-Joan",
        "Christopherson-K", "Evangelista-Moor", "Fitzgeraldine-Oz"]


def wait_for(driver: Driver, done, what: str, seconds: float = 30) -> None:
    """Runs frames (letting the save worker run) until `done()`."""
    deadline = time.perf_counter() + seconds
    while not done():
        assert time.perf_counter() < deadline, f"{what} did not happen in time (on {driver.scene.name})"
        driver.frames(1)
        time.sleep(0.005)


def to_replays(driver: Driver) -> None:
    """Menu, then Replays, with every row shown checked."""
    driver.app.goto("menu")
    driver.frames(2)
    driver.click(driver.button("Replays").rect)
    assert driver.scene.name == "replays"
    wait_for(driver, lambda: all("checking" not in b.label for b in driver.scene.entries), "checking the rows")
    driver.frames(2)


def open_row(driver: Driver, path: Path):
    """Clicks the row of `path` on the Replays list; returns the replay scene once it shows."""
    row = next(b for b in driver.scene.entries if b.value == path)
    driver.click(row.rect)
    wait_for(driver, lambda: driver.scene.name == "replay", "opening the replay")
    return driver.scene


class Spy:
    """Records every view handed to a game's view by a scene: (method, viewer argument, the view)."""

    def __init__(self, view) -> None:
        self.calls: list[tuple[str, object, object]] = []
        for name in ("draw", "draw_live", "draw_zoom"):
            self._wrap(view, name, lambda args: (args[2], args[1]))
        self._wrap(view, "animate_action", lambda args: (args[4], args[2], args[3]))

    def _wrap(self, view, name, pick) -> None:
        real = getattr(view, name)

        def spied(*args, **kwargs):
            viewer, *states = pick(list(inspect.signature(real).bind(*args, **kwargs).arguments.values()))
            for state in states:
                self.calls.append((name, viewer, state))
            return real(*args, **kwargs)
        setattr(view, name, spied)


# --- kept once ----------------------------------------------------------------------------------------------------
def test_a_game_played_to_the_end_is_kept_once(tmp_path):
    driver = Driver(tmp_path, "replays-kept")
    app = driver.app
    match = Match(SCRIMISH, [Seat("Ada", "orange"), Seat("Bo", "sky", "normal")], {}, 4, autosave=app.settings.autosave)
    start_play(app, match)
    play_to_the_end(driver, driver.scene)
    assert match.state.is_over()
    folder = replays_folder(tmp_path)
    kept = list_replays(folder)
    assert len(kept) == 1, kept
    data = json.loads(kept[0].read_text())
    assert data["game"] == "scrimish" and len(data["history"]) == len(match.history) and data["over"]
    assert [seat["name"] for seat in data["seats"]] == ["Ada", "Bo"]
    driver.click(driver.button("Look at the board").rect)
    driver.click((10, 10, 2, 2))
    driver.click(driver.button("Menu").rect)
    assert driver.scene.name == "menu"
    wait_for(driver, lambda: driver.scene.job is None and not driver.scene.checking, "checking the autosave")
    assert not driver.button("Continue").enabled, "a finished game is not continued"
    driver.click(driver.button("Load a game").rect)  # the finished autosave opened again: over again, not kept again
    checked(driver)
    driver.click(driver.button("Autosave").rect)
    opened(driver)
    wait_for(driver, lambda: driver.scene.name == "gameover", "the game-over screen of the loaded game")
    driver.frames(5)
    assert len(list_replays(folder)) == 1, "a finished game opened again is not kept again"
    driver.click(driver.button("Play again").rect)  # a new game: kept when it ends
    play_to_the_end(driver, driver.scene)
    assert len(list_replays(folder)) == 2
    driver.close()


def play_to_the_end(driver: Driver, play) -> None:
    """Plays the people's moves with the mouse (the bots play theirs) until the game-over screen."""
    chooser = CasualBot()
    for _ in range(20_000):
        if driver.scene.name == "gameover":
            return
        if driver.scene.name == "handoff":
            driver.click((0, 0, 1920, 1080))
            continue
        driver.step_as_people(play, chooser, 2)
    pytest.fail("the game did not end")


def test_a_bot_game_is_kept_and_the_last_move_keeps_it(tmp_path):
    driver = Driver(tmp_path, None)
    match = Match(SCRIMISH, [Seat("Bot A", "orange", "normal"), Seat("Bot B", "sky", "normal")], {}, 8,
                  autosave=driver.app.settings.autosave)
    start_play(driver.app, match)
    wait_for(driver, lambda: driver.scene.name == "gameover", "the end of a bot game", seconds=120)
    assert len(list_replays(replays_folder(tmp_path))) == 1
    driver.close()


def test_a_replay_that_cannot_be_written_is_said_and_the_game_ends_as_ever(tmp_path):
    driver = Driver(tmp_path, None)
    replays_folder(tmp_path).write_text("a file where the folder goes")
    match = Match(SCRIMISH, [Seat("Bot A", "orange", "normal"), Seat("Bot B", "sky", "normal")], {}, 8,
                  autosave=driver.app.settings.autosave)
    start_play(driver.app, match)
    wait_for(driver, lambda: driver.scene.name == "gameover", "the end of a bot game", seconds=120)
    message, _ = driver.app._toast
    assert message.startswith("Can't save to ") and message.endswith("This game's replay is not kept.")
    driver.close()


# --- the list -----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shelf(tmp_path_factory) -> Path:
    """A data folder with a kept game of each game, a damaged file, two that no longer replay and a folder."""
    root = tmp_path_factory.mktemp("shelf")
    for game_id in GAMES:
        assert keep(finished(game_id).to_dict(), root) is None
        time.sleep(0.002)
    folder = replays_folder(root)
    text = (sorted(folder.glob("*scrimish.json"))[0]).read_text()
    (folder / "20200101-000000-000000-scrimish.json").write_text(text[:200])
    older = json.loads(text)
    older["history"][3]["type"] = "OldAction"
    (folder / "20200102-000000-000000-scrimish.json").write_text(json.dumps(older))
    older = json.loads(text)
    older["rules"] = 0
    (folder / "20200103-000000-000000-scrimish.json").write_text(json.dumps(older))
    (folder / "20200104-000000-000000-folder.json").mkdir()
    return root


REFUSED = {
    "20200101-000000-000000-scrimish.json":
        "20200101-000000-000000-scrimish.json is damaged: it is not a complete save file.",
    "20200102-000000-000000-scrimish.json":
        "20200102-000000-000000-scrimish.json is damaged (unknown action type 'OldAction').",
    "20200103-000000-000000-scrimish.json":
        "20200103-000000-000000-scrimish.json was saved under another version of Scrimish's rules; its moves "
        "cannot be replayed under these.",
    "20200104-000000-000000-folder.json": "20200104-000000-000000-folder.json is not a save file (not a regular file).",
}


def test_the_list_shows_date_game_players_and_winner_and_refuses_what_does_not_replay(shelf):
    driver = Driver(shelf, "replays-list")
    to_replays(driver)
    scene = driver.scene
    files = list_replays(replays_folder(shelf))
    assert [b.value for b in scene.entries] == files[:len(scene.entries)] and len(files) == len(GAMES) + len(REFUSED)
    for button in scene.entries:
        head, detail = scene.describe(button.value)
        name = button.value.name
        if name in REFUSED:
            assert (head, detail, button.enabled) == ("Cannot be replayed", REFUSED[name], False)
            continue
        match = finished(button.value.stem.rsplit("-", 1)[1])
        data = json.loads(button.value.read_text())
        assert button.enabled
        assert head == f"{shown_date(data['saved_at'])}  ·  {match.game.title}  ·  " \
                      f"{result_line(match.state, match.names)}"
        assert detail == ", ".join(match.names)
    refused = next(b for b in scene.entries if not b.enabled)
    driver.click(refused.rect)
    assert driver.scene is scene and scene.opening is None, "a refused file cannot be opened"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "menu"
    driver.close()


def test_a_file_gone_before_it_opens_is_refused_and_esc_stops_an_opening(tmp_path):
    for game_id in ("scrimish", "stumped"):
        keep(finished(game_id).to_dict(), tmp_path)
        time.sleep(0.002)
    driver = Driver(tmp_path, None)
    to_replays(driver)
    scene = driver.scene
    gone, big = next(p for p in scene.files if "scrimish" in p.name), next(p for p in scene.files if "stumped" in p.name)
    gone.unlink()
    driver.click(next(b for b in scene.entries if b.value == gone).rect)
    wait_for(driver, lambda: scene.opening is None, "the refusal")
    assert driver.scene is scene and driver.app._toast[0] == f"There is no save file at {gone}."
    assert scene.describe(gone) == ("Cannot be replayed", f"There is no save file at {gone}.")
    assert not next(b for b in scene.entries if b.value == gone).enabled
    scene.open(big)
    driver.key(pygame.K_ESCAPE)  # while the worker replays it: back to the list, which stays
    assert driver.scene is scene and scene.opening is None
    driver.frames(20)
    assert driver.scene is scene
    driver.close()


def test_a_long_list_scrolls_with_the_wheel_and_keys(tmp_path):
    text = json.dumps(finished("scrimish").to_dict())
    folder = replays_folder(tmp_path)
    folder.mkdir(parents=True)
    for i in range(23):
        (folder / f"202601{i + 1:02d}-120000-000000-scrimish.json").write_text(text)
    driver = Driver(tmp_path, None)
    to_replays(driver)
    scene = driver.scene
    rows = scene.rows()
    assert len(scene.entries) == rows < 23 and scene.entries[0].value.name.startswith("20260123")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    driver.frames(2)
    assert scene.first == 2 and scene.entries[0].value.name.startswith("20260121")
    driver.key(pygame.K_END)
    assert scene.first == 23 - rows and scene.entries[-1].value.name.startswith("20260101")
    driver.key(pygame.K_HOME)
    assert scene.first == 0
    driver.click(scene.bar_rect().inflate(0, -20).move(0, 10))  # below the thumb: a page down
    assert scene.first == rows
    driver.close()


# --- the replay scene ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_of_a_replay_hands_the_view_only_the_public_view(shelf, game_id):
    driver = Driver(shelf, f"replay-{game_id}")
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith(f"-{game_id}"))
    scene = open_row(driver, path)
    match = finished(game_id)
    spy = Spy(scene.view)
    state = match.game.new_state(len(match.seats), match.options, match.seed)  # the public views, rebuilt apart
    public = [plain(state.view(None))]
    for step in match.history:
        state.apply(step.action)
        public.append(plain(state.view(None)))
    assert public[-1] == plain(match.state.view(None))
    for done in range(scene.replay.moves):
        driver.key(pygame.K_RIGHT) if done % 7 == 0 else scene.forward()
        driver.frames(1) if done % 3 == 0 else None
        assert scene.done == done + 1
        assert plain(scene.shown) in (public[done], public[done + 1])
        if done % 40 == 20:  # a place of the board hovered: the view's zoom of it gets the public view too
            wait_for(driver, lambda: scene.timeline is None, "the move's animation")
            keys = [key for key in scene.hits.keys() if scene.point_of(key) is not None]
            driver.hover(scene.point_of(keys[(done // 40) % len(keys)]), int(HOVER * 60) + 4)
    wait_for(driver, lambda: scene.timeline is None, "the last move's animation")
    assert plain(scene.shown) == public[-1], "stepping forward to the end reaches the match's final position"
    assert_covers_window(driver.app)
    animated = [call for call in spy.calls if call[0] == "animate_action"]
    assert any(call[0] == "draw_zoom" for call in spy.calls)
    assert sum(call[0] == "draw" for call in spy.calls) >= scene.replay.moves // 3
    assert len(animated) >= 2 * scene.replay.moves  # (more: a move's sounds ask when each event's animation starts)
    for name, viewer, state in spy.calls:
        assert viewer is None and state.viewer == SPECTATOR, f"{name} got seat {state.viewer}'s view"
        assert plain(state) in public, f"{name} got a view that is not a public one"
    moves = [(plain(before[2]), plain(after[2])) for before, after in zip(animated[::2], animated[1::2])]
    assert set(moves) == set(zip(public, public[1:])), "each animation goes from one move to the next"
    assert scene.status_text().startswith(f"Game over: {result_line(match.state, match.names)}.")
    assert scene.log.entries[-1][0] == scene.replay.log(scene.replay.moves)[-1]
    driver.close()


def test_back_then_forward_is_the_same_and_home_end_jump(shelf):
    driver = Driver(shelf, None)
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-crumbs"))
    scene = open_row(driver, path)
    moves = scene.replay.moves
    for _ in range(12):
        driver.key(pygame.K_RIGHT)
    driver.frames(200)
    at_twelve = plain(scene.shown)
    for _ in range(5):
        driver.key(pygame.K_LEFT)
    assert scene.done == 7 and plain(scene.shown) == plain(scene.replay.public(7))
    for _ in range(5):
        driver.key(pygame.K_RIGHT)
    driver.frames(200)
    assert scene.done == 12 and plain(scene.shown) == at_twelve
    driver.key(pygame.K_END)
    assert scene.done == moves and not driver.button("Next").enabled and not driver.button("Last").enabled
    driver.key(pygame.K_HOME)
    assert scene.done == 0 and plain(scene.shown) == plain(scene.replay.public(0))
    assert not driver.button("First").enabled and not driver.button("Previous").enabled
    driver.click(driver.button("Next").rect)
    driver.click(driver.button("Previous").rect)
    assert scene.done == 0 and scene.timeline is None
    driver.close()


def test_play_pause_and_speed(shelf):
    driver = Driver(shelf, None, speed=1.0)
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-stumped"))
    scene = open_row(driver, path)
    speeds = []
    for _ in range(4):
        driver.click(driver.button("Speed").rect)
        speeds.append(scene.speed)
    assert speeds == [2.0, 4.0, 0.5, 1.0]
    driver.click(driver.button("Play").rect)
    assert scene.playing and driver.button("Pause")
    driver.frames(200)  # 3.3 s at 1x: a few moves (0.9 s between moves, and their animations)
    at_1x = scene.done
    assert 1 <= at_1x <= 5, at_1x
    driver.click(driver.button("Speed").rect)
    driver.click(driver.button("Speed").rect)  # 4x
    driver.frames(200)
    assert scene.done - at_1x >= 2 * at_1x, (at_1x, scene.done)
    driver.key(pygame.K_SPACE)
    paused = scene.done
    driver.frames(120)
    assert not scene.playing and scene.done - paused <= 1 and driver.button("Play")
    driver.key(pygame.K_END)
    driver.click(driver.button("Play").rect)  # at the end: again from the setup
    assert scene.done <= 1 and scene.playing
    driver.close()


def test_export_writes_the_log_and_says_where(shelf):
    driver = Driver(shelf, None)
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-scrappers"))
    scene = open_row(driver, path)
    driver.click(driver.button("Export log").rect)
    written = shelf / "exports" / f"{path.stem}.txt"
    assert written.read_text(encoding="utf-8") == scene.replay.export_text()
    assert driver.app._toast[0] == f"The game's log is written to {written}"
    driver.click(driver.button("Back").rect)
    assert driver.scene.name == "replays"
    driver.close()


def test_an_export_that_cannot_be_written_is_one_line(shelf, tmp_path):
    driver = Driver(shelf, None)
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-scrimish"))
    scene = open_row(driver, path)
    driver.app.settings.data_dir = tmp_path  # the export goes here, where "exports" is a file
    (tmp_path / "exports").write_text("not a folder")
    driver.click(driver.button("Export log").rect)
    assert driver.app._toast[0].startswith(f"Can't save to {tmp_path / 'exports'}:")
    assert driver.app._toast[0].endswith("The log is not written.") and scene is driver.scene
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_biggest_table_with_long_names_at_both_sizes(tmp_path, size):
    """Screenshots (artifacts/replays-<size>/) of the list and a Stumped game at 8 seats with 16-character names,
    looked at by hand; here: the rows and bar fit the canvas and nothing raises."""
    game = registry.get("stumped")
    match = Match(game, [Seat(LONG[i], COLOURS[i], "normal") for i in range(8)], {}, 3)
    while not match.state.is_over():
        match.play_bot()
    keep(match.to_dict(), tmp_path)
    driver = Driver(tmp_path, f"replays-{size[0]}", size=size)
    to_replays(driver)
    row = driver.scene.entries[0]
    assert driver.scene.describe(row.value)[1] == ", ".join(LONG)
    driver.app.screenshot("replays-list")
    scene = open_row(driver, row.value)
    for _ in range(60):
        scene.forward()
    driver.frames(20)
    driver.app.screenshot("replay-move-60")
    driver.key(pygame.K_END)
    driver.frames(2)
    driver.app.screenshot("replay-end")
    canvas = pygame.Rect(0, 0, *driver.app.canvas)
    assert all(canvas.contains(button.rect) for button in scene.buttons)
    driver.close()


@pytest.mark.parametrize("events", [180, pytest.param(400, marks=pytest.mark.slow)], ids=lambda n: f"{n} events")
@pytest.mark.parametrize("game_id", ["scrimish", "stumped"])
def test_a_monkey_in_the_replays_breaks_nothing(shelf, tmp_path, game_id, events):
    """The monkey (tests/monkey.py) from the Replays list: rows opened, scrolled, replays stepped, played, sped up,
    exported and hovered, left for a game and back (180 events by default, 400 under slow)."""
    import shutil

    from tests.monkey import Monkey
    shutil.copytree(replays_folder(shelf), replays_folder(tmp_path))
    driver = Driver(tmp_path, None, speed=40, seed=2)
    try:
        monkey = Monkey(driver, game_id, seed=4)
        driver.app.goto("menu")
        driver.app.push_scene("replays")
        monkey.frames(2)
        report = monkey.run(events)
    finally:
        driver.close()
    assert {"replays", "replay"} <= report.scenes, report
    assert report.slowest < 1.0


def test_a_save_of_an_unfinished_game_put_among_the_replays_plays_to_where_it_stops(tmp_path):
    match = Match(SCRIMISH, [Seat("Ada", "orange", "normal"), Seat("Bo", "sky", "normal")], {}, 5)
    for _ in range(30):
        match.play_bot()
    folder = replays_folder(tmp_path)
    match.save(folder / "20260101-000000-000000-scrimish.json")
    driver = Driver(tmp_path, None)
    to_replays(driver)
    assert driver.scene.describe(folder / "20260101-000000-000000-scrimish.json")[0].endswith("Scrimish  ·  not finished")
    scene = open_row(driver, folder / "20260101-000000-000000-scrimish.json")
    driver.key(pygame.K_END)
    assert scene.done == 30 and scene.status_text().startswith("The save ends here, before the game's end. Move 30")
    assert "Result: not finished." in scene.replay.export_text()
    driver.close()


def test_a_click_on_the_progress_bar_jumps_to_that_move(shelf):
    driver = Driver(shelf, "replay-progress")
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-scrumpy"))
    scene = open_row(driver, path)
    bar = table_layout().rect("replay.progress")
    driver.click(pygame.Rect(bar.centerx, bar.y, 1, bar.height))
    assert scene.done == round(scene.replay.moves / 2) and scene.timeline is None
    assert plain(scene.shown) == plain(scene.replay.public(scene.done))
    driver.click(pygame.Rect(bar.x + 4, bar.y, 1, bar.height))
    assert scene.done == 0
    driver.click(pygame.Rect(bar.right - 5, bar.y, 1, bar.height))
    assert scene.done == scene.replay.moves
    canvas = pygame.Rect(0, 0, *driver.app.canvas)
    assert canvas.contains(bar) and not any(button.rect.colliderect(bar) for button in scene.buttons)
    driver.close()


def test_a_replay_sounds_each_move_as_the_table_heard_it_and_again_when_stepped_again(shelf):
    from collections import Counter

    from graphics.sound import sound_table

    driver = Driver(shelf, None)
    to_replays(driver)
    path = next(p for p in list_replays(replays_folder(shelf)) if p.stem.endswith("-scrimish"))
    scene = open_row(driver, path)
    sounds, table = driver.app.sounds, sound_table("scrimish")
    moves = [scene.replay.move(n) for n in range(scene.replay.moves)]
    fight = next(n for n, move in enumerate(moves) if any(event.kind == "attack" for event in move.events))
    driver.key(pygame.K_HOME)
    scene.jump(fight)
    sounds.played.clear()
    driver.key(pygame.K_RIGHT)
    driver.frames(240)
    wanted = Counter(cue.name for cue in table.cues(moves[fight].events))
    assert wanted["attack"] == 1 and Counter(sounds.played) == wanted, (sounds.played, wanted)
    driver.key(pygame.K_LEFT)
    sounds.played.clear()
    driver.key(pygame.K_RIGHT)
    driver.frames(240)
    assert Counter(sounds.played) == wanted, "a move stepped again is heard again"
    scene.jump(fight)
    scene.forward()
    assert scene.noises.pending, "the fight's sounds wait for their moment"
    driver.key(pygame.K_LEFT)
    assert not scene.noises.pending, "a step back drops the sounds still to come"
    driver.key(pygame.K_m)
    assert driver.app.sounds.muted and driver.app.preferences.muted, "M mutes a replay as it does a game"
    driver.key(pygame.K_m)
    assert not driver.app.sounds.muted
    driver.close()
