"""Text that always fits its box: wrapped, shrunk to a floor, cut with an ellipsis and a tooltip."""
import pytest

from graphics.kit.text import ELLIPSIS, positions
from tests.kit_helpers import measured, painter


@pytest.fixture(scope="module")
def paint():
    return painter()


def test_short_text_keeps_its_size_on_one_line(paint):
    fitted = paint.fit("End turn", (0, 0, 400, 60), "body", "bold")
    assert fitted.lines == ("End turn",) and fitted.px == paint.font_px("body") and not fitted.cut


def test_long_text_wraps_then_shrinks_but_never_below_the_floor(paint):
    text = "Bartholomew Long attacks Christabel Hart's pile 2: an Archer (A) against an Archer (A)."
    fitted = paint.fit(text, (0, 0, 700, 56), "body", "bold")
    assert len(fitted.lines) == 2 and paint.font_px("small") <= fitted.px < paint.font_px("body")
    width, height = measured(paint, fitted)
    box = paint.viewport.rect((0, 0, 700, 56))
    assert width <= box.width and height <= box.height and not fitted.cut


def test_text_that_cannot_fit_is_cut_with_an_ellipsis_and_shows_whole_on_hover(paint):
    text = "A very long army ability that a small box could never hold in full " * 3
    paint.hits.clear()
    fitted = paint.text(text, (100, 100, 300, 30), "body")
    assert fitted.cut and fitted.lines[-1].endswith(ELLIPSIS) and fitted.px == paint.font_px("small")
    width, height = measured(paint, fitted)
    assert width <= paint.viewport.rect((0, 0, 300, 30)).width
    assert paint.hits.tip_at((150, 115)) == text and paint.hits.tip_at((50, 50)) is None


def test_a_single_long_word_is_cut_too(paint):
    fitted = paint.fit("W" * 40, (0, 0, 200, 40), "body")
    assert fitted.cut and len(fitted.lines) == 1 and measured(paint, fitted)[0] <= paint.viewport.px(200)


def test_a_long_word_after_a_short_one_is_cut_not_left_out_whole(paint):
    """The hint panel's title for a 16-letter name showed "Hint for…" at 1280x720 (found playing by hand): the last
    line that fits takes as much of what is left as fits, then the ellipsis."""
    fitted = paint.fit("Hint for " + "W" * 16, (0, 0, 220, 30), "heading", "title")
    assert fitted.cut and len(fitted.lines) == 1 and fitted.lines[0].startswith("Hint for W")
    assert fitted.lines[0].endswith(ELLIPSIS) and measured(paint, fitted)[0] <= paint.viewport.px(220)


def test_layouts_are_cached_per_text_box_font_and_size(paint):
    first = paint.fit("Cached line of text", (0, 0, 300, 40), "body")
    assert paint.fit("Cached line of text", (0, 0, 300, 40), "body") is first
    assert paint.fit("Cached line of text", (0, 0, 200, 40), "body") is not first


def test_blocks_are_aligned_inside_their_rect(paint):
    rect = (10, 20, 400, 100)
    fitted = paint.fit("two words", rect, "body")
    screen = paint.viewport.rect(rect)
    for align in ("topleft", "center", "midleft", "midright", "bottomright"):
        for line, (x, y) in positions(fitted, screen, align):
            assert screen.left <= x and x + fitted.widths[0] <= screen.right
            assert screen.top <= y and y + fitted.height <= screen.bottom


def test_the_app_shows_a_cut_text_whole_when_the_mouse_rests_on_it(tmp_path, monkeypatch):
    import pygame

    import graphics.app
    from graphics.scene import Scene
    from tests.app_driver import Driver

    long_text = "Bartholomew Long attacks with a Halberd and the whole table holds its breath " * 2

    class Label(Scene):
        name = "label"

        def draw(self, paint):
            paint.text(long_text, (100, 100, 300, 40), "body")

    shown = []
    monkeypatch.setattr(graphics.app, "draw_tooltip", lambda paint, text, pos: shown.append(text))
    driver = Driver(tmp_path, None)
    driver.app.scenes["label"] = Label
    driver.app.goto("label")
    driver.frames(2)
    point = driver.app.viewport.point((200, 120))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(2)
    assert shown == []  # not at once
    driver.frames(40)
    assert shown and shown[-1] == long_text
    driver.close()
