"""Data mutations: every field of a game's YAML files (data/<game>/, data/table/) broken one at a time, and what
the app makes of it. A mutation must either be refused by the data check (the menu's `data_problem`, or the
table's `check_table`) in one line naming the file, or play on: a few short seeded games (random moves and
the game's own bot, the contract's invariants at every step) and a bot game drawn in the headless app.

Run by tests/test_data_mutations.py (a sample; every mutation under `-m slow`), or by hand to list what
breaks: `python -m tests.data_mutations [game ...] [--limit N] [--seed S] [--kinds number,list,text,reference]
[--no-layout]`.
"""
from __future__ import annotations

import copy
import functools
import random
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from games import registry
from games.core.bots import decision_rng
from games.core.errors import DataError
from games.core.game import DATA_ROOT, Game, data_message
from games.core.match import Match, Seat

ASSETS = Path(__file__).resolve().parents[1] / "graphics" / "assets"
HUGE = 10 ** 9
UNKNOWN = "no_such_thing"
PLAY_ACTIONS = 800  # a short game of random moves: this many actions at most (a game need not end)
BOT_ACTIONS = 80  # and of bots' moves
DRAW_FRAMES = 45


@dataclass(frozen=True)
class Mutation:
    """One field of one file changed: `path` is the keys and indexes down to it in the parsed document."""

    file: Path  # under data/
    path: tuple
    value: Any
    kind: str  # "number", "list", "text", "reference"

    @property
    def name(self) -> str:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"{self.file.relative_to(DATA_ROOT)}:{where}={_short(self.value)}"

    def applied(self, document: Any) -> Any:
        """Returns a copy of `document` with the mutation made."""
        changed = copy.deepcopy(document)
        node = changed
        for step in self.path[:-1]:
            node = node[step]
        node[self.path[-1]] = self.value
        return changed


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 20 else text[:17] + "..."


def files_of(game_id: str) -> list[Path]:
    """Returns the YAML files a game reads (its folder's); "table" gives data/table/'s."""
    return sorted((DATA_ROOT / game_id).glob("*.yaml"))


def _walk(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Yields (path, value) for every node below the root, parents before children."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,), value
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield path + (index,), value
            yield from _walk(value, path + (index,))


def names_of(game_id: str) -> set[str]:
    """Returns the names a string field may refer to: every entry's id, every mapping key and every asset."""
    names = {p.stem for p in (ASSETS / game_id).glob("*.*")} if (ASSETS / game_id).is_dir() else set()
    for file in files_of(game_id):
        for path, value in _walk(_read(file)):
            if isinstance(path[-1], str):
                names.add(path[-1])
            if path[-1] == "id" and isinstance(value, str):
                names.add(value)
    return names


@functools.lru_cache(maxsize=None)
def _text(file: Path) -> str:
    return file.read_text(encoding="utf-8")


def _read(file: Path) -> Any:
    return yaml.safe_load(_text(file))


def mutations(game_id: str) -> list[Mutation]:
    """Returns every mutation of a game's files: each number to 0, -1 and a huge value, each list and each
    text emptied, each reference to another entry, sprite or key made unknown."""
    names = names_of(game_id)
    found = []
    for file in files_of(game_id):
        for path, value in _walk(_read(file)):
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, (int, float)):
                found += [Mutation(file, path, v, "number") for v in (0, -1, HUGE) if v != value]
            elif isinstance(value, list) and value:
                found.append(Mutation(file, path, [], "list"))
            elif isinstance(value, str):
                if value:
                    found.append(Mutation(file, path, "", "text"))
                if value in names and path[-1] != "id":
                    found.append(Mutation(file, path, UNKNOWN, "reference"))
    return found


def sample(found: list[Mutation], count: int, seed: int = 29) -> list[Mutation]:
    """Returns `count` mutations picked with a fixed seed, references first (they are few and telling)."""
    rng = random.Random(seed)
    references = [m for m in found if m.kind == "reference"]
    others = [m for m in found if m.kind != "reference"]
    picked = rng.sample(references, min(len(references), count // 3))
    return picked + rng.sample(others, min(len(others), count - len(picked)))


# --- the data seen by the app ----------------------------------------------------------------------------
class Mutated:
    """While active, the app reads the mutated document in place of the file (every cached load forgotten)."""

    def __init__(self, mutation: Mutation | None, monkeypatch) -> None:
        self.mutation = mutation
        self.monkeypatch = monkeypatch

    def __enter__(self) -> "Mutated":
        if self.mutation is not None:
            target = self.mutation.file.resolve()
            text = yaml.safe_dump(self.mutation.applied(_read(self.mutation.file)), sort_keys=False, allow_unicode=True)
            real = Path.read_text

            def read_text(path, *args, **kwargs):
                return text if Path(path).resolve() == target else real(path, *args, **kwargs)

            self.monkeypatch.setattr(Path, "read_text", read_text)
        forget()
        return self

    def __exit__(self, *exc) -> None:
        self.monkeypatch.undo()
        forget()


def forget() -> None:
    """Forgets every cached load and everything computed from data: each lru_cache in the app's modules, each
    game's options and levels."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("games", "graphics", "physics")):
            continue
        for value in list(vars(module).values()):
            if hasattr(value, "cache_clear") and getattr(value, "__module__", None) == name:
                value.cache_clear()
    for game in registry.all():
        for cached in ("options", "levels"):
            game.__dict__.pop(cached, None)


# --- what a mutation comes to -----------------------------------------------------------------------------
def problem_of(game_id: str) -> str | None:
    """Returns the one-line message the app gives for the data as it reads now: the game's (the menu's check),
    or for data/table/ the table's and every game's."""
    from graphics.config import check_table
    from graphics.views import data_problem
    if game_id == "table":
        try:
            check_table()
        except DataError as error:
            return data_message(error)
        for game in registry.all():
            problem = data_problem(game)
            if problem is not None:
                return problem
        return None
    return data_problem(registry.get(game_id))


def check_message(mutation: Mutation, message: str) -> None:
    """Asserts the message is one line naming a file of the mutated file's folder (the mutated file, or the
    one whose reference to what was changed no longer resolves)."""
    assert "\n" not in message and len(message) <= 400, message
    folder = f"data/{mutation.file.parent.name}/"
    assert folder in message, f"{mutation.name}: the message names no file of {folder}: {message}"


def play(game: Game, seed: int = 1) -> None:
    """Plays two short seeded games: random moves at the fewest seats, the game's bot at the most; the
    contract's invariants hold at every step and at an end."""
    from tests.test_contract import check_end, check_position
    counts = game.player_counts()
    for players, chooser, steps in ((counts[0], "random", PLAY_ACTIONS), (counts[-1], "bot", BOT_ACTIONS)):
        state = game.new_state(players, {}, seed)
        bots = [game.bots[0].make() for _ in range(players)] if chooser == "bot" else None
        rng = random.Random(seed)
        for step in range(steps):
            check_position(state)
            seat = state.current_player()
            if seat is None:
                check_end(state)
                break
            if bots is None:
                action = rng.choice(state.legal_actions())
            else:
                action = bots[seat].choose(state.view(seat), decision_rng(seed, seat, step))
            state.apply(action)


def draw(game: Game, folder: Path, seed: int = 3) -> None:
    """Plays a bot game in the headless app for a few seconds of frames: every frame draws the table."""
    from graphics.config import seat_colours
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    colours = seat_colours()
    players = game.player_counts()[-1]
    driver = Driver(folder, None, speed=60.0, seed=seed)
    try:
        seats = [Seat(f"Bot {i + 1}", colours[i % len(colours)].id, "easy") for i in range(players)]
        start_play(driver.app, Match(game, seats, {}, seed))
        driver.frames(DRAW_FRAMES)
        assert driver.scene.name in ("play", "gameover"), driver.scene.name
    finally:
        driver.close()


def outcome(mutation: Mutation, monkeypatch, folder: Path, games: list[Game] | None = None) -> str:
    """Returns "refused: <message>" or "plays"; raises (AssertionError or the play's own error) otherwise."""
    game_id = mutation.file.parent.name
    with Mutated(mutation, monkeypatch):
        message = problem_of(game_id)
        if message is not None:
            check_message(mutation, message)
            return f"refused: {message}"
        for game in games or ([registry.get(game_id)] if game_id != "table" else registry.all()):
            play(game)
            draw(game, folder)
    return "plays"


def main(argv: list[str]) -> int:
    """Runs every mutation of the games named (all, and the table, by default); prints each failure."""
    import os
    import tempfile
    import time

    import pytest
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    limit = None
    if "--limit" in argv:
        at = argv.index("--limit")
        limit, argv = int(argv[at + 1]), argv[:at] + argv[at + 2:]
    kinds = None
    if "--kinds" in argv:
        at = argv.index("--kinds")
        kinds, argv = set(argv[at + 1].split(",")), argv[:at] + argv[at + 2:]
    seed = 29
    if "--seed" in argv:
        at = argv.index("--seed")
        seed, argv = int(argv[at + 1]), argv[:at] + argv[at + 2:]
    no_layout = "--no-layout" in argv
    argv = [a for a in argv if a != "--no-layout"]
    ids = argv or [g.id for g in registry.all()] + ["table"]
    failures = 0
    for game_id in ids:
        found = [m for m in mutations(game_id) if (kinds is None or m.kind in kinds)
                 and not (no_layout and m.file.name == "layout.yaml")]
        chosen = sample(found, limit, seed) if limit else found
        started = time.time()
        counts = {"refused": 0, "plays": 0, "FAILS": 0}
        for mutation in chosen:
            patch = pytest.MonkeyPatch()
            try:
                with tempfile.TemporaryDirectory() as folder:
                    result = outcome(mutation, patch, Path(folder))
                counts[result.split(":")[0]] += 1
            except Exception as error:  # noqa: BLE001 - a report of everything that breaks
                counts["FAILS"] += 1
                failures += 1
                where = traceback.extract_tb(error.__traceback__)[-1]
                print(f"FAIL {mutation.name}: {type(error).__name__}: {' '.join(str(error).split())[:300]} "
                      f"({Path(where.filename).name}:{where.lineno})", flush=True)
            finally:
                patch.undo()
        print(f"{game_id}: {len(chosen)} of {len(found)} mutations, {counts}, {time.time() - started:.0f} s",
              flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
