"""Names in the world's common scripts (issue 29, "a table can type any name"): Chinese, Japanese, Korean,
the Indic scripts and Sinhala, Thai, Burmese, Khmer, Amharic, Arabic and Persian (with the non-joiner written
inside its words) and Hebrew are allowed by the name rule, survive a save, and are drawn by a bundled font
without an empty box and shaped as their script (Arabic letters joined, Indic conjuncts and vowel signs
placed); what no bundled font draws is refused with its message; the fonts of other scripts are opened only
when a text needs them."""
import unicodedata

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.match import Match, Seat
from games.core.names import FALLBACKS, ZWJ, ZWNJ, clean_name, clusters, name_problem, script, typed
from games.core.saves import valid_name
from games.scrimish import GAME
from graphics.assets import FONTS, Assets
from tests.test_names import JOINER_PROBLEM, JOINER_SAID, assert_drawn_without_a_box

NAMES = {  # script -> names a table types
    "Chinese": ["王小明", "李娜", "張偉", "欧阳娜娜"],
    "Japanese": ["さくら", "佐藤 健", "タナカ", "山田花子"],
    "Korean": ["김민준", "이서연", "박지훈"],
    "Hindi": ["अनन्या", "क्षत्रिय", "श्रीनिवास", "प्रिया"],
    "Marathi (eyelash ra)": ["र्\u200dया"],
    "Bengali": ["সৌমিত্র", "অনন্যা"],
    "Punjabi": ["ਗੁਰਪ੍ਰੀਤ"],
    "Gujarati": ["ગીતા"],
    "Odia": ["ଅନନ୍ୟା"],
    "Tamil": ["கார்த்திக்", "முருகன்"],
    "Telugu": ["అనన్య"],
    "Kannada": ["ಅನನ್ಯ"],
    "Malayalam": ["അനന്യ", "കൃഷ്ണ"],
    "Sinhala": ["අනන්\u200dයා", "ශ්\u200dරී"],
    "Thai": ["สมชาย", "ณัฐวุฒิ"],
    "Burmese": ["အောင်ဆန်း", "ကြည်"],
    "Khmer": ["សុខា", "ស្រីមុំ"],
    "Amharic": ["አበበ ቢቂላ"],
    "Arabic": ["سارا", "محمد"],
    "Persian": [f"می{ZWNJ}خواهم", f"مهر{ZWNJ}آسا"],
    "Hebrew": ["דנה"],
    "Mixed": ["Ana अनन्या", "Li 王", "Zoé 👩\u200d💻 さくら"],
}
ALL = [name for names in NAMES.values() for name in names]
SHAPED = {  # a name whose script changes its letters' shapes -> its script (drawn unshaped, it reads wrong)
    "سارا": "Arab", "क्षत्रिय": "Deva", "அனன்யா": "Taml", "অনন্যা": "Beng", "ಅನನ್ಯ": "Knda",
    "අනන්\u200dයා": "Sinh", "ကြည်": "Mymr", "ស្រីមុំ": "Khmr",
}


@pytest.mark.parametrize("name", ALL)
def test_a_name_in_each_script_is_allowed_as_it_stands(name):
    assert name_problem(name) is None, name_problem(name)
    assert clean_name(name) == unicodedata.normalize("NFC", name) and typed(name) == (name, "")
    assert valid_name(name)


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_names_in_each_script_survive_a_save(tmp_path, kind):
    names = (NAMES[kind] * 2)[:2]
    match = Match(GAME, [Seat(names[0], "orange"), Seat(names[1], "sky")], {}, 1)
    match.save(tmp_path / "save.json")
    assert [seat.name for seat in Match.load(tmp_path / "save.json").seats] == names


@pytest.fixture(scope="module")
def assets():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield Assets()


@pytest.mark.parametrize("face", sorted(FONTS))
def test_every_script_is_drawn_without_an_empty_box(assets, face):
    assert_drawn_without_a_box(assets, face, ALL)


@pytest.mark.parametrize("name", sorted(SHAPED))
def test_each_run_is_shaped_as_its_script(assets, name):
    font = assets.font(24, "body")
    (run_font, part), = font.runs(name)
    file, px = assets._opened[id(run_font)]
    assert part == name and file in FALLBACKS
    plain = pygame.font.Font(str(assets.root / "fonts" / file), px)  # the same font, not told the script
    plain.set_direction(pygame.DIRECTION_RTL if SHAPED[name] == "Arab" else pygame.DIRECTION_LTR)
    shaped = pygame.font.Font(str(assets.root / "fonts" / file), px)
    shaped.set_direction(pygame.DIRECTION_RTL if SHAPED[name] == "Arab" else pygame.DIRECTION_LTR)
    shaped.set_script(SHAPED[name])
    drawn = pygame.image.tobytes(run_font.render(name, True, (0, 0, 0)), "RGBA")
    assert font.size(name)[0] == shaped.size(name)[0] == font.render(name, True, (0, 0, 0)).get_width()
    assert drawn == pygame.image.tobytes(shaped.render(name, True, (0, 0, 0)), "RGBA")
    assert drawn != pygame.image.tobytes(plain.render(name, True, (0, 0, 0)), "RGBA"), "no shaping to check"


def test_arabic_letters_are_joined():
    pygame.init()
    font = Assets().font(32, "body")
    letters = sum(font.size(ch)[0] for ch in "سارا")
    assert font.size("سارا")[0] < letters - 8, "the letters were drawn apart, each in its own shape"


# what is typed -> (the name kept, the message at the field)
JOINER_CASES = {
    "non-joiner inside a Persian word": (f"می{ZWNJ}خواهم", f"می{ZWNJ}خواهم", ""),
    "joiner after a Devanagari virama": (f"क्{ZWJ}ष", f"क्{ZWJ}ष", ""),
    "non-joiner between Bengali letters": (f"ক্{ZWNJ}ষ", f"ক্{ZWNJ}ষ", ""),
    "non-joiner between Latin letters": (f"a{ZWNJ}b", "ab", JOINER_SAID),
    "joiner between two scripts": (f"क{ZWNJ}A", "कA", JOINER_SAID),
    "non-joiner at the start": (f"{ZWNJ}می", "می", JOINER_SAID),
    "non-joiner after a Thai letter": (f"ส{ZWNJ}ม", "สม", JOINER_SAID),
}


@pytest.mark.parametrize("case", sorted(JOINER_CASES))
def test_a_joiner_is_kept_only_inside_a_word_of_a_script_that_writes_it(case):
    text, kept, said = JOINER_CASES[case]
    assert typed(text) == (kept, said)
    assert name_problem(text) == (JOINER_PROBLEM if said else None)
    assert clean_name(text) == kept and name_problem(kept) is None


def test_a_non_joiner_being_typed_waits_for_the_next_letter_and_counts_as_nothing():
    assert typed(f"می{ZWNJ}") == (f"می{ZWNJ}", "")
    assert clean_name(f"می{ZWNJ}") == "می" and name_problem(f"می{ZWNJ}") == JOINER_PROBLEM
    assert len(clusters(f"می{ZWNJ}خواهم")) == len(clusters("میخواهم")) == 7


def test_a_name_cut_to_length_after_a_non_joiner_drops_the_joiner_left_at_the_cut():
    """Found by the property below: the non-joiner waited for a letter the length limit cut off."""
    text = "A" * 15 + f"خ{ZWNJ}خ"
    assert clean_name(text) == "A" * 15 + "خ" and name_problem(clean_name(text)) is None


REFUSED = {  # what no bundled font draws -> the code point said
    "Tibetan": ("ཀརྨ", "U+0F40"),
    "Syriac": ("ܫܠܡ", "U+072B"),
    "Javanese": ("ꦲꦤ", "U+A9B2"),
    "Cherokee": ("Ꭰ", "U+13A0"),
    "a hangul syllable outside KS X 1001": ("똠", "U+B620"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_script_no_bundled_font_draws_is_refused_saying_so(case):
    text, point = REFUSED[case]
    assert typed(text)[1] == f"Left out a character the game can't draw ({point})."
    assert name_problem(text) == f"It holds a character the game can't draw ({point})."
    assert not valid_name(text)


def test_the_fonts_of_other_scripts_are_opened_only_when_a_text_needs_them():
    pygame.init()
    assets = Assets()
    font = assets.font(24, "body")
    assert [key[0] for key in assets._files] == [FONTS["body"]]
    font.render("Ada Zoé", True, (0, 0, 0))
    assert [key[0] for key in assets._files] == [FONTS["body"]]
    font.render("अनन्या", True, (0, 0, 0))
    assert [key[0] for key in assets._files] == [FONTS["body"], "NotoSansDevanagari-Regular.ttf"]


def test_each_script_font_draws_its_own_script():
    assert all(script(ch) is None for ch in "Ada Zoé 王さ김 1-2")
    assert [script(ch) for ch in "سअสדক"] == ["Arab", "Deva", "Thai", "Hebr", "Beng"]


@pytest.mark.parametrize("name", ["अनन्या", "王小明", "김민준", "สมชาย"])
def test_a_name_in_a_bold_face_is_drawn_bold_though_its_script_font_has_one_weight(assets, name):
    (body, _), = assets.font(24, "body").runs(name)
    for face in ("bold", "title"):
        (bold, _), = assets.font(24, face).runs(name)
        assert assets._opened[id(bold)] == assets._opened[id(body)] and bold.get_bold() and not body.get_bold()
        assert bold.size(name)[0] > body.size(name)[0]


def test_a_title_falls_back_to_the_bold_text_font_for_arabic():
    pygame.init()
    assets = Assets()
    (run_font, _), = assets.font(24, "title").runs("سارا")
    assert assets._opened[id(run_font)][0] == FONTS["bold"]


SCRIPT_ODD = st.text(st.sampled_from([ZWJ, ZWNJ, "क", "्", "ि", "ष", "ی", "خ", "ส", "ั", "王", "김", "A", " ", "👩", "💻",
                                      "\u0301", "\u200f"]), max_size=30)


@settings(max_examples=400, deadline=None)
@given(SCRIPT_ODD)
def test_whatever_is_typed_in_these_scripts_the_name_kept_is_a_name_and_stable(text):
    name = clean_name(text)
    assert name == "" or name_problem(name) is None, (text, name, name_problem(name))
    assert clean_name(name) == name and typed(name) == (name, "")
    parts = clusters(name)
    for i, part in enumerate(parts):  # a joiner outside an emoji stands between two letters of one script
        if ZWNJ in part or ZWJ in part and unicodedata.category(part[0]) != "So":
            assert part[-1] in (ZWJ, ZWNJ) and i + 1 < len(parts), (name, part)
            assert script(part[0]) == script(parts[i + 1][0]) is not None, (name, part)


def test_a_joiner_before_a_sign_is_left_out_and_an_accent_on_a_space_too():
    assert typed(f"क{ZWNJ}ि") == ("कि", JOINER_SAID)
    assert typed("Al \u0301") == ("Al ", "Left out an accent with no letter under it.")
    assert clean_name(" \u0301Ann") == "Ann"
    assert name_problem(" \u0301") == "It holds an accent with no letter under it."


def test_every_bundled_font_is_in_the_glyph_list_and_has_its_licence_beside_it():
    from graphics.glyphs import FONT_DIR, FONT_FILES
    files = sorted(p.name for p in FONT_DIR.iterdir() if p.suffix in (".ttf", ".otf"))
    assert sorted(FONT_FILES) == files
    licences = {"DejaVu": "LICENSE-DejaVu.txt", "NotoEmoji": "LICENSE-NotoEmoji.txt",  # file name -> its licence
                "NotoSansKR": "LICENSE-NotoSansKR.txt", "DroidSans": "LICENSE-DroidSansFallback.txt",
                "NotoSans": "LICENSE-NotoSansScripts.txt"}
    for name in files:
        licence = next(text for prefix, text in licences.items() if name.startswith(prefix))
        assert (FONT_DIR / licence).is_file(), f"{name} has no licence beside it"
    for name in FALLBACKS[1:-2]:  # each script's own Noto Sans font is named in the licence file
        family = name.removeprefix("NotoSans").removesuffix("-Regular.ttf")
        assert family in (FONT_DIR / "LICENSE-NotoSansScripts.txt").read_text(encoding="utf-8"), name
