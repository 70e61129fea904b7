"""Sound effects through pygame.mixer: our own short sounds (graphics/assets/sounds/, made by make.py there),
played by name. Without an audio device (or with SDL_AUDIODRIVER=dummy, as in tests and CI) the table is
silent: no error and nothing said on screen. M mutes and unmutes (the play scene)."""
from __future__ import annotations

from pathlib import Path

import pygame

from graphics.assets import ROOT

FOLDER = ROOT / "sounds"


class Sounds:
    """The app's sounds: loaded on first use, silent when the mixer cannot start, muted by M."""

    def __init__(self, folder: Path = FOLDER, volume: float = 0.8) -> None:
        self.folder = folder
        self.volume = volume
        self.muted = False
        self.played: list[str] = []  # every sound asked for, for tests (muted or silent ones too)
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None  # None until the mixer is first tried

    def ready(self) -> bool:
        """Returns whether sound can be heard: the mixer started (tried once)."""
        if self._ready is None:
            try:
                pygame.mixer.init()
                self._ready = pygame.mixer.get_init() is not None
            except pygame.error:
                self._ready = False
        return self._ready

    def play(self, name: str, volume: float = 1.0) -> None:
        """Plays a sound by name at `volume` (0..1) of the app's volume; nothing when muted or silent."""
        self.played.append(name)
        if self.muted or not self.ready():
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, volume * self.volume)))
            sound.play()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """Returns the loaded sound (None for a file that is missing or unreadable: that sound is silent)."""
        if name not in self._loaded:
            try:
                self._loaded[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                self._loaded[name] = None
        return self._loaded[name]

    def toggle_mute(self) -> bool:
        """Mutes or unmutes; returns whether now muted."""
        self.muted = not self.muted
        if self.muted and self._ready:
            pygame.mixer.stop()
        return self.muted
