"""The Load screen, Continue and opening a save, as a player meets them: odd files in the saves folder are
listed with the one line that says why they cannot be opened (and cannot be clicked), a refused file never
replaces the game in progress, the menu's Continue follows the replayed position, and a long save opens
on the worker thread while the window keeps drawing."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from games.core.match import Match, Seat
from games.core.saves import shown_name
from games.scrappers import GAME as SCRAPPERS
from games.scrimish import GAME
from graphics.scenes.common import start_play
from graphics.scenes.menu import MenuScene
from tests.app_driver import ARTIFACTS, Driver
from tests.save_helpers import checked, opened

ROOT = Path(__file__).resolve().parents[1]


def scrimish_match(moves: int, seed: int = 5, autosave: Path | None = None) -> Match:
    """Returns a Scrimish match (a person and a bot) `moves` moves in."""
    match = Match(GAME, [Seat("Ada", "orange"), Seat("Bo", "sky", "casual")], {}, seed, autosave=autosave)
    for _ in range(moves):
        actions = match.state.legal_actions()
        match.apply(actions[-1] if match.state.phase == "setup" else actions[0])
    return match


@pytest.fixture(scope="module")
def good_text(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("good")
    scrimish_match(8).save(folder / "good.json")
    return (folder / "good.json").read_text()


def edit(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def byte_name(folder: Path, raw: bytes) -> Path:
    """Returns the path of a file in `folder` whose name is the bytes `raw` (not UTF-8, as Linux allows)."""
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + raw))


# file name in saves/ -> (make its text from a good save's, the line its entry shows (None: it opens))
ODD_FILES = {
    b"good.json": (lambda t: t, None),
    b"title.json": (lambda t: t.replace('"title":"Scrimish"', '"title":"Scrim\\ud800ish"', 1),
                    "title.json is damaged: its title is not a short line of text."),
    b"date.json": (lambda t: t.replace('"saved_at":"', '"saved_at":"\\udc00', 1),
                   "date.json is damaged: its date is not a short line of text."),
    b"\xff\xfe odd.json": (lambda t: t, None),
    b"\xff damaged.json": (lambda t: t[:60], "\ufffd damaged.json is damaged: it is not a complete save file."),
    b"moved.json": (lambda t: edit(t, lambda d: d["state"].__setitem__("turns", 99)),
                    "moved.json is damaged: its position does not follow from its moves."),
    b"unknown.json": (lambda t: edit(t, lambda d: d.__setitem__("game", "chess")),
                      "unknown.json is for a game this version does not have ('chess')."),
}


def odd_folder(root: Path, good_text: str) -> Path:
    """Fills root/saves with ODD_FILES; returns root."""
    saves = root / "saves"
    saves.mkdir(parents=True)
    for raw, (make, _) in ODD_FILES.items():
        byte_name(saves, raw).write_text(make(good_text), encoding="utf-8", errors="surrogatepass")
    return root


def expected_label(raw: bytes, line: str | None) -> str:
    name = shown_name(Path(os.fsdecode(raw)))
    return f"{name.removesuffix('.json')}: Scrimish, 2 players, 8 moves," if line is None else line


def assert_lists_the_odd_files(driver: Driver) -> None:
    checked(driver)
    entries = {button.label: button for button in driver.scene.entries if not button.label.startswith("Autosave")}
    assert len(entries) == len(ODD_FILES)
    for raw, (_, line) in ODD_FILES.items():
        label = expected_label(raw, line)
        found = [button for text, button in entries.items() if text.startswith(label)]
        assert len(found) == 1, (label, list(entries))
        assert found[0].enabled == (line is None), label


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_load_screen_lists_odd_files_each_with_why_it_cannot_be_opened(tmp_path, good_text, size):
    driver = Driver(odd_folder(tmp_path, good_text), f"load-odd-files-{size[0]}x{size[1]}", size=size)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    driver.click(driver.button("Load").rect)
    assert driver.scene.name == "load"
    assert_lists_the_odd_files(driver)
    driver.frames(2)
    driver.app.screenshot("load-checked")
    refused = next(b for b in driver.scene.entries if not b.enabled)
    driver.click(refused.rect)  # greyed: nothing happens
    assert driver.scene.name == "load" and driver.app._toast is None
    odd = next(b for b in driver.scene.entries if b.label.startswith("\ufffd\ufffd odd: Scrimish"))
    driver.click(odd.rect)
    opened(driver)
    assert driver.scene.name in ("play", "handoff") and len(driver.app.stack[1].match.history) == 8
    driver.close()


def test_from_the_esc_menu_mid_game_odd_files_are_listed_and_a_refused_one_leaves_the_game(tmp_path, good_text):
    driver = Driver(odd_folder(tmp_path, good_text), "load-odd-files-mid-game")
    match = scrimish_match(4, seed=3, autosave=tmp_path / "autosave.json")
    start_play(driver.app, match)
    driver.frames(3)
    play = driver.scene
    driver.key(pygame.K_ESCAPE)
    before, moves = match.state.to_dict(), len(match.history)  # the game waits under the Esc menu
    driver.click(driver.button("Load game").rect)
    assert driver.scene.name == "load"
    checked(driver)
    assert len(driver.scene.entries) == len(ODD_FILES) + 1  # the autosave too
    autosave = driver.scene.entries[0]
    assert autosave.label.startswith(f"Autosave: Scrimish, 2 players, {moves} moves") and autosave.enabled
    assert_lists_the_odd_files(driver)
    # a file damaged after it was listed is refused when opened: one line, and the game goes on
    odd = next(b for b in driver.scene.entries if b.label.startswith("\ufffd\ufffd odd: Scrimish"))
    byte_name(tmp_path / "saves", b"\xff\xfe odd.json").write_text(good_text.replace('"title":"Scrimish"',
                                                                                   '"title":"\\ud800"'))
    driver.click(odd.rect)
    opened(driver)
    assert driver.scene.name == "load"
    assert driver.app._toast[0] == "\ufffd\ufffd odd.json is damaged: its title is not a short line of text."
    assert not driver.app.errors
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button("Resume").rect)
    assert driver.scene is play and play.match is match and match.state.to_dict() == before
    driver.frames(5)
    assert len(match.history) >= moves  # the game goes on
    driver.close()


def test_a_refused_file_opened_from_the_menu_leaves_the_load_screen(tmp_path, good_text):
    driver = Driver(odd_folder(tmp_path, good_text), None)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    driver.click(driver.button("Load").rect)
    checked(driver)
    odd = next(b for b in driver.scene.entries if b.label.startswith("\ufffd\ufffd odd: Scrimish"))
    byte_name(tmp_path / "saves", b"\xff\xfe odd.json").write_text(good_text[:40])
    driver.click(odd.rect)
    opened(driver)
    assert driver.scene.name == "load"
    assert driver.app._toast[0] == "\ufffd\ufffd odd.json is damaged: it is not a complete save file."
    driver.frames(3)  # the entry is checked again and shows why
    checked(driver)
    assert any(b.label == driver.app._toast[0] and not b.enabled for b in driver.scene.entries)
    driver.close()


def test_a_save_of_a_game_whose_data_is_broken_is_listed_as_such_not_as_damaged(tmp_path, good_text, monkeypatch):
    problem = "data/scrimish/deck.yaml: cards[0] (id 'dagger'): field 'count': must be at least 1, got 0"
    monkeypatch.setattr("graphics.save_jobs.data_problem", lambda game: problem if game.id == "scrimish" else None)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "mine.json").write_text(good_text)
    os.utime(tmp_path / "saves" / "mine.json", ns=(1, 1))  # a version of the file no other test checked
    driver = Driver(tmp_path, "load-broken-data")
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    driver.click(driver.button("Load").rect)
    checked(driver)
    entry = driver.scene.entries[0]
    assert entry.label.startswith("Scrimish's data is broken, so mine.json cannot be opened: data/scrimish/deck.yaml")
    assert "damaged" not in entry.label and not entry.enabled
    driver.close()


def continue_button(driver: Driver):
    """Runs frames until the menu's check of the autosave is done; returns the Continue button."""
    deadline = time.perf_counter() + 30
    while driver.scene.job is not None or driver.scene.checking:
        assert time.perf_counter() < deadline
        driver.frames(1)
        time.sleep(0.005)
    return driver.button("Continue")


def test_a_false_over_flag_does_not_hide_continue_and_a_false_not_over_does_not_show_it(tmp_path):
    scrimish_match(6, autosave=tmp_path / "autosave.json")  # writes the autosave
    auto = tmp_path / "autosave.json"
    auto.write_text(edit(auto.read_text(), lambda d: d.__setitem__("over", True)))
    driver = Driver(tmp_path, None)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    button = continue_button(driver)
    assert button.enabled and button.label == "Continue: Scrimish, 2 players"
    driver.click(button.rect)
    opened(driver)
    assert driver.scene.name in ("play", "handoff") and len(driver.app.stack[1].match.history) == 6

    finished = Match(GAME, [Seat("Ada", "orange", "casual"), Seat("Bo", "sky", "casual")], {}, 2, autosave=auto)
    while not finished.state.is_over():
        finished.play_bot()
    auto.write_text(edit(auto.read_text(), lambda d: d.__setitem__("over", False)))
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    assert not continue_button(driver).enabled
    driver.close()


def test_continue_is_off_with_the_reason_when_the_autosave_would_be_refused(tmp_path):
    scrimish_match(6, autosave=tmp_path / "autosave.json")
    auto = tmp_path / "autosave.json"
    auto.write_text(edit(auto.read_text(), lambda d: d["state"].__setitem__("turns", 77)))
    driver = Driver(tmp_path, None)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    assert not continue_button(driver).enabled
    assert driver.scene.refusal == "autosave.json is damaged: its position does not follow from its moves."
    driver.close()


@pytest.fixture(scope="module")
def long_text(tmp_path_factory) -> str:
    """Returns a save of a whole Scrappers game of four random bots with both extra bodgers (a long one)."""
    players = 4
    match = Match(SCRAPPERS, [Seat(f"P{i}", "orange", "random") for i in range(players)],
                  {"keelie": True, "guppy": True}, 7)
    while match.bot_seat() is not None and len(match.history) < 1500:
        bot, view, rng = match.bot_request()
        match._record(bot.choose(view, rng))
    path = tmp_path_factory.mktemp("long") / "long.json"
    match.save(path)
    return path.read_text()


REPLAY_MOVE_SECONDS = 0.001  # each move replayed waits this long: however fast the machine, the replay spans frames


@pytest.fixture
def slow_replay(monkeypatch) -> None:
    """Makes each Scrappers move replayed wait REPLAY_MOVE_SECONDS, so that opening a long save spans frames."""
    state_class = type(SCRAPPERS.new_state(4, {"keelie": True, "guppy": True}, 7))
    apply = state_class.apply

    def slow_apply(state, action):
        time.sleep(REPLAY_MOVE_SECONDS)
        return apply(state, action)
    monkeypatch.setattr(state_class, "apply", slow_apply)


def test_a_long_save_opens_while_the_window_keeps_drawing(tmp_path, long_text, slow_replay):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "long.json").write_text(long_text)
    moves = len(json.loads(long_text)["history"])
    assert moves > 400
    driver = Driver(tmp_path, None)  # (a screenshot at each scene change would cost frames their time)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    driver.click(driver.button("Load").rect)
    checked(driver)
    entry = driver.scene.entries[0]
    assert entry.enabled and entry.label.startswith("long: Scrappers, 4 players, ")
    driver.press(entry.rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=driver.app.viewport.point(entry.rect.center),
                                         button=1))
    drawn, slowest, progress = driver.app.frames_drawn, 0.0, set()
    started = time.perf_counter()
    while driver.scene.name in ("load", "opening") and time.perf_counter() - started < 60:
        before = time.perf_counter()
        driver.frames(1)
        if driver.scene.name == "opening":  # (the frame that starts the game draws its table first: not counted)
            slowest = max(slowest, time.perf_counter() - before)
            progress.add(driver.scene.job.done)
            if len(progress) == 3:
                shot = ARTIFACTS / "load-long-save" / "opening.png"
                shot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(driver.app.window, str(shot))
        time.sleep(1 / 120)
    assert driver.scene.name in ("play", "handoff") and len(driver.app.stack[1].match.history) == moves
    assert len(progress) >= 3, "the progress bar moved on while the moves replayed"
    assert driver.app.frames_drawn - drawn >= len(progress)
    assert slowest < 0.25, f"a frame took {slowest:.2f} s while the save opened"
    driver.close()


def test_checking_a_long_save_for_the_list_keeps_the_window_drawing(tmp_path, long_text):
    (tmp_path / "saves").mkdir()
    for copy in range(3):
        (tmp_path / "saves" / f"long{copy}.json").write_text(long_text)
    driver = Driver(tmp_path, None)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    driver.click(driver.button("Load").rect)
    slowest, frames, started = 0.0, 0, time.perf_counter()
    while any("checking" in b.label for b in driver.scene.entries):
        assert time.perf_counter() - started < 60
        before = time.perf_counter()
        driver.hover((100 + frames % 50, 100))  # the mouse moves: every frame is drawn
        slowest, frames = max(slowest, time.perf_counter() - before), frames + 1
        time.sleep(1 / 120)
    assert frames >= 3 and slowest < 0.25, (frames, slowest)
    assert all(b.enabled and "Scrappers, 4 players" in b.label for b in driver.scene.entries)
    driver.close()


def test_esc_while_a_long_save_opens_goes_back_and_changes_nothing(tmp_path, long_text, slow_replay):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "long.json").write_text(long_text)
    os.utime(tmp_path / "saves" / "long.json", ns=(2, 2))
    driver = Driver(tmp_path, None)
    match = scrimish_match(4, seed=3, autosave=tmp_path / "autosave.json")
    start_play(driver.app, match)
    driver.frames(3)
    play = driver.scene
    driver.app.push_scene("opening", path=tmp_path / "saves" / "long.json")
    driver.frames(1)
    assert driver.scene.name == "opening"
    job = driver.scene.job
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is play and play.match is match
    assert job.wait(10) and job.result is None and job.cancelled
    driver.close()


def test_load_on_the_command_line_opens_a_file_named_in_any_bytes_under_a_progress_bar(tmp_path, long_text,
                                                                                       monkeypatch):
    from graphics import launch as launching
    path = byte_name(tmp_path, b"l\xf6ng.json")
    path.write_text(long_text)
    seen = []
    monkeypatch.setattr(launching.App, "run", lambda app: seen.append(app) or 0)
    args = launching_args(load=path)
    assert launching.launch(args, lambda spec, players: set(), tmp_path / "data") == 0
    app = seen[0]
    assert app.scene.name == "opening" and app.scene.shown == "l\ufffdng.json"
    assert app.scene.job.wait(60)
    app.frame(1 / 60)
    assert app.scene.name in ("play", "handoff") and app.stack[1].match.game.id == "scrappers"
    pygame.quit()


def launching_args(**extra):
    import argparse
    values = dict(size="1280x720", screenshots=None, exit_when_over=False, speed=1.0, seed=None, fullscreen=False,
                  load=None, game=None, players=None, bots=None, level="normal")
    values.update(extra)
    return argparse.Namespace(**values)


@pytest.mark.parametrize("name, make, message", [
    (b"\xff.json", lambda t: t[:50], "main.py: --load: \ufffd.json is damaged: it is not a complete save file."),
    (b"title.json", lambda t: t.replace('"title":"Scrimish"', '"title":"\\ud800"', 1),
     "main.py: --load: title.json is damaged: its title is not a short line of text."),
    (b"gone.json", None, "main.py: --load: There is no save file at "),
])
def test_load_on_the_command_line_refuses_a_damaged_file_in_one_line(tmp_path, good_text, name, make, message):
    path = byte_name(tmp_path, name)
    if make is not None:
        path.write_text(make(good_text), encoding="utf-8", errors="surrogatepass")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--load", os.fsencode(path), "--data-dir",
                           str(tmp_path / "data")], capture_output=True, env=env, timeout=120, cwd=ROOT)
    errors = done.stderr.decode("utf-8")
    assert done.returncode == 1 and "Traceback" not in errors
    assert errors.startswith(message) and errors.count("\n") == 1, errors
    assert not (tmp_path / "data" / "autosave.json").exists()

