"""One animation timeline for every game: steps played in sequence or in parallel, timed in seconds.

A step shows sprites, each naming the `slot` it shows (a card, a piece, a tracker). Before a step
starts and after it ends it may keep showing its first or last picture ("hold"); for each slot the
step shown is the latest one that has started, else the earliest one still to come, so a piece
moved twice waits where it was, moves, rests, moves again. Board-layer steps are drawn over the
board and under the frame's panels; top-layer steps (banners) over everything.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

import pygame

from graphics.config import colour
from graphics.paint import Painter

BOARD, TOP = "board", "top"


def smooth(u: float) -> float:
    """Returns smoothstep easing of 0..1."""
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


def ease_out(u: float) -> float:
    """Returns a fast start and a gentle landing."""
    u = min(1.0, max(0.0, u))
    return 1 - (1 - u) ** 3


def linear(u: float) -> float:
    """Returns `u` clamped to 0..1."""
    return min(1.0, max(0.0, u))


EASINGS = {"smooth": smooth, "out": ease_out, "linear": linear}


@dataclass(frozen=True)
class Sprite:
    """What a step shows now: `slot` names what it is (one step shows each slot), `depth` orders drawing."""

    slot: Hashable
    depth: float
    draw: Callable[[Painter], None]


class Step:
    """A part of an animation with its own clock: `t` counts seconds from its start (negative before)."""

    duration: float = 0.0
    layer: str = BOARD

    def sprites(self, t: float) -> Iterable[Sprite]:
        """Returns what the step shows at its time `t` (nothing by default)."""
        return ()

    def leaves(self, start: float) -> Iterator[tuple[float, "Step"]]:
        """Yields the basic steps under this one with their start times."""
        yield start, self


class Wait(Step):
    """A pause."""

    def __init__(self, duration: float) -> None:
        self.duration = duration


class Group(Step):
    """Steps one after another (`parallel` False) or all at once."""

    def __init__(self, parts: Sequence[Step], parallel: bool) -> None:
        self.parts = list(parts)
        self.parallel = parallel
        lengths = [part.duration for part in self.parts]
        self.duration = (max(lengths, default=0.0) if parallel else sum(lengths))

    def leaves(self, start: float) -> Iterator[tuple[float, Step]]:
        at = start
        for part in self.parts:
            yield from part.leaves(start if self.parallel else at)
            at += part.duration


def sequence(*parts: Step) -> Group:
    """Returns steps played one after another."""
    return Group(parts, parallel=False)


def parallel(*parts: Step) -> Group:
    """Returns steps played together (the group lasts as long as the longest)."""
    return Group(parts, parallel=True)


@dataclass
class Key:
    """Where a sprite is at time `t` of its move: a logical rect, face up or down, and its opacity."""

    t: float
    rect: pygame.Rect
    face_up: bool = True
    alpha: float = 1.0


SpriteFn = Callable[[Any, bool, tuple[int, int]], pygame.Surface]  # (assets, face up?, window size)


class Move(Step):
    """A sprite through keyframes: eased moves, a flip where the face changes, fades; holds both ends."""

    def __init__(self, slot: Hashable, sprite: SpriteFn, keys: Sequence[Key], depth: float = 0.0,
                 ease: str = "smooth", hold: tuple[bool, bool] = (True, True)) -> None:
        self.slot, self.sprite, self.keys, self.depth = slot, sprite, list(keys), depth
        self.ease, self.hold = EASINGS[ease], hold
        self.duration = self.keys[-1].t

    def sprites(self, t: float) -> Iterable[Sprite]:
        if (t < 0 and not self.hold[0]) or (t > self.duration and not self.hold[1]):
            return ()
        return (Sprite(self.slot, self.depth, lambda paint: self.draw(paint, t)),)

    def draw(self, paint: Painter, t: float) -> None:
        """Draws the sprite where it is at time `t`, squashed while it turns over."""
        keys = self.keys
        if t <= keys[0].t:
            a = b = keys[0]
        elif t >= keys[-1].t:
            a = b = keys[-1]
        else:
            after = next(i for i, k in enumerate(keys) if k.t > t)
            a, b = keys[after - 1], keys[after]
        u = 0.0 if a is b else self.ease((t - a.t) / (b.t - a.t))
        rect = pygame.Rect(a.rect.x + (b.rect.x - a.rect.x) * u, a.rect.y + (b.rect.y - a.rect.y) * u,
                           a.rect.width + (b.rect.width - a.rect.width) * u,
                           a.rect.height + (b.rect.height - a.rect.height) * u)
        alpha = a.alpha + (b.alpha - a.alpha) * u
        face = a.face_up if a.face_up == b.face_up or u < 0.5 else b.face_up
        squash = abs(math.cos(math.pi * u)) if a.face_up != b.face_up else 1.0
        screen = paint.viewport.rect(rect)
        surface = self._picture(paint, face, screen.size, a.rect, b.rect)
        if squash < 0.999:
            surface = pygame.transform.scale(surface, (max(1, int(screen.width * squash)), screen.height))
        if alpha < 0.999:
            surface = surface.copy()
            surface.set_alpha(int(255 * max(0.0, alpha)))
        paint.surface.blit(surface, surface.get_rect(center=screen.center))

    def _picture(self, paint: Painter, face: bool, size: tuple[int, int], start, end) -> pygame.Surface:
        """Returns the sprite at `size`: made (and cached) at the size of a key, scaled from the larger end's
        picture in between, so that a card growing or shrinking on its way caches no picture per frame (the
        shared image cache kept one per size passed through, game after game: benchmarks/memory.py)."""
        ends = {paint.viewport.rect(start).size, paint.viewport.rect(end).size}
        if size in ends or min(size) < 1:
            return self.sprite(paint.assets, face, size)
        picture = self.sprite(paint.assets, face, max(ends, key=lambda wh: wh[0] * wh[1]))
        scale = pygame.transform.smoothscale if picture.get_bytesize() in (3, 4) else pygame.transform.scale
        return scale(picture, size)


class Tween(Step):
    """Calls `draw(paint, u)` with eased progress 0..1 (a tracker sliding, a counter counting);
    shows its start before it plays and its end after, if asked."""

    def __init__(self, slot: Hashable, duration: float, draw: Callable[[Painter, float], None], depth: float = 0.0,
                 ease: str = "smooth", hold: tuple[bool, bool] = (True, True)) -> None:
        self.slot, self.duration, self.draw, self.depth = slot, duration, draw, depth
        self.ease, self.hold = EASINGS[ease], hold

    def sprites(self, t: float) -> Iterable[Sprite]:
        if (t < 0 and not self.hold[0]) or (t > self.duration and not self.hold[1]):
            return ()
        u = self.ease(t / self.duration) if self.duration else 1.0
        return (Sprite(self.slot, self.depth, lambda paint: self.draw(paint, u)),)


class Frames(Step):
    """Recorded frames played at `fps` (a physics drop): each frame maps item ids to poses. Before it
    plays, the items not in `entering` rest at their first pose; after it, all rest at their last."""

    def __init__(self, frames: Sequence[dict], fps: float, draw_item: Callable[[Painter, Any, Any], None],
                 depth_of: Callable[[Any], float] = lambda pose: 0.0, entering: Iterable = (),
                 slot_of: Callable[[Any], Hashable] = lambda item: ("piece", item)) -> None:
        self.frames, self.fps, self.draw_item = frames, fps, draw_item  # any sequence: made on request or not
        self.depth_of, self.entering, self.slot_of = depth_of, set(entering), slot_of
        self.duration = len(self.frames) / fps

    def sprites(self, t: float) -> Iterable[Sprite]:
        if not self.frames:
            return ()
        frame = self.frames[0] if t < 0 else self.frames[min(len(self.frames) - 1, int(t * self.fps))]
        return [Sprite(self.slot_of(item), self.depth_of(pose), self._drawer(item, pose))
                for item, pose in frame.items() if t >= 0 or item not in self.entering]

    def _drawer(self, item: Any, pose: Any) -> Callable[[Painter], None]:
        """Returns a function drawing one item at one pose."""
        return lambda paint: self.draw_item(paint, item, pose)


class Panel(Step):
    """A custom drawing while it plays (a dice or scuffle panel): `draw(paint, t)` with t in seconds."""

    def __init__(self, duration: float, draw: Callable[[Painter, float], None], layer: str = BOARD,
                 depth: float = 1000.0) -> None:
        self.duration, self.draw, self.layer, self.depth = duration, draw, layer, depth

    def sprites(self, t: float) -> Iterable[Sprite]:
        if not 0 <= t <= self.duration:
            return ()
        return (Sprite(("panel", id(self)), self.depth, lambda paint: self.draw(paint, t)),)


class Banner(Panel):
    """A caption over everything: fitted text on the theme's banner panel, fading in and out."""

    def __init__(self, text: str, rect: pygame.Rect, duration: float, size: str = "heading") -> None:
        super().__init__(duration, self._draw_banner, TOP)
        self.text, self.rect, self.size = text, pygame.Rect(rect), size

    def _draw_banner(self, paint: Painter, t: float) -> None:
        """Draws the banner panel and its text."""
        paint.panel(self.rect, colour("banner"), colour("button"), 16)
        inner = self.rect.inflate(-2 * paint.text_style["padding"], -paint.text_style["padding"])
        paint.text(self.text, inner, self.size, colour("banner_text"), "title")


@dataclass
class Timeline:
    """A tree of steps played once from t = 0; `hidden` names board places the view leaves empty meanwhile."""

    root: Step
    hidden: set[Hashable] = field(default_factory=set)
    t: float = 0.0

    def __post_init__(self) -> None:
        self.leaves = list(self.root.leaves(0.0))

    @property
    def duration(self) -> float:
        """Returns when the last step ends."""
        return self.root.duration

    @property
    def done(self) -> bool:
        """Returns whether the animation has finished."""
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        """Advances the clock by `dt` seconds."""
        self.t += dt

    def playing(self, kind: type[Step] | None = None) -> list[tuple[Step, float]]:
        """Returns the basic steps playing now (of one kind, if given), each with its own time."""
        return [(step, self.t - start) for start, step in self.leaves if start <= self.t < start + step.duration
                and (kind is None or isinstance(step, kind))]

    def draw(self, paint: Painter, layer: str = BOARD) -> None:
        """Draws what the steps of one layer show now: each slot by its owner, in order of depth."""
        owners: dict[Hashable, tuple[tuple, Sprite]] = {}
        order = 0
        for start, step in self.leaves:
            if step.layer != layer:
                continue
            started = start <= self.t
            rank = (1, start) if started else (0, -start)
            for sprite in step.sprites(self.t - start):
                order += 1
                held = owners.get(sprite.slot)
                if held is None or rank >= held[0][:2]:
                    owners[sprite.slot] = (rank + (order,), sprite)
        for _, sprite in sorted(owners.values(), key=lambda item: (item[1].depth, item[0][2])):
            sprite.draw(paint)
