"""Text that always fits its box: wrapped, shrunk down to a floor, then cut with an ellipsis."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from games.core.names import graphemes

ELLIPSIS = "…"


@dataclass(frozen=True)
class Fitted:
    """Lines of text laid out for a box, all sizes in window pixels."""

    lines: tuple[str, ...]
    widths: tuple[int, ...]
    px: int  # font size
    face: str
    step: int  # from one line's top to the next
    height: int  # of the whole block
    cut: bool  # some text did not fit and ends in an ellipsis (show the full text on hover)

    @property
    def width(self) -> int:
        """Returns the width of the widest line."""
        return max(self.widths, default=0)


def fit(assets, text: str, box: tuple[int, int], face: str, px: int, floor: int, spacing: float = 1.0) -> Fitted:
    """Returns `text` laid out in a box of window pixels: at `px` if it fits, else wrapped and shrunk
    one pixel at a time down to `floor`, else cut with an ellipsis (cached per text, box, font and sizes)."""
    key = ("fit", text, box, face, px, floor, spacing)
    return assets.layouts.get(key, lambda: _fit(assets, text, box, face, px, min(px, floor), spacing))


def _fit(assets, text: str, box: tuple[int, int], face: str, px: int, floor: int, spacing: float) -> Fitted:
    """Tries each size from `px` down to `floor`; cuts at the floor."""
    width, height = box
    for size in range(px, floor - 1, -1):
        font = assets.font(size, face)
        step = max(1, round(font.get_linesize() * spacing))
        if "\n" not in text and font.size(text)[0] <= width and font.get_height() <= height:
            return _fitted(font, [text], size, face, step, False)
        lines = wrap(font, text, width)
        if all(font.size(line)[0] <= width for line in lines) and _block(font, step, len(lines)) <= height:
            return _fitted(font, lines, size, face, step, False)
    font = assets.font(floor, face)
    step = max(1, round(font.get_linesize() * spacing))
    return _fitted(font, cut(font, wrap(font, text, width), width, max(1, 1 + (height - font.get_height()) // step)),
                   floor, face, step, True)


def _block(font: pygame.font.Font, step: int, count: int) -> int:
    """Returns the height of `count` lines."""
    return font.get_height() + step * (count - 1) if count else 0


def _fitted(font: pygame.font.Font, lines: list[str], px: int, face: str, step: int, was_cut: bool) -> Fitted:
    """Returns a layout with its measured line widths."""
    widths = tuple(font.size(line)[0] for line in lines)
    return Fitted(tuple(lines), widths, px, face, step, _block(font, step, len(lines)), was_cut)


class Measures(Protocol):
    """A font as wrap needs it: the size of a line of text (pygame's Font, the app's RunFont)."""

    def size(self, text: str, /) -> tuple[int, int]: ...


def wrap(font: Measures, text: str, width: int, break_words: bool = False) -> list[str]:
    """Returns `text` broken at spaces into lines no wider than `width`; a longer word keeps its own line,
    or is broken where it must be if `break_words` (scrolling text, which cannot shrink)."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if not line or font.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
            while break_words and font.size(line)[0] > width and len(cuts(line)) > 2:
                ends = cuts(line)[1:]
                cut = next(i for i in reversed(ends) if font.size(line[:i])[0] <= width or i == ends[0])
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def cut(font: pygame.font.Font, lines: list[str], width: int, count: int) -> list[str]:
    """Returns at most `count` lines no wider than `width`, the last ending in an ellipsis if text was left out: the
    last line holds as much of the rest as fits (a long name after a short word is cut, not left out whole)."""
    kept = lines[:count]
    if len(lines) > count:
        rest = " ".join(lines[count - 1:])
        kept[-1] = rest if font.size(rest)[0] > width else kept[-1] + ELLIPSIS
    return [ellipsize(font, line, width) for line in kept]


def ellipsize(font: pygame.font.Font, line: str, width: int) -> str:
    """Returns `line`, or as much of it as fits `width` followed by an ellipsis."""
    if font.size(line)[0] <= width:
        return line
    body = line.rstrip(ELLIPSIS)
    ends = cuts(body)
    low, high = 0, len(ends) - 1
    while low < high:  # the longest prefix that fits with the ellipsis, never splitting a letter or emoji
        mid = (low + high + 1) // 2
        if font.size(body[:ends[mid]].rstrip() + ELLIPSIS)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return body[:ends[low]].rstrip() + ELLIPSIS


def cuts(text: str) -> list[int]:
    """Returns where `text` may be cut without splitting a letter from its accents or an emoji sequence:
    0, the end of each letter or emoji, len(text)."""
    if text.isascii():
        return list(range(len(text) + 1))
    ends = [0]
    for cluster in graphemes(text):
        ends.append(ends[-1] + len(cluster))
    return ends


def positions(fitted: Fitted, rect: pygame.Rect, align: str) -> list[tuple[str, tuple[int, int]]]:
    """Returns each line with its top-left corner in window pixels, the block aligned in `rect`
    (align: a pygame.Rect point name such as center, midleft, topleft, midright)."""
    vertical = "top" if align.startswith("top") else "bottom" if align.startswith("bottom") else "mid"
    horizontal = "left" if align.endswith("left") else "right" if align.endswith("right") else "centre"
    top = {"top": rect.top, "mid": rect.centery - fitted.height // 2, "bottom": rect.bottom - fitted.height}[vertical]
    placed = []
    for i, (line, width) in enumerate(zip(fitted.lines, fitted.widths)):
        x = {"left": rect.left, "centre": rect.centerx - width // 2, "right": rect.right - width}[horizontal]
        placed.append((line, (x, top + i * fitted.step)))
    return placed
