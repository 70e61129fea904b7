"""Issue 29, writing fails: a full disk, a file size limit (`ulimit -f`), a folder that cannot be written or a
data "folder" that is a file never end the game. The old autosave stays whole, the table is told in one line,
every move tries again and says once when saving works again; a save from the Esc menu that fails says why
and offers other places; a data folder that cannot be used at start falls back to a temporary one.

Tests run as root, so a read-only folder is simulated by making the os calls fail as they would."""
import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

import games.core.data_folder as data_folder
import games.core.saves as saves
from games import registry
from games.core.match import Match
from graphics.launch import bot_match
from graphics.mishaps import UNSAVED
from graphics.scenes.common import start_play
from graphics.scenes.menu import MenuScene
from tests.app_driver import Driver

ROOT = Path(__file__).resolve().parents[1]
GOES_ON = "The game goes on; saving resumes when it can."


@pytest.fixture(autouse=True)
def private_temp(tmp_path, monkeypatch):
    """The system's temporary folder of each test is its own (the fallback data folder is made there)."""
    folder = tmp_path / "system-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def moves(driver, count: int, limit: int = 4000) -> None:
    """Runs frames until the bots of the play scene have made `count` more moves."""
    play = driver.app.stack[1]
    goal = len(play.match.history) + count
    for _ in range(limit):
        if len(play.match.history) >= goal:
            return
        driver.frames(1)
    raise AssertionError("the bots did not move")


def bot_game(driver, game_id: str = "scrimish"):
    """Starts a bot game in the driver's app and returns its play scene."""
    match = bot_match(registry.get(game_id), 2, {0, 1}, driver.app.settings, "easy")
    start_play(driver.app, match)
    driver.frames(1)
    return driver.app.stack[1]


def toast(driver) -> str | None:
    return driver.app._toast[0] if driver.app._toast else None


class Failing:
    """Makes a os function raise an OSError of `code` while `on` is true (as a full or read-only disk would)."""

    def __init__(self, real, code: int, text: str) -> None:
        self.real, self.code, self.text, self.on = real, code, text, True

    def __call__(self, *args, **kwargs):
        if self.on:
            raise OSError(self.code, self.text)
        return self.real(*args, **kwargs)


@pytest.mark.parametrize("code, text, reason", [
    (errno.ENOSPC, "No space left on device", "disk full"),
    (errno.EDQUOT, "Disk quota exceeded", "disk quota used up"),
    (errno.EFBIG, "File too large", "file size limit reached"),
    (errno.EIO, "Input/output error", "the disk reports an error"),
])
def test_a_failed_autosave_write_is_one_line_the_game_goes_on_and_the_next_move_retries(tmp_path, monkeypatch,
                                                                                        code, text, reason):
    driver = Driver(tmp_path, None)
    play = bot_game(driver)
    moves(driver, 2)
    autosave = tmp_path / "autosave.json"
    before = autosave.read_bytes()
    saved_moves = len(json.loads(before)["history"])
    failing = Failing(os.fsync, code, text)
    monkeypatch.setattr(saves.os, "fsync", failing)  # the write fails after the temp file got its bytes
    moves(driver, 1)
    driver.frames(1)
    message = f"Can't save to {tmp_path}: {reason}. {GOES_ON}"
    assert toast(driver) == message and play.match.save_problem == message
    assert autosave.read_bytes() == before  # the old autosave is whole
    assert not list(tmp_path.glob(".*.tmp"))  # and no temp file is left behind
    driver.app._toast = None
    moves(driver, 2)
    assert toast(driver) is None  # said once, not at every move
    assert driver.scene is play and not driver.app.errors and len(play.match.history) > saved_moves + 2
    assert autosave.read_bytes() == before
    failing.on = False  # space again: the next move saves, and the table is told once
    moves(driver, 1)
    driver.frames(1)
    assert toast(driver) == f"Saving works again: {autosave}."
    assert play.match.save_problem is None
    assert Match.load(autosave).history[-1].action == play.match.history[-1].action
    driver.close()


@pytest.mark.parametrize("code, text, reason", [
    (errno.EACCES, "Permission denied", "not allowed to write there"),
    (errno.EROFS, "Read-only file system", "the disk is read-only"),
])
def test_a_folder_that_turns_read_only_mid_game_is_one_line(tmp_path, monkeypatch, code, text, reason):
    """Root writes through chmod, so the refusal of a read-only folder is made where the temp file is made."""
    driver = Driver(tmp_path, None)
    play = bot_game(driver)
    moves(driver, 1)
    before = (tmp_path / "autosave.json").read_bytes()
    monkeypatch.setattr(saves.tempfile, "mkstemp", Failing(tempfile.mkstemp, code, text))
    moves(driver, 2)
    driver.frames(1)
    assert toast(driver) == f"Can't save to {tmp_path}: {reason}. {GOES_ON}"
    assert (tmp_path / "autosave.json").read_bytes() == before and not driver.app.errors and driver.scene is play
    driver.close()


def test_a_data_folder_replaced_by_a_file_mid_game_is_one_line(tmp_path):
    data = tmp_path / "data"
    driver = Driver(data, None)
    play = bot_game(driver)
    moves(driver, 1)
    shutil.rmtree(data)
    data.write_text("not a folder")
    moves(driver, 2)
    driver.frames(1)
    assert toast(driver) == f"Can't save to {data}: a file is in the way of the folder. {GOES_ON}"
    assert not driver.app.errors and driver.scene is play
    data.unlink()  # the folder can be made again: the next move saves
    moves(driver, 1)
    driver.frames(1)
    assert toast(driver) == f"Saving works again: {data / 'autosave.json'}."
    assert len(Match.load(data / "autosave.json").history) == len(play.match.history)
    driver.close()


def test_the_esc_menu_says_why_a_save_failed_and_saves_elsewhere(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    data = tmp_path / "data"
    driver = Driver(data, None)
    play = bot_game(driver)
    moves(driver, 2)
    (data / "saves").write_text("a file where the saves folder goes")
    play.open_menu()
    driver.frames(1)
    assert driver.scene.name == "pause"
    driver.click(driver.button("Save game").rect)
    message = f"Can't save to {data / 'saves'}: a file is in the way of the folder. Try Save elsewhere."
    assert toast(driver) == message and driver.scene.note == message
    driver.click(driver.button("Save elsewhere").rect)
    labels = [button.label for button in driver.scene.buttons]
    assert labels == ["Home folder", "Documents", "Temporary folder", "Back"]  # no Desktop here: none is present
    driver.click(driver.button("Documents").rect)
    saved = list((home / "Documents").glob("scrimish-*.json"))
    assert len(saved) == 1 and toast(driver) == f"Saved as {saved[0]}"
    assert len(Match.load(saved[0]).history) == len(play.match.history) >= 2
    assert driver.button("Resume") and driver.scene.note is None  # back on the menu's own buttons
    assert not driver.app.errors
    driver.close()


def test_a_save_elsewhere_that_fails_too_says_so_and_stays_on_the_places(tmp_path, monkeypatch):
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path / "home"))
    (tmp_path / "home").mkdir()
    driver = Driver(tmp_path / "data", None)
    bot_game(driver)
    driver.app.stack[1].open_menu()
    driver.frames(1)
    driver.click(driver.button("Save elsewhere").rect)
    monkeypatch.setattr(saves.os, "fsync", Failing(os.fsync, errno.ENOSPC, "No space left on device"))
    driver.click(driver.button("Home folder").rect)
    assert toast(driver) == f"Can't save to {tmp_path / 'home'}: disk full. Try another place."
    assert driver.button("Back") and not list((tmp_path / "home").iterdir()) and not driver.app.errors
    driver.close()


def test_a_failed_first_autosave_at_the_start_of_a_game_is_said_once_the_play_scene_opens(tmp_path, monkeypatch):
    driver = Driver(tmp_path, None)
    monkeypatch.setattr(saves.os, "fsync", Failing(os.fsync, errno.ENOSPC, "No space left on device"))
    bot_game(driver)
    driver.frames(1)
    assert toast(driver) == f"Can't save to {tmp_path}: disk full. {GOES_ON}"
    assert not (tmp_path / "autosave.json").exists() and not driver.app.errors
    driver.app.stack[1].open_menu()
    driver.frames(1)
    assert driver.scene.shown_note() == f"Can't save to {tmp_path}: disk full."  # the Esc menu says it too
    driver.close()


# --- a real file size limit, and a real full disk --------------------------------------------------------

LIMITED = textwrap.dedent("""
    import json, resource, sys
    from pathlib import Path
    from games import registry
    from graphics.launch import bot_match
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    from tests.test_save_failures import moves

    data = Path(sys.argv[1])
    driver = Driver(data, None)
    match = bot_match(registry.get("scrimish"), 2, {0, 1}, driver.app.settings, "easy")
    start_play(driver.app, match)
    moves(driver, 2)
    before = (data / "autosave.json").read_bytes()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(before), hard))  # the next, longer autosave cannot be written
    moves(driver, 2)
    driver.frames(1)
    failed = driver.app._toast[0]
    intact = (data / "autosave.json").read_bytes() == before
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
    moves(driver, 1)
    driver.frames(1)
    print(json.dumps({"failed": failed, "intact": intact, "again": driver.app._toast[0],
                      "saved": len(json.loads((data / "autosave.json").read_text())["history"]),
                      "moves": len(match.history), "errors": len(driver.app.errors)}))
""")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file size limits")
def test_a_file_size_limit_does_not_kill_the_app(tmp_path):
    """`ulimit -f`: the kernel sends SIGXFSZ, which ended the process; the app ignores it and the write's
    EFBIG is said in one line."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", LIMITED, str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["failed"] == f"Can't save to {tmp_path}: file size limit reached. {GOES_ON}"
    assert result["intact"] and result["errors"] == 0
    assert result["again"] == f"Saving works again: {tmp_path / 'autosave.json'}."
    assert result["saved"] == result["moves"]


@pytest.fixture
def full_disk(tmp_path):
    """A tiny tmpfs (root only; skipped where it cannot be mounted)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if not shutil.which("mount") or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                                                   capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_really_full_disk(full_disk):
    data = full_disk / "data"
    driver = Driver(data, None)
    play = bot_game(driver)
    moves(driver, 2)
    before = (data / "autosave.json").read_bytes()
    filler = full_disk / "filler"
    with open(filler, "wb", buffering=0) as out:  # fill the disk to the last block
        with pytest.raises(OSError) as full:
            while True:
                out.write(b"x" * 512)
        assert full.value.errno == errno.ENOSPC
    moves(driver, 2)
    driver.frames(1)
    assert toast(driver) == f"Can't save to {data}: disk full. {GOES_ON}"
    assert (data / "autosave.json").read_bytes() == before and not list(data.glob(".*.tmp"))
    assert not driver.app.errors and driver.scene is play
    filler.unlink()
    moves(driver, 1)
    driver.frames(1)
    assert toast(driver) == f"Saving works again: {data / 'autosave.json'}."
    assert len(Match.load(data / "autosave.json").history) == len(play.match.history)
    driver.close()


# --- a data folder that cannot be used at start ----------------------------------------------------------

def test_a_data_folder_that_is_a_file_falls_back_to_a_temporary_one_with_a_line_on_the_menu(tmp_path, private_temp):
    data = tmp_path / "data"
    data.write_text("a file, not a folder")
    driver = Driver(data, None)
    fallback = private_temp / f"kitchen-table-{os.getuid()}"
    assert driver.app.settings.data_dir == fallback
    assert driver.app.notices == [f"Can't use the data folder {data} (a file is in the way of the folder): "
                                  f"saving to {fallback} for now."]
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)  # the menu draws the line
    bot_game(driver)
    moves(driver, 1)
    assert (fallback / "autosave.json").exists() and data.read_text() == "a file, not a folder"
    assert not driver.app.errors
    driver.close()


def test_a_data_folder_that_cannot_be_made_falls_back(tmp_path, private_temp):
    data = tmp_path / "file" / "data"
    (tmp_path / "file").write_text("x")
    driver = Driver(data, None)
    assert driver.app.notices == [f"Can't use the data folder {data} (a file is in the way of the folder): "
                                  f"saving to {private_temp / f'kitchen-table-{os.getuid()}'} for now."]
    driver.close()


def test_a_data_folder_that_cannot_be_written_falls_back(tmp_path, private_temp, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    real = tempfile.mkstemp

    def refused(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == data:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(saves.tempfile, "mkstemp", refused)
    driver = Driver(data, None)
    fallback = private_temp / f"kitchen-table-{os.getuid()}"
    assert driver.app.settings.data_dir == fallback
    assert driver.app.notices == [f"Can't use the data folder {data} (not allowed to write there): "
                                  f"saving to {fallback} for now."]
    driver.close()


def test_the_fallback_folder_is_the_same_each_run_so_continue_finds_the_game(tmp_path, private_temp):
    data = tmp_path / "data"
    data.write_text("x")
    first = Driver(data, None)
    bot_game(first)
    moves(first, 1)
    first.app._lock.release()
    first.close()
    second = Driver(data, None)
    menu = MenuScene(second.app)
    assert second.app.settings.data_dir == private_temp / f"kitchen-table-{os.getuid()}"
    assert menu.buttons[0].enabled and menu.continue_text.startswith("Scrimish")
    second.close()


def test_a_fallback_folder_someone_else_planted_is_not_used(tmp_path, private_temp):
    """The temporary folder is shared: a file (or another user's folder) where ours goes means a fresh one."""
    (private_temp / f"kitchen-table-{os.getuid()}").write_text("planted")
    folder = data_folder.fallback_folder()
    assert folder.is_dir() and folder.parent == private_temp and folder.name.startswith("kitchen-table-")
    assert folder.name != f"kitchen-table-{os.getuid()}"


def test_write_reasons_are_plain_words():
    assert data_folder.cant_save(Path("/x"), OSError(errno.ENOSPC, "No space left on device"), "Then.") == \
        "Can't save to /x: disk full. Then."
    assert data_folder.cant_save(Path("/x"), OSError(errno.ENAMETOOLONG, "File name too long")) == \
        "Can't save to /x: file name too long."
    assert saves.shown_path(Path("/a\x00b")) == "/a\ufffdb"
    assert len(saves.shown_path(Path("/" + "d" * 300))) == 120


def test_a_drawing_mishap_while_saving_fails_goes_on_from_the_game_in_memory_not_the_stale_autosave(tmp_path,
                                                                                                    monkeypatch):
    driver = Driver(tmp_path, None)
    play = bot_game(driver)
    moves(driver, 1)
    monkeypatch.setattr(saves.os, "fsync", Failing(os.fsync, errno.ENOSPC, "No space left on device"))
    moves(driver, 3)
    played = [step.action for step in play.match.history]
    driver.app.mishap(RuntimeError("a view raised while drawing"))  # logs it, says so and lets the scene recover
    assert driver.app._toast[0] == UNSAVED  # not "the game is saved"
    driver.app.errors.clear()
    again = driver.app.stack[1]
    assert again is not play and [step.action for step in again.match.history] == played
    assert len(Match.load(tmp_path / "autosave.json").history) < len(played)  # the file on disk is behind
    driver.close()
