"""Kitchen Table: start the app, or simulate bot games headless (python3 main.py --help)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Returns the command-line choices."""
    parser = argparse.ArgumentParser(description="Kitchen Table: tabletop games around one computer.")
    parser.add_argument("--game", help="go straight to this game's setup (e.g. scrimish)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seed", type=int, help="random seed of the game (default: a fresh one)")
    parser.add_argument("--bots", help="'all' for every seat, or N to make seats N and up bots (1 = first seat); "
                                       "with --simulate: the bot of each seat, e.g. park,random (one name: every seat)")
    parser.add_argument("--load", type=Path, help="open this save file")
    parser.add_argument("--data-dir", type=Path, help="where saves and the autosave live")
    parser.add_argument("--screenshots", type=Path, help="save a PNG here at every scene change and at the end")
    parser.add_argument("--exit-when-over", action="store_true", help="quit once the game is over")
    parser.add_argument("--speed", type=float, default=1.0, help="speed up animations and bot moves (e.g. 20)")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--simulate", metavar="GAME", help="play bot games headless and print statistics")
    parser.add_argument("--games", type=int, default=100, help="with --simulate: how many games")
    parser.add_argument("--bot", help="with --simulate: which bot plays every seat (default: the game's own)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="with --simulate: a variant, e.g. race=true (repeat for more)")
    parser.add_argument("--workers", type=int, default=1, help="with --simulate: processes to play in (at most 8)")
    return parser.parse_args(argv)


def bot_seats(spec: str | None, players: int) -> set[int]:
    """Returns the seats (0-based) that --bots makes bots."""
    if spec is None:
        return {seat for seat in range(1, players)}
    if spec == "all":
        return set(range(players))
    first = int(spec)
    if first < 1:
        raise SystemExit("--bots takes 'all' or a seat number from 1")
    return set(range(first - 1, players))


def run_simulation(args: argparse.Namespace) -> int:
    """Plays the bot games --simulate asks for and prints their statistics; a bad flag exits with a message."""
    from games import registry
    from games.simulate import parse_options, simulate

    try:
        game = registry.get(args.simulate)
        options = parse_options(game, args.option)
        return simulate(game.id, args.games, args.players, args.seed or 0, args.bots or args.bot, options=options,
                        workers=max(1, min(8, args.workers)))
    except (KeyError, ValueError) as error:
        raise SystemExit(f"--simulate: {error.args[0] if error.args else error}") from None


def default_data_dir() -> Path:
    """Returns the user's data folder for Kitchen Table."""
    import platformdirs

    return Path(platformdirs.user_data_dir("kitchen-table", appauthor=False))


def main(argv: list[str] | None = None) -> int:
    """Runs what the command line asks for; returns the exit code."""
    args = parse_args(argv)
    if args.simulate:
        return run_simulation(args)
    from graphics.launch import launch

    return launch(args, bot_seats, args.data_dir or default_data_dir())


if __name__ == "__main__":
    sys.exit(main())
