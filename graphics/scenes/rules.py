"""The rules viewer: the rulebook and our rulings, scrollable: paragraphs reflowed, headings, list items,
tables in aligned columns."""
from __future__ import annotations

import re

import pygame

from games.core.data import read_yaml
from games.core.game import Game
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop
from graphics.widgets import ScrollText, TextField, click, row


class RulesScene(Scene):
    """Reads a game's rulebook and rulings; the wheel, the buttons, the arrow, page, Home and End keys
    scroll, and the scroll bar's thumb can be dragged. "Contents" shows the headings: a click on one goes there."""

    name = "rules"

    def __init__(self, app, game: Game, match=None, section: str | None = None) -> None:
        """Opens at the heading or subheading that `section` names (case aside: the first that equals it,
        else the first that contains it), else where this game's rules were left in this app's life."""
        super().__init__(app)
        self.game = game
        panel = table_layout().rect("rules.panel")
        entries = table_entries(game, match) if match is not None else []
        self.lead = len(entries)  # the table's variants come before the rulebook in a game in progress
        for heading, text in game.rules_text():
            parsed = prose(answer_notes(game, text) if heading == "Rulebook" else text)
            if parsed and parsed[0][1] == "heading":  # the file's own title names the part
                entries.append(parsed.pop(0))
            else:
                entries.append((f"{game.title}: {heading}", "heading"))
            entries += parsed
        self.text = ScrollText(panel.inflate(-60, -60), entries, gap=0.25)
        self.places = app.rules_places  # game id -> where its rulebook was left (from its start), for the app's life
        self.section = section
        self._opened = False
        self.contents_entries = [i for i, (_, style) in enumerate(entries) if style in HEADINGS]  # rules entry each
        self.contents = ScrollText(self.text.rect, [contents_entry(*entries[i]) for i in self.contents_entries],
                                   gap=0.25)
        self.contents_open = False
        self.buttons = row([("Contents", "contents"), ("Up", -12), ("Down", 12), ("Back", "back")],
                           table_layout().rect("rules.buttons"), 300, 30, 70)
        layout = table_layout()
        self.search = TextField("", layout.rect("rules.search.field"))
        self.search_buttons = row([("Previous", -1), ("Next", 1)], layout.rect("rules.search.buttons"),
                                  *layout.get("rules.search.button"))
        self.at = -1  # which of them is the current match

    def handle(self, event, pos) -> None:
        if self.handle_search(event, pos):
            return
        paint = self.app.painter()
        block = self.shown()
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 2, pygame.K_UP: -2, pygame.K_PAGEDOWN: 12, pygame.K_PAGEUP: -12}
            if event.key == pygame.K_ESCAPE:
                self.close_contents() if self.contents_open else self.app.pop()
            elif event.key == pygame.K_HOME:
                block.to_start()
            elif event.key == pygame.K_END:
                block.to_end(paint)
            elif event.key in steps:
                block.scroll(paint, steps[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            block.scroll(paint, -event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            block.press(paint, pos)
        elif event.type == pygame.MOUSEMOTION and pos is not None:
            block.drag(paint, pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if block.release():
                return
            button = click(self.buttons, pos)
            heading = self.contents_line(pos) if self.contents_open and pos is not None else None
            if button and button.value == "back":
                self.app.pop()
            elif button and button.value == "contents":
                self.close_contents() if self.contents_open else self.open_contents()
            elif button:
                block.scroll(paint, button.value)
            elif heading is not None:
                self.jump(heading)

    # --- the search: matches highlighted, Enter / Shift+Enter (or the buttons) for the next / previous -----
    def handle_search(self, event, pos) -> bool:
        """Handles an event for the search box and its buttons; returns whether it was used."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.found:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pos is not None:
            button = click(self.search_buttons, pos)
            if button:
                self.step(button.value)
                return True
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            return False  # the box has no caret to move: these keys scroll the page while it is typed in
        before = self.search.text
        used = self.search.handle(event, pos)
        if self.search.text != before:
            self.find()
        return used

    def find(self) -> None:
        """Marks what the search box holds and goes to its first match from the page shown on."""
        paint = self.app.painter()
        self.close_contents()
        self.text.find(paint, self.search.text)
        later = [n for n, match in enumerate(self.found) if match.top >= self.text.offset]
        self.at = (later[0] if later else 0) - 1
        if self.found:
            self.step(1)

    def step(self, by: int) -> None:
        """Goes to the next (1) or previous (-1) match, round the end."""
        if not self.found:
            return
        paint = self.app.painter()
        self.at = (self.at + by) % len(self.found)
        match = self.text.current = self.found[self.at]
        self.close_contents()
        # shown from its paragraph's start when that leaves it in the page's upper half
        start = next(line.top for line in self.text.lines(paint) if line.entry == match.entry)
        near = match.top + match.height - start <= self.text.rect.height / 2
        self.text.scroll_to(paint, start if near else match.top)

    @property
    def found(self) -> list:
        """Returns the matches of what is searched for, in order (found again when the window's size wraps the
        rules anew)."""
        return self.text.matches(self.app.painter())

    def count_text(self) -> str:
        """Returns "n of m" for the search, "No match" or "" when nothing is searched for."""
        if not self.search.text.strip():
            return ""
        return f"{self.at + 1} of {len(self.found)}" if self.found else "No match"

    # --- the table of contents: the headings, a click on one scrolls the rules to it ---------------
    def shown(self) -> ScrollText:
        """Returns the block on the page: the contents while they are open, else the rules."""
        return self.contents if self.contents_open else self.text

    def open_contents(self) -> None:
        """Shows the headings in place of the rules, the one the rules are scrolled to at the top."""
        self.contents_open = True
        self.buttons[0].label = "Hide contents"
        paint = self.app.painter()
        shown = self.text.visible(paint)
        top = shown[0][0].entry if shown else 0
        current = max((i for i, entry in enumerate(self.contents_entries) if entry <= top), default=0)
        lines = self.contents.lines(paint)
        self.contents.scroll_to(paint, next((line.top for line in lines if line.entry == current), 0.0))

    def close_contents(self) -> None:
        """Shows the rules again."""
        self.contents_open = False
        self.buttons[0].label = "Contents"

    def contents_line(self, pos) -> int | None:
        """Returns the index of the rules entry whose heading is at `pos` in the contents, if one is."""
        for line, rect in self.contents.visible(self.app.painter()):
            if rect.collidepoint(pos) and pos[0] < self.contents.rect.left + self.contents.text_width():
                return self.contents_entries[line.entry]
        return None

    def jump(self, entry: int) -> None:
        """Scrolls the rules so that entry `entry` (a heading) is at the top, and closes the contents."""
        paint = self.app.painter()
        self.text.scroll_to(paint, next((line.top for line in self.text.lines(paint) if line.entry >= entry), 0.0))
        self.close_contents()

    def open_at(self, paint: Painter) -> None:
        """Scrolls, once, to the section asked for or to where this game's rules were left."""
        self._opened = True
        found = section_entry(self.text.entries, self.section) if self.section else None
        if found is not None:
            self.text.scroll_to(paint, next(line.top for line in self.text.lines(paint) if line.entry == found))
        elif self.game.id in self.places:
            self.text.scroll_to(paint, self._lead_top(paint) + self.places[self.game.id])

    def _lead_top(self, paint: Painter) -> float:
        """Returns where the rulebook begins (after the table's variants, if shown): places are kept from there,
        so the viewer from the Esc menu and from the main menu open at the same rule."""
        return next((line.top for line in self.text.lines(paint) if line.entry >= self.lead), 0.0)

    def draw(self, paint: Painter) -> None:
        if not self._opened:
            self.open_at(paint)
        self.places[self.game.id] = self.text.offset - self._lead_top(paint)
        backdrop(paint, 60)
        panel = table_layout().rect("rules.panel")
        paint.panel(panel, colour("paper"), None, 20)
        block = self.shown()
        if self.contents_open:
            heading = self.contents_line(self.app.mouse)
            for line, rect in self.contents.visible(paint):
                if heading is not None and self.contents_entries[line.entry] == heading:
                    paint.shade(rect.inflate(12, 4), colour("selected"), 90, 8)
        block.draw(paint)
        for button in self.buttons:
            button.draw(paint, self.app.mouse)
        self.search.draw(paint, pygame.time.get_ticks() // 500 % 2 == 0)
        if not self.search.text and not self.search.focused:
            paint.text("Search the rules", self.search.rect.inflate(-24, 0), "body", colour("button_disabled"),
                       "body", "midleft")
        paint.text(self.count_text(), table_layout().rect("rules.search.count"), "body", colour("light_text"),
                   "bold", "center")
        for button in self.search_buttons:
            button.draw(paint, self.app.mouse)


HEADINGS = ("heading", "sub")
PAGE_KEYS = (pygame.K_HOME, pygame.K_END, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)


def section_entry(entries: list[tuple[str, str]], section: str) -> int | None:
    """Returns the index of the heading or subheading `section` names: the first equal to it (case
    aside), else the first containing it; None when none does."""
    wanted = section.strip().casefold()
    headings = [(index, text.casefold()) for index, (text, style) in enumerate(entries) if style in HEADINGS]
    return next((index for index, text in headings if text == wanted),
                next((index for index, text in headings if wanted in text), None))


DRAFT_NOTE = re.compile(r"editor'?s note|\bpages? \d+\b|diagram|shown below|on the right\b", re.IGNORECASE)


def draft_notes(game: Game) -> list[tuple[str, str]]:
    """Returns data/<game>/notes.yaml's (note, ruling) pairs: the rulebook's draft notes (pictures and pages
    the text lacks) and the words of the ruling shown instead; none when the file is absent."""
    path = game.data_dir() / "notes.yaml"
    if not path.exists():
        return []
    return [(str(entry["note"]), str(entry["ruling"])) for entry in read_yaml(path) or []]


def answer_notes(game: Game, text: str) -> str:
    """Returns the rulebook text with each draft note replaced by the ruling that answers it."""
    for note, ruling in draft_notes(game):
        if note.strip():  # an emptied note (an edited file) would put the ruling between every letter
            text = text.replace(note, ruling)
    return text


def contents_entry(text: str, style: str) -> tuple[str, str]:
    """Returns a heading's line in the table of contents: a part's title as a heading, a section as an item."""
    return (text, "heading") if style == "heading" else (f"\u2022 {text}", "item")


def table_entries(game: Game, match) -> list[tuple[str, str]]:
    """Returns the viewer's first part for a game in progress: the variants this table plays with."""
    lines = game.table_rules(len(match.seats), match.options)
    if not lines:
        return []
    return [("This table plays with", "heading")] + [(f"\u2022 {line}", "item") for line in lines]


LIST_ITEM = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)]|\([a-z]\))\s+")
TERMINAL = ".:!?)\"'"
TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")  # | --- | :---: |


def prose(text: str) -> list[tuple[str, str]]:
    """Returns rules text as ScrollText entries: markdown (a file starting with '#') has its paragraphs'
    lines joined, '#' headings, '-' or '1.' items and '|' tables (a row's cells joined by tabs: "head" for
    a header row, "row" for the others, drawn in aligned columns); plain text keeps a paragraph per line
    (joining a line that goes on in lower case), and a short line without closing punctuation is a subheading."""
    markdown = text.lstrip().startswith("#")
    entries: list[tuple[str, str]] = []
    open_entry = False  # whether the next line may continue the last entry
    lines = text.splitlines()
    for number, raw in enumerate(lines):
        line = plain(raw.strip())
        if not line:
            open_entry = False
            continue
        if markdown and line.startswith("|"):
            if TABLE_RULE.match(line):  # the line under a header row
                if entries and entries[-1][1] == "row":
                    entries[-1] = (entries[-1][0], "head")
            else:
                entries.append(("\t".join(cell.strip() for cell in line.strip("|").split("|")), "row"))
            open_entry = False
            continue
        heading = re.match(r"^(#+)\s*(.*)$", line) if markdown else None
        alone = not markdown and all(not lines[n].strip() for n in (number - 1, number + 1) if 0 <= n < len(lines))
        item = LIST_ITEM.match(raw) if not (alone and _title_like(line)) else None
        if heading:
            entries.append((heading.group(2), "heading" if len(heading.group(1)) == 1 else "sub"))
            open_entry = False
        elif item:
            marker = raw.strip()[:item.end() - len(raw) + len(raw.lstrip())].strip()
            marker = "\u2022" if marker in ("-", "*") else marker
            entries.append((f"{marker} {plain(raw[item.end():].strip())}", "item"))
            open_entry = True
        elif open_entry and (markdown or line[0].islower()):
            text_so_far, style = entries[-1]
            entries[-1] = (f"{text_so_far} {line}", style)
        elif not markdown and _title_like(line):
            entries.append((line, "sub"))
            open_entry = False
        else:
            entries.append((line, "text"))
            open_entry = True
    return entries


def _title_like(line: str) -> bool:
    """Returns whether a line of plain rules text reads as a title: short, without closing punctuation."""
    return len(line) < 40 and line[-1] not in TERMINAL


def plain(text: str) -> str:
    """Returns a line without markdown marks: **bold**, `code`, [links](...)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return text.replace("**", "").replace("`", "")
