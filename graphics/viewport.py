"""The map from the logical 1920x1080 canvas to the window: one uniform scale, letterboxed."""
from __future__ import annotations

import pygame


class Viewport:
    """Converts logical rects and points to window pixels and back."""

    def __init__(self, window: tuple[int, int], canvas: tuple[int, int]) -> None:
        self.window = window
        self.canvas = canvas
        self.scale = min(window[0] / canvas[0], window[1] / canvas[1])
        self.offset = ((window[0] - canvas[0] * self.scale) / 2, (window[1] - canvas[1] * self.scale) / 2)

    def rect(self, rect: pygame.Rect | tuple) -> pygame.Rect:
        """Returns a logical rect in window pixels (edges rounded so neighbours meet)."""
        x, y, w, h = rect
        (dx, dy), scale = self.offset, self.scale  # as `point`, written out: hundreds of rects a board
        left, top = round(dx + x * scale), round(dy + y * scale)
        return pygame.Rect(left, top, round(dx + (x + w) * scale) - left, round(dy + (y + h) * scale) - top)

    def moved(self, dx: int, dy: int) -> Viewport:
        """Returns this map moved by whole window pixels (to draw a part of the window on a surface of its own:
        every rect then lands exactly `(dx, dy)` from where this map puts it)."""
        moved = Viewport(self.window, self.canvas)
        moved.offset = (self.offset[0] + dx, self.offset[1] + dy)
        return moved

    def point(self, point: tuple[float, float]) -> tuple[int, int]:
        """Returns a logical point in window pixels."""
        return (round(self.offset[0] + point[0] * self.scale), round(self.offset[1] + point[1] * self.scale))

    def logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        """Returns the logical point under a window pixel."""
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def px(self, length: float) -> int:
        """Returns a logical length in whole window pixels (at least 1)."""
        return max(1, round(length * self.scale))

    def size(self, size: tuple[float, float]) -> tuple[int, int]:
        """Returns a logical size in window pixels."""
        return self.px(size[0]), self.px(size[1])
