"""Sprites and text, each rasterized once per size and cached (never scaled per frame)."""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent / "assets"
FONTS = {"body": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
TEXT_CACHE_SIZE = 3000


class Assets:
    """Loads each asset after the display exists and caches it by name and pixel size."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self._images: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Returns the SVG (or PNG) `name` (path under assets/, no suffix) rasterized to fit `size`."""
        key = (name, size)
        surface = self._images.get(key)
        if surface is None:
            surface = self._load(name, size)
            self._images[key] = surface
        return surface

    def _load(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Rasterizes an asset at `size` exactly (SVG keeps its aspect ratio inside that box)."""
        svg, png = self.root / f"{name}.svg", self.root / f"{name}.png"
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

    def cached(self, key: tuple, build) -> pygame.Surface:
        """Returns the surface made by `build()` for `key`, building it once (cleared on resize)."""
        surface = self._images.get(key)
        if surface is None:
            surface = build()
            self._images[key] = surface
        return surface

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
        key = (text, px, colour, face)
        surface = self._texts.get(key)
        if surface is None:
            surface = self.font(px, face).render(text, True, colour).convert_alpha()
            self._texts[key] = surface
            if len(self._texts) > TEXT_CACHE_SIZE:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surface

    def clear_sized(self) -> None:
        """Forgets rasterized sprites, e.g. after the window changed size."""
        self._images.clear()
        self._texts.clear()
