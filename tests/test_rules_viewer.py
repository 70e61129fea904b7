"""The rules viewer: clean rulebook text, rulings written for players, paragraphs reflowed with headings
and list items, and a scrolled page that never cuts its top line in half."""
import re

import pygame
import pytest

from games import registry
from games.core.game import DATA_ROOT
from graphics.scenes.rules import prose
from tests.app_driver import Driver

RULEBOOKS = sorted(DATA_ROOT.glob("*/rulebook.txt"))
RULINGS = sorted(DATA_ROOT.glob("*/rulings.md"))
DEVELOPER_WORDS = ("issue", "pymunk", "yaml", ".py", "tests/", "max_redrops", "the draft's", "TODO")


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.parent.name)
def test_a_rulebook_starts_with_the_rules_not_leftover_page_text(path):
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    title = registry.get(path.parent.name).title if path.parent.name in registry.ids() else path.parent.name
    assert "Table of Contents" not in lines
    assert not lines[0].lower().startswith(title.lower()), "the viewer names the rulebook already"
    assert all(a != b for a, b in zip(lines, lines[1:])), "a line repeated"


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.parent.name)
def test_rulings_are_written_for_players(path):
    text = path.read_text(encoding="utf-8")
    assert "`" not in text
    for word in DEVELOPER_WORDS:
        assert word.lower() not in text.lower(), word
    assert not re.search(r"\b[\w/]+\.(?:yaml|py|md|txt)\b", text)


def test_prose_reflows_paragraphs_and_knows_headings_items_and_bold():
    text = ("# Game rulings\n\nA first paragraph that goes\non over two lines.\n\n## Turns\n"
            "- **Order.** Turns go clockwise\n  round the table.\n- Second item.\n\n1. First step\n2. Second step\n")
    assert prose(text) == [
        ("Game rulings", "heading"),
        ("A first paragraph that goes on over two lines.", "text"),
        ("Turns", "sub"),
        ("\u2022 Order. Turns go clockwise round the table.", "item"),
        ("\u2022 Second item.", "item"),
        ("1. First step", "item"),
        ("2. Second step", "item"),
    ]


def test_plain_rulebook_text_keeps_a_paragraph_per_line_and_finds_titles():
    text = "Objective\nThe object of the game is to win.\nSetup\n- Each player places 5 piles.\n\n1. Turn Phase\n\n"
    assert prose(text) == [("Objective", "sub"), ("The object of the game is to win.", "text"), ("Setup", "sub"),
                           ("\u2022 Each player places 5 piles.", "item"), ("1. Turn Phase", "sub")]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", registry.ids())
def test_a_scrolled_page_never_cuts_its_top_line(tmp_path, game_id, size):
    driver = Driver(tmp_path, f"rules-{game_id}-{size[0]}" if game_id == "crumbs" else None, size=size)
    driver.app.goto("menu")
    driver.app.push_scene("rules", game=registry.get(game_id))
    driver.frames(2)
    scene = driver.scene
    paint = driver.app.painter()
    entries = scene.text.entries
    assert not any("`" in text or "**" in text for text, _ in entries)
    keys = [pygame.K_DOWN] * 7 + [pygame.K_PAGEDOWN] * 5 + [pygame.K_UP] * 3 + [pygame.K_PAGEDOWN] * 200
    for step, key in enumerate(keys):
        driver.key(key)
        shown = scene.text.visible(paint)
        assert shown, "nothing shown"
        assert shown[0][1].top == scene.text.rect.top, f"the top line is cut after {step + 1} keys"
        assert all(scene.text.rect.contains(rect) for _, rect in shown)
        if step in (6, 11):
            driver.app.screenshot(f"scrolled-{step}")
    assert scene.text.offset == scene.text.max_offset(paint) > 0
    driver.close()
