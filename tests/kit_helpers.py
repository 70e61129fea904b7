"""A headless window and painter for testing the view kit."""
from __future__ import annotations

import random
from typing import Iterator

import pygame

from graphics.assets import Assets
from graphics.config import table_layout
from graphics.paint import Painter
from graphics.viewport import Viewport


def painter(size=(1280, 720)) -> Painter:
    """Returns a painter on a fresh headless window of `size`."""
    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode(size)
    return Painter(window, Viewport(size, table_layout().size("canvas")), Assets())


def measured(paint: Painter | None, fitted, fonts: dict | None = None) -> tuple[int, int]:
    """Returns the width and height of a fitted block measured again with a freshly loaded font (kept in
    `fonts`, if given, for the next measures while pygame stays up)."""
    from graphics.assets import FONTS, ROOT
    key = (fitted.face, max(6, fitted.px))
    font = (fonts or {}).get(key) or pygame.font.Font(str(ROOT / "fonts" / FONTS[fitted.face]), key[1])
    if fonts is not None:
        fonts[key] = font
    widths = [font.size(line)[0] for line in fitted.lines]
    height = font.get_height() + fitted.step * (len(fitted.lines) - 1) if fitted.lines else 0
    return max(widths, default=0), height


class DrawnTexts:
    """Records every text the painters draw while active: (text, window rect, how it was fitted)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = []
        original = Painter.text

        def spy(paint, text, rect, size="body", rgb=None, face="body", align="center", floor=None):
            fitted = original(paint, text, rect, size, rgb, face, align, floor)
            self.calls.append((text, paint.viewport.rect(rect), fitted))
            return fitted

        monkeypatch.setattr(Painter, "text", spy)

    def assert_whole(self, where: str = "") -> None:
        """Asserts that no text was cut and each lies inside its rect (measured again with the font)."""
        for text, rect, fitted in self.calls:
            width, height = measured(None, fitted)
            assert not fitted.cut and width <= rect.width and height <= rect.height, f"{where}: {text!r} in {rect}"


def random_positions(game, seed: int, count: int, every: int, choices: bool = False,
                     longest: int = 30_000) -> Iterator:
    """Yields up to `count` positions of a random game of `game` (default options, fewest players), every
    `every`-th move; with `choices`, only positions where the seat to move has more than one move worth making."""
    state = game.new_state(min(game.player_counts()), {}, seed)
    rng = random.Random(seed)
    for step in range(longest):
        if state.is_over() or count == 0:
            return
        if step % every == 0 and (not choices or len(state.view(state.current_player()).search_actions()) > 1):
            count -= 1
            yield state
        state.apply(rng.choice(state.legal_actions()))
