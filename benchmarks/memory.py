"""Memory over many whole bot games in one app: `<game>.rss_mb_after_2_games` and `..._after_20_games`.

Each game is measured in a fresh interpreter of its own, through the real app (App with the dummy video
driver, the play scene, its view, bot threads, animations, autosaves, the game-over screen), one whole
bot game after another as "Play again" does, so that every cache the views and the kit keep counts, not
just the rules. `python3 -m benchmarks.memory stumped --games 20` prints the resident size after each game;
`--trace` also prints where Python's own allocations grew most between game 2 and the last game
(tracemalloc: SDL's pixel buffers are not Python allocations, so the image caches report their bytes
separately, as `cache` lines).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
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

SPEED = 400.0  # animations and bot delays run this much faster: a move takes a frame or two
SIZE = (1280, 720)  # the app's default window
MAX_FRAMES = 200_000  # per game: a game that never ends is a bug the benchmark reports, not a hang


def rss_mb() -> float:
    """Returns this process's resident set size in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def players_for(game) -> int:
    """Returns the player count measured: the smallest table of two or more (a solo game's one otherwise)."""
    counts = game.player_counts()
    return next((n for n in counts if n >= 2), counts[0])


def new_app(data: Path, size=SIZE, speed: float = SPEED):
    """Returns an app (dummy video driver) on its menu, as main.py builds it."""
    from graphics.app import App, Settings

    app = App(Settings(data_dir=data, size=size, speed=speed, seed=0))
    app.goto("menu")
    return app


def play_one(app, game_id: str, seed: int, players: int | None = None) -> int:
    """Plays one whole bot game (Normal bots in every seat) on the app's play scene until the game-over
    screen is up, as `main.py --game G --bots all` does; returns the number of moves."""
    from games import registry
    from graphics.launch import bot_match
    from graphics.scenes.common import start_play

    game = registry.get(game_id)
    count = players or players_for(game)
    app.settings.seed = seed
    match = bot_match(game, count, set(range(count)), app.settings)
    start_play(app, match)
    for _ in range(MAX_FRAMES):
        app.frame(1 / 60)
        if app.errors:
            raise app.errors[0]
        if app.scene.name == "gameover":
            app.frame(1 / 60)
            return len(match.history)
        if app.scene.name != "play":
            raise RuntimeError(f"{game_id} seed {seed}: the app left the game for its {app.scene.name} screen")
    raise RuntimeError(f"{game_id} seed {seed}: not over after {MAX_FRAMES} frames")


def cache_sizes(app) -> dict[str, int]:
    """Returns the bytes or entries of the app's bounded caches (pixels are not seen by tracemalloc)."""
    assets = app.assets
    return {"image_bytes": assets.images.used, "images": len(assets.images), "text_bytes": assets.texts.used,
            "texts": len(assets.texts), "layouts": len(assets.layouts._items), "fonts": len(assets._fonts)}


def measure(game_id: str, games: int, trace: bool = False, top: int = 25) -> list[float]:
    """Plays `games` whole games of `game_id` in this process; prints and returns the RSS (MB) after each."""
    with tempfile.TemporaryDirectory() as data:
        app = new_app(Path(data))
        sizes, start = [], time.perf_counter()
        snapshot = None
        if trace:
            import tracemalloc

            tracemalloc.start(12)
        for number in range(1, games + 1):
            moves = play_one(app, game_id, number)
            gc.collect()
            sizes.append(rss_mb())
            print(json.dumps({"game": number, "moves": moves, "rss_mb": round(sizes[-1], 1),
                              "seconds": round(time.perf_counter() - start, 1), **cache_sizes(app)}), flush=True)
            if trace and number == 2:
                snapshot = tracemalloc.take_snapshot()
        if trace and snapshot is not None:
            last = tracemalloc.take_snapshot()
            for stat in last.compare_to(snapshot, "traceback")[:top]:
                print(f"# {stat.size_diff / 1024:+.0f} KiB {stat.count_diff:+d} blocks", flush=True)
                for line in stat.traceback.format()[-8:]:
                    print(f"#   {line}", flush=True)
    return sizes


def figures(game_ids: list[str] | None = None, games: int = 20) -> None:
    """Prints `<game>.rss_mb_after_2_games` and `<game>.rss_mb_after_<games>_games` for each game, each
    measured in a fresh interpreter (see the module's text)."""
    from games import registry

    for game_id in game_ids or registry.ids():
        run = subprocess.run([sys.executable, "-m", "benchmarks.memory", game_id, "--games", str(games)], cwd=ROOT,
                             capture_output=True, text=True, env=dict(os.environ))
        if run.returncode != 0:
            print(f"# {game_id}.rss_mb_*: failed: {run.stderr.strip().splitlines()[-1:]}", flush=True)
            continue
        rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        for after in (2, games):
            print(json.dumps({"name": f"{game_id}.rss_mb_after_{after}_games", "value": rows[after - 1]["rss_mb"],
                              "unit": "MB"}), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="the game to play (e.g. stumped)")
    parser.add_argument("--games", type=int, default=20, help="whole games to play in this one process")
    parser.add_argument("--trace", action="store_true", help="print where Python's allocations grew after game 2")
    args = parser.parse_args(argv)
    measure(args.game, args.games, args.trace)
    return 0


if __name__ == "__main__":
    sys.exit(main())
