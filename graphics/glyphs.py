"""Which characters each bundled font draws, written to data/table/glyphs.txt for the name rule
(games/core/names.py, which has no pygame) and the text runs (graphics/assets.py).

Run `python -m graphics.glyphs` after changing a font in graphics/assets/fonts; tests/test_names.py
checks that the file matches the fonts.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame.freetype

from games.core.names import FALLBACKS, GLYPHS_FILE

FONT_DIR = Path(__file__).resolve().parent / "assets" / "fonts"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf", "NotoEmoji-Regular.ttf",
              "NotoEmoji-Bold.ttf", *FALLBACKS[1:])

LAST = 0x10FFFF
HEADER = ("# Characters each bundled font has a glyph for, as hexadecimal ranges; made by\n"
          "# `python -m graphics.glyphs` from graphics/assets/fonts (tests/test_names.py checks it).\n")


def covered(path: Path) -> list[int]:
    """Returns the code points the font at `path` has a glyph for (not its .notdef box)."""
    pygame.freetype.init()
    font = pygame.freetype.Font(str(path), 16)
    points = [c for c in range(0x20, LAST + 1) if not 0xD800 <= c <= 0xDFFF]
    found = []
    for start in range(0, len(points), 65536):
        chunk = points[start:start + 65536]
        metrics = font.get_metrics("".join(map(chr, chunk)))
        found += [c for c, m in zip(chunk, metrics) if m is not None]
    return found


def ranges(points: list[int]) -> list[tuple[int, int]]:
    """Returns sorted code points as (first, last) runs."""
    runs: list[list[int]] = []
    for c in points:
        if runs and c == runs[-1][1] + 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return [(a, b) for a, b in runs]


def text() -> str:
    """Returns the glyph file as it should read for the fonts now bundled."""
    lines = [HEADER]
    for name in FONT_FILES:
        runs = " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in ranges(covered(FONT_DIR / name)))
        lines.append(f"{name} {runs}\n")
    return "".join(lines)


if __name__ == "__main__":
    GLYPHS_FILE.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {GLYPHS_FILE}\n")
