"""Prints the performance figures, one JSON object per line: {"name": ..., "value": ..., "unit": ...}.

Run with `python3 benchmarks/run.py` (headless: SDL_VIDEODRIVER=dummy is set here). Targets, not
asserted anywhere: frame p99 <= 8 ms, first frame <= 0.5 s, bot move <= 1 s.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FIRST_FRAME = """
import time; start = time.perf_counter()
import sys; sys.path.insert(0, {root!r})
from pathlib import Path
from graphics.app import App, Settings
from graphics.scenes.menu import MenuScene
app = App(Settings(data_dir=Path({data!r})))
app.reset(MenuScene(app))
app.frame(0.0)
print(time.perf_counter() - start)
"""


def emit(name: str, value: float, unit: str) -> None:
    """Prints one figure."""
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def percentile(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def first_frame() -> None:
    """Seconds from a fresh interpreter to the menu's first frame (median of 3)."""
    with tempfile.TemporaryDirectory() as data:
        code = FIRST_FRAME.format(root=str(ROOT), data=data)
        runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                     env=dict(os.environ)).stdout.split()[-1]) for _ in range(3)]
    emit("startup.first_frame_s", statistics.median(runs), "s")


def bot_table(data: str, game_id: str, players: int, speed: float):
    """Returns (app, match) for a bot game at 1920x1080 on the play scene."""
    from games import registry
    from games.core.match import Match, Seat
    from graphics.app import App, Settings
    from graphics.scenes.common import start_play

    game = registry.get(game_id)
    app = App(Settings(data_dir=Path(data), size=(1920, 1080), seed=3, speed=speed))
    colours = ("orange", "sky", "green", "yellow")
    match = Match(game, [Seat(f"P{i}", colours[i], game.bots[0].id) for i in range(players)], {}, 3)
    start_play(app, match)
    return app, match


def scrimish_frames() -> None:
    """Frame time of the play scene mid-game at 1920x1080, with glows and the log."""
    from games.core.match import Seat

    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, "scrimish", 2, 50)
        while len(match.history) < 60:
            app.frame(1 / 60)
        seat = match.state.current_player()
        match.seats[seat] = Seat("A", "orange", None)
        play = app.scene
        play.viewer = seat
        play.refresh()
        for _ in range(10):
            app.frame(1 / 60)
        times = []
        for _ in range(600):
            start = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
    emit("scrimish.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("scrimish.frame_ms_p99", percentile(times, 0.99), "ms")


def playouts(game_id: str, players: int, seconds: float) -> None:
    """Random full games (random legal actions, setup and every drop included) per second."""
    from games import registry

    game = registry.get(game_id)
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = game.new_state(players, {}, games)
        rng = random.Random(games)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        games += 1
    emit(f"{game_id}.playouts_per_s", games / (time.perf_counter() - start), "games/s")


def bot_moves(game_id: str, players: int) -> None:
    """Seconds per decision of the game's own bot over whole games."""
    from games import registry
    from games.core.bots import decision_rng

    game = registry.get(game_id)
    times = []
    for seed in range(5):
        state = game.new_state(players, {}, seed)
        bots = [game.bots[0].make() for _ in range(players)]
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, decision_rng(seed, seat, ply))
            times.append(time.perf_counter() - start)
            state.apply(action)
            ply += 1
    emit(f"{game_id}.bot_move_s_p50", percentile(times, 0.5), "s")
    emit(f"{game_id}.bot_move_s_max", max(times), "s")


def crumbs_drop_frames() -> None:
    """Frame time at 1920x1080 while the feeding drop of a 4-player game plays."""
    from graphics.views.crumbs_anim import Drop

    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, "crumbs", 4, 1)
        play, times = app.scene, []
        for _ in range(200_000):
            timeline = play.timeline
            step = timeline.steps[timeline.index] if timeline is not None and not timeline.done else None
            dropping = isinstance(step, Drop) and len(step.frames) > 60
            start = time.perf_counter()
            app.frame(1 / 60)
            if dropping:
                times.append((time.perf_counter() - start) * 1000)
            if len(times) >= 600 or match.state.is_over():
                break
    emit("crumbs.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("crumbs.frame_ms_p99", percentile(times, 0.99), "ms")


if __name__ == "__main__":
    from benchmarks import crumbs_physics

    first_frame()
    scrimish_frames()
    playouts("scrimish", 2, 5.0)
    bot_moves("scrimish", 2)
    crumbs_physics.drop_cpu_ms()
    crumbs_physics.drop_sim_s()
    crumbs_drop_frames()
    playouts("crumbs", 3, 10.0)
    bot_moves("crumbs", 4)
    playouts("stumped", 3, 5.0)
    bot_moves("stumped", 3)
