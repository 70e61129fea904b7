"""The rules viewer's search: typing marks every match (the words themselves, also where a line break falls
between them), Enter / Shift+Enter and the buttons go to the next / previous match round the end, "n of m"
counts, Esc first leaves the box, and the box fits at both sizes."""
import pygame
import pytest

from games import registry
from graphics.widgets import Line, fold, matches_in
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
    holding = scene.found
    assert len(holding) > 3 and len(holding) >= len([line for line in lines if "shield" in line.text.casefold()])
    assert all(fold(line.text[a:b]) == "shield" for found in holding for line, a, b in found.spans)
    assert scene.count_text() == f"1 of {len(holding)}"
    assert scene.text.current == holding[0] and holding[0].lines[0] in [line for line, _ in scene.text.visible(paint)]
    start = next(line.top for line in lines if line.entry == holding[0].entry)
    assert scene.text.offset == start, "a match is shown from its paragraph's start"
    driver.key(pygame.K_RETURN)
    assert scene.count_text() == f"2 of {len(holding)}" and scene.text.current == holding[1]
    assert scene.search.focused, "Enter goes to the next match and keeps the box for more typing"
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert scene.text.current == holding[-1], "Shift+Enter before the first goes round to the last"
    previous, following = scene.search_buttons
    driver.click(following.rect)
    assert scene.text.current == holding[0]
    driver.click(previous.rect)
    assert scene.text.current == holding[-1]
    shown = [line for line, _ in scene.text.visible(paint)]
    assert set(holding[-1].lines) <= set(shown)
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
    visible = {line for line, _ in scene.text.visible(paint)}
    shown = [found for found in scene.found if set(found.lines) <= visible]
    assert painted.count(tuple(colour("button"))) == len(scene.text.current.spans), "the current match, once"
    assert painted.count(tuple(colour("glow"))) == sum(len(found.spans) for found in shown) - 1
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
    assert set(match.lines) <= {line for line, _ in scene.text.visible(paint)}
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


def test_words_wrapped_onto_the_next_line_are_found_and_only_they_are_highlighted(tmp_path, monkeypatch):
    driver, scene, paint = open_rules(tmp_path, "scrimish", (1280, 720))
    lines = scene.text.lines(paint)
    first, second = next((a, b) for a, b in zip(lines, lines[1:])
                         if a.entry == b.entry and a.text.split() and b.text.split())
    words = f"{first.text.split()[-1]} {second.text.split()[0]}"  # the last word of a line and the next line's first
    driver.click(scene.search.rect)
    driver.type_text(words.upper())
    match = next(found for found in scene.found if found.lines == [first, second])
    assert scene.text.current is not None and len(match.spans) == 2
    scene.text.current = match
    scene.text.scroll_to(paint, first.top)
    painted = []
    real = paint.rect
    monkeypatch.setattr(paint, "rect", lambda rect, rgb, *a: painted.append((pygame.Rect(rect), tuple(rgb)))
                        or real(rect, rgb, *a))
    scene.text.draw(paint)
    from graphics.config import colour
    marks = [rect for rect, rgb in painted if rgb == tuple(colour("button"))]
    rows = dict(scene.text.visible(paint))
    assert len(marks) == 2 and marks[0].right >= rows[first].left + paint.measure(first.text, "body") - 5
    assert marks[0].width < rows[first].width / 2, "the words are highlighted, not their whole line"
    assert marks[1].left <= rows[second].left and marks[1].width < rows[second].width / 2
    driver.close()


def test_a_match_is_found_whatever_the_case_and_the_spaces():
    lines = [Line("The Crown", "text", 0, 10, entry=0), Line("STRASSE and a ẞ", "text", 10, 10, entry=0),
             Line("crown jewels", "text", 20, 10, entry=1)]
    found = matches_in(lines, "  crown   ")
    assert [(f.entry, f.start, f.end) for f in found] == [(0, 4, 9), (1, 0, 5)]
    across = matches_in(lines, "crown strasse")
    assert [[(line.text, a, b) for line, a, b in f.spans] for f in across] == [
        [("The Crown", 4, 9), ("STRASSE and a ẞ", 0, 7)]]
    assert [f.spans[0][1:] for f in matches_in(lines, "ß")] == [(14, 15)], "one letter stays one letter"
    assert matches_in(lines, "   ") == []


def test_esc_in_the_search_box_leaves_the_box_and_a_second_esc_closes_the_rules(tmp_path):
    driver, scene, paint = open_rules(tmp_path)
    driver.click(scene.search.rect)
    driver.type_text("crown")
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene and not scene.search.focused and scene.found, "Esc left the box, kept the search"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is not scene
    driver.close()
