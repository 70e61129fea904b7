"""The rules viewer: clean rulebook text, rulings written for players, paragraphs reflowed with headings
and list items, and a scrolled page that never cuts its top line in half."""
import re

import pygame
import pytest

from games import registry
from games.core.game import DATA_ROOT
from graphics.scenes.rules import prose
from tests.app_driver import Driver
from tests.goofspiel import GAME as GOOFSPIEL

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
@pytest.mark.parametrize("game_id", registry.ids() + (GOOFSPIEL.id,))
def test_a_scrolled_page_never_cuts_its_top_line(tmp_path, game_id, size):
    driver = Driver(tmp_path, f"rules-{game_id}-{size[0]}" if game_id == "crumbs" else None, size=size)
    driver.app.goto("menu")
    driver.app.push_scene("rules", game=GOOFSPIEL if game_id == GOOFSPIEL.id else registry.get(game_id))
    driver.frames(2)
    scene = driver.scene
    paint = driver.app.painter()
    entries = scene.text.entries
    assert not any("`" in text or "**" in text for text, _ in entries)
    keys = [pygame.K_DOWN] * 7 + [pygame.K_PAGEDOWN] * 5 + [pygame.K_UP] * 3 + [pygame.K_PAGEDOWN] * 200
    for step, key in enumerate(keys):
        was_at_end = step > 14 and scene.text.offset == scene.text.max_offset(paint)
        driver.key(key)
        shown = scene.text.visible(paint)
        assert shown, "nothing shown"
        assert shown[0][1].top == scene.text.rect.top, f"the top line is cut after {step + 1} keys"
        assert all(scene.text.rect.contains(rect) for _, rect in shown)
        if step in (6, 11):
            driver.app.screenshot(f"scrolled-{step}")
        if was_at_end and scene.text.offset == scene.text.max_offset(paint):
            break  # a Page Down at the end kept the last page: the rest of the 200 would show it again
    assert scene.text.offset == scene.text.max_offset(paint), "the end does not scroll to the last line"
    if scene.text.offset == 0:  # a rulebook that fits on one page: all of it is shown
        assert len(scene.text.visible(paint)) == len(scene.text.lines(paint))
    driver.close()


def rules_scene(tmp_path, game_id="scrimish", size=(1280, 720)):
    driver = Driver(tmp_path, None, size=size)
    driver.app.goto("menu")
    driver.app.push_scene("rules", game=registry.get(game_id))
    driver.frames(2)
    return driver, driver.scene, driver.app.painter()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_home_goes_to_the_top_and_end_to_the_bottom(tmp_path, size):
    driver, scene, paint = rules_scene(tmp_path, size=size)
    driver.key(pygame.K_END)
    assert scene.text.offset == scene.text.max_offset(paint) > 0
    driver.key(pygame.K_HOME)
    assert scene.text.offset == 0
    driver.key(pygame.K_PAGEDOWN)
    driver.key(pygame.K_END)
    assert scene.text.offset == scene.text.max_offset(paint)
    driver.close()


def test_dragging_the_scroll_bar_thumb_scrolls(tmp_path):
    driver, scene, paint = rules_scene(tmp_path)
    thumb = scene.text.thumb_rect(paint)
    bar = scene.text.bar_rect()
    assert thumb is not None and thumb.top == bar.top
    driver.press(thumb)
    halfway = (thumb.centerx, bar.top + bar.height // 2)
    driver.hover(halfway)
    middle = scene.text.offset
    assert 0.3 * scene.text.max_offset(paint) < middle < 0.7 * scene.text.max_offset(paint)
    driver.hover((thumb.centerx, bar.bottom + 200))
    assert scene.text.offset == scene.text.max_offset(paint)
    driver.release((thumb.centerx - 1, bar.bottom + 199, 2, 2))
    assert scene.name == "rules", "letting go of the thumb clicked something else"
    driver.hover(halfway)
    assert scene.text.offset == scene.text.max_offset(paint), "the thumb follows the pointer after it was let go"
    shown = scene.text.visible(paint)
    assert shown[0][1].top == scene.text.rect.top, "a drag left the top line cut"
    driver.click((bar.centerx - 1, bar.top + 5, 2, 2))  # a click on the track moves the thumb there
    assert scene.text.offset == 0
    driver.close()


def test_prose_keeps_a_markdown_table_s_cells():
    text = "# Rulings\n\n| Players | Sun | Water |\n|---|:---:|---|\n| 2 | **25** | 10 |\n| 3 | 30 | 12 |\n\nAfter.\n"
    assert prose(text) == [("Rulings", "heading"), ("Players\tSun\tWater", "head"), ("2\t25\t10", "row"),
                           ("3\t30\t12", "row"), ("After.", "text")]


def test_a_table_s_cells_are_drawn_at_their_column_x_positions(tmp_path, monkeypatch):
    from graphics.widgets import ScrollText
    driver, scene, paint = rules_scene(tmp_path)
    entries = prose("# T\n\n| Card | What it does |\n|---|---|\n| Archer | Beats any card but a Shield; "
                    "a Shield stops it and both go back to their piles, " * 3 + "|\n| A | B |\n")
    block = ScrollText(pygame.Rect(100, 100, 900, 500), entries)
    lines = [line for line in block.lines(paint) if line.cells]
    assert len(lines) > 3, "the long cell wraps inside its column"
    lefts = {left for line in lines for left, _ in line.cells}
    assert len(lefts) == 2, f"the cells are not in two columns: {lefts}"
    second = max(lefts)
    assert second >= paint.measure("Archer", "body", "body") and second > 0
    assert all(paint.measure(text, "body", "body") <= block.text_width() - second + 1
               for line in lines for left, text in line.cells if left == second)
    blits = []
    real = paint.surface.blit

    def spy(surface, rect, *args):
        blits.append(pygame.Rect(rect).x)
        return real(surface, rect, *args)
    monkeypatch.setattr(paint, "surface", type("S", (), {"blit": staticmethod(spy)})())
    block.draw(paint)
    columns = {paint.viewport.rect((100 + left, 0, 1, 1)).x for left in lefts}
    assert columns <= set(blits), "a cell is not drawn at its column"
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_menu_opens_each_game_s_rules_from_a_link_under_its_tile(tmp_path, size):
    from graphics.config import table_layout
    driver = Driver(tmp_path, f"menu-rules-{size[0]}", size=size)
    driver.app.goto("menu")
    driver.frames(2)
    menu = driver.scene
    layout = table_layout()
    canvas = pygame.Rect((0, 0), layout.size("canvas"))
    others = ([tile.rect for tile in menu.tiles] + [b.rect for b in menu.buttons]
              + [layout.rect("menu.title"), layout.rect("menu.notice")])
    links = [link.rect for link in menu.rules_links]
    assert len(links) == len(registry.ids())
    for i, link in enumerate(links):
        assert canvas.contains(link)
        assert not any(link.colliderect(other) for other in others + links[:i] + links[i + 1:]), f"link {i} overlaps"
    for link, game in zip(menu.rules_links, registry.all()):
        assert link.label == "Rules" and link.enabled
        driver.click(link.rect)
        assert driver.scene.name == "rules" and driver.scene.game.id == game.id
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is menu
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_the_setup_screen_opens_the_rules_and_its_button_overlaps_nothing(tmp_path, game, size):
    from graphics.config import table_layout
    driver = Driver(tmp_path, None, size=size)
    canvas = pygame.Rect((0, 0), table_layout().size("canvas"))
    for players in game.player_counts():
        driver.app.goto("menu")
        driver.app.push_scene("setup", game=game, players=players, bots={1, 3, 5, 7})
        driver.frames(1)
        setup = driver.scene
        rules = next(b for b in setup.nav if b.value == "rules")
        others = ([b.rect for b in setup.count_buttons + setup.seat_buttons + setup.option_buttons]
                  + [f.rect for f in setup.names[:players]] + [setup.note_rect]
                  + [b.label.union(b.help) for b in setup.option_blocks]
                  + [b.rect for b in setup.nav if b is not rules]
                  + [table_layout().rect(f"setup.{part}") for part in ("title", "players", "seats", "options")])
        assert canvas.contains(rules.rect)
        assert not any(rules.rect.colliderect(other) for other in others), f"{players} players: Rules overlaps"
        driver.click(rules.rect)
        assert driver.scene.name == "rules" and driver.scene.game is game
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is setup and setup.players == players
    driver.close()


def test_section_entry_prefers_an_equal_heading_then_one_containing_the_words():
    from graphics.scenes.rules import section_entry
    entries = [("Setup", "sub"), ("Set up the shields", "text"), ("Shield Card", "sub"), ("Shield", "sub")]
    assert section_entry(entries, "shield") == 3
    assert section_entry(entries, "shield c") == 2
    assert section_entry(entries, "set up the") is None, "a paragraph is not a section"


@pytest.mark.parametrize("game_id", registry.ids() + (GOOFSPIEL.id,))
def test_the_viewer_opens_at_a_named_section(tmp_path, game_id):
    from graphics.scenes.rules import section_entry
    game = GOOFSPIEL if game_id == GOOFSPIEL.id else registry.get(game_id)
    driver = Driver(tmp_path, None, size=(1280, 720))
    driver.app.goto("menu")
    plain_scene = driver.app.push_scene("rules", game=game)
    driver.frames(1)
    entries = plain_scene.text.entries
    headings = [text for text, style in entries if style in ("heading", "sub")]
    heading = headings[-3 if len(headings) >= 3 else -1]  # late, so that a long page scrolls
    driver.app.pop()
    scene = driver.app.push_scene("rules", game=game, section=heading.upper())
    driver.frames(2)
    paint = driver.app.painter()
    index = section_entry(entries, heading)
    shown = [line.entry for line, _ in scene.text.visible(paint)]
    assert index in shown, f"{heading!r} is not on the page opened at it"
    assert shown[0] == index or scene.text.offset == scene.text.max_offset(paint), "not opened at the heading"
    driver.close()


def test_the_viewer_opens_where_this_game_s_rules_were_left(tmp_path):
    driver, scene, paint = rules_scene(tmp_path, "scrimish")
    for _ in range(4):
        driver.key(pygame.K_PAGEDOWN)
    left_at = scene.text.offset
    assert left_at > 0
    driver.key(pygame.K_ESCAPE)
    other = driver.app.push_scene("rules", game=registry.get("stumped"))
    driver.frames(2)
    assert other.text.offset == 0, "another game's rules open at their own place"
    driver.key(pygame.K_ESCAPE)
    again = driver.app.push_scene("rules", game=registry.get("scrimish"))
    driver.frames(2)
    assert again.text.offset == left_at
    driver.close()


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_rulebook_s_draft_notes_are_shown_as_their_rulings(game_id):
    from graphics.scenes.rules import DRAFT_NOTE, answer_notes, draft_notes
    game = registry.get(game_id)
    raw = (game.data_dir() / "rulebook.txt").read_text(encoding="utf-8")
    for note, ruling in draft_notes(game):
        assert raw.count(note) == 1, f"the note {note!r} is not (once) in the rulebook: a stale entry"
        assert not DRAFT_NOTE.search(ruling), ruling
    shown = answer_notes(game, raw)
    left = [line for line in shown.splitlines() if DRAFT_NOTE.search(line)]
    assert not left, f"a draft note is shown raw: {left[0][:120]!r}"


def test_the_viewer_shows_a_note_s_ruling_not_the_note(tmp_path):
    driver, scene, paint = rules_scene(tmp_path, "scrappers")
    text = " ".join(text for text, _ in scene.text.entries)
    assert "Diagram captions" not in text
    assert "Either Way has STEP and SWITCH across hazard tape" in text
    driver.close()



def test_the_place_is_kept_on_the_app_and_shared_with_the_viewer_of_a_game_in_progress(tmp_path):
    import graphics.scenes.rules as rules
    from games.core.match import Match, Seat
    driver, scene, paint = rules_scene(tmp_path, "scrimish")
    for _ in range(4):
        driver.key(pygame.K_PAGEDOWN)
    top = scene.text.visible(paint)[0][0].entry
    driver.key(pygame.K_ESCAPE)
    assert set(driver.app.rules_places) == {"scrimish"} and not hasattr(rules, "PLACES")
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange"), Seat("Bob", "sky")], {}, 1)
    in_game = driver.app.push_scene("rules", game=match.game, match=match)  # the Esc menu's: variants come first
    driver.frames(2)
    assert in_game.lead > 0
    assert in_game.text.visible(paint)[0][0].entry == top + in_game.lead, "opens at another rule than was left"
    driver.key(pygame.K_DOWN)
    below = in_game.text.visible(paint)[0][0].entry - in_game.lead
    driver.key(pygame.K_ESCAPE)
    again = driver.app.push_scene("rules", game=match.game)
    driver.frames(2)
    assert again.text.visible(paint)[0][0].entry == below
    driver.close()
    fresh = Driver(tmp_path, None)
    fresh.app.goto("menu")
    first = fresh.app.push_scene("rules", game=registry.get("scrimish"))
    fresh.frames(2)
    assert first.text.offset == 0, "another app opens the rules at their start"
    fresh.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", registry.ids())
def test_the_contents_list_every_heading_and_a_click_on_one_goes_there(tmp_path, game_id, size):
    driver, scene, paint = rules_scene(tmp_path, game_id, size)
    headings = [(i, text) for i, (text, style) in enumerate(scene.text.entries) if style in ("heading", "sub")]
    assert len(headings) >= 5
    driver.click(driver.button("Contents").rect)
    assert scene.contents_open and driver.button("Hide contents")
    listed = [text.removeprefix("\u2022 ") for text, _ in scene.contents.entries]
    assert listed == [text for _, text in headings]
    for _ in range(6):
        driver.key(pygame.K_PAGEDOWN)  # the contents scroll too
    shown = scene.contents.visible(paint)
    line, rect = shown[len(shown) // 2]
    target = headings[line.entry][0]
    driver.click(rect)
    assert not scene.contents_open, "a heading's click leaves the contents"
    top = scene.text.visible(paint)[0][0].entry
    assert top == target or scene.text.offset == scene.text.max_offset(paint) and target in [
        ln.entry for ln, _ in scene.text.visible(paint)], f"{headings[line.entry][1]!r} is not at the top"
    buttons = [b.rect for b in scene.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    pad = paint.text_style["padding"]
    assert not any(paint.fit(b.label, b.rect.inflate(-2 * pad, -pad), b.size, "bold").cut for b in scene.buttons)
    driver.click(driver.button("Contents").rect)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene and not scene.contents_open, "Esc closes the contents first"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "menu"
    driver.close()


def test_an_emptied_draft_note_changes_nothing(monkeypatch):
    import graphics.scenes.rules as rules
    game = registry.get("scrappers")
    monkeypatch.setattr(rules, "draft_notes", lambda game: [("", "RULING"), ("Diagram captions", "Examples")])
    shown = rules.answer_notes(game, "Moving Bodgers. Diagram captions: x")
    assert shown == "Moving Bodgers. Examples: x"
