"""The installable package: pyproject.toml builds a wheel holding the code, the data and the assets, with a
`kitchen-table` command that starts the app from any folder and finds its data from the package."""
from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from games.core.saves import read_save
from kitchen_table import __version__

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Builds the wheel once for the whole run (setuptools from requirements-dev.txt, no download): a build writes
    into the checkout (build/, the egg-info), so the test processes take turns and the later ones reuse it."""
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every xdist worker of this run
    with open(shared / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = shared / "wheel"
        if not list(out.glob("kitchen_table-*.whl")):
            subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                            str(out), str(ROOT)], check=True, capture_output=True, timeout=300)
    [built] = out.glob("kitchen_table-*.whl")
    return built


def tracked(folder: str) -> set[str]:
    """Returns the files git keeps under `folder` (paths relative to it)."""
    listed = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True)
    return {Path(line).relative_to(folder).as_posix() for line in listed.stdout.splitlines()}


def test_the_wheel_holds_every_data_file_and_asset_and_the_command(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = {name.removeprefix("kitchen_table/data/") for name in names if name.startswith("kitchen_table/data/")}
    assets = {name.removeprefix("graphics/assets/") for name in names if name.startswith("graphics/assets/")}
    assert data == tracked("data"), "the wheel's data differs from data/"
    assert tracked("graphics/assets") <= assets, "an asset is missing from the wheel"
    assert not [name for name in names if "__pycache__" in name or name.startswith("tests/")]
    modules = {f"{folder}/{name}" for folder in ("games", "graphics", "physics", "kitchen_table")
               for name in tracked(folder) if name.endswith(".py")}  # every package and module of the code
    assert "graphics/views/scrumpy/view.py" in modules and modules <= names, \
        f"modules missing from the wheel: {sorted(modules - names)}"
    info = wheel.name.removesuffix("-py3-none-any.whl")
    entry = zipfile.ZipFile(wheel).read(f"{info}.dist-info/entry_points.txt").decode()
    assert "kitchen-table = kitchen_table.cli:main" in entry


def test_the_wheel_asks_for_exactly_the_pinned_runtime_packages(wheel):
    info = wheel.name.removesuffix("-py3-none-any.whl")
    metadata = zipfile.ZipFile(wheel).read(f"{info}.dist-info/METADATA").decode()
    wanted = {line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
              if line.split("#")[0].strip()}
    assert {line.removeprefix("Requires-Dist: ") for line in metadata.splitlines()
            if line.startswith("Requires-Dist: ")} == wanted
    assert f"Version: {__version__}" in metadata
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert set(declared) == wanted, "pyproject.toml and requirements.txt pin different packages"


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed, made once for the whole run like the wheel (the test processes take
    turns; the later ones reuse it); the pinned runtime packages it needs are found in this test run's own
    environment through a .pth file (installing them again from the registry would cost CI a minute; the test
    above checks the wheel asks for exactly those)."""
    shared = tmp_path_factory.getbasetemp().parent
    venv = shared / "venv"
    with open(shared / "venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (venv / "installed").is_file():
            subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True, timeout=120)
            python = venv / "bin" / "python"
            site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip()
            Path(site, "runtime_packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
            subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                           check=True, capture_output=True, timeout=300)
            (venv / "installed").write_text("")
    return venv


def run_elsewhere(command: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs an installed command in `cwd`, away from the checkout (no PYTHONPATH to it)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"} | HEADLESS
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def test_kitchen_table_plays_a_bot_game_from_another_folder(installed, tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    shots = tmp_path / "shots"
    done = run_elsewhere([str(installed / "bin" / "kitchen-table"), "--game", "scrimish", "--bots", "all",
                          "--exit-when-over", "--screenshots", str(shots), "--speed", "400", "--seed", "4",
                          "--data-dir", str(tmp_path / "data")], folder)
    assert done.returncode == 0, done.stderr
    save = read_save(tmp_path / "data" / "autosave.json")
    assert save["over"] and save["written_by"] == f"kitchen-table {__version__}"
    assert not list(folder.iterdir()), "the command wrote into the folder it was started from"
    names = sorted(p.name for p in shots.glob("*.png"))  # (the command line's own bot game, once for the suite)
    assert names[0].endswith("play.png") and any("gameover" in n for n in names) and names[-1].endswith("end.png")


def test_the_installed_code_and_data_are_the_packages_not_the_checkout(installed, tmp_path):
    probe = ("import json, games, graphics.assets, kitchen_table.paths as p; "
             "print(json.dumps([games.__file__, str(graphics.assets.ROOT), str(p.DATA_ROOT)]))")
    done = run_elsewhere([str(installed / "bin" / "python"), "-c", probe], tmp_path)
    assert done.returncode == 0, done.stderr
    for path in json.loads(done.stdout):
        assert Path(path).is_relative_to(installed) and not Path(path).is_relative_to(ROOT), path


def test_kitchen_table_version_prints_the_version(installed, tmp_path):
    done = run_elsewhere([str(installed / "bin" / "kitchen-table"), "--version"], tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"kitchen-table {__version__}"


def test_data_is_found_beside_the_code_and_its_absence_is_said(monkeypatch, tmp_path):
    from kitchen_table import paths

    assert paths.data_root() == ROOT / "data"  # a checkout: data/ beside the packages
    monkeypatch.setattr(paths, "HERE", tmp_path / "kitchen_table")
    with pytest.raises(FileNotFoundError, match="Kitchen Table's data is missing.*reinstall"):
        paths.data_root()
    (tmp_path / "kitchen_table" / "data" / "table").mkdir(parents=True)
    (tmp_path / "kitchen_table" / "data" / "table" / "seats.yaml").write_text("colours: []\n")
    assert paths.data_root() == tmp_path / "kitchen_table" / "data"  # the installed copy


def test_a_save_says_which_app_wrote_it_and_a_newer_format_is_refused_naming_it(tmp_path):
    from games.core.errors import SaveError
    from games.core.saves import write_atomic
    from tests.test_core_match import new_match

    match = new_match(tmp_path)
    match.save(tmp_path / "mine.json")
    assert read_save(tmp_path / "mine.json")["written_by"] == f"kitchen-table {__version__}"
    newer = match.to_dict() | {"version": 2, "written_by": "kitchen-table 9.1.0"}
    write_atomic(tmp_path / "newer.json", newer)
    with pytest.raises(SaveError, match=r"saved by another version \(kitchen-table 9.1.0, save format 2\)"):
        read_save(tmp_path / "newer.json")
