"""The rules viewer's search: typing marks every line holding the words, Enter / Shift+Enter and the
buttons go to the next / previous match round the end, "n of m" counts, and the box fits at both sizes."""
import pygame
import pytest

from games import registry
from tests.app_driver import Driver


def open_rules(tmp_path, game_id="scrimish", size=(1280, 720)):
    driver = Driver(tmp_path, None, size=size)
    driver.app.goto("menu")
    driver.app.push_scene("rules", game=registry.get(game_id))
    driver.frames(2)
    return driver, driver.scene, driver.app.painter()


def test_search_marks_matches_and_steps_through_them_with_enter_and_the_buttons(tmp_path):
    driver, scene, paint = open_rules(tmp_path)
    driver.click(scene.search.rect)
    driver.type_text("shield")
    lines = scene.text.lines(paint)
    holding = [line for line in lines if "shield" in line.text.casefold()]
    assert len(holding) > 3 and scene.found == holding
    assert scene.count_text() == f"1 of {len(holding)}"
    assert scene.text.current is holding[0] and holding[0] in [line for line, _ in scene.text.visible(paint)]
    start = next(line.top for line in lines if line.entry == holding[0].entry)
    assert scene.text.offset == start, "a match is shown from its paragraph's start"
    driver.key(pygame.K_RETURN)
    assert scene.count_text() == f"2 of {len(holding)}" and scene.text.current is holding[1]
    assert scene.search.focused, "Enter goes to the next match and keeps the box for more typing"
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert scene.text.current is holding[-1], "Shift+Enter before the first goes round to the last"
    previous, following = scene.search_buttons
    driver.click(following.rect)
    assert scene.text.current is holding[0]
    driver.click(previous.rect)
    assert scene.text.current is holding[-1]
    shown = [line for line, _ in scene.text.visible(paint)]
    assert holding[-1] in shown
    driver.close()


def test_a_search_with_no_match_says_so_and_moves_nothing(tmp_path):
    driver, scene, paint = open_rules(tmp_path)
    driver.key(pygame.K_PAGEDOWN)
    offset = scene.text.offset
    driver.click(scene.search.rect)
    driver.type_text("zqxw")
    assert scene.found == [] and scene.count_text() == "No match"
    assert scene.text.offset == offset
    driver.key(pygame.K_RETURN)
    assert not scene.search.focused and scene.text.offset == offset
    driver.close()


def test_matches_are_drawn_highlighted(tmp_path, monkeypatch):
    driver, scene, paint = open_rules(tmp_path)
    driver.click(scene.search.rect)
    driver.type_text("crown")
    painted = []
    real = paint.rect

    def spy(rect, rgb, *args):
        painted.append(tuple(rgb))
        return real(rect, rgb, *args)
    monkeypatch.setattr(paint, "rect", spy)
    scene.text.draw(paint)
    from graphics.config import colour
    visible = [line for line, _ in scene.text.visible(paint) if "crown" in line.text.casefold()]
    assert painted.count(tuple(colour("button"))) == 1, "the current match is marked once"
    assert painted.count(tuple(colour("glow"))) == len(visible) - 1
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", registry.ids())
def test_the_search_row_fits_beside_the_page_at_both_sizes(tmp_path, game_id, size):
    from graphics.config import table_layout
    driver, scene, paint = open_rules(tmp_path, game_id, size)
    driver.click(scene.search.rect)
    driver.type_text("the")
    count = table_layout().rect("rules.search.count")
    boxes = [scene.search.rect, count, table_layout().rect("rules.panel")]
    boxes += [button.rect for button in scene.search_buttons + scene.buttons]
    canvas = pygame.Rect(0, 0, 1920, 1080)
    for n, box in enumerate(boxes):
        assert canvas.contains(box)
        assert not any(box.colliderect(other) for other in boxes[n + 1:]), box
    text = scene.count_text()
    assert text.endswith(f"of {len(scene.found)}") and len(scene.found) > 10
    assert paint.measure(text, "body", "bold") <= count.width
    for button in scene.search_buttons:
        assert paint.measure(button.label, "body", "bold") <= button.rect.width - 24
    driver.close()


def test_a_match_inside_a_paragraph_is_shown_with_the_paragraph_s_start(tmp_path):
    driver, scene, paint = open_rules(tmp_path, "stumped", (1920, 1080))
    driver.click(scene.search.rect)
    driver.type_text("and 2 fruit")
    lines = scene.text.lines(paint)
    match = scene.text.current
    start = next(line.top for line in lines if line.entry == match.entry)
    assert start < match.top, "the words are not at their paragraph's start (the test needs a later line)"
    assert scene.text.offset == start
    assert match in [line for line, _ in scene.text.visible(paint)]
    driver.close()


def test_home_end_and_the_page_keys_scroll_while_the_search_box_is_typed_in(tmp_path):
    driver, scene, paint = open_rules(tmp_path)
    driver.click(scene.search.rect)
    driver.type_text("crown")
    assert scene.search.focused
    driver.key(pygame.K_END)
    assert scene.text.offset == scene.text.max_offset(paint) > 0
    driver.key(pygame.K_HOME)
    assert scene.text.offset == 0
    driver.key(pygame.K_PAGEDOWN)
    assert scene.text.offset > 0 and scene.search.focused and scene.search.text == "crown"
    driver.close()
