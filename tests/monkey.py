"""A monkey at the table: random moves, hovers, clicks, drags, keys and resizes over whole games of every game,
people and bots mixed, through every scene (play, hand-offs, the Esc menu, rules, load, the menu's Continue,
game over, the Players screen), asserting that nothing raises and no frame takes a second.

In-process with the dummy video driver (events posted to SDL's queue), or in a real X11 window with real
pointer and key events from xdotool: `xvfb-run -a python -m tests.monkey --game scrappers --x11`.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from games import registry
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from graphics.config import seat_colours, table_layout
from graphics.scenes.common import start_play
from tests.app_driver import Driver

FRAME_LIMIT = 1.0  # seconds of the drawing thread's own CPU: a frame costing more is a failure
# (CPU, not wall time, so that other processes on a shared 2-core machine cannot fail the test; the bot's thread
# gives the interpreter back every millisecond, so its thinking does not hide inside a frame's wall time either)
SIZES = ((1280, 720), (1920, 1080), (1000, 700), (1600, 900), (1366, 768))
LONG_NAME = "Bartholomew-Quin"  # 16 characters, the longest a name field takes
WEIGHTS = {"act": 34, "hover": 22, "click": 12, "drag": 6, "key": 9, "wheel": 4, "resize": 4, "rest": 9}
KEYS = ("escape", "undo", "f11", "h")
REPLAY_KEYS = {"right": (pygame.K_RIGHT, 0), "left": (pygame.K_LEFT, 0), "home": (pygame.K_HOME, 0),
               "end": (pygame.K_END, 0), "space": (pygame.K_SPACE, 0)}  # the replay scene's


@dataclass
class Report:
    """What one monkey run did and saw."""

    game: str
    events: dict[str, int] = field(default_factory=dict)
    scenes: set[str] = field(default_factory=set)
    moves: int = 0
    games_over: int = 0
    slowest: float = 0.0
    frames: int = 0

    def count(self, kind: str) -> None:
        """Counts one event of `kind`."""
        self.events[kind] = self.events.get(kind, 0) + 1


class PostedInput:
    """Mouse and keys as SDL events posted to the app's queue (the dummy video driver)."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def _window(self, logical) -> tuple[int, int]:
        return self.driver.app.viewport.point(logical)

    def move(self, logical) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self._window(logical), rel=(0, 0),
                                             buttons=(0, 0, 0)))

    def button(self, logical, down: bool) -> None:
        kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
        self.move(logical)
        pygame.event.post(pygame.event.Event(kind, pos=self._window(logical), button=1))

    def wheel(self, logical, steps: int) -> None:
        self.move(logical)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False))

    def key(self, name: str) -> None:
        key, mod = {"escape": (pygame.K_ESCAPE, 0), "undo": (pygame.K_z, pygame.KMOD_CTRL),
                    "f11": (pygame.K_F11, 0), "h": (pygame.K_h, 0), **REPLAY_KEYS}[name]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))

    def resize(self, size) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


class XInput(PostedInput):
    """Real pointer and key events from xdotool into the app's X11 window (under Xvfb)."""

    XKEYS = {"escape": "Escape", "undo": "ctrl+z", "f11": "F11", "h": "h", "right": "Right", "left": "Left",
             "home": "Home", "end": "End", "space": "space"}

    @property
    def window(self) -> str:
        """Returns the X window's id, found by this process's id (full screen on and off makes a new window, and
        pygame's get_wm_info crashes after that)."""
        found = subprocess.run(["xdotool", "search", "--pid", str(os.getpid())], capture_output=True, text=True,
                               timeout=10).stdout.split()
        return found[-1]

    def _xdo(self, *words: str) -> None:
        subprocess.run(["xdotool", *words], check=True, timeout=10)
        self.driver.frames(2)  # the X server delivers; SDL picks the events up in the next frames

    def move(self, logical) -> None:
        x, y = self._window(logical)
        self._xdo("mousemove", "--window", self.window, str(x), str(y))

    def button(self, logical, down: bool) -> None:
        self.move(logical)
        self._xdo("mousedown" if down else "mouseup", "1")

    def wheel(self, logical, steps: int) -> None:
        self.move(logical)
        for _ in range(abs(steps)):
            self._xdo("click", "4" if steps > 0 else "5")

    def key(self, name: str) -> None:
        self._xdo("key", "--window", self.window, self.XKEYS[name])

    def resize(self, size) -> None:
        self._xdo("windowsize", self.window, str(size[0]), str(size[1]))


def seats_for(game, players: int, rng: random.Random) -> list[Seat]:
    """Returns a table of people and Easy/Normal bots (from three seats: two people or more and a bot at
    least), the people with 16-character names."""
    colours = seat_colours()
    count = 1 if players == 1 else rng.randint(1, 2) if players == 2 else rng.randint(2, players - 1)
    humans = set(rng.sample(range(players), count))
    return [Seat(f"{LONG_NAME[:15]}{i + 1}" if i in humans else f"{'Easy' if i % 2 else 'Normal'} bot {i + 1}",
                 colours[i % len(colours)].id, None if i in humans else ("easy" if i % 2 else "normal"))
            for i in range(players)]


class Monkey:
    """Plays random input into a Driver's app over whole games of one game."""

    def __init__(self, driver: Driver, game_id: str, seed: int, x11: bool = False) -> None:
        self.driver = driver
        self.app = driver.app
        self.rng = random.Random(seed)
        self.game = registry.get(game_id)
        self.report = Report(game_id)
        self.input = XInput(driver) if x11 else PostedInput(driver)
        self.seed = seed
        self.players: int | None = None  # every match this many seats (None: a random count each time)
        self.last = "start"  # the last kind of input (for a failure's message)
        self.keep = False  # playing whole games: the game on the table is never dropped for another (see run)

    # --- the loop ----------------------------------------------------------------------
    def start(self, players: int | None = None) -> None:
        """Starts a match of a random size (or `players`, from then on) with people and bots, from the setup's
        defaults."""
        self.players = players or self.players
        players = self.players or self.rng.choice(self.game.player_counts())
        match = Match(self.game, seats_for(self.game, players, self.rng), {}, self.rng.randrange(10_000),
                      autosave=self.app.settings.autosave)
        match.autosave()
        start_play(self.app, match)
        self.frames(2)

    def run(self, events: int, whole_games: int = 0) -> Report:
        """Plays `events` random inputs, or, with `whole_games`, until that many games are over. Over whole
        games the monkey goes everywhere as ever but keeps the game on the table: the menu's Continue when it
        is offered (not a new match), and on the Load screen only the autosave (not a save of an earlier game
        or moment): else, at 8 seats of Stumped, a game of 700-1,300 steps was dropped every ~450 steps."""
        self.keep = bool(whole_games)
        done = 0
        while (done < events) if not whole_games else (self.report.games_over < whole_games):
            self.step()
            done += 1
            if whole_games and done > events:
                raise AssertionError(f"{self.game.id}: {whole_games} games not over after {events} events")
        return self.report

    def frames(self, count: int) -> None:
        """Runs frames, timing each (the driver raises any error the app survived)."""
        for _ in range(count):
            start = time.thread_time()
            self.driver.frames(1)
            took = time.thread_time() - start
            self.report.frames += 1
            self.report.slowest = max(self.report.slowest, took)
            assert took < FRAME_LIMIT, \
                f"{self.game.id}: a frame took {took:.2f} s on {self.app.scene.name} after a {self.last} ({self.report})"
            self.report.scenes.add(self.app.scene.name)
            self._check_privacy()

    def _check_privacy(self) -> None:
        """A bot moving with nothing animating: the public view is on screen; a replay shows only the public view."""
        if self.app.scene.name == "replay":
            assert self.app.scene.shown.viewer == SPECTATOR, f"{self.game.id}: a private view in a replay"
        play = next((s for s in self.app.stack if s.name == "play"), None)
        if play is None or play.busy():
            return
        mover = play.match.state.current_player()
        if mover is not None and not play.match.seats[mover].is_human:
            assert play.shown.viewer == SPECTATOR, f"{self.game.id}: a private view is on screen while a bot moves"

    def step(self) -> None:
        """One random input, chosen for the scene on top."""
        scene = self.app.scene
        handler = getattr(self, f"_on_{scene.name}", self._on_any)
        handler(scene)

    def _kind(self) -> str:
        kinds = list(WEIGHTS)
        return self.rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]

    # --- scenes ------------------------------------------------------------------------
    def _on_play(self, play) -> None:
        kind = self.last = self._kind()
        self.report.count(kind)
        if kind == "act":
            self._act(play)
        elif kind == "hover":
            self.input.move(self._somewhere(play))
            self.frames(int(table_layout().number("hover_seconds") * 60) + 3)
        elif kind == "click":
            self._click(self._somewhere(play))
        elif kind == "drag":
            self.input.button(self._somewhere(play), True)
            self.frames(1)
            self.input.move(self._somewhere(play))
            self.input.button(self._somewhere(play), False)
            self.frames(2)
        elif kind == "key":
            self.input.key(self.rng.choice(KEYS))
            self.frames(2)
        elif kind == "wheel":
            self.input.wheel(self._somewhere(play), self.rng.choice((-3, -1, 1, 3)))
            self.frames(1)
        elif kind == "resize":
            self.input.resize(self.rng.choice(SIZES))
            self.frames(2)
        else:
            self.frames(30)

    def _act(self, play) -> None:
        """Makes the game go on: the person to move does a random legal move with the mouse (through its
        place, popup, bar button or confirmation), or "Show my cards", or time passes for the bots."""
        if play.reveal_for is not None and not play.busy():
            self._click(self.driver.button("Show my cards").rect.center)
        elif play.my_turn():
            if play.popup:  # a menu left open by an earlier click: a click beside it closes it (and may itself
                self._click(self._beside(play.popup))  # be a move, or start an animation: act at the next step)
                return
            action = self.rng.choice(play.shown.legal_actions())
            before = len(play.match.history)
            self.driver.play_action(play, action)
            self.report.moves += len(play.match.history) > before
        else:
            self.frames(6)

    def _on_handoff(self, scene) -> None:
        self.last = "hand-off click"
        self._click((self.app.canvas[0] // 2, self.app.canvas[1] // 2))

    def _on_gameover(self, scene) -> None:
        self.last = "game over"
        self.report.games_over += 1
        self.frames(2)
        values = [b.value for b in scene.buttons]
        choice = self.rng.choice(["board", "again", "menu", "replays"])
        if choice == "replays":  # the game just kept, watched again (Menu, Replays)
            self._click(next(b for b in scene.buttons if b.value == "menu").rect.center)
            self._click(self.driver.button("Replays").rect.center)
            return
        if choice == "board" and "board" in values:
            self._click(next(b for b in scene.buttons if b.value == "board").rect.center)
            self.input.move(self._somewhere(scene.play))
            self.frames(int(table_layout().number("hover_seconds") * 60) + 3)
            self._click((10, 10))
        if choice == "menu":  # the menu after a game: its records are on the Players screen
            self._click(next(b for b in scene.buttons if b.value == "menu").rect.center)
            return
        self.start()

    def _on_menu(self, scene) -> None:
        """Back to the game: Continue (the autosave) if offered, else a new match."""
        self.last = "menu"
        button = next((b for b in scene.buttons if b.value == "continue" and b.enabled), None)
        players = next((b for b in scene.buttons if b.value == "players"), None)
        if players is not None and self.rng.random() < 0.3:
            self._click(players.rect.center)
        elif self.report.games_over and self.rng.random() < 0.2:  # a game was kept: watch it again
            self._click(self.driver.button("Replays").rect.center)
        elif button is not None and (self.keep or self.rng.random() < 0.8):
            self._click(button.rect.center)
        else:
            self.start()

    def _on_settings(self, scene) -> None:
        """The Settings screen: a random control (each applies at once), a rest on a row for its tooltip, or Esc."""
        self.last = "settings"
        roll = self.rng.random()
        if roll < 0.6:
            self._click(self.rng.choice(scene.buttons).rect.center)
        elif roll < 0.8:
            self.input.move(self.rng.choice(scene.rows).center)
            self.frames(int(table_layout().number("hover_seconds") * 60) + 3)
        else:
            self.input.key("escape")
            self.frames(2)

    def _on_players(self, scene) -> None:
        """The Players screen: a player, a page, Reset records and its question (yes or cancel), a rest over
        the plots (their tooltips), or Esc."""
        self.last = "players"
        self.report.count("players")
        buttons = [b for b in (scene.answers if scene.asking else scene.entries + scene.nav) if b.enabled]
        roll = self.rng.random()
        if buttons and roll < 0.75:
            self._click(self.rng.choice(buttons).rect.center)
        elif roll < 0.9:
            self.input.move((self.rng.uniform(0, self.app.canvas[0] - 1), self.rng.uniform(0, self.app.canvas[1] - 1)))
            self.frames(int(table_layout().number("hover_seconds") * 60) + 3)
        else:
            self.input.key("escape")
            self.frames(2)

    def _on_replays(self, scene) -> None:
        """The Replays list: open a game that replays (the worker checks the rows meanwhile), scroll, or leave."""
        self.last = "replays"
        kind = self.rng.random()
        rows = [b for b in scene.entries if b.enabled]
        if scene.opening is not None or not rows and kind < 0.9:
            for _ in range(5):  # the worker checks or opens the files between frames
                self.frames(1)
                time.sleep(0.01)
        elif kind < 0.7:
            self._click(self.rng.choice(rows).rect.center)
        elif kind < 0.92:
            self.input.wheel(self.rng.choice(rows).rect.center if rows else (960, 540), self.rng.choice((-3, -1, 1, 3)))
            self.frames(2)
        else:
            self._click(scene.nav[0].rect.center)

    def _on_replay(self, scene) -> None:
        """A replay: its buttons, keys, hovers over the board and time passing; then back to a game."""
        self.last = "replay"
        kind = self.rng.random()
        if kind < 0.4:
            self._click(self.rng.choice([b for b in scene.buttons if b.enabled and b.value != "back"]).rect.center)
        elif kind < 0.6:
            self.input.key(self.rng.choice(("right", "left", "home", "end", "space")))
            self.frames(2)
        elif kind < 0.75:
            self.input.move(self._somewhere(scene))
            self.frames(int(table_layout().number("hover_seconds") * 60) + 3)
        elif kind < 0.95:
            self.frames(20)
        else:
            self.input.key("escape")
            self.frames(2)

    def _on_load(self, scene) -> None:
        """The Load screen as any other (a random button, or Esc); over whole games, of its saves only the
        autosave, which is the game on the table."""
        self._on_any(scene, lambda button: not self.keep or button in scene.nav
                     or button.value == self.app.settings.autosave)

    def _on_opening(self, scene) -> None:
        """A save opening under its progress bar: Esc (it has no button), or over whole games, waiting for it to
        open: an Esc there gave the game up, and Continue, Esc, Continue... kept a finished 8-seat Stumped from
        ever being left for the next game (17,000 steps without a move)."""
        if not self.keep:
            self._on_any(scene)
            return
        self.last = "waiting for a save to open"
        self.frames(4)

    def _on_any(self, scene, allowed=lambda button: True) -> None:
        """The Esc menu, the rules, the load screen: a random button of the scene (of those `allowed`), or Esc."""
        self.last = f"{scene.name} button"
        buttons = [b for name in ("buttons", "entries", "nav") for b in getattr(scene, name, [])
                   if b.enabled and allowed(b)]
        if buttons and self.rng.random() < 0.7:
            self._click(self.rng.choice(buttons).rect.center)
        else:
            self.input.key("escape")
            self.frames(2)

    # --- pointing ----------------------------------------------------------------------
    def _somewhere(self, play) -> tuple[float, float]:
        """Returns a point on a random place of the last picture (glowing or not), or anywhere."""
        keys = list(play.hits.keys())
        if keys and self.rng.random() < 0.85:
            point = play.point_of(self.rng.choice(keys))
            if point is not None:
                return point
        return self.rng.uniform(0, self.app.canvas[0] - 1), self.rng.uniform(0, self.app.canvas[1] - 1)

    def _beside(self, buttons) -> tuple[float, float]:
        """Returns a point of the canvas on none of `buttons`."""
        while True:
            point = self.rng.uniform(0, self.app.canvas[0] - 1), self.rng.uniform(0, self.app.canvas[1] - 1)
            if not any(button.rect.collidepoint(point) for button in buttons):
                return point

    def _click(self, logical) -> None:
        self.input.button(logical, True)
        self.frames(1)
        self.input.button(logical, False)
        self.frames(2)


def monkey_run(data_dir: Path, game_id: str, seed: int, events: int, whole_games: int = 0, x11: bool = False,
               players: int | None = None) -> Report:
    """Runs a monkey over one game in a fresh app; returns its report."""
    driver = Driver(data_dir, None, size=SIZES[seed % 2], speed=40, seed=seed)
    try:
        monkey = Monkey(driver, game_id, seed, x11)
        monkey.start(players)
        return monkey.run(events, whole_games)
    finally:
        driver.close()


def main(argv: list[str] | None = None) -> int:
    """Runs the monkey from the command line (in a real window with --x11); prints its report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeat; default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--whole-games", type=int, default=0)
    parser.add_argument("--players", type=int)
    parser.add_argument("--x11", action="store_true", help="a real X11 window with xdotool's events")
    args = parser.parse_args(argv)
    if args.x11:
        os.environ["SDL_VIDEODRIVER"] = "x11"
    for game_id in args.game or [game.id for game in registry.all()]:
        with tempfile.TemporaryDirectory() as folder:
            report = monkey_run(Path(folder), game_id, args.seed, args.events, args.whole_games, args.x11,
                                args.players)
        print(f"{game_id}: {report.moves} moves, {report.games_over} games over, {report.frames} frames, "
              f"slowest {report.slowest * 1000:.0f} ms, scenes {sorted(report.scenes)}, events {report.events}",
              flush=True)
    return 0


def x11_available() -> bool:
    """Returns whether a real window can be made here: xvfb-run and xdotool installed."""
    return shutil.which("xvfb-run") is not None and shutil.which("xdotool") is not None


if __name__ == "__main__":
    sys.exit(main())
