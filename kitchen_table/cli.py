"""The kitchen-table command (and python3 main.py in a checkout): start the app, or play bot games headless for
statistics (--help)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from games.core.levels import EASY, HARD, NORMAL
from kitchen_table import __version__

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


SEEDS = 2**63  # a seed is a whole number below this (a save stores it; a bigger one made an autosave it refused)
SIZES = (320, 7680)  # the least and the most pixels a side of the window may have


def game_id(text: str) -> str:
    """Returns a known game's id; an unknown one is an argparse error naming the known ones."""
    from games import registry

    if text not in registry.ids():
        raise argparse.ArgumentTypeError(f"no game {text!r} (known: {', '.join(registry.ids())})")
    return text


def whole(low: int, high: int | None = None):
    """Returns an argparse type: a whole number from `low` (to `high`, if given), with a one-line error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}" if high is not None
                                             else f"{value} is less than {low}")
        return value
    return parse


def window_size(text: str) -> str:
    """Returns a window size "WIDTHxHEIGHT", each side within SIZES; anything else is an argparse error."""
    width, _, height = text.lower().partition("x")
    try:
        sides = [whole(*SIZES)(side) for side in (width, height)]
    except argparse.ArgumentTypeError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size like 1920x1080 ({error})") from None
    return f"{sides[0]}x{sides[1]}"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Returns the command-line choices; a typo is one line of error and exit code 2, never a traceback."""
    parser = argparse.ArgumentParser(description="Kitchen Table: tabletop games around one computer.")
    parser.add_argument("--version", action="version", version=f"kitchen-table {__version__}")
    parser.add_argument("--game", type=game_id, help="go straight to this game's setup (e.g. scrimish)")
    parser.add_argument("--players", type=whole(1), help="number of players")
    parser.add_argument("--seed", type=whole(0, SEEDS - 1), help="random seed of the game (default: a fresh one)")
    parser.add_argument("--bots", help="'all' for every seat, or N to make seats N and up bots (1 = first seat); "
                                       "with --simulate: the bot of each seat, e.g. park,random (one name: every seat); "
                                       "with --arena: the bots to match, e.g. hard,normal (levels or the game's bots)")
    parser.add_argument("--level", choices=(EASY, NORMAL, HARD), default=NORMAL,
                        help="the level of the bot seats --bots makes (default: normal)")
    parser.add_argument("--load", type=Path, help="open this save file")
    parser.add_argument("--data-dir", type=Path, help="where saves and the autosave live")
    parser.add_argument("--screenshots", type=Path, help="save a PNG here at every scene change and at the end")
    parser.add_argument("--exit-when-over", action="store_true", help="quit once the game is over")
    parser.add_argument("--speed", type=float, help="speed up animations and bot moves (e.g. 20; default: Settings)")
    parser.add_argument("--size", type=window_size, help="window size, e.g. 1920x1080 (default: the last one, "
                        "else 1280x720)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--simulate", type=game_id, metavar="GAME", help="play bot games headless and print statistics")
    parser.add_argument("--games", type=whole(1), default=100, help="with --simulate or --arena: how many games")
    parser.add_argument("--bot", help="with --simulate: which bot plays every seat (default: the game's own)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="with --simulate or --arena: a variant, e.g. race=true (repeat for more)")
    parser.add_argument("--workers", type=whole(1), default=1,
                        help="with --simulate or --arena: processes to play in (at most 8)")
    parser.add_argument("--arena", type=game_id, metavar="GAME", help="match bot levels over many games, seats rotated, and print "
                                                        "win rates with 95%% intervals (--bots hard,normal)")
    parser.add_argument("--iterations", type=whole(1), help="with --arena: Hard searches this many iterations a move "
                                                       "instead of about a second (reproducible)")
    parser.add_argument("--seconds", type=float, help="with --arena: Hard thinks at most this long a decision "
                        "(within its level's time a turn) instead of its level's most (counted in CPU time of the "
                        "process playing it, unless --wall-clock)")
    parser.add_argument("--wall-clock", action="store_true", help="with --arena: Hard's time a move is wall time, as "
                        "the app plays (default: CPU time of the process playing, so other load does not weaken it)")
    parser.add_argument("--bot-seed", type=whole(0, SEEDS - 1), help="with --simulate or --arena: the bots' own "
                        "random seed, apart from the games' --seed (default: 0, so a run plays the same games again)")
    parser.add_argument("--minutes", type=float, help="with --arena: start no new games after this many minutes "
                                                     "(the games played so far are reported)")
    parser.add_argument("--json", action="store_true", help="with --arena: print one JSON object instead")
    parser.add_argument("--plot", type=Path, metavar="FILE.png", help="with --arena: draw the win rates into a PNG")
    args = parser.parse_args(argv)
    if args.speed is not None and args.speed <= 0:
        parser.error(f"argument --speed: {args.speed} is not more than 0")
    if args.bots not in (None, "all") and not (args.simulate or args.arena):
        try:
            whole(1)(args.bots)
        except argparse.ArgumentTypeError as error:
            parser.error(f"argument --bots: takes 'all' or a seat number from 1 ({error})")
    if args.game and args.players is not None:
        from games import registry

        counts = registry.get(args.game).player_counts()
        if args.players not in counts:
            parser.error(f"argument --players: {registry.get(args.game).title} is played by "
                         f"{', '.join(map(str, counts))} players, not {args.players}")
    return args


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
                        workers=max(1, min(8, args.workers)), bot_seed=args.bot_seed or 0)
    except (KeyError, ValueError) as error:
        raise SystemExit(f"--simulate: {error.args[0] if error.args else error}") from None


def run_arena(args: argparse.Namespace) -> int:
    """Plays the games --arena asks for and prints their figures (text, or JSON with --json); a bad flag exits
    with a one-line message."""
    import json

    from games import arena, registry
    from games.simulate import parse_options

    try:
        game = registry.get(args.arena)
        contest = arena.setup(game.id, args.bots or "normal", args.games, args.players,
                              parse_options(game, args.option), args.seed or 0, args.iterations, args.bot_seed or 0,
                              args.seconds, "wall" if args.wall_clock else "cpu")
    except (KeyError, ValueError) as error:
        raise SystemExit(f"--arena: {error.args[0] if error.args else error}") from None
    figures = arena.run(contest, max(1, min(8, args.workers)), minutes=args.minutes)
    if args.plot:
        from graphics.arena_plot import save_plot
        save_plot(figures, args.plot)
    if args.json:
        print(json.dumps(figures))
    else:
        arena.write_report(sys.stdout, figures)
    return 0


def default_data_dir() -> Path:
    """Returns the user's data folder for Kitchen Table."""
    import platformdirs

    return Path(platformdirs.user_data_dir("kitchen-table", appauthor=False))


def main(argv: list[str] | None = None) -> int:
    """Runs what the command line asks for; returns the exit code."""
    args = parse_args(argv)
    if args.simulate:
        return run_simulation(args)
    if args.arena:
        return run_arena(args)
    from graphics.launch import launch

    return launch(args, bot_seats, args.data_dir or default_data_dir())


if __name__ == "__main__":
    sys.exit(main())
