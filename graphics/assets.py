"""Sprites, text and layouts, each made once per size and kept in bounded caches (never scaled per frame)."""
from __future__ import annotations

import functools
import hashlib
import io
import os
import time
import unicodedata
import zlib
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Hashable

import pygame

from games.core.names import (
    EMOJI_FONT,
    FALLBACKS,
    KEYCAP,
    TEXT_FONT,
    ZWJ,
    glyphs,
    graphemes,
    is_modifier,
    is_regional,
    is_tag,
    script,
)

ROOT = Path(__file__).resolve().parent / "assets"
FONTS = {"body": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
ONE_WEIGHT = frozenset(FALLBACKS[1:])  # fallback fonts bundled in their regular weight only
EMOJI = {"body": EMOJI_FONT, "bold": "NotoEmoji-Bold.ttf", "title": "NotoEmoji-Bold.ttf"}  # same glyphs, weights
IMAGE_CACHE_BYTES = 192 * 2**20  # rasterized sprites, card faces and layers (least recently used go first)
TEXT_CACHE_BYTES = 24 * 2**20  # rendered lines of text
LAYOUT_CACHE_SIZE = 4000  # fitted text layouts (a few lines each)
ICON_PREFIX = "icon_"  # an icon's file name begins so (see Assets.image)
KEPT_IMAGES = ("covers/", "ui/")  # the menu's pictures, drawn on the first frame: kept rasterized on disk
KEPT_MAGIC = b"KTIMG1"


class SurfaceCache:
    """Surfaces by key, least recently used first out once their pixels pass a byte budget."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """Returns the surface for `key`, building and storing it if it is not kept."""
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            return surface
        surface = build()
        self._items[key] = surface
        self.used += _bytes(surface)
        while self.used > self.budget and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.used -= _bytes(old)
        return surface

    def clear(self) -> None:
        """Forgets every surface."""
        self._items.clear()
        self.used = 0


class LruCache:
    """Plain values by key, at most `size` of them, least recently used first out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """Returns the value for `key`, building it if it is not kept."""
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        value = self._items[key] = build()
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forgets every value."""
        self._items.clear()


class Assets:
    """Loads each asset after the display exists and caches it by name and pixel size."""

    def __init__(self, root: Path = ROOT, image_budget: int = IMAGE_CACHE_BYTES, keep: Path | None = None) -> None:
        self.root = root
        self.keep = keep  # a folder where the SVGs of KEPT_IMAGES are kept rasterized, by content and size
        self.images = SurfaceCache(image_budget)
        self.texts = SurfaceCache(TEXT_CACHE_BYTES)
        self.layouts = LruCache(LAYOUT_CACHE_SIZE)
        self._fonts: dict[tuple[str, int], RunFont] = {}
        self._files: dict[tuple[str, int, bool, str | None, bool], pygame.font.Font] = {}
        self._opened: dict[int, tuple[str, int]] = {}  # id of a font -> its file and size
        self._ahead: OrderedDict[Hashable, Callable[[], Any]] = OrderedDict()  # pictures to make in spare time
        self._icons: dict[str, list[str]] = {}  # a folder's icons (see `image`)

    def image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Returns the SVG (or PNG) `name` (path under assets/, no suffix) rasterized to fit `size`. An icon
        (`icon_*`) first made at a size asks for its folder's other icons at that size ahead: a board shows its
        icons at a few sizes, and each first made in the middle of play took a frame 0.6 ms longer."""
        return self.images.get((name, size), lambda: self._first(name, size))

    def _first(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Rasterizes `name` at `size` (see `image`), asking for the other icons of its folder ahead."""
        folder, _, file = name.rpartition("/")
        if file.startswith(ICON_PREFIX):
            if folder not in self._icons:
                self._icons[folder] = sorted(f"{folder}/{path.stem}" for path in (self.root / folder).glob(
                    f"{ICON_PREFIX}*.svg"))
            for other in self._icons[folder]:
                self.ahead((other, size), functools.partial(self.image, other, size))
        return self._load(name, size)

    def backdrop(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Returns `image(name, size)` without its alpha channel when every pixel of it is opaque (a table's
        backdrop: blitting it is then a copy, not a blend), else as it is."""
        def build() -> pygame.Surface:
            surface = self.image(name, size)
            solid = pygame.mask.from_surface(surface, 254).count() == size[0] * size[1]
            return surface.convert() if solid and surface.get_flags() & pygame.SRCALPHA else surface
        return self.cached(("backdrop", name, size), build)

    def has_image(self, name: str) -> bool:
        """Returns whether an SVG or PNG called `name` exists."""
        return (self.root / f"{name}.svg").exists() or (self.root / f"{name}.png").exists()

    def _load(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Rasterizes an asset at `size` exactly (SVG keeps its aspect ratio inside that box)."""
        svg, png = self.root / f"{name}.svg", self.root / f"{name}.png"
        size = (max(1, size[0]), max(1, size[1]))
        if self.keep is not None and name.startswith(KEPT_IMAGES) and svg.exists():
            return self._kept(name, svg, size)
        if svg.exists():
            surface = pygame.image.load_sized_svg(str(svg), size)
        elif png.exists():
            surface = pygame.transform.smoothscale(pygame.image.load(str(png)).convert_alpha(), size)
        else:
            raise FileNotFoundError(f"missing asset {name} (looked for {svg.name} and {png.name} in {svg.parent})")
        return self._fitted(surface.convert_alpha(), size)

    def _kept(self, name: str, svg: Path, size: tuple[int, int]) -> pygame.Surface:
        """Returns the SVG `svg` rasterized at `size` as kept in the keep folder (its pixels as rasterized, found
        by the SVG's content and the size); rasterizes and keeps it if it is not there. One size of each picture
        is kept (the last); a folder that cannot be read or written only means rasterizing."""
        assert self.keep is not None
        source = svg.read_bytes()
        stem = name.replace("/", "-")
        file = self.keep / f"{stem}-{size[0]}x{size[1]}-{hashlib.blake2b(source, digest_size=8).hexdigest()}.z"
        width, height = size
        try:
            data = zlib.decompress(file.read_bytes())
            if data[:len(KEPT_MAGIC)] == KEPT_MAGIC and len(data) == len(KEPT_MAGIC) + 4 * width * height:
                return pygame.image.frombytes(data[len(KEPT_MAGIC):], size, "RGBA").convert_alpha()
        except (OSError, zlib.error):
            pass
        surface = self._fitted(pygame.image.load_sized_svg(io.BytesIO(source), size).convert_alpha(), size)
        try:
            self.keep.mkdir(parents=True, exist_ok=True)
            for old in self.keep.glob(f"{stem}-*.z"):
                old.unlink(missing_ok=True)
            temp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
            temp.write_bytes(zlib.compress(KEPT_MAGIC + pygame.image.tobytes(surface, "RGBA"), 1))
            os.replace(temp, file)
        except OSError:
            pass
        return surface

    @staticmethod
    def _fitted(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """Returns `surface` centred on a transparent surface of `size` if it is not that size already."""
        if surface.get_size() != size:
            framed = pygame.Surface(size, pygame.SRCALPHA)
            framed.blit(surface, surface.get_rect(center=framed.get_rect().center))
            surface = framed
        return surface

    def cached(self, key: tuple, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """Returns the surface made by `build()` for `key`, building it once (bounded; cleared on resize)."""
        return self.images.get(key, build)

    def ahead(self, key: Hashable, make: Callable[[], Any]) -> None:
        """Asks for `make()` (a call that fills the cache, e.g. another card of the catalog at the size one was
        just drawn at) to run in a frame's spare time (`make_ahead`), so that a card first shown in the middle
        of an animation is not rasterized in that frame. Asked once per key until it runs; not at all for a key the
        image cache holds already (a picture made ahead asks for its catalog again: those are made)."""
        if key not in self._ahead and key not in self.images:
            self._ahead[key] = make

    def make_ahead(self, until: float) -> None:
        """Runs what `ahead` was asked for, oldest first, until `time.perf_counter()` passes `until`."""
        while self._ahead and time.perf_counter() < until:
            _, make = self._ahead.popitem(last=False)
            make()

    def font(self, px: int, face: str = "body") -> RunFont:
        """Returns the face `face` (body, bold, title) at `px` window pixels, falling back for characters it
        lacks to DejaVu Sans (Bold for the bold faces), the fonts of other scripts (Indic, Thai, Chinese and
        Japanese, Korean...), and for an emoji to the emoji font. Only the face's own font is opened now; a
        fallback is opened when a text first needs it."""
        key = (face, px)
        font = self._fonts.get(key)
        if font is None:
            thicken = face != "body"  # the fonts of other scripts come in one weight: made bold for bold faces
            files = list(dict.fromkeys((FONTS[face], FONTS["bold"] if thicken else TEXT_FONT, *FALLBACKS)))
            font = self._fonts[key] = RunFont(
                [(name, glyphs()[name]) for name in files], (EMOJI[face], glyphs()[EMOJI[face]]),
                lambda name, rtl=False, code=None: self._file(name, px, rtl, code, thicken and name in ONE_WEIGHT))
        return font

    def _file(self, name: str, px: int, rtl: bool = False, code: str | None = None,
              bold: bool = False) -> pygame.font.Font:
        """Returns one font file opened at `px` (shared by the faces that fall back to it), laying text out
        right to left if `rtl`, shaping it as the script `code` (ISO 15924) if given, emboldened if `bold`."""
        key = (name, px, rtl, code, bold)
        if key not in self._files:
            font = self._files[key] = pygame.font.Font(str(self.root / "fonts" / name), max(6, px))
            self._opened[id(font)] = (name, px)
            if rtl:
                font.set_direction(pygame.DIRECTION_RTL)
            if code:
                font.set_script(code)
            if bold:
                font.set_bold(True)
        return self._files[key]

    def text(self, text: str, px: int, colour: tuple[int, int, int], face: str = "body") -> pygame.Surface:
        """Returns `text` rendered anti-aliased, cached by (text, size, colour, face)."""
        return self.texts.get((text, px, colour, face),
                              lambda: self.font(px, face).render(text, True, colour).convert_alpha())

    def forget_texts(self) -> None:
        """Forgets rendered text and fitted layouts, e.g. when a new match starts: most of them are the last
        match's log and status lines, never drawn again (20 bot games in one app kept 22 MB of them)."""
        self.texts.clear()
        self.layouts.clear()

    def clear_sized(self) -> None:
        """Forgets rasterized sprites, text and the fonts opened at this window's sizes, e.g. after the window
        changed size (each font opened keeps its file open: a window dragged through hundreds of sizes would
        otherwise run out of files, and then could not autosave)."""
        self.images.clear()
        self._ahead.clear()
        self.texts.clear()
        self.layouts.clear()
        self.close_fonts()

    def close_fonts(self) -> None:
        """Lets go of every font opened, which closes its file (fonts are opened again as text needs them).
        Call it before `pygame.quit()` too: a font let go of after that keeps its file open."""
        self._fonts.clear()
        self._files.clear()
        self._opened.clear()


class RunFont:
    """One face at one size that draws each letter or emoji with the first of its fonts that has it: the
    face's own font, then the fallbacks (DejaVu Sans, the fonts of other scripts) and, for an emoji, the emoji
    font, so that no allowed name shows an empty box. Text is measured and drawn in runs by font, so a width
    measured is the width drawn. Each run of a script whose letters join or reorder (Arabic, Indic scripts,
    Thai...) is shaped as that script; a run of Hebrew or Arabic is laid out right to left, in its place in
    the line (the line itself reads left to right, as every line of this app does)."""

    def __init__(self, files: list[tuple[str, frozenset[int]]], emoji: tuple[str, frozenset[int]],
                 opener: Callable[..., pygame.font.Font]) -> None:
        self.files = files  # (font file, the code points it draws): the face's own, then the fallbacks
        self.emoji = emoji
        self.opener = opener  # (file, right to left?, script code) -> that file opened at this size
        self.main = opener(files[0][0])
        self._split_runs = LruCache(2048)  # not an lru_cache of the bound method: that would be a reference
        # cycle, keeping this font's files open after the app lets go of it until the garbage collector runs
        self._size = self.main.size  # most text is ASCII: measured at the cost of the font alone

    def get_linesize(self) -> int:
        return self.main.get_linesize()

    def get_height(self) -> int:
        return self.main.get_height()

    def get_ascent(self) -> int:
        return self.main.get_ascent()

    def get_descent(self) -> int:
        return self.main.get_descent()

    def runs(self, text: str) -> tuple[tuple[pygame.font.Font, str], ...]:
        """Returns `text` as (font, part) runs, each part drawn by its font."""
        if text.isascii():
            return ((self.main, text),)
        return self._runs(text)

    def _runs(self, text: str) -> tuple[tuple[pygame.font.Font, str], ...]:
        return self._split_runs.get(text, lambda: self._split(text))

    def _split(self, text: str) -> tuple[tuple[pygame.font.Font, str], ...]:
        covered = self.files[0][1]
        rtl = any(_bidi(ch) == "R" for ch in text)
        if all(ord(ch) in covered for ch in text) and not any(map(_emoji_part, text)) and not rtl \
                and not any(map(script, text)):
            return ((self.main, text),)
        runs: list[list] = []
        for cluster in graphemes(text):
            for name, part in self._cluster(cluster):
                if runs and runs[-1][0] == name:
                    runs[-1][1] += part
                else:
                    runs.append([name, part])
        pieces = []
        for name, part in runs:
            for piece, backwards in (_directed(part) if rtl else [(part, False)]):
                pieces += [(self.opener(name, backwards, code), words) for code, words in _scripts(piece)]
        return tuple(pieces)

    def _cluster(self, cluster: str) -> list[tuple[str, str]]:
        """Returns the font file that draws a whole cluster (an emoji sequence goes to the emoji font), else
        one font file per character."""
        points = [ord(ch) for ch in cluster]
        emoji, emoji_points = self.emoji
        if (any(map(_emoji_part, cluster)) or points[0] not in self.files[0][1]) \
                and all(p in emoji_points for p in points):
            return [(emoji, cluster)]
        for name, covered in self.files:
            if all(p in covered for p in points):
                return [(name, cluster)]
        return [(next((name for name, covered in self.files if ord(ch) in covered), self.files[0][0]), ch)
                for ch in cluster]

    def size(self, text: str) -> tuple[int, int]:
        """Returns the width and height `text` is drawn at."""
        if text.isascii():
            return self._size(text)
        runs = self._runs(text)
        if len(runs) == 1 and runs[0][0] is self.main:
            return self._size(text)
        return sum(font.size(part)[0] for font, part in runs), self.main.get_height()

    def render(self, text: str, antialias: bool, colour) -> pygame.Surface:
        """Returns `text` drawn in `colour` on a transparent surface, each run by its font on one baseline."""
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] is self.main:
            return self.main.render(text, antialias, colour)
        pictures = [(font, font.render(part, antialias, colour)) for font, part in runs]
        surface = pygame.Surface((max(1, sum(p.get_width() for _, p in pictures)), self.main.get_height()),
                                 pygame.SRCALPHA)
        x = 0
        for font, picture in pictures:
            surface.blit(picture, (x, self.main.get_ascent() - font.get_ascent()))
            x += picture.get_width()
        return surface


def _directed(part: str) -> list[tuple[str, bool]]:
    """Returns a run split where right-to-left letters start and end (with the neutral characters and marks
    between them), each piece with whether it is laid out right to left."""
    pieces, start, i = [], 0, 0
    while i < len(part):
        if _bidi(part[i]) != "R":
            i += 1
            continue
        end = j = i + 1
        while j < len(part) and _bidi(part[j]) != "L":
            if _bidi(part[j]) in "RM":
                end = j + 1
            j += 1
        if start < i:
            pieces.append((part[start:i], False))
        pieces.append((part[i:end], True))
        start = i = end
    if start < len(part):
        pieces.append((part[start:], False))
    return pieces


def _scripts(part: str) -> list[tuple[str | None, str]]:
    """Returns a run split where its script changes, each piece with the script it is shaped as (None for
    one of no such script: Latin, digits, spaces...); characters of no script stay with the piece before."""
    pieces: list[list] = []
    for ch in part:
        code = script(ch)
        if pieces and (code is None or code == pieces[-1][0] or pieces[-1][0] is None and not pieces[-1][1].strip()):
            pieces[-1][1] += ch
            pieces[-1][0] = pieces[-1][0] or code
        else:
            pieces.append([code, ch])
    return [(code, words) for code, words in pieces]


def _bidi(ch: str) -> str:
    """Returns R for a right-to-left letter, M for a mark that joins the letter before it, L for a letter
    or digit written left to right, N for a space or other neutral character."""
    kind = unicodedata.bidirectional(ch)
    return "R" if kind in ("R", "AL") else "M" if kind == "NSM" else "N" if kind in NEUTRAL else "L"


NEUTRAL = ("WS", "ON", "CS", "ES", "ET", "S", "B", "BN", "")


def _emoji_part(ch: str) -> bool:
    """Returns whether a character only makes sense in an emoji (joiner, emoji selector, skin tone, keycap,
    tag or regional indicator): its cluster is drawn by the emoji font."""
    return ch in (ZWJ, "\ufe0f", KEYCAP) or is_modifier(ch) or is_tag(ch) or is_regional(ch)


def _bytes(surface: pygame.Surface) -> int:
    """Returns the memory a surface's pixels take."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
