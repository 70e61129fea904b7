"""Drives the real app loop headless with posted mouse events, as a player would."""
from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pygame

from games.core.bots import decision_rng
from graphics.app import App, Settings
from graphics.scenes.common import start_play

ARTIFACTS = Path(os.environ.get("KT_ARTIFACTS", Path(__file__).resolve().parents[1] / "artifacts"))
FRAME = 1 / 60


def save_png(surface: pygame.Surface, path) -> None:
    """Writes `surface` as a PNG compressed fast (pygame's own save spends ~45 ms of CPU on a 1280x720 shot, this
    ~12 ms; the suite takes hundreds of shots). The pixels are the same."""
    width, height = surface.get_size()
    pixels, stride = pygame.image.tobytes(surface, "RGB"), width * 3
    rows = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))  # filter 0: none

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1))
                           + chunk(b"IEND", b""))



class Driver:
    """An app plus helpers to click logical rects and run frames with a fixed time step."""

    def __init__(self, data_dir: Path, shots: str | None, size=(1280, 720), speed=30.0, seed=5) -> None:
        folder = ARTIFACTS / shots if shots else None
        if folder:
            folder.mkdir(parents=True, exist_ok=True)
            for old in folder.glob("*.png"):
                old.unlink()
        self.app = App(Settings(data_dir=data_dir, screenshots=folder, speed=speed, size=size, seed=seed))
        self.survive = False  # True: a test of the app surviving an error looks at app.errors itself
        self.app.screenshot = self._screenshot(self.app.screenshot)  # type: ignore[method-assign]

    @staticmethod
    def _screenshot(real):
        """Returns the app's screenshot, writing its PNG with `save_png`."""
        def screenshot(name: str):
            save, pygame.image.save = pygame.image.save, save_png
            try:
                return real(name)
            finally:
                pygame.image.save = save
        return screenshot

    @property
    def scene(self):
        return self.app.scene

    def frames(self, count: int = 1) -> None:
        """Runs frames; an error the app survived fails the test all the same (unless `survive` is set)."""
        for _ in range(count):
            self.app.frame(FRAME)
            if self.app.errors and not self.survive:
                raise self.app.errors[0]

    def click(self, rect, frames: int = 2) -> None:
        """Presses and releases the left button at the centre of a logical rect."""
        self.press(rect)
        self.release(rect, frames)

    def hover(self, point, frames: int = 1) -> None:
        """Moves the mouse to a logical point (no button) and runs frames."""
        pos = self.app.viewport.point(point)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(frames)

    def press(self, rect) -> None:
        pos = self.app.viewport.point(pygame.Rect(rect).center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames(1)

    def release(self, rect, frames: int = 2) -> None:
        pos = self.app.viewport.point(pygame.Rect(rect).center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(frames)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.frames(2)

    def type_text(self, text: str) -> None:
        """Types `text` as a keyboard does: each character's key goes down, then its text comes."""
        for char in text:
            key = pygame.key.key_code(char) if char.isascii() and char.isalnum() else pygame.K_UNKNOWN
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        self.frames(1)

    def button(self, label_start: str):
        """Returns the button of the top scene whose label starts with `label_start`."""
        scene = self.scene
        pools = [getattr(scene, name, []) for name in ("buttons", "nav", "count_buttons", "seat_buttons",
                                                        "option_buttons", "entries", "_bar", "tiles", "popup")]
        for button in (b for pool in pools for b in pool):
            if button.label.startswith(label_start):
                return button
        raise LookupError(f"no button {label_start!r} on {scene.name}")

    def play_action(self, play, action) -> None:
        """Does `action` on the play scene with the mouse: a click on its glowing place (and its entry in the
        small menu if the place offers several actions), or on its button in the action bar."""
        place = play.view.key_of(play.shown, action)
        targets = play.targets()
        if place is not None and place in targets:
            point = play.point_of(place)
            assert point is not None, f"{place} is covered"
            self.click((int(point[0]) - 1, int(point[1]) - 1, 2, 2))
            if len(targets[place]) > 1:
                self.click(next(b for b in play.popup if b.value == action).rect)
        else:
            self.click(next(b for b in play._bar if b.value == action).rect)
        self.confirm(play, action)

    def confirm(self, play, action) -> None:
        """Answers yes where the play scene asks before doing `action` (a move undo could not take back)."""
        asked = [b for b in play.popup if getattr(b.value, "action", None) == action]
        if asked:
            self.click(asked[0].rect)

    def step_as_people(self, play, chooser, seed: int):
        """One step of a game the people play through the screen: "Show my cards" when a light hand-off
        waits, else the action `chooser` picks from the person's view, done with the mouse and checked to
        be the one action played; else a frame passes. Returns the action played, if any."""
        match = play.match
        if play.reveal_for is not None and not play.busy():
            self.click(self.button("Show my cards").rect)
            return None
        if not play.my_turn():
            self.frames(1)
            return None
        action = chooser.choose(play.shown, decision_rng(seed, play.viewer, len(match.history)))
        before = len(match.history)
        self.play_action(play, action)
        assert len(match.history) == before + 1 and match.history[-1].action == action, \
            f"the click did not play {action}"
        return action

    def click_new_kinds(self, match, chooser, seed: int, kinds: set[str], wanted: set[str] | None,
                        steps: int) -> None:
        """Plays `match` (people at every seat) by the rules with `chooser` as `step_as_people` would (the same
        view and random numbers, so the same game), but clicks each action of a kind not in `kinds` yet in the
        app (the play scene opened on the game as it stands, its hand-off passed), checked to play that one
        action; adds the kind to `kinds`. Stops when the game is over, `wanted` <= `kinds` (None: never) or
        after `steps` actions. Every kind is clicked as in the whole game played with the mouse, at a fraction of its frames."""
        for _ in range(steps):
            if match.state.is_over() or (wanted is not None and wanted <= kinds):
                return
            seat = match.state.current_player()
            action = chooser.choose(match.state.view(seat), decision_rng(seed, seat, len(match.history)))
            if type(action).__name__ in kinds:
                match.apply(action)
                continue
            start_play(self.app, match)
            play, clicked = self.scene, None
            while clicked is None:
                clicked = self.step_as_people(play, chooser, seed)
            kinds.add(type(clicked).__name__)

    def close(self) -> None:
        self.app.close()  # as the window's end does: its autosave slot is free for the next app
