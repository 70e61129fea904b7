"""Small widgets drawn with the Painter: buttons, a text field and scrolling text."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.core.names import clean_name, clusters, overflows, typed
from graphics.config import colour, table_layout
from graphics.paint import Painter


@dataclass
class Button:
    """A clickable rounded button in logical coordinates; `value` is handed back when clicked."""

    label: str
    rect: pygame.Rect
    value: Any = None
    enabled: bool = True
    size: str | int = "body"

    def hit(self, pos: tuple[float, float]) -> bool:
        """Returns whether a logical point is on this button and it can be clicked."""
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, paint: Painter, mouse: tuple[float, float]) -> None:
        """Draws the button, lit when the mouse is over it."""
        hover = self.hit(mouse)
        fill = colour("button_hover") if hover else colour("button") if self.enabled else colour("button_disabled")
        paint.shade(self.rect.move(3, 4), colour("shadow"), 60, 12)
        paint.rect(self.rect, fill, 12)
        paint.rect(self.rect, colour("panel_edge"), 12, 2)
        pad = paint.text_style["padding"]
        paint.text(self.label, self.rect.inflate(-2 * pad, -pad), self.size, colour("button_text"), "bold")


def click(buttons: list[Button], pos: tuple[float, float]) -> Button | None:
    """Returns the enabled button under a logical point, if any."""
    return next((b for b in buttons if b.hit(pos)), None)


def row(labels_values: list[tuple[str, Any]], area: pygame.Rect, width: int = 0, gap: int = 20,
        height: int = 0) -> list[Button]:
    """Returns buttons laid out left to right, centred in `area` (equal widths unless `width`)."""
    if not labels_values:
        return []
    height = height or min(area.height, 72)
    width = width or min(320, (area.width - gap * (len(labels_values) - 1)) // len(labels_values))
    total = width * len(labels_values) + gap * (len(labels_values) - 1)
    x = area.centerx - total // 2
    y = area.centery - height // 2
    return [Button(label, pygame.Rect(x + i * (width + gap), y, width, height), value)
            for i, (label, value) in enumerate(labels_values)]


def fitted_row(paint: Painter, labels_values: list[tuple[str, Any]], area: pygame.Rect, gap: int = 16,
               height: int = 72) -> list[Button]:
    """Returns buttons left to right in `area`, each as wide as its label needs (small text if crowded)."""
    if not labels_values:
        return []
    pad = paint.text_style["padding"]
    for size in ("body", "small"):
        widths = [max(160, paint.measure(label, size, "bold") + 2 * pad + 28) for label, _ in labels_values]
        if sum(widths) + gap * (len(widths) - 1) <= area.width:
            break
    scale = min(1.0, (area.width - gap * (len(widths) - 1)) / sum(widths))
    x, y = area.x, area.centery - height // 2
    buttons = []
    for (label, value), width in zip(labels_values, widths):
        buttons.append(Button(label, pygame.Rect(int(x), y, int(width * scale), height), value, size=size))
        x += width * scale + gap
    return buttons


def column(labels_values: list[tuple[str, Any]], area: pygame.Rect, height: int = 64, gap: int = 16) -> list[Button]:
    """Returns buttons stacked top to bottom across the width of `area`."""
    return [Button(label, pygame.Rect(area.x, area.y + i * (height + gap), area.width, height), value)
            for i, (label, value) in enumerate(labels_values)]


@dataclass
class TextField:
    """A seat name's one-line text box; click to focus (its text is then selected: typing replaces it, as in any
    text box, so a default name need not be rubbed out letter by letter), type or paste (Ctrl+V), Enter or a click
    elsewhere to finish. What is typed follows the name rule (games.core.names): what it cannot hold is left
    out and `note` says what; Backspace takes back one letter or emoji as a player sees it."""

    text: str
    rect: pygame.Rect
    focused: bool = False
    selected: bool = False
    full: bool = False  # something was left out for length: what follows is too, until a Backspace
    note: str = ""  # what the name rule last left out of what was typed or pasted since focus ("" if nothing)

    def handle(self, event: pygame.event.Event, pos: tuple[float, float] | None) -> bool:
        """Updates from one event; returns whether the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            was = self.focused
            self.focused = self.rect.collidepoint(pos)
            self.selected = self.focused and not was
            if self.focused and not was:
                self.note, self.full = "", False
                pygame.key.start_text_input()
            elif was and not self.focused:
                self.finish()
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.enter(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if self.selected else "".join(clusters(self.text)[:-1])
                self.full = False
            elif event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.selected = True
                return True
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.enter(clipboard())
                return True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                self.finish()
            else:
                return True  # a character's key: its text follows as TEXTINPUT, which ends the selection
            self.selected = False
            return True
        return False

    def enter(self, text: str) -> None:
        """Adds typed or pasted text (replacing the selection), kept to what a name may hold; a note of what
        was left out stays until another replaces it or the field is clicked into again."""
        whole = ("" if self.selected else self.text) + text
        if self.full and not self.selected:
            return  # after a letter left out for length, a joiner, skin tone or accent would join the last one kept
        self.text, note = typed(whole)
        self.note, self.full, self.selected = note or self.note, overflows(whole), False

    def finish(self) -> None:
        """Ends typing: the name loses spaces at its ends."""
        self.text = clean_name(self.text)

    def draw(self, paint: Painter, blink: bool) -> None:
        """Draws the box and its text, with a caret while focused (the edge in the error colour while a note
        says something was left out)."""
        paint.rect(self.rect, colour("field"), 8)
        edge = colour("error") if self.note else colour("selected") if self.focused else colour("panel_edge")
        paint.rect(self.rect, edge, 8, 3 if self.focused or self.note else 2)
        inner = self.rect.inflate(-24, 0)
        if self.focused and self.selected and self.text:
            width = paint.fit(self.text, inner, "body").width / paint.viewport.scale
            paint.rect(pygame.Rect(inner.left - 2, inner.top + 8, int(width) + 4, inner.height - 16), colour("selected"), 4)
        shown = self.text + ("|" if self.focused and blink else "")
        paint.text(shown or " ", inner, "body", colour("ink"), "body", "midleft")


def clipboard() -> str:
    """Returns the text on the clipboard ("" if there is none or it cannot be read)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


WRAPS_KEPT = 4000  # wrapped texts a scrolling block keeps (a rules page, a long game log)

STYLES = {  # style -> (font size, face, line height in body lines)
    "heading": ("heading", "title", 1.6),
    "sub": ("body", "bold", 1.3),
    "text": (None, "body", 1.0),
    "item": (None, "body", 1.0),  # a list item: "marker text", the marker hanging at the left
    "head": (None, "bold", 1.0),  # a table's header row: cells separated by tabs, drawn in aligned columns
    "row": (None, "body", 1.0),  # a table's row: cells separated by tabs
}
TABLE = ("head", "row")
CELL_GAP = 24  # logical space between a table's columns
MARK_PAD = 4  # a search match's highlight reaches this far (logical) beyond its letters
BAR = (12, 8, 30)  # the scroll bar: its distance from the right edge, width, least thumb height


@dataclass(frozen=True)
class Line:
    """One wrapped line of a ScrollText: its text, style, top and height (logical), how far it is indented,
    the list marker drawn at its left (first line of an item), and the entry it belongs to."""

    text: str
    style: str
    top: float
    height: float
    indent: float = 0.0
    marker: str = ""
    entry: int = 0
    cells: tuple[tuple[float, str], ...] = ()  # a table line: (x from the left edge, text) per column


@dataclass(frozen=True)
class Found:
    """One match of a search in a ScrollText: its entry and where in the entry's text it is (so that it stays the
    same match when the text is wrapped again), and the lines it covers, each with the characters [start, end)
    of the line's text it takes (a match can run over a line break)."""

    entry: int
    start: int
    end: int
    spans: tuple[tuple[Line, int, int], ...] = field(compare=False)

    @property
    def top(self) -> float:
        """Returns the top of its first line (logical)."""
        return self.spans[0][0].top

    @property
    def height(self) -> float:
        """Returns the height from its first line's top to its last line's bottom."""
        last = self.spans[-1][0]
        return last.top + last.height - self.top

    @property
    def lines(self) -> list[Line]:
        """Returns the lines it covers."""
        return [line for line, _, _ in self.spans]


def fold(text: str) -> str:
    """Returns `text` with case set aside character by character, keeping its length (so places in the folded
    text are places in the text: "ß" stays one character)."""
    return "".join(folded if len(folded := char.casefold()) == 1 else char.lower() for char in text)


def matches_in(lines: list[Line], query: str) -> list[Found]:
    """Returns the matches of `query` (case and runs of spaces aside) in wrapped lines, in order, found in each
    entry's lines joined by spaces, so that words wrapped onto the next line are found."""
    words = " ".join(fold(query).split())
    if not words:
        return []
    found: list[Found] = []
    entries: dict[int, list[Line]] = {}
    for line in lines:
        entries.setdefault(line.entry, []).append(line)
    for entry, own in entries.items():
        starts, joined = [], ""
        for line in own:
            joined += " " if joined else ""
            starts.append(len(joined))
            joined += fold(line.text)
        at = joined.find(words)
        while at >= 0:
            end = at + len(words)
            spans = tuple((line, max(at, first) - first, min(end, first + len(line.text)) - first)
                          for line, first in zip(own, starts) if first < end and at < first + len(line.text))
            found.append(Found(entry, at, end, spans))
            at = joined.find(words, end)
    return found


@dataclass
class ScrollText:
    """A scrollable block of wrapped lines; each entry is (text, style) with style heading, sub, text or item
    ("1. text", "- text": the marker hangs, the text wraps beside it). Lines are wrapped to the width (long
    words broken, as scrolling text cannot shrink) once per change. Scrolling stops only where a line begins
    (`snap` "line") or an entry begins ("entry"), so the top line is never cut in half; only whole lines
    are drawn."""

    rect: pygame.Rect
    entries: list[tuple[str, str]]
    size: str = "body"
    offset: float = 0.0
    gap: float = 0.0  # extra space after each entry, in lines
    snap: str = "line"
    _lines: list[Line] = field(default_factory=list)
    _bottoms: list[float] = field(default_factory=list)  # where each line ends, to find the first one shown
    _stops: list[float] = field(default_factory=list)  # where scrolling may stop
    _total: float = 0.0
    _wrapped_for: tuple = ()
    _laid_for: tuple = ()  # the scale, width, gap, size and snap of the layout, kept while they stay
    _laid: list = field(default_factory=list)  # the entries laid out, and per entry its first line and its top
    _firsts: list[int] = field(default_factory=list)
    _tops: list[float] = field(default_factory=list)
    _most: tuple = ((), 0.0)  # the layout and height the scroll limit was found for, and the limit
    _wraps: dict = field(default_factory=dict)  # (text, width, size, face, scale) -> its wrapped lines
    _grab: float | None = None  # while the scroll bar's thumb is dragged: where it was held (from its top)
    marked: str = ""  # a search: its matches are highlighted
    current: Found | None = None  # the search's current match: highlighted more strongly
    _found: tuple = ((), "", [])  # the wrapping and query the matches were found for, and the matches

    def lines(self, paint: Painter) -> list[Line]:
        """Returns the wrapped lines with their tops and heights for the current window scale (cached). The
        entries the last layout began with are kept as they were laid out (a long game log grows by a few
        entries at a time, and only those are laid out)."""
        key = (paint.viewport.scale, id(self.entries), len(self.entries), self.rect.width, self.gap)
        if key != self._wrapped_for:
            same = self._kept((paint.viewport.scale, self.rect.width, self.gap, self.size, self.snap))
            y = self._tops[same] if same < len(self._tops) else self._total if self._tops else 0.0
            cut = self._firsts[same] if same < len(self._firsts) else len(self._lines)
            self._lines, self._bottoms = self._lines[:cut], self._bottoms[:cut]
            del self._firsts[same:], self._tops[same:]
            start = y
            width = self.text_width()
            columns: list[float] = []
            for index in range(same, len(self.entries)):
                text, style = self.entries[index]
                self._firsts.append(len(self._lines))
                self._tops.append(y)
                size, face, _ = STYLES[style]
                size = size or self.size
                if style in TABLE:
                    if index == 0 or self.entries[index - 1][1] not in TABLE:
                        columns = self._columns(paint, index, width)
                    y = self._table_row(paint, text, style, index, columns, y)
                    continue
                marker, indent = "", 0.0
                if style == "item":
                    marker, _, text = text.partition(" ")
                    indent = paint.measure(marker + "  ", size, face)
                height = self._height(style)
                for number, line in enumerate(self._wrap(paint, text, width - indent, size, face)):
                    self._lines.append(Line(line, style, y, height, indent, marker if number == 0 else "", index))
                    y += height
                if self.gap:
                    y += self._height("gap")
            self._bottoms += [line.top + line.height for line in self._lines[cut:]]
            if self.snap == "entry":  # each entry's first line (an entry may have none)
                ends = self._firsts[same + 1:] + [len(self._lines)]
                self._stops = self._stops[:bisect.bisect_left(self._stops, start)] + \
                    [self._lines[first].top for first, end in zip(self._firsts[same:], ends) if first < end]
            else:
                self._stops = self._stops[:cut] + [line.top for line in self._lines[cut:]]
            self._laid, self._total, self._wrapped_for = list(self.entries), y, key
        return self._lines

    def _kept(self, how: tuple) -> int:
        """Returns how many entries, from the first, keep their lines from the last layout: none when the scale,
        width, gap, size or snap (`how`) changed, else those up to the first changed entry, less a table they end in (its
        columns may change)."""
        if how != self._laid_for:
            self._laid_for, self._laid, self._firsts, self._tops, self._lines, self._bottoms = how, [], [], [], [], []
            return 0
        laid = self._laid
        same = len(laid) if self.entries[:len(laid)] == laid else \
            next((i for i, (new, old) in enumerate(zip(self.entries, laid)) if new != old), len(self.entries))
        while same and self.entries[same - 1][1] in TABLE:
            same -= 1
        return same

    def _columns(self, paint: Painter, first: int, width: float) -> list[float]:
        """Returns the widths of the columns of the table whose first row is entry `first`: each as wide as
        its widest cell, narrowed in proportion (each keeps at least its share) when the table is too wide."""
        rows = []
        for text, style in self.entries[first:]:
            if style not in TABLE:
                break
            size, face, _ = STYLES[style]
            rows.append([paint.measure(cell, size or self.size, face) for cell in text.split("\t")])
        count = max(len(cells) for cells in rows)
        natural = [max(cells[c] if c < len(cells) else 0.0 for cells in rows) + 1 for c in range(count)]
        room = width - CELL_GAP * (count - 1)
        if sum(natural) <= room:
            return natural
        share = room / count
        narrow = [w for w in natural if w <= share]  # narrow columns keep their width, wide ones share the rest
        wide_room = room - sum(narrow)
        wide_total = sum(w for w in natural if w > share)
        return [w if w <= share else w * wide_room / wide_total for w in natural]

    def _table_row(self, paint: Painter, text: str, style: str, index: int, columns: list[float], y: float) -> float:
        """Adds the lines of one table row (each cell wrapped to its column); returns the y after it."""
        size, face, _ = STYLES[style]
        size = size or self.size
        cells = text.split("\t")
        wrapped, lefts, x = [], [], 0.0
        for column, cell in zip(columns, cells):
            wrapped.append(self._wrap(paint, cell, column, size, face) if cell else [""])
            lefts.append(x)
            x += column + CELL_GAP
        for number in range(max(len(lines) for lines in wrapped)):
            parts = tuple((left, lines[number]) for left, lines in zip(lefts, wrapped) if number < len(lines))
            height = self._height(style)
            self._lines.append(Line(" ".join(t for _, t in parts), style, y, height, 0.0, "", index, parts))
            y += height
        return y + (self._height("gap") if self.gap else 0.0)

    def _wrap(self, paint: Painter, text: str, width: float, size: str, face: str) -> list[str]:
        """Returns `text` wrapped to `width`, each text wrapped once (a long game log grows by a few entries
        at a time, and only those are wrapped)."""
        key = (text, width, size, face, paint.viewport.scale)
        if key not in self._wraps:
            if len(self._wraps) > WRAPS_KEPT:
                self._wraps.clear()
            self._wraps[key] = paint.wrap(text, width, size, face, break_words=True)
        return self._wraps[key]

    def text_width(self) -> float:
        """Returns the width lines are wrapped to (the scroll bar keeps the rest)."""
        return self.rect.width - 30

    # --- the scroll bar ---------------------------------------------------------------------
    def bar_rect(self) -> pygame.Rect:
        """Returns the scroll bar's track (logical)."""
        right, width, _ = BAR
        return pygame.Rect(self.rect.right - right, self.rect.top, width, self.rect.height)

    def thumb_rect(self, paint: Painter) -> pygame.Rect | None:
        """Returns the scroll bar's thumb (logical), or None when everything fits."""
        total = self.content_height(paint)
        if total <= self.rect.height:
            return None
        bar = self.bar_rect()
        height = max(BAR[2], self.rect.height * self.rect.height / total)
        top = bar.top + (bar.height - height) * (self.offset / max(1.0, self.max_offset(paint)))
        return pygame.Rect(bar.x, int(top), bar.width, int(min(height, bar.bottom - top)))

    def scroll_to(self, paint: Painter, offset: float) -> None:
        """Scrolls to the place scrolling may stop nearest to `offset` (0: the top)."""
        self.lines(paint)
        most = self.max_offset(paint)
        stops = [stop for stop in self._stops if stop <= most] or [0.0]
        self.offset = min(stops, key=lambda stop: abs(stop - max(0.0, min(most, offset))))

    def to_start(self) -> None:
        """Scrolls to the first line."""
        self.offset = 0.0

    def press(self, paint: Painter, pos: tuple[float, float]) -> bool:
        """Starts dragging the thumb when `pos` is on it; a press elsewhere on the track moves the thumb's
        middle there and drags from there. Returns whether the press was on the scroll bar."""
        thumb = self.thumb_rect(paint)
        if thumb is None or not self.bar_rect().inflate(BAR[1], 0).collidepoint(pos):
            return False
        if not thumb.top <= pos[1] < thumb.bottom:
            self._grab = thumb.height / 2
            self.drag(paint, pos)
        else:
            self._grab = pos[1] - thumb.top
        return True

    def drag(self, paint: Painter, pos: tuple[float, float]) -> bool:
        """Follows the pointer while the thumb is held; returns whether it is held."""
        thumb = self.thumb_rect(paint)
        if self._grab is None or thumb is None:
            return False
        travel = self.bar_rect().height - thumb.height
        fraction = (pos[1] - self._grab - self.bar_rect().top) / max(1.0, travel)
        self.scroll_to(paint, fraction * self.max_offset(paint))
        return True

    def release(self) -> bool:
        """Lets go of the thumb; returns whether it was held."""
        held, self._grab = self._grab is not None, None
        return held

    def _height(self, style: str) -> float:
        """Returns the logical height of a line of `style`."""
        step = table_layout().get("fonts")[self.size] * 1.35
        return step * (self.gap if style == "gap" else STYLES[style][2])

    def scroll(self, paint: Painter, lines: float) -> None:
        """Scrolls by about a number of body lines, to the nearest place scrolling may stop."""
        most = self.max_offset(paint)
        target = max(0.0, min(most, self.offset + lines * self._height("text")))
        stops = [stop for stop in self._stops if stop <= most] or [0.0]
        if lines > 0:
            later = [stop for stop in stops if stop > self.offset]
            self.offset = min(later, key=lambda stop: abs(stop - target)) if later else self.offset
        elif lines < 0:
            earlier = [stop for stop in stops if stop < self.offset]
            self.offset = min(earlier, key=lambda stop: abs(stop - target)) if earlier else 0.0

    def find(self, paint: Painter, query: str) -> list[Found]:
        """Marks the matches of `query` (case aside, also across a line break) and returns them in order (none
        for an empty query)."""
        self.marked, self.current = query, None
        return self.matches(paint)

    def matches(self, paint: Painter) -> list[Found]:
        """Returns the matches of the search, found again only when the text was wrapped again."""
        lines = self.lines(paint)
        if self._found[:2] != (self._wrapped_for, self.marked):
            self._found = (self._wrapped_for, self.marked, matches_in(lines, self.marked))
        return self._found[2]

    def _highlights(self, paint: Painter) -> dict[Line, list[tuple[int, int, bool]]]:
        """Returns, per line holding part of a match, the characters to highlight and whether they belong to
        the current match."""
        marks: dict[Line, list[tuple[int, int, bool]]] = {}
        for found in self.matches(paint):
            for line, start, end in found.spans:
                marks.setdefault(line, []).append((start, end, found == self.current))
        return marks

    def _span_rect(self, paint: Painter, line: Line, row: pygame.Rect, start: int, end: int) -> pygame.Rect:
        """Returns the rect (logical) behind characters [start, end) of a drawn line; a table row's whole width."""
        if line.cells:
            return row.inflate(8, 0)
        size, face, _ = STYLES[line.style]
        size = size or self.size
        left = paint.measure(line.text[:start], size, face)
        width = paint.measure(line.text[start:end], size, face)
        return pygame.Rect(int(row.left + left - MARK_PAD), row.top, int(width + 2 * MARK_PAD), row.height)

    def max_offset(self, paint: Painter) -> float:
        """Returns how far the text can scroll: the first stop from which everything after it fits."""
        self.lines(paint)
        if self._most[0] != (self._wrapped_for, self.rect.height):
            stops, room = self._stops, self.rect.height
            at = bisect.bisect_left(stops, self._total - room)  # then stepped to the first stop that passes
            while at and self._total - stops[at - 1] <= room:
                at -= 1
            while at < len(stops) and self._total - stops[at] > room:
                at += 1
            self._most = ((self._wrapped_for, room), stops[at] if at < len(stops) else stops[-1] if stops else 0.0)
        return self._most[1]

    def content_height(self, paint: Painter) -> float:
        """Returns the logical height of all lines."""
        self.lines(paint)
        return self._total

    def to_end(self, paint: Painter) -> None:
        """Scrolls to the last lines."""
        self.offset = self.max_offset(paint)

    def visible(self, paint: Painter) -> list[tuple[Line, pygame.Rect]]:
        """Returns the lines drawn now, each with its logical rect: whole lines inside the rect only."""
        lines = self.lines(paint)
        shown = []
        for line in lines[bisect.bisect_left(self._bottoms, self.offset + 0.01):]:
            y = self.rect.top - self.offset + line.top
            if y + line.height > self.rect.bottom + 0.01:
                break
            if y >= self.rect.top - 0.01:
                shown.append((line, pygame.Rect(self.rect.left + line.indent, int(y),
                                                self.text_width() - line.indent, int(line.height))))
        return shown

    def draw(self, paint: Painter, rgb=None) -> None:
        """Draws the visible lines (each already fits the width) and a scroll bar."""
        marks = self._highlights(paint) if self.marked else {}
        for line, row in self.visible(paint):
            if not line.text and not line.marker:
                continue
            size, face, _ = STYLES[line.style]
            for start, end, current in marks.get(line, ()):
                paint.rect(self._span_rect(paint, line, row, start, end), colour("button" if current else "glow"), 6)
            px = paint.font_px(size or self.size)
            ink = colour("accent") if line.style == "heading" else rgb or colour("ink")
            screen = paint.viewport.rect(row)
            if line.cells:
                for left, cell in line.cells:
                    if cell:
                        surface = paint.assets.text(cell, px, ink, face)
                        x = paint.viewport.rect((self.rect.left + left, row.y, 1, 1)).x
                        paint.surface.blit(surface, surface.get_rect(midleft=(x, screen.centery)))
                continue
            if line.text:
                surface = paint.assets.text(line.text, px, ink, face)
                paint.surface.blit(surface, surface.get_rect(midleft=screen.midleft))
            if line.marker:
                surface = paint.assets.text(line.marker, px, ink, face)
                left = paint.viewport.rect((self.rect.left, row.y, 1, 1)).x
                paint.surface.blit(surface, surface.get_rect(midleft=(left, screen.centery)))
        thumb = self.thumb_rect(paint)
        if thumb is not None:
            paint.rect(self.bar_rect(), colour("scrollbar"), 4)
            paint.rect(thumb, colour("selected") if self._grab is not None else colour("panel_edge"), 4)
