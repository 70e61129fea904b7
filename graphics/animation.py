"""Time-based animation: sprites moving between keyframes, flipping face up, fading; captions."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

import pygame

from graphics.paint import Painter

SpriteFn = Callable[[Any, bool, tuple[int, int]], pygame.Surface]  # (assets, face up?, window size)


def ease(u: float) -> float:
    """Returns smoothstep easing of 0..1."""
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


@dataclass
class Key:
    """Where a sprite is at time `t`: a logical rect, face up or down, and its opacity."""

    t: float
    rect: pygame.Rect
    face: bool
    alpha: float = 1.0


@dataclass
class Track:
    """One sprite's path through keyframes (sorted by time)."""

    sprite: SpriteFn
    keys: list[Key]

    def draw(self, paint: Painter, t: float) -> None:
        """Draws the sprite where it is at time `t`, flipping between faces mid-way."""
        keys = self.keys
        if t <= keys[0].t:
            a = b = keys[0]
        elif t >= keys[-1].t:
            a = b = keys[-1]
        else:
            b_index = next(i for i, k in enumerate(keys) if k.t > t)
            a, b = keys[b_index - 1], keys[b_index]
        u = 0.0 if a is b else ease((t - a.t) / (b.t - a.t))
        rect = pygame.Rect(
            a.rect.x + (b.rect.x - a.rect.x) * u, a.rect.y + (b.rect.y - a.rect.y) * u,
            a.rect.width + (b.rect.width - a.rect.width) * u, a.rect.height + (b.rect.height - a.rect.height) * u)
        alpha = a.alpha + (b.alpha - a.alpha) * u
        face = a.face if a.face == b.face or u < 0.5 else b.face
        squash = abs(math.cos(math.pi * u)) if a.face != b.face else 1.0
        screen = paint.viewport.rect(rect)
        surface = self.sprite(paint.assets, face, screen.size)
        if squash < 0.999:
            surface = pygame.transform.scale(surface, (max(1, int(screen.width * squash)), screen.height))
        if alpha < 0.999:
            surface = surface.copy()
            surface.set_alpha(int(255 * max(0.0, alpha)))
        paint.surface.blit(surface, surface.get_rect(center=screen.center))


@dataclass
class Caption:
    """Text shown from `start` to `end` in a logical rect."""

    start: float
    end: float
    text: str
    rect: pygame.Rect


@dataclass
class Timeline:
    """A set of tracks and captions played once; `hidden` names board places the view leaves empty."""

    tracks: list[Track]
    captions: list[Caption] = field(default_factory=list)
    hidden: set[Hashable] = field(default_factory=set)
    t: float = 0.0

    @property
    def duration(self) -> float:
        """Returns when the last keyframe or caption ends."""
        ends = [track.keys[-1].t for track in self.tracks] + [c.end for c in self.captions]
        return max(ends, default=0.0)

    @property
    def done(self) -> bool:
        """Returns whether the animation has finished."""
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        """Advances the clock."""
        self.t += dt

    def draw(self, paint: Painter, draw_caption: Callable[[Painter, Caption], None]) -> None:
        """Draws every track and the captions showing now."""
        for track in self.tracks:
            track.draw(paint, self.t)
        for caption in self.captions:
            if caption.start <= self.t <= caption.end:
                draw_caption(paint, caption)
