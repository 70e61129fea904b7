"""Seat names (issue 29): one rule (games.core.names) at the setup's name field, in save files and in
drawing. Each odd name a table typed is cleaned or refused with its one-line message, what the setup
accepts the autosave accepts (Continue offers it and loads it), and every allowed name, emoji included,
is drawn without an empty box."""
import unicodedata

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core.names import (
    EMOJI_FONT,
    GLYPHS_FILE,
    NAME_LENGTH,
    TEXT_FONT,
    clean_name,
    clusters,
    drawable,
    glyphs,
    graphemes,
    name_problem,
    typed,
)
from games.core.saves import valid_name
from games.scrimish.bot import CasualBot
from graphics.assets import EMOJI as EMOJI_FACES
from graphics.assets import FONTS, Assets
from graphics.config import table_layout
from graphics.scenes.menu import MenuScene
from tests.app_driver import Driver

RTL, ZWSP, BELL, ZWJ = "\u200f", "\u200b", "\x07", "\u200d"
CODER = "👩\u200d💻"  # woman technologist: two emoji joined into one
JOINER_SAID = "Left out an invisible joiner (nothing here to join)."
JOINER_PROBLEM = "It holds an invisible joiner (nothing here to join)."

# what is typed -> (the name the field keeps, the message said at the field, the reason the raw text is refused)
CASES = {
    "right-to-left mark": (f"Zoe{RTL}", "Zoe", "Left out an invisible right-to-left mark.",
                           "It holds an invisible right-to-left mark."),
    "zero-width space": (f"Ada{ZWSP}Lu", "AdaLu", "Left out an invisible zero width space.",
                         "It holds an invisible zero width space."),
    "control character": (f"Bo{BELL}b", "Bob", "Left out an invisible control character.",
                          "It holds an invisible control character."),
    "joined emoji": (CODER, CODER, "", None),
    "decomposed é": ("Zoe\u0301", "Zoé", "", None),
    "composed é": ("Zoé", "Zoé", "", None),
    "byte-order mark": ("\ufeffKim", "Kim", "Left out an invisible zero width no-break space.",
                        "It holds an invisible zero width no-break space."),
    "direction override": ("\u202eKim", "Kim", "Left out an invisible right-to-left override.",
                           "It holds an invisible right-to-left override."),
    "tab": ("Ann\tLee", "Ann Lee", "Made a tab, line break or unusual space a plain space.",
            "It holds a tab, line break or unusual space (a name has plain spaces only)."),
    "line separator": ("Ann\u2028Lee", "Ann Lee", "Made a tab, line break or unusual space a plain space.",
                       "It holds a tab, line break or unusual space (a name has plain spaces only)."),
    "no-break space": ("Ann\u00a0Lee", "Ann Lee", "Made a tab, line break or unusual space a plain space.",
                       "It holds a tab, line break or unusual space (a name has plain spaces only)."),
    "private use": ("Al\ue000", "Al", "Left out a private-use character (U+E000).",
                    "It holds a private-use character (U+E000)."),
    "unassigned": ("Al\u0378", "Al", "Left out an undefined character (U+0378).",
                   "It holds an undefined character (U+0378)."),
    "lone surrogate": ("Al\ud800", "Al", "Left out a broken character (a lone surrogate).",
                       "It holds a broken character (a lone surrogate)."),
    "no font draws it": ("Li\u0f40", "Li", "Left out a character the game can't draw (U+0F40).",
                         "It holds a character the game can't draw (U+0F40)."),
    "joiner between letters": (f"A{ZWJ}b", "Ab", JOINER_SAID, JOINER_PROBLEM),
    "accent on nothing": ("\u0301Al", "Al", "Left out an accent with no letter under it.",
                          "It holds an accent with no letter under it."),
    "five accents on a letter": ("a\u0300\u0301\u0302\u0303\u0304", "\u00e0\u0301\u0302\u0303",
                                 "Left out an accent (one letter takes at most 3).",
                                 "It holds an accent (one letter takes at most 3)."),
    "seventeen letters": ("A" * 17, "A" * 16, "A name holds at most 16 letters or emoji.",
                          "It is longer than 16 letters or emoji."),
    "sixteen joined emoji": (CODER * 16, CODER * 16, "", None),
    "seventeen joined emoji": (CODER * 17, CODER * 16, "A name holds at most 16 letters or emoji.",
                               "It is longer than 16 letters or emoji."),
}
EMOJI = ["👍🏽", "🇫🇷", "1\ufe0f\u20e3", "❤\ufe0f", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
         "👨\u200d👩\u200d👧\u200d👦", "🧑\u200d🤝\u200d🧑", "🎲", "😀", "☕", "✨",
         "\U0001fae8"]  # the last is newer than this Python's Unicode tables: the font draws it
ALLOWED = ["Ada", "Zoé", "Łukasz", "Ørjan", "Şule", "Дарья", "Ελένη", "Nguyễn Thị", "Ann-Marie O'Neil", "דנה", "سارة",
           "Ǆemal", "ß ẞ", "Åsa", "#1 fan", CODER, "Zoé 👩\u200d💻", "🇫🇷 Léa"] + EMOJI


INVISIBLE = [c for c in range(0x10000) if unicodedata.category(chr(c)) == "Cf" and c != 0x200D]  # of the first plane


def plain(case: str) -> str:
    return case.replace(" ", "-")


@pytest.mark.parametrize("case", sorted(CASES), ids=plain)
def test_the_rule_cleans_or_refuses_each_odd_name_saying_why(case):
    text, kept, said, problem = CASES[case]
    assert typed(text) == (kept, said)
    assert name_problem(text) == problem
    assert clean_name(text) == kept and name_problem(kept) is None
    assert valid_name(text) is (problem is None)


def test_what_is_typed_keeps_a_joiner_waiting_for_its_emoji_and_a_space_between_words():
    assert typed("👩" + ZWJ) == ("👩" + ZWJ, "")
    assert typed("Ann ") == ("Ann ", "")
    assert clean_name("👩" + ZWJ) == "👩" and clean_name(" Ann ") == "Ann"
    assert name_problem(" Ann") == "It starts or ends with a space."
    assert name_problem("") == "It is empty." and name_problem("   ") == "It is empty."
    assert name_problem(None) == "It is not text." and name_problem("A" * 100_000) == "It is longer than 16 letters or emoji."


def test_the_length_counts_what_a_player_sees():
    assert len(clusters(CODER)) == 1 and len(clusters("Zoe\u0301")) == 3 and len(clusters("🇫🇷🇩🇪")) == 2
    assert all(len(clusters(e)) == 1 for e in EMOJI)
    assert name_problem(CODER * NAME_LENGTH) is None


@pytest.mark.parametrize("name", ALLOWED)
def test_every_name_in_the_corpus_is_allowed_as_it_stands(name):
    assert name_problem(name) is None and clean_name(name) == unicodedata.normalize("NFC", name)


ODD = st.one_of(st.characters(), st.sampled_from([RTL, ZWSP, BELL, ZWJ, "\ufe0f", "\u20e3", "🏽", "\U000e0067",
                                                  "\U000e007f", "🏴", "🇫", "👩", "💻", " ", "\u0301", "e", "\t"]))


@settings(max_examples=300, deadline=None)
@given(st.text(ODD, max_size=40))
def test_whatever_is_typed_the_name_kept_is_a_name_drawable_and_stable(text):
    name = clean_name(text)
    assert name == "" or name_problem(name) is None, (text, name, name_problem(name))
    assert clean_name(name) == name
    assert len(clusters(name)) <= NAME_LENGTH
    assert all(drawable(ch) for ch in name if ch != ZWJ and not 0xE0020 <= ord(ch) <= 0xE007F)
    assert "".join(graphemes(name)) == name


def listed_glyphs(last: int) -> dict[str, list[int]]:
    """Returns, per font named in the glyph file, the code points up to `last` it lists."""
    listed = {}
    for line in GLYPHS_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, *runs = line.split(" ")
            spans = [[int(end, 16) for end in run.split("-")] for run in runs]
            listed[name] = [c for span in spans for c in range(span[0], min(span[-1], last) + 1)]
    return listed


def drawn_glyphs(path, last: int) -> list[int]:
    """Returns the code points up to `last` the font at `path` has a glyph for, found as graphics.glyphs does."""
    import pygame.freetype
    pygame.freetype.init()
    font = pygame.freetype.Font(str(path), 16)
    points = [c for c in range(0x20, last + 1) if not 0xD800 <= c <= 0xDFFF]
    return [c for c, metrics in zip(points, font.get_metrics("".join(map(chr, points)))) if metrics is not None]


@pytest.mark.parametrize("planes", [2, pytest.param(17, marks=pytest.mark.slow)], ids=lambda n: f"{n} planes")
def test_the_glyph_list_matches_the_bundled_fonts(planes):
    """The glyph file is what graphics.glyphs makes of the fonts: by default over the first two planes of Unicode
    (every script and emoji a name may use), under slow over all seventeen, the file whole."""
    from graphics.glyphs import FONT_DIR, FONT_FILES, text
    if planes == 17:
        assert GLYPHS_FILE.read_text(encoding="utf-8") == text(), "run `python -m graphics.glyphs` after changing a font"
    else:
        last = planes * 0x10000 - 1
        listed = listed_glyphs(last)
        assert list(listed) == list(FONT_FILES)
        for name in FONT_FILES:
            assert listed[name] == drawn_glyphs(FONT_DIR / name, last), \
                f"{name}: run `python -m graphics.glyphs` after changing a font"
    assert set(FONT_FILES) >= set(FONTS.values()) | set(EMOJI_FACES.values()) | {TEXT_FONT, EMOJI_FONT}
    assert all(glyphs()[name] == glyphs()[EMOJI_FONT] for name in EMOJI_FACES.values()), \
        "every weight of the emoji font draws what the name rule allows"


@pytest.fixture
def assets():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield Assets()


def notdef(font: pygame.font.Font) -> bytes:
    """Returns the pixels of the empty box a font draws for a character it lacks."""
    return pygame.image.tobytes(font.render("\U0010fffd", True, (0, 0, 0)), "RGBA")


@pytest.mark.parametrize("face", sorted(FONTS))
def test_every_allowed_name_draws_without_an_empty_box(assets, face):
    assert_drawn_without_a_box(assets, face, ALLOWED + [kept for _, kept, _, _ in CASES.values()])


def assert_drawn_without_a_box(assets, face, names):
    """Asserts that each name is drawn in runs by fonts that have each of its characters, no cluster of it an
    empty box, and drawn as wide as measured."""
    font = assets.font(24, face)
    boxes = {}
    for name in names:
        for run_font, part in font.runs(name):
            file = assets._opened[id(run_font)][0]
            assert all(ord(ch) in glyphs()[file] for ch in part), (face, name, part, file)
            box = boxes.setdefault(id(run_font), notdef(run_font))
            for cluster in graphemes(part):
                if cluster.strip():
                    picture = pygame.image.tobytes(run_font.render(cluster, True, (0, 0, 0)), "RGBA")
                    assert picture != box, f"{cluster!r} of {name!r} is an empty box in {face} ({file})"
        surface = font.render(name, True, (0, 0, 0))
        assert surface.get_width() == font.size(name)[0], "drawn and measured widths differ"


def test_a_joined_emoji_is_one_picture_from_the_emoji_font_and_the_text_font_alone_would_draw_a_box(assets):
    font = assets.font(24, "body")
    emoji = assets._file(font.emoji[0], 24)
    assert font.runs(CODER) == ((emoji, CODER),)
    assert font.size(CODER)[0] == emoji.size(CODER)[0] < emoji.size("👩💻")[0]
    assert pygame.image.tobytes(font.main.render("👩", True, (0, 0, 0)), "RGBA") == notdef(font.main)
    assert font.runs("Ada") == ((font.main, "Ada"),) and font.runs("Zoé") == ((font.main, "Zoé"),)


def setup_driver(tmp_path, shots=None, players=2, game="scrimish", size=(1280, 720)):
    driver = Driver(tmp_path, shots, size=size)
    driver.app.reset(MenuScene(driver.app))
    driver.app.push_scene("setup", game=registry.get(game), players=players)
    driver.frames(1)
    return driver


@pytest.mark.parametrize("case", sorted(CASES), ids=plain)
def test_the_setup_field_cleans_what_is_typed_and_says_what_it_left_out(tmp_path, case):
    text, kept, said, _ = CASES[case]
    driver = setup_driver(tmp_path)
    field = driver.scene.names[0]
    driver.click(field.rect)
    driver.type_text(text)
    assert field.text == kept
    assert driver.scene.name_note() == (f"Seat 1: {said}" if said else "")
    driver.key(pygame.K_RETURN)
    assert driver.scene.seats()[0].name == (kept or "Player 1") and name_problem(driver.scene.seats()[0].name) is None
    driver.close()


def test_a_paste_is_cleaned_too_and_backspace_takes_back_a_whole_emoji(tmp_path, monkeypatch):
    driver = setup_driver(tmp_path)
    field = driver.scene.names[0]
    driver.click(field.rect)
    monkeypatch.setattr("graphics.widgets.clipboard", lambda: f"Zo{RTL}é\n{CODER}")
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert field.text == f"Zoé {CODER}"
    assert driver.scene.name_note() == "Seat 1: Left out an invisible right-to-left mark."
    driver.key(pygame.K_BACKSPACE)
    assert field.text == "Zoé "
    driver.key(pygame.K_RETURN)
    assert driver.scene.seats()[0].name == "Zoé"
    driver.click(field.rect)
    assert driver.scene.name_note() == "", "a note stays until the field is clicked into again"
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_note_is_under_the_seats_inside_their_panel_at_the_biggest_table(tmp_path, size):
    driver = setup_driver(tmp_path, f"names-note-{size[0]}", players=8, game="stumped", size=size)
    setup = driver.scene
    field = setup.names[7]
    driver.click(field.rect)
    driver.type_text(f"Zo{RTL}e {CODER}" + "x" * 20)
    driver.frames(2)
    assert setup.name_note() == "Seat 8: A name holds at most 16 letters or emoji." or "Left out" in setup.name_note()
    panel, note = table_layout().rect("setup.seats"), setup.note_rect
    assert panel.contains(note)
    cells = [f.rect for f in setup.names[:8]] + [b.rect for b in setup.seat_buttons] + [b.rect for b in setup.nav]
    assert not any(note.colliderect(cell) for cell in cells), "the note covers a seat or a button"
    paint = driver.app.painter()
    said = [case[2] for case in CASES.values() if case[2]] + [typed(f"a{chr(c)}")[1] for c in INVISIBLE]
    assert [text for text in said if paint.fit(f"Seat 8: {text}", note, "small", "bold").cut] == []
    driver.close()


def test_a_name_typed_at_setup_plays_autosaves_and_continue_loads_it(tmp_path):
    driver = setup_driver(tmp_path, "names-round-trip")
    setup = driver.scene
    driver.click(setup.names[0].rect)
    driver.type_text(f"Zo{RTL}e\u0301 {CODER}{ZWSP}")
    assert setup.name_note() != ""
    driver.key(pygame.K_RETURN)
    name = f"Zoé {CODER}"
    driver.click(driver.button("Start").rect)
    play = driver.app.stack[-1] if driver.scene.name != "play" else driver.scene
    bot, moves = CasualBot(), 0
    for _ in range(400):
        if driver.scene.name == "handoff":
            driver.click((0, 0, 1920, 1080))
        elif driver.scene.name == "play" and driver.step_as_people(driver.scene, bot, 3) is not None:
            moves += 1
            if moves == 6:
                break
    play = driver.app.stack[1]
    assert moves == 6 and play.match.seats[0].name == name
    history = len(play.match.history)
    driver.close()

    again = Driver(tmp_path, None)
    again.app.reset(MenuScene(again.app))
    again.frames(2)
    assert again.button("Continue").enabled, "the app refused its own autosave"
    again.click(again.button("Continue").rect)
    resumed = again.app.stack[1]
    assert resumed.match.seats[0].name == name and len(resumed.match.history) == history
    again.close()


def test_a_right_to_left_name_is_laid_out_right_to_left_in_its_place(assets):
    font = assets.font(24, "body")
    reference = pygame.font.Font(str(assets.root / "fonts" / FONTS["body"]), 24)
    left_to_right = pygame.image.tobytes(reference.render("דנה", True, (0, 0, 0)), "RGBA")
    reference.set_direction(pygame.DIRECTION_RTL)
    right_to_left = pygame.image.tobytes(reference.render("דנה", True, (0, 0, 0)), "RGBA")
    assert left_to_right != right_to_left
    twin = assets._file(FONTS["body"], 24, rtl=True, code="Hebr")
    assert font.runs("דנה") == ((twin, "דנה"),)
    assert pygame.image.tobytes(twin.render("דנה", True, (0, 0, 0)), "RGBA") == right_to_left
    assert [part for _, part in font.runs("Dana דנה: 3 cards")] == ["Dana ", "דנה", ": 3 cards"]
    assert font.runs("Dana")[0][0] is font.main


@pytest.mark.parametrize("name", [CODER * 9, "🇫🇷" * 12, "Zoe\u0301" * 5, "👍🏽" * 10])
def test_a_name_cut_to_fit_never_splits_a_letter_or_an_emoji(assets, name):
    from graphics.kit.text import ELLIPSIS, ellipsize, wrap
    font = assets.font(24, "bold")
    whole = set(graphemes(name))
    for width in range(20, font.size(name)[0], 17):
        shown = ellipsize(font, name, width)
        assert set(graphemes(shown.removesuffix(ELLIPSIS))) <= whole, shown
        assert all(set(graphemes(line)) <= whole for line in wrap(font, name, width, break_words=True))


def test_a_match_cannot_be_made_with_a_name_its_save_would_refuse():
    from games.core.match import Match, Seat
    from games.scrimish import GAME
    with pytest.raises(ValueError, match="The name of seat 2 is not allowed. It holds an invisible right-to-left mark."):
        Match(GAME, [Seat("Ada", "orange"), Seat(f"Bo{RTL}", "sky")], {}, 1)
    assert Match(GAME, [Seat(CODER, "orange"), Seat("Zoe\u0301", "sky")], {}, 1).seats[0].name == CODER
