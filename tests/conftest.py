"""Test setup: headless SDL before pygame is imported, and the apps of a test process rasterizing each picture once."""
import os
from collections import OrderedDict

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("KITCHEN_TABLE_BOT_SEED", "0")  # every match's bots' seed: bot games play the same every run


PICTURES_KEPT_BYTES = 192 * 2**20  # rasterized pictures a test process keeps for its next apps (as the app's own cache)


@pytest.fixture(autouse=True, scope="session")
def pictures_rasterized_once_per_process():
    """Every app of a test process rasterizes each SVG picture at each size once: each test's app starts with
    empty caches and a fresh data folder (where the app keeps the menu's pictures rasterized), so it would
    rasterize them all again (a quarter of a CPU-second for the menu alone). The apps' Assets keep the pixels
    for the next app, by the SVG's content and the size; the Assets class itself, used directly by the tests of
    its caches and keep folder, is untouched."""
    import pygame

    from graphics import app, assets
    kept: OrderedDict[tuple, bytes] = OrderedDict()
    used = [0]

    class RasterizedOnce(assets.Assets):
        def _load(self, name: str, size: tuple[int, int]) -> pygame.Surface:
            svg = self.root / f"{name}.svg"
            if not svg.exists():
                return super()._load(name, size)
            key = (str(svg), size, svg.read_bytes())
            pixels = kept.get(key)
            if pixels is not None:
                kept.move_to_end(key)
                return pygame.image.frombytes(pixels, (max(1, size[0]), max(1, size[1])), "RGBA").convert_alpha()
            surface = super()._load(name, size)
            kept[key] = pygame.image.tobytes(surface, "RGBA")
            used[0] += len(kept[key])
            while used[0] > PICTURES_KEPT_BYTES and len(kept) > 1:
                used[0] -= len(kept.popitem(last=False)[1])
            return surface

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app, "Assets", RasterizedOnce)
        yield
