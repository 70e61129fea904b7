"""Sprites, text and layouts, each made once per size and kept in bounded caches (never scaled per frame)."""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Hashable

import pygame

ROOT = Path(__file__).resolve().parent / "assets"
FONTS = {"body": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
IMAGE_CACHE_BYTES = 192 * 2**20  # rasterized sprites, card faces and layers (least recently used go first)
TEXT_CACHE_BYTES = 24 * 2**20  # rendered lines of text
LAYOUT_CACHE_SIZE = 4000  # fitted text layouts (a few lines each)


class SurfaceCache:
    """Surfaces by key, least recently used first out once their pixels pass a byte budget."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

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

    def __init__(self, root: Path = ROOT, image_budget: int = IMAGE_CACHE_BYTES) -> None:
        self.root = root
        self.images = SurfaceCache(image_budget)
        self.texts = SurfaceCache(TEXT_CACHE_BYTES)
        self.layouts = LruCache(LAYOUT_CACHE_SIZE)
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Returns the SVG (or PNG) `name` (path under assets/, no suffix) rasterized to fit `size`."""
        return self.images.get((name, size), lambda: self._load(name, size))

    def has_image(self, name: str) -> bool:
        """Returns whether an SVG or PNG called `name` exists."""
        return (self.root / f"{name}.svg").exists() or (self.root / f"{name}.png").exists()

    def _load(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Rasterizes an asset at `size` exactly (SVG keeps its aspect ratio inside that box)."""
        svg, png = self.root / f"{name}.svg", self.root / f"{name}.png"
        size = (max(1, size[0]), max(1, size[1]))
        if svg.exists():
            surface = pygame.image.load_sized_svg(str(svg), size)
        elif png.exists():
            surface = pygame.transform.smoothscale(pygame.image.load(str(png)).convert_alpha(), size)
        else:
            raise FileNotFoundError(f"missing asset {name} (looked for {svg.name} and {png.name} in {svg.parent})")
        surface = surface.convert_alpha()
        if surface.get_size() != size:
            framed = pygame.Surface(size, pygame.SRCALPHA)
            framed.blit(surface, surface.get_rect(center=framed.get_rect().center))
            surface = framed
        return surface

    def cached(self, key: tuple, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """Returns the surface made by `build()` for `key`, building it once (bounded; cleared on resize)."""
        return self.images.get(key, build)

    def font(self, px: int, face: str = "body") -> pygame.font.Font:
        """Returns the font `face` (body, bold, title) at `px` window pixels."""
        key = (face, px)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(self.root / "fonts" / FONTS[face]), max(6, px))
            self._fonts[key] = font
        return font

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
        """Forgets rasterized sprites and text, e.g. after the window changed size."""
        self.images.clear()
        self.texts.clear()
        self.layouts.clear()


def _bytes(surface: pygame.Surface) -> int:
    """Returns the memory a surface's pixels take."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
