"""Drawing shortcuts give the very pixels of the long way: a panel draws its shadow only where the panel leaves it
showing (the shadow's hidden middle was most of an idle frame's blitting), and the table under a board is copied
without blending and the letterbox colour filled only around it."""
import random

import pygame
import pytest

from graphics.config import colour, table_layout
from graphics.kit.board_layer import _table
from tests.kit_helpers import painter


def noise(paint, seed: int) -> None:
    """Fills the window with random pixels, so that any pixel drawn differently shows."""
    size = paint.surface.get_size()
    paint.surface.blit(pygame.image.frombytes(random.Random(seed).randbytes(size[0] * size[1] * 3), size, "RGB"),
                       (0, 0))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 900)])
def test_a_panel_looks_as_its_whole_shadow_under_it(size):
    paint = painter(size)
    rng = random.Random(size[0])
    for case in range(12):
        rect = pygame.Rect(rng.randrange(0, 1500), rng.randrange(0, 800), rng.randrange(4, 420), rng.randrange(4, 300))
        radius = rng.choice([0, 1, 8, 18, 30, 200])
        noise(paint, case)
        paint.panel(rect, radius=radius)
        strips = pygame.image.tobytes(paint.surface, "RGB")
        noise(paint, case)
        paint.shade(rect.move(6, 8), colour("shadow"), 70, radius)
        paint.rect(rect, colour("panel"), radius)
        paint.rect(rect, colour("panel_edge"), radius, 2)
        assert strips == pygame.image.tobytes(paint.surface, "RGB"), (size, rect, radius)


@pytest.mark.parametrize("size, opaque", [((1280, 720), True), ((1920, 1080), True), ((1920, 1200), True),
                                          ((1000, 900), False)])  # (1000x562 leaves the SVG a transparent edge)
def test_the_table_under_a_board_looks_as_its_image_drawn_on_the_letterbox_colour(size, opaque):
    paint = painter(size)
    canvas = table_layout().size("canvas")
    noise(paint, 1)
    _table(paint, canvas)
    short = pygame.image.tobytes(paint.surface, "RGB")
    noise(paint, 1)
    paint.fill(colour("letterbox"))
    paint.image("table", (0, 0, *canvas))
    assert short == pygame.image.tobytes(paint.surface, "RGB")
    table = paint.viewport.rect((0, 0, *canvas)).size
    assert opaque == (not paint.assets.backdrop("table", table).get_flags() & pygame.SRCALPHA)
