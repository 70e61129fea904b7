"""Prints the performance figures, one JSON object per line: {"name": ..., "value": ..., "unit": ...}.

Run with `python3 benchmarks/run.py` (headless: SDL_VIDEODRIVER=dummy is set here). Targets, not
asserted anywhere: frame p99 <= 8 ms, first frame <= 0.25 s, bot move <= 1 s (the Hard level thinks
at most 1 s a decision by design, and so does a hint: `<game>.hint_s_p50`), a Hard bot's whole turn
<= 2 s (`<game>.hard_turn_s_p50`, `_max`).

`python3 benchmarks/run.py --memory` prints instead the memory of 20 whole bot games of each game in one app
(`<game>.rss_mb_after_2_games`, `<game>.rss_mb_after_20_games`: benchmarks/memory.py; about ten minutes).
`--only startup,app` prints only those groups of figures (the word before the dot: startup, app, or a game).
"""
from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

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
first, cpu = time.perf_counter() - start, time.process_time()
app.frame(0.0)  # a fresh data folder's data check (see MenuScene.update)
print(cpu, first, time.perf_counter() - start - first)
"""


def emit(name: str, value: float, unit: str) -> None:
    """Prints one figure."""
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def percentile(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def child(command: list[str], env: dict[str, str]) -> str:
    """Runs a measuring process and returns what it printed; raises naming its exit code and the end of what it
    wrote to stderr when it fails (one idle_cpu run exited 1 with nothing kept to say why)."""
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        tail = "\n".join(run.stderr.strip().splitlines()[-15:])
        raise RuntimeError(f"{command[-1][:60]!r}... exited {run.returncode}:\n{tail}")
    return run.stdout


def first_frame() -> None:
    """Seconds from a fresh interpreter to the menu's first frame: `startup.first_frame_s` the median of 3 starts
    on one data folder (a start finds the data check and the menu's pictures kept by the one before),
    `startup.first_frame_cpu_s` their CPU time (the interpreter's start included: a figure a busy machine does not
    blur), `startup.first_frame_fresh_s` the first start on a new data folder, and `startup.data_check_s` its next frame,
    which checks every game's data (only when the data or the code changed since the check was kept)."""
    with tempfile.TemporaryDirectory() as data:
        code = FIRST_FRAME.format(root=str(ROOT), data=data)
        runs = [[float(value) for value in child([sys.executable, "-c", code], dict(os.environ)).split()[-3:]]
                for _ in range(4)]
    emit("startup.first_frame_s", statistics.median(run[1] for run in runs[1:]), "s")
    emit("startup.first_frame_cpu_s", statistics.median(run[0] for run in runs[1:]), "s")
    emit("startup.first_frame_fresh_s", runs[0][1], "s")
    emit("startup.data_check_s", runs[0][2], "s")


def bot_table(data: str, game_id: str, players: int, speed: float, options: dict | None = None,
              size=(1920, 1080), bot: str | None = None):
    """Returns (app, match) for a bot game at 1920x1080 on the play scene (the game's own bot, or `bot`)."""
    from games import registry
    from games.core.match import Match, Seat
    from graphics.app import App, Settings
    from graphics.scenes.common import start_play

    game = registry.get(game_id)
    app = App(Settings(data_dir=Path(data), size=size, seed=3, speed=speed))
    colours = ("orange", "sky", "green", "yellow")
    # the bots' seed fixed too (a match draws a fresh one): every run plays the same game, so figures compare
    match = Match(game, [Seat(f"P{i}", colours[i], bot or game.bots[0].id) for i in range(players)], options or {}, 3,
                  bot_seed=3)
    start_play(app, match)
    return app, match


def drawn_frames_ms(app, count: int) -> list[float]:
    """Returns the milliseconds of `count` frames each drawn and presented once (a frame that changed nothing
    would be skipped by the app, so each is told to draw: App.draw_next)."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        app.draw_next()
        app.frame(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    return times


def human_turn(data: str, game_id: str, players: int, size=(1920, 1080)):
    """Returns (app, play scene) of a bot game some moves in, with a human now to move and glowing places."""
    from games.core.match import Seat

    app, match = bot_table(data, game_id, players, 50, size=size)
    while (len(match.history) < 60 or match.state.current_player() is None) and not match.state.is_over():
        app.frame(1 / 60)
    seat = match.state.current_player()
    if seat is None:  # the game ended first (with a fresh bots' seed each run, Scrimish's did one run in ten)
        raise RuntimeError(f"{game_id}: the bot game ended before a seat was to move after 60 moves")
    match.seats[seat] = Seat("A", "orange", None)
    play = app.scene
    play.refresh()
    for _ in range(30):
        app.frame(1 / 60)
    return app, play


def scrimish_frames() -> None:
    """Frame time of the play scene mid-game at 1920x1080, drawn every frame, with glows and the log."""
    with tempfile.TemporaryDirectory() as data:
        app, _ = human_turn(data, "scrimish", 2)
        times = drawn_frames_ms(app, 600)
    emit("scrimish.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("scrimish.frame_ms_p99", percentile(times, 0.99), "ms")


def hard_thinking_frames(game_id: str) -> None:
    """Frame times at 1920x1080 while Hard bots think (about a second a move, on the bot thread) and
    play: `<game>.frame_while_hard_ms_p50/_p99` (the window must keep 55 frames a second: 18 ms)."""
    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, game_id, 2, 1.0, bot="hard")
        times = drawn_frames_ms(app, 360)
    emit(f"{game_id}.frame_while_hard_ms_p50", percentile(times, 0.5), "ms")
    emit(f"{game_id}.frame_while_hard_ms_p99", percentile(times, 0.99), "ms")
    emit(f"{game_id}.hard_moves_in_6_s", len(match.history), "moves")


def scrumpy_frames() -> None:
    """Frame time of the busiest Scrumpy screen: four cideries, a person to move with glowing places, 1920x1080."""
    with tempfile.TemporaryDirectory() as data:
        app, _ = human_turn(data, "scrumpy", 4)
        times = drawn_frames_ms(app, 600)
    emit("scrumpy.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("scrumpy.frame_ms_p99", percentile(times, 0.99), "ms")


IDLE = """
import sys, time, os; sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"
from pathlib import Path
from benchmarks.run import human_turn
from graphics.app import App, Settings

def idle(app, seconds):
    warm = time.perf_counter()
    while time.perf_counter() - warm < 0.5:  # the first pictures rasterize sprites: not idle yet
        app.frame(app.clock.tick(60) / 1000.0)
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        app.frame(app.clock.tick(60) / 1000.0)
    return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)

app = App(Settings(data_dir=Path({data!r}), size=(1920, 1080)))
app.goto("menu")
menu = idle(app, 3.0)
app, play = human_turn({data!r}, "scrimish", 2)
turn = idle(app, 3.0)
print(menu, turn)
"""


def idle_cpu() -> None:
    """Percent of a core the app uses with nothing moving: on the menu and on a human's turn."""
    with tempfile.TemporaryDirectory() as data:
        out = child([sys.executable, "-c", IDLE.format(root=str(ROOT), data=data)], dict(os.environ)).split()
    emit("app.idle_cpu_pct", max(float(v) for v in out[-2:]), "%")
    emit("app.idle_cpu_pct_menu", float(out[-2]), "%")
    emit("app.idle_cpu_pct_turn", float(out[-1]), "%")


X11 = """
import sys, os; sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "x11"
from benchmarks.run import animation_frames_ms
import json
print(json.dumps(animation_frames_ms({game!r}, {players}, ({width}, {height}), {data!r})))
"""


def animation_frames_ms(game_id: str, players: int, size, data: str) -> list[float]:
    """Returns the milliseconds of frames (drawn and presented) while animations play in a bot game."""
    app, match = bot_table(data, game_id, players, 1, size=size)
    play, times = app.scene, []
    for _ in range(100_000):
        animating = play.timeline is not None
        drawn = app.frames_drawn
        start = time.perf_counter()
        app.frame(1 / 60)
        if animating and app.frames_drawn > drawn:
            times.append((time.perf_counter() - start) * 1000)
        if len(times) >= 600 or match.state.is_over():
            break
    return times


def x11_frames(game_id: str, players: int) -> None:
    """Frame times in a real X11 window (Xvfb) during animations, at 1920x1080 and 2560x1440."""
    if shutil.which("xvfb-run") is None:
        print(f"# {game_id}.frame_x11_*: skipped: xvfb-run is not installed (Debian: apt install xvfb)",
              flush=True)
        return
    for width, height, tag in ((1920, 1080, ""), (2560, 1440, "_1440")):
        with tempfile.TemporaryDirectory() as data:
            code = X11.format(root=str(ROOT), game=game_id, players=players, width=width, height=height, data=data)
            env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
            out = child(["xvfb-run", "-a", "-s", "-screen 0 2600x1500x24", sys.executable, "-c", code], env)
            times = json.loads(out.strip().splitlines()[-1])
        emit(f"{game_id}.frame_x11{tag}_ms_p50", percentile(times, 0.5), "ms")
        emit(f"{game_id}.frame_x11{tag}_ms_p99", percentile(times, 0.99), "ms")


def scrappers_frames() -> None:
    """Frame time of the busiest Scrappers screen at 1920x1080: four players with Keelie and Guppy, mid-game,
    a person's turn with their hand face up and every card glowing, the hovered card lifted."""
    from games.core.match import Seat

    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, "scrappers", 4, 50, {"keelie": True, "guppy": True})
        play = app.scene
        while len(match.history) < 150 or match.state.pending_decision().kind != "turn" or play.busy():
            app.frame(1 / 60)
        seat = match.state.current_player()
        match.seats[seat] = Seat("A", "orange", None)
        play.viewer = play.last_private = seat
        play.refresh()
        for _ in range(10):
            app.frame(1 / 60)
        hand = play.rect_of(("hand", 0))
        if hand is not None:
            app.mouse = hand.center
            play.hover = ("hand", 0)
        times = drawn_frames_ms(app, 600)
    emit("scrappers.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("scrappers.frame_ms_p99", percentile(times, 0.99), "ms")


def stumped_frames() -> None:
    """Frame time of the busiest Stumped screen at 1920x1080: four grown trees, a person's action phase with
    their hand face up and glowing, the hovered card lifted."""
    from games.core.match import Seat

    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, "stumped", 4, 50)
        play = app.scene
        while len(match.history) < 400 or match.state.pending_decision().kind != "act" or play.busy():
            app.frame(1 / 60)
        seat = match.state.current_player()
        match.seats[seat] = Seat("A", "orange", None)
        play.viewer = play.last_private = seat
        play.refresh()
        for _ in range(10):
            app.frame(1 / 60)
        hand = next((key for key in play.targets() if key[0] == "hand"), None)
        if hand is not None:
            app.mouse = play.rect_of(hand).center
            play.hover = hand
        times = drawn_frames_ms(app, 600)
    emit("stumped.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("stumped.frame_ms_p99", percentile(times, 0.99), "ms")


def playouts(game_id: str, players: int, seconds: float) -> None:
    """Random full games per second (setup and every drop included): `<game>.playouts_per_s` picks among
    the legal actions, `<game>.search_playouts_per_s` among the search actions, as a search's rollouts do."""
    from games import registry

    game = registry.get(game_id)
    for figure, actions in (("playouts_per_s", "legal_actions"), ("search_playouts_per_s", "search_actions")):
        start, games = time.perf_counter(), 0
        while time.perf_counter() - start < seconds / 2:
            state = game.new_state(players, {}, games)
            rng = random.Random(games)
            while not state.is_over():
                state.apply(rng.choice(getattr(state, actions)()))
            games += 1
        emit(f"{game_id}.{figure}", games / (time.perf_counter() - start), "games/s")


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


def search_figures(game_id: str) -> None:
    """The Hard level's move time and the search's iterations per second (with the game's rollout policy), from
    a few mid-game views of two-player games (four moves of about a second each)."""
    from benchmarks.search import hard_moves
    from games import registry

    game = registry.get(game_id)
    players = next((n for n in game.player_counts() if n >= 2), game.player_counts()[0])
    seconds, rates = hard_moves(game_id, players)
    emit(f"{game_id}.hard_move_s_p50", percentile(seconds, 0.5), "s")
    emit(f"{game_id}.ismcts_iters_per_s", percentile(rates, 0.5), "iterations/s")


HARD_TURN_SECONDS = 50.0  # a game's Hard turns are measured for about this long (its player counts together)


def hard_turns(game_id: str, turns: int = 6) -> tuple[list[float], list[float]]:
    """Returns the wall and CPU seconds of Hard's turns (a seat's consecutive decisions, all its thinking
    together; turns with a decision to search only), from the opening of bot tables of Hard at 2, 3 and 4
    players (those the game allows): `turns` a table, fewer once HARD_TURN_SECONDS are spent."""
    from games import registry
    from games.core.bots import decision_rng
    from games.core.levels import HARD

    game = registry.get(game_id)
    counts = [n for n in game.player_counts() if 2 <= n <= 4] or [game.player_counts()[0]]
    walls: list[float] = []
    cpus: list[float] = []
    started = time.perf_counter()
    for players in counts:
        state = game.new_state(players, {}, players)
        bots = [game.bot_kind(HARD).make() for _ in range(players)]
        done, turn, ply = 0, None, 0
        late = lambda: time.perf_counter() - started > HARD_TURN_SECONDS * (counts.index(players) + 1) / len(counts)  # noqa: E731
        while not state.is_over() and done < turns and not late():
            seat = state.current_player()
            if turn is None or turn[0] != seat:
                if turn is not None and turn[3]:
                    walls.append(turn[1])
                    cpus.append(turn[2])
                    done += 1
                turn = [seat, 0.0, 0.0, False]
            view = state.view(seat)
            searched = bots[seat].search.searches(view)
            wall, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view, decision_rng(players, seat, ply))
            turn[1] += time.perf_counter() - wall
            turn[2] += time.process_time() - cpu
            turn[3] = turn[3] or searched
            state.apply(action)
            ply += 1
    return walls, cpus


def hard_turn_figures(game_id: str) -> None:
    """Seconds of thinking in a Hard bot's whole turn (target: at most 2 s, the level's turn_seconds):
    `<game>.hard_turn_s_p50` and `_max` by the wall clock, `<game>.hard_turn_cpu_s_p50` in CPU time."""
    walls, cpus = hard_turns(game_id)
    emit(f"{game_id}.hard_turn_s_p50", percentile(walls, 0.5), "s")
    emit(f"{game_id}.hard_turn_s_max", max(walls), "s")
    emit(f"{game_id}.hard_turn_cpu_s_p50", percentile(cpus, 0.5), "s")


def hint_figures(game_id: str) -> None:
    """Seconds from asking for a hint to its answer (`<game>.hint_s_p50`), from a few mid-game views of
    two-player games (the Hint button and H key of the play scene; about a second by design)."""
    from benchmarks.search import hint_seconds
    from games import registry

    game = registry.get(game_id)
    players = next((n for n in game.player_counts() if n >= 2), game.player_counts()[0])
    seconds = hint_seconds(game_id, players)
    emit(f"{game_id}.hint_s_p50", percentile(seconds, 0.5), "s")
    emit(f"{game_id}.hint_s_max", max(seconds), "s")


def crumbs_drop_frames_ms(count: int = 600) -> list[float]:
    """Returns the milliseconds of `count` frames at 1920x1080 of a 4-player bot game while a drop plays
    (crumbs, critters or the dog falling onto the park), or fewer if the game ends first."""
    from graphics.kit.timeline import Frames

    with tempfile.TemporaryDirectory() as data:
        app, match = bot_table(data, "crumbs", 4, 1)
        play, times = app.scene, []
        while len(times) < count and not match.state.is_over():
            timeline = play.timeline
            dropping = timeline is not None and bool(timeline.playing(Frames))
            start = time.perf_counter()
            app.frame(1 / 60)
            if dropping:
                times.append((time.perf_counter() - start) * 1000)
    return times


def crumbs_drop_frames() -> None:
    """Frame time at 1920x1080 while the drops of a 4-player game play."""
    times = crumbs_drop_frames_ms()
    emit("crumbs.frame_ms_p50", percentile(times, 0.5), "ms")
    emit("crumbs.frame_ms_p99", percentile(times, 0.99), "ms")


def figures() -> list[tuple[str, Callable[[], None]]]:
    """Returns every figure's measurement with its group (the name before the dot): `--only startup,app` runs
    only those groups."""
    from benchmarks import crumbs_physics
    from games import registry

    return [
        ("startup", first_frame), ("app", idle_cpu),
        ("scrimish", scrimish_frames), ("scrimish", lambda: x11_frames("scrimish", 4)),
        ("scrimish", lambda: playouts("scrimish", 2, 5.0)), ("scrimish", lambda: bot_moves("scrimish", 2)),
        ("crumbs", crumbs_physics.drop_cpu_ms), ("crumbs", crumbs_physics.drop_sim_s), ("crumbs", crumbs_drop_frames),
        ("crumbs", lambda: x11_frames("crumbs", 4)), ("crumbs", lambda: playouts("crumbs", 3, 10.0)),
        ("crumbs", lambda: bot_moves("crumbs", 4)),
        ("scrappers", scrappers_frames), ("scrappers", lambda: playouts("scrappers", 4, 5.0)),
        ("scrappers", lambda: bot_moves("scrappers", 4)),
        ("scrumpy", scrumpy_frames), ("scrumpy", lambda: playouts("scrumpy", 3, 5.0)),
        ("scrumpy", lambda: bot_moves("scrumpy", 3)),
        ("stumped", stumped_frames), ("stumped", lambda: playouts("stumped", 3, 5.0)),
        ("stumped", lambda: bot_moves("stumped", 3)),
    ] + [(game, measure) for game in registry.ids()
         for measure in (lambda game=game: search_figures(game), lambda game=game: hint_figures(game),
                         lambda game=game: hard_turn_figures(game), lambda game=game: hard_thinking_frames(game))]


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        sys.exit(0)
    if "--memory" in sys.argv[1:]:
        from benchmarks import memory

        memory.figures()
        sys.exit(0)

    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv[1:-1] else None
    for group, measure in figures():
        if only is None or group in only:
            measure()
