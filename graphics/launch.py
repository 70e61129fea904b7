"""Builds the app from the command line: menu, a game's setup, a loaded save or a bot game."""
from __future__ import annotations

import sys
from pathlib import Path

from games import registry
from games.core.errors import DataError, SaveError
from games.core.game import data_message
from games.core.levels import NORMAL
from games.core.match import Match, Seat
from graphics.app import App, Settings
from graphics.config import check_table, seat_colours
from graphics.error_screen import show_data_error
from graphics.scenes.common import begin_opening, start_play, startable
from graphics.scenes.setup import bot_name
from graphics.views import data_problem


def launch(args, bot_seats, data_dir: Path) -> int:
    """Opens the window on the scene the arguments ask for and runs it; returns the exit code."""
    width, _, height = (args.size or "1280x720").partition("x")
    told = {name for name in ("speed", "size") if getattr(args, name) is not None}  # the Settings file decides the rest
    told |= {"fullscreen"} if args.fullscreen else set()
    settings = Settings(data_dir=data_dir, screenshots=args.screenshots, exit_when_over=args.exit_when_over,
                        speed=max(0.1, args.speed or 1.0), size=(int(width), int(height)), seed=args.seed,
                        fullscreen=args.fullscreen, told=frozenset(told))
    if args.load:  # what needs no replay is checked before the window opens: a refusal ends here, in one line
        try:
            Match.header(args.load, data_problem)
        except SaveError as error:
            print(f"{Path(sys.argv[0]).name}: --load: {error}", file=sys.stderr)
            return 1
    try:
        check_table()
        app = App(settings)
        app.goto("menu")
        app.draw()  # the menu's first picture, drawn here so that a broken layout entry is caught too
    except DataError as error:
        return show_data_error(data_message(error), settings)
    if args.load:  # the moves replay in the window, under a progress bar; a refusal is one line over the menu
        begin_opening(app, args.load)
    elif args.game and startable(app, registry.get(args.game)):
        game = registry.get(args.game)
        players = args.players or game.player_counts()[0]
        bots = bot_seats(args.bots, players)
        if args.bots == "all":
            start_play(app, bot_match(game, players, bots, settings, args.level))
        else:
            told = args.players is not None or args.bots is not None or args.level != NORMAL
            chosen = {"players": players, "bots": bots, "level": args.level} if told else {}  # else as last set up
            app.push_scene("setup", game=game, **chosen)
    return app.run()


def bot_match(game, players: int, bots: set[int], settings: Settings, level: str = NORMAL) -> Match:
    """Returns a match with default names and colours, bots of `level` in `bots`, ready to watch."""
    colours = seat_colours()
    seats = [Seat(bot_name(game, level, i) if i in bots else f"Player {i + 1}", colours[i % len(colours)].id,
                  level if i in bots else None) for i in range(players)]
    seed = settings.seed if settings.seed is not None else 0
    match = Match(game, seats, {}, seed, autosave=settings.autosave)
    match.autosave()
    return match
