"""Crumbs animations: drops played from the physics frames, scuffle dice, trackers moving."""
from __future__ import annotations

from collections import abc
from dataclasses import dataclass, field
from typing import Callable, Hashable

import pygame

from graphics.animation import ease
from graphics.config import colour
from graphics.paint import Painter

FPS = 60


@dataclass
class Drop:
    """Plays a drop's frames (60 Hz, put together as they are asked for), then holds the pieces where
    they came to rest."""

    frames: abc.Sequence[dict]
    dropped: set[str]
    draw_piece: Callable[[Painter, str, tuple], None]
    t: float = 0.0

    @property
    def duration(self) -> float:
        return len(self.frames) / FPS


@dataclass
class Scuffle:
    """Shows a scuffle: each side's die, critters and total, then the winner."""

    rect: pygame.Rect
    title: str
    sides: list[tuple[str, tuple[int, int, int], int, int, int, int, bool]]  # name, colour, die, critters, bonus, total, won
    t: float = 0.0
    duration: float = 1.8

    def draw(self, paint: Painter) -> None:
        """Draws the panel: dice roll in, then totals, then the winner is lit."""
        paint.panel(self.rect, (250, 244, 228), (120, 84, 52), 16)
        paint.text(self.title, (self.rect.x, self.rect.y + 6, self.rect.width, 34), "body", colour("accent"), "bold")
        width = (self.rect.width - 20) / max(1, len(self.sides))
        for i, (name, rgb, die, critters, bonus, total, won) in enumerate(self.sides):
            x = self.rect.x + 10 + i * width
            if won and self.t > 1.0:
                paint.shade((x + 4, self.rect.y + 40, width - 8, self.rect.height - 46), colour("glow"), 150, 10)
            paint.text(name, (x, self.rect.y + 40, width, 28), "small", rgb if sum(rgb) < 500 else (60, 60, 60), "bold")
            spin = self.t < 0.6
            shown = die if not spin else 1 + int(self.t * 20) % 3
            size = 44
            paint.image("crumbs/scuffle_die", (x + width / 2 - size - 6, self.rect.y + 70, size, size))
            paint.text(str(shown), (x + width / 2 - size - 6, self.rect.y + 70, size, size), 28, (40, 30, 20), "title")
            if not spin:
                extra = f"+{critters}" + (f"+{bonus}" if bonus else "")
                paint.text(f"{extra} = {total}", (x + width / 2, self.rect.y + 70, width / 2, size), "body",
                           (40, 30, 20), "bold", "midleft")


@dataclass
class Tracker:
    """Moves a tracker along the Crumb Trail."""

    seat: int
    start: int
    end: int
    draw_at: Callable[[Painter, int, float], None]
    t: float = 0.0
    duration: float = 0.45

    def draw(self, paint: Painter) -> None:
        """Draws the tracker part way along."""
        u = ease(self.t / self.duration)
        self.draw_at(paint, self.seat, self.start + (self.end - self.start) * u)


@dataclass
class Sequence:
    """Plays steps one after another. Drops and trackers keep showing where they ended; pieces and
    trackers moved by a later step wait where they were until it starts."""

    steps: list
    hidden: set[Hashable] = field(default_factory=set)
    index: int = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def update(self, dt: float) -> None:
        """Advances the step playing now, moving on when it ends."""
        while dt > 0 and not self.done:
            step = self.steps[self.index]
            left = step.duration - step.t
            if dt < left:
                step.t += dt
                return
            step.t = step.duration
            dt -= left
            self.index += 1

    def draw(self, paint: Painter, draw_caption=None) -> None:
        """Draws every moved piece and tracker where it is now, then a scuffle panel if one is up."""
        poses: dict[str, tuple] = {}
        for step in reversed(self.steps[self.index + 1:]):  # not started yet: resting pieces stay put
            if isinstance(step, Drop) and step.frames:
                poses.update({p: (step, pose) for p, pose in step.frames[0].items() if p not in step.dropped})
        for step in self.steps[:self.index + 1]:
            if isinstance(step, Drop) and step.frames:
                frame = step.frames[min(len(step.frames) - 1, int(step.t * FPS))]
                poses.update({p: (step, pose) for p, pose in frame.items()})
        for piece_id, (step, pose) in sorted(poses.items(), key=lambda item: item[1][1][3]):
            step.draw_piece(paint, piece_id, pose)
        trackers: dict[int, Tracker] = {}
        for step in self.steps:
            if isinstance(step, Tracker) and step.seat not in trackers:
                trackers[step.seat] = step  # the first one shows its start until it plays
        for step in self.steps[:self.index + 1]:
            if isinstance(step, Tracker):
                trackers[step.seat] = step
        for tracker in trackers.values():
            tracker.draw(paint)
        if not self.done and isinstance(self.steps[self.index], Scuffle):
            self.steps[self.index].draw(paint)
