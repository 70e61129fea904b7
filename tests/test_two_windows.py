"""Issue 29, two windows on one data folder: the second window's start-up cleanup never deletes the first's
autosave in flight, the two never write each other's autosave (each window holds a locked autosave slot of
its own for its life; a second one says so on its menu and offers its own Continue), and temporary files of
writers that have ended are still cleaned up."""
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import games.core.data_folder as data_folder
import games.core.saves as saves
from games import registry
from games.core.match import Match
from graphics.launch import bot_match
from graphics.scenes.menu import MenuScene
from tests.app_driver import Driver
from tests.save_helpers import checked

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
SECOND = "Kitchen Table is open in another window: this one keeps its own autosave (autosave-2.json)."

# The first window, in a process of its own: it starts a game whose first autosave stops half way (in fsync,
# its temporary file on disk) until the file `go` appears; then it finishes and keeps its window open until `end`.
FIRST = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from games import registry
    from graphics.launch import bot_match
    from tests.app_driver import Driver

    data = Path(sys.argv[1])
    go, end = data.parent / "go", data.parent / "end"
    driver = Driver(data, None)
    driver.app.settings.seed = 111
    real = os.fsync

    def slow(fd):
        print("writing", flush=True)
        while not go.exists():
            time.sleep(0.02)
        real(fd)

    os.fsync = slow
    bot_match(registry.get("scrimish"), 2, {0, 1}, driver.app.settings, "easy")
    print("saved", driver.app.settings.slot, flush=True)
    while not end.exists():
        time.sleep(0.02)
""")


def wait_for(process: subprocess.Popen, line: str) -> None:
    got = process.stdout.readline().strip()
    assert got == line, f"the first window said {got!r}; {process.stderr.read()[-2000:] if not got else ''}"


def test_a_second_window_leaves_the_first_windows_write_in_flight_and_its_autosave_alone(tmp_path):
    data = tmp_path / "data"
    first = subprocess.Popen([sys.executable, "-c", FIRST, str(data)], cwd=ROOT, env=ENV, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(first, "writing")
        in_flight = list(data.glob(".autosave.json.*.tmp"))
        assert len(in_flight) == 1 and f".{first.pid}-" in in_flight[0].name
        second = Driver(data, None)  # its start-up cleanup runs now
        assert in_flight[0].exists()  # the first window's write goes on
        assert second.app.settings.slot == 2 and second.app.settings.autosave == data / "autosave-2.json"
        assert second.app.notices == [SECOND]
        second.app.settings.seed = 222
        mine = bot_match(registry.get("stumped"), 2, {0, 1}, second.app.settings, "easy")
        (tmp_path / "go").touch()
        wait_for(first, "saved 1")  # the first window's write finished (it was not deleted under it)
        assert Match.load(data / "autosave.json").seed == 111  # the first's game, not overwritten by the second
        assert Match.load(data / "autosave-2.json").seed == 222 and mine.game.id == "stumped"
        assert not list(data.glob(".*.tmp"))
        menu = MenuScene(second.app)  # the second window continues its own game
        assert menu.continue_text.startswith("Stumped")
        second.close()
    finally:
        (tmp_path / "go").touch()
        (tmp_path / "end").touch()
        first.wait(timeout=60)
    assert first.returncode == 0, first.stderr.read()[-2000:]


def test_a_slot_is_free_again_once_its_window_has_ended(tmp_path):
    data = tmp_path / "data"
    first = subprocess.Popen([sys.executable, "-c", FIRST, str(data)], cwd=ROOT, env=ENV, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    (tmp_path / "go").touch()
    wait_for(first, "writing")
    wait_for(first, "saved 1")
    (tmp_path / "end").touch()
    first.wait(timeout=60)
    driver = Driver(data, None)  # the first window has closed: this one is the first now, and continues its game
    assert driver.app.settings.slot == 1 and driver.app.notices == []
    assert MenuScene(driver.app).continue_text.startswith("Scrimish")
    driver.close()


def test_windows_in_one_process_take_slots_in_turn_and_free_them(tmp_path):
    locks = [data_folder.claim_slot(tmp_path) for _ in range(3)]
    assert [slot for slot, _ in locks] == [1, 2, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave-2.lock", "autosave-3.lock", "autosave.lock"]
    locks[0][1].release()
    assert data_folder.claim_slot(tmp_path)[0] == 1
    (tmp_path / "full").mkdir()
    held = [data_folder.claim_slot(tmp_path / "full") for _ in range(data_folder.SLOTS)]
    assert data_folder.claim_slot(tmp_path / "full") == (0, None) and len(held) == data_folder.SLOTS


def test_when_every_slot_is_held_a_window_saves_in_a_folder_of_its_own(tmp_path, monkeypatch):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "system-tmp"))
    (tmp_path / "system-tmp").mkdir()
    (tmp_path / "data").mkdir()
    held = [data_folder.claim_slot(tmp_path / "data") for _ in range(data_folder.SLOTS)]
    driver = Driver(tmp_path / "data", None)
    assert driver.app.settings.data_dir == tmp_path / "system-tmp" / f"kitchen-table-{os.getuid()}"
    assert driver.app.notices == [f"Many windows are open: this one saves to {driver.app.settings.data_dir}."]
    assert len(held) == data_folder.SLOTS
    driver.close()


def test_a_second_window_in_the_same_process_keeps_its_own_autosave(tmp_path):
    first = Driver(tmp_path, None)
    first_match = bot_match(registry.get("scrimish"), 2, {0, 1}, first.app.settings, "easy")
    second = Driver(tmp_path, None)
    second_match = bot_match(registry.get("scrimish"), 3, {0, 1, 2}, second.app.settings, "easy")
    assert (first.app.settings.slot, second.app.settings.slot) == (1, 2) and second.app.notices == [SECOND]
    assert first.app.notices == []
    for _ in range(3):
        first_match.play_bot()
        second_match.play_bot()
    assert json.loads((tmp_path / "autosave.json").read_text())["players"] == 2
    assert json.loads((tmp_path / "autosave-2.json").read_text())["players"] == 3
    second.app.push_scene("load")  # the second window's Load screen: its own autosave first, then the other's
    assert [path.name for path in second.scene.files] == ["autosave-2.json", "autosave.json"]
    checked(second)
    labels = [button.label for button in second.scene.entries]
    assert labels[0].startswith("Autosave: Scrimish, 3 players") and labels[1].startswith("autosave: Scrimish, 2 players")
    second.close()


def dead_pid() -> int:
    """Returns the id of a process that has ended (and been reaped)."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(child.stdout)


def test_startup_cleans_temps_of_writers_that_have_ended_and_keeps_live_ones(tmp_path):
    (tmp_path / "saves").mkdir()
    dead = [tmp_path / f".autosave.json.{dead_pid()}-k9x2.tmp",
            tmp_path / "saves" / f".scrimish-1.json.{dead_pid()}-q1.tmp",
            tmp_path / ".autosave-2.json.k9x2.tmp"]  # no owner in the name: an older version's leftover
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = tmp_path / f".autosave.json.{sleeper.pid}-ab_c.tmp"
        old_live = tmp_path / f".autosave-3.json.{sleeper.pid}-zz.tmp"  # older than any write takes
        for path in dead + [live, old_live]:
            path.write_text("{")
        an_hour_ago = time.time() - 3600
        os.utime(old_live, (an_hour_ago, an_hour_ago))
        driver = Driver(tmp_path, None)
        assert live.exists()
        assert not any(path.exists() for path in dead) and not old_live.exists()
        driver.close()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_the_temp_file_names_the_writer(tmp_path, monkeypatch):
    names = []
    real = os.replace

    def spy(source, target):
        names.append(Path(source).name)
        real(source, target)

    monkeypatch.setattr(saves.os, "replace", spy)
    saves.write_atomic(tmp_path / "autosave.json", {"a": 1})
    assert saves.TEMP_NAME.match(names[0])["pid"] == str(os.getpid())
    assert data_folder.process_alive(os.getpid()) and not data_folder.process_alive(dead_pid())


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX lock across processes")
def test_a_lock_held_by_another_process_is_seen_and_freed_when_it_ends(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from pathlib import Path
        from games.core.data_folder import claim_slot
        slot, lock = claim_slot(Path(sys.argv[1]))
        print(slot, flush=True)
        time.sleep(60)
    """), str(tmp_path)], cwd=ROOT, env=ENV, text=True, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == "1"
        slot, lock = data_folder.claim_slot(tmp_path)
        assert slot == 2
        lock.release()
    finally:
        holder.kill()  # a window killed: the system drops its lock
        holder.wait()
    assert data_folder.claim_slot(tmp_path)[0] == 1
