"""The app's own data: seat colours, theme colours and the layout of the frame (data/table/)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, Sequence

import pygame

from games.core.data import build, load_list, read_yaml
from games.core.errors import DataError
from games.core.game import DATA_ROOT
from games.core.levels import levels
from graphics.preferences import PALETTES

if TYPE_CHECKING:
    from games.core.match import Seat

TABLE = DATA_ROOT / "table"
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SeatColour:
    """A seat colour and the symbol always drawn with it."""

    id: str
    name: str
    rgb: tuple[int, int, int]
    symbol: Literal["circle", "triangle", "square", "diamond", "star", "cross", "hexagon", "pentagon"]

    def __post_init__(self) -> None:
        if not all(0 <= value <= 255 for value in self.rgb):
            raise ValueError(f"field 'rgb': each of red, green and blue must be 0 to 255, got {list(self.rgb)}")


STANDARD = "standard"  # the palette of seats.yaml's colours; the others (its palettes) change only their rgb


@dataclass(frozen=True)
class PaletteColour:
    """A seat colour's look in another palette (seats.yaml, palettes): its id and symbol stay."""

    name: str
    rgb: tuple[int, int, int]

    def __post_init__(self) -> None:
        if not all(0 <= value <= 255 for value in self.rgb):
            raise ValueError(f"field 'rgb': each of red, green and blue must be 0 to 255, got {list(self.rgb)}")


@functools.lru_cache(maxsize=len(PALETTES))
def seat_colours(palette: str = STANDARD) -> tuple[SeatColour, ...]:
    """Returns the seat colours in the order they are handed out, as `palette` draws them (the same ids and
    symbols in every palette)."""
    path = TABLE / "seats.yaml"
    colours = load_list(path, "colours", SeatColour)
    if palette == STANDARD:
        return colours
    palettes = read_yaml(path).get("palettes")
    looks = palettes.get(palette) if isinstance(palettes, dict) else None
    if not isinstance(looks, dict):
        raise DataError(f"{path}: 'palettes' needs a '{palette}:' mapping of seat colour ids to a name and rgb")
    missing = [colour.id for colour in colours if colour.id not in looks]
    if missing or set(looks) - {colour.id for colour in colours}:
        odd = missing[0] if missing else sorted(set(looks) - {colour.id for colour in colours})[0]
        raise DataError(f"{path}: palettes.{palette}: every seat colour id once, and no other ('{odd}')")
    where = f"{path}: palettes.{palette}"
    return tuple(replace(colour, **vars(build(PaletteColour, looks[colour.id], f"{where}.{colour.id}")))
                 for colour in colours)


def seat_colour(reference: str, palette: str = STANDARD) -> SeatColour:
    """Returns the seat colour `reference` names: a colour id in `palette`, or 'palette:id' (as `shown_seats` gives
    the views) in that palette; the first colour if the id is unknown."""
    if ":" in reference:
        palette, reference = reference.split(":", 1)
    colours = seat_colours(palette if palette in PALETTES else STANDARD)
    return next((c for c in colours if c.id == reference), colours[0])


def shown_seats(seats: Sequence[Seat], palette: str) -> list[Seat]:
    """Returns the seats as a game's view is to draw them: each seat's colour named in `palette`
    ('colour_blind:sky'), so that the view's seat_colour(seat.colour) draws the palette the table chose (Settings)
    with no state of its own."""
    if palette == STANDARD:
        return list(seats)
    return [replace(seat, colour=f"{palette}:{seat.colour}") for seat in seats]


class Layout:
    """Named rects and numbers of a layout file, in logical pixels, checked when read."""

    def __init__(self, path) -> None:
        self.path = path
        self.data = read_yaml(path)
        if not isinstance(self.data, dict):
            raise DataError(f"{path}: expected a mapping of layout entries")
        _check_entries(path, self.data, "")
        self._rects: dict[str, tuple] = {}  # entries read as rects and numbers, checked once (a board reads
        self._numbers: dict[str, float] = {}  # hundreds a frame it is drawn)
        self._sizes: dict[str, tuple[int, int]] = {}

    def get(self, key: str) -> Any:
        """Returns the raw entry at dotted `key`; raises DataError naming the file and key."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise DataError(f"{self.path}: layout entry '{key}' is missing")
            node = node[part]
        return node

    def get_list(self, key: str) -> Any:
        """Returns the raw entry at a key as `numbers` names it ('a.b[2][0]'): dotted, then list indexes."""
        name, *indexes = key.split("[")
        node = self.get(name)
        for index in indexes:
            node = node[int(index.rstrip("]"))]
        return node

    def numbers(self, node: Any = None, key: str = ""):
        """Yields (dotted entry, number) for every number in the layout's entries."""
        node = self.data if node is None and not key else node
        if isinstance(node, dict):
            for part, value in node.items():
                yield from self.numbers(value, f"{key}.{part}" if key else str(part))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from self.numbers(value, f"{key}[{index}]")
        elif _is_number(node):
            yield key, node

    def rect(self, key: str) -> pygame.Rect:
        """Returns the rect at `key` as [x, y, width, height]."""
        value = self._rects.get(key)
        if value is None:
            value = self.get(key)
            if not (isinstance(value, list) and len(value) == 4 and all(isinstance(v, (int, float)) for v in value)):
                raise DataError(f"{self.path}: layout entry '{key}' must be [x, y, width, height]")
            value = self._rects[key] = tuple(value)
        return pygame.Rect(value)

    def number(self, key: str) -> float:
        """Returns the number at `key`."""
        value = self._numbers.get(key)
        if value is None:
            value = self.get(key)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise DataError(f"{self.path}: layout entry '{key}' must be a number")
            self._numbers[key] = value
        return value

    def size(self, key: str) -> tuple[int, int]:
        """Returns the [width, height] at `key`."""
        size = self._sizes.get(key)
        if size is None:
            value = self.get(key)
            if not (isinstance(value, list) and len(value) == 2 and all(_is_number(v) and v >= 1 for v in value)):
                raise DataError(f"{self.path}: layout entry '{key}' must be [width, height], each at least 1, "
                                f"got {value!r}")
            size = self._sizes[key] = int(value[0]), int(value[1])
        return size


LAYOUT_LIMIT = 10_000  # logical pixels (the canvas is 1920 x 1080): no layout number is bigger
POSITIVE = re.compile(r"(width|height|size|ratio|scale|seconds)s?$")  # entries so named are more than 0


def _check_entries(path, node: Any, key: str) -> None:
    """Raises DataError for what no layout entry may be: an empty list or mapping, a rect or box
    [x, y, width, height] with no height (a width may be relative: "the tile's, plus this"), a number beyond
    LAYOUT_LIMIT (or not finite)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    if isinstance(node, (dict, list)) and not node:
        raise DataError(f"{path}: layout entry '{key}' is empty")
    if isinstance(node, list) and len(node) == 4 and all(_is_number(v) for v in node) and node[3] <= 0:
        raise DataError(f"{path}: layout entry '{key}': a [x, y, width, height] needs a height, got {node}")
    for part, value in items:
        where = f"{key}[{part}]" if isinstance(node, list) else f"{key}.{part}" if key else str(part)
        if _is_number(value) and not -LAYOUT_LIMIT <= value <= LAYOUT_LIMIT:
            raise DataError(f"{path}: layout entry '{where}': must be between -{LAYOUT_LIMIT} and {LAYOUT_LIMIT}, "
                            f"got {value}")
        if _is_number(value) and value <= 0 and POSITIVE.search(str(part) if isinstance(node, dict) else key):
            raise DataError(f"{path}: layout entry '{where}': a width, height, size, ratio, scale or time in "
                            f"seconds must be more than 0, got {value}")
        _check_entries(path, value, where)


def _is_number(value: Any) -> bool:
    """Returns whether `value` is an int or float (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@functools.lru_cache(maxsize=1)
def table_layout() -> Layout:
    """Returns the layout of the app's frame."""
    return Layout(TABLE / "layout.yaml")


@functools.lru_cache(maxsize=8)
def game_layout(game_id: str) -> Layout:
    """Returns data/<game>/layout.yaml."""
    return Layout(DATA_ROOT / game_id / "layout.yaml")


@functools.lru_cache(maxsize=1)
def _theme() -> dict[str, Any]:
    """Returns data/table/theme.yaml, checked: a table palette, game palettes, every colour [red, green, blue]."""
    path = TABLE / "theme.yaml"
    theme = read_yaml(path)
    if not isinstance(theme, dict) or not isinstance(theme.get("table"), dict):
        raise DataError(f"{path}: expected a 'table:' mapping of colours")
    games = theme.get("games", {})
    if not isinstance(games, dict) or not all(isinstance(p, dict) for p in games.values()):
        raise DataError(f"{path}: 'games' must map each game to a mapping of colours")
    for where, palette in [("table", theme["table"])] + [(f"games.{g}", p) for g, p in games.items()]:
        for name, value in palette.items():
            if not (isinstance(value, list) and len(value) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value)):
                raise DataError(f"{path}: {where}: colour '{name}' must be [red, green, blue], each 0 to 255")
    return theme


FONT_SIZES = ("title", "heading", "body", "small", "tiny")
LEAST_SEATS = 8  # seat colours needed: the most players any game seats (Stumped's epic table)


def check_table() -> None:
    """Loads and checks the app's own data files (data/table/): the frame's layout, the colours and the
    seat colours; raises DataError naming the file, the entry and the field."""
    layout = table_layout()
    layout.size("canvas")
    for key, number in layout.numbers():
        if number < 0 or number == 0 and not key.endswith("]"):  # as in a game's (GameView.check_data)
            low = "0 or more" if number < 0 else "more than 0"
            raise DataError(f"{layout.path}: layout entry '{key}': must be {low}, got {number}")
    for name in FONT_SIZES:
        if layout.number(f"fonts.{name}") <= 0:
            raise DataError(f"{layout.path}: layout entry 'fonts.{name}' must be more than 0")
    if layout.get("text.floor") not in FONT_SIZES:
        raise DataError(f"{layout.path}: layout entry 'text.floor' must name a font size ({', '.join(FONT_SIZES)}), "
                        f"got {layout.get('text.floor')!r}")
    _theme()
    levels()
    if len(seat_colours()) < LEAST_SEATS:
        raise DataError(f"{TABLE / 'seats.yaml'}: 'colours' needs at least {LEAST_SEATS} seat colours")
    for palette in PALETTES:
        seat_colours(palette)


def colour(name: str, game: str | None = None) -> Colour:
    """Returns the theme colour `name` of `game`'s palette, or of the table's when the game has none such."""
    theme = _theme()
    palette = theme.get("games", {}).get(game, {}) if game else {}
    if name in palette:
        return tuple(palette[name])
    if name not in theme["table"]:
        raise DataError(f"{TABLE / 'theme.yaml'}: colour '{name}' is missing for {game or 'table'}")
    return tuple(theme["table"][name])


class Theme:
    """One game's look: its palette over the table's, and its layout numbers (data/<game>/layout.yaml)."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game

    @property
    def layout(self) -> Layout:
        """Returns the game's layout (the table's for no game), read when first needed."""
        return game_layout(self.game) if self.game else table_layout()

    def colour(self, name: str) -> Colour:
        """Returns a colour of this game's palette (or the table's)."""
        return colour(name, self.game)

    def rect(self, key: str) -> pygame.Rect:
        """Returns a rect of this game's layout."""
        return self.layout.rect(key)

    def number(self, key: str) -> float:
        """Returns a number of this game's layout."""
        return self.layout.number(key)

    def size(self, key: str) -> tuple[int, int]:
        """Returns a [width, height] of this game's layout."""
        return self.layout.size(key)
