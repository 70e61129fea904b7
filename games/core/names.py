"""Seat names: one rule for what a name may hold, used by the setup screen, save files and records.

A name is made canonical (Unicode NFC) and holds only what can be seen and drawn: no control or
invisible characters (right-to-left marks, zero-width spaces, byte-order marks, direction overrides...)
except the joiners, variation selectors, skin tones, keycaps and tags that a drawn emoji is made of, and
the joiner and non-joiner between two letters of a word in Arabic, an Indic script, Sinhala, Burmese or
Khmer (Persian writes the non-joiner inside words);
plain spaces only; nothing private-use, unassigned or broken (a lone surrogate); nothing the bundled
fonts cannot draw (data/table/glyphs.txt lists what they draw, so what is allowed is what is drawn);
at most NAME_LENGTH letters or emoji as a player sees them (grapheme clusters: "👩‍💻" is one).

`typed` cleans what is being typed at a name field and says what it left out; `clean_name` also
trims; `name_problem` says in one line why a string is not a name (None if it is one).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from kitchen_table.paths import DATA_ROOT

NAME_LENGTH = 16  # letters or emoji, as a player sees them
MARKS = 3  # accents on one letter (more stack up past the line)
JOINED = 4  # emoji joined into one (a family of four is the most Unicode names)
MOST = 256  # characters a name's text may hold before it is looked at (16 of the longest emoji)
TAGS = 7  # tag characters after a black flag (a region's flag, such as Scotland's)
GLYPHS_FILE = DATA_ROOT / "table" / "glyphs.txt"
TEXT_FONT = "DejaVuSans.ttf"  # the font every face falls back to for a character it lacks
EMOJI_FONT = "NotoEmoji-Regular.ttf"  # an emoji is drawn by this one
SCRIPTS = (  # (first, last code point, ISO 15924 code) of the scripts whose letters are shaped together
    (0x0590, 0x05FF, "Hebr"), (0x0600, 0x06FF, "Arab"), (0x0750, 0x077F, "Arab"), (0x08A0, 0x08FF, "Arab"),
    (0x0900, 0x097F, "Deva"), (0x0980, 0x09FF, "Beng"), (0x0A00, 0x0A7F, "Guru"), (0x0A80, 0x0AFF, "Gujr"),
    (0x0B00, 0x0B7F, "Orya"), (0x0B80, 0x0BFF, "Taml"), (0x0C00, 0x0C7F, "Telu"), (0x0C80, 0x0CFF, "Knda"),
    (0x0D00, 0x0D7F, "Mlym"), (0x0D80, 0x0DFF, "Sinh"), (0x0E00, 0x0E7F, "Thai"), (0x0E80, 0x0EFF, "Laoo"),
    (0x1000, 0x109F, "Mymr"), (0x1200, 0x139F, "Ethi"), (0x1780, 0x17FF, "Khmr"), (0x19E0, 0x19FF, "Khmr"),
    (0x2D80, 0x2DDF, "Ethi"), (0xA9E0, 0xA9FF, "Mymr"), (0xAA60, 0xAA7F, "Mymr"), (0xAB00, 0xAB2F, "Ethi"),
    (0xFB1D, 0xFB4F, "Hebr"), (0xFB50, 0xFDFF, "Arab"), (0xFE70, 0xFEFC, "Arab"))
SCRIPT_FONTS = {  # script -> the font that draws its letters (DejaVu Sans draws Hebrew, Arabic and Lao)
    "Deva": "NotoSansDevanagari-Regular.ttf", "Beng": "NotoSansBengali-Regular.ttf",
    "Guru": "NotoSansGurmukhi-Regular.ttf", "Gujr": "NotoSansGujarati-Regular.ttf", "Orya": "NotoSansOriya-Regular.ttf",
    "Taml": "NotoSansTamil-Regular.ttf", "Telu": "NotoSansTelugu-Regular.ttf", "Knda": "NotoSansKannada-Regular.ttf",
    "Mlym": "NotoSansMalayalam-Regular.ttf", "Sinh": "NotoSansSinhala-Regular.ttf", "Thai": "NotoSansThai-Regular.ttf",
    "Mymr": "NotoSansMyanmar-Regular.ttf", "Ethi": "NotoSansEthiopic-Regular.ttf", "Khmr": "NotoSansKhmer-Regular.ttf"}
JOINING = frozenset({"Arab", "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Mymr",
                     "Khmr"})  # scripts
# whose words may hold an invisible joiner or non-joiner (Persian writes the non-joiner inside words)
CJK_FONTS = ("DroidSansFallbackFull.ttf", "NotoSansKR-Hangul.otf")  # Chinese and Japanese; Korean
FALLBACKS = (TEXT_FONT, *SCRIPT_FONTS.values(), *CJK_FONTS)  # in this order

ZWJ = "\u200d"
ZWNJ = "\u200c"
JOINERS = (ZWJ, ZWNJ)
KEYCAP = "\u20e3"
BLACK_FLAG = "\U0001F3F4"
BREAKS = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029")


@dataclass(frozen=True)
class Note:
    """Something a name could not keep: said at the name field, and as the reason a name is refused."""

    field: str  # "Left out an invisible right-to-left mark."
    problem: str  # "It holds an invisible right-to-left mark."


def _left_out(thing: str, why: str = "") -> Note:
    why = f" ({why})" if why else ""
    return Note(f"Left out {thing}{why}.", f"It holds {thing}{why}.")


SPACES = Note("Made a tab, line break or unusual space a plain space.",
              "It holds a tab, line break or unusual space (a name has plain spaces only).")
CONTROL = _left_out("an invisible control character")
SURROGATE = _left_out("a broken character", "a lone surrogate")
LONG = Note(f"A name holds at most {NAME_LENGTH} letters or emoji.",
            f"It is longer than {NAME_LENGTH} letters or emoji.")
ACCENTS = _left_out("an accent", f"one letter takes at most {MARKS}")
LONE_ACCENT = _left_out("an accent with no letter under it")
JOINER = _left_out("an invisible joiner", "nothing here to join")
TAG = _left_out("an invisible tag character", "it only follows a black flag")


def _invisible(ch: str) -> Note:
    return _left_out(f"an invisible {unicodedata.name(ch, 'format character').lower()}")


def _unknown(ch: str, kind: str) -> Note:
    return _left_out(f"{kind} character", f"U+{ord(ch):04X}")


def _undrawable(ch: str) -> Note:  # never shows the character itself: it would be drawn as an empty box
    return _left_out("a character the game can't draw", f"U+{ord(ch):04X}")


@lru_cache(maxsize=1)
def glyphs() -> dict[str, frozenset[int]]:
    """Returns, per bundled font file, the code points it has a glyph for (from data/table/glyphs.txt)."""
    fonts = {}
    for line in GLYPHS_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, *runs = line.split()
        points: set[int] = set()
        for run in runs:
            first, _, last = run.partition("-")
            points.update(range(int(first, 16), int(last or first, 16) + 1))
        fonts[name] = frozenset(points)
    return fonts


def drawable(ch: str) -> bool:
    """Returns whether a bundled font has a glyph for the character."""
    fonts = glyphs()
    return any(ord(ch) in fonts[name] for name in (*FALLBACKS, EMOJI_FONT))


def script(ch: str) -> str | None:
    """Returns the ISO 15924 code of the script a character belongs to, for the scripts that need their
    letters shaped together (joined, reordered or stacked) to be drawn right; else None."""
    point = ord(ch)
    if point < 0x0590 or 0x2DDF < point < 0xA9E0 or point > 0xFEFC:
        return None
    return next((code for first, last, code in SCRIPTS if first <= point <= last), None)


def _joinable(ch: str) -> bool:
    """Returns whether an invisible joiner or non-joiner may stand by `ch` in a word (a letter or sign of a
    script in JOINING; the joiner follows a letter and its signs, and the next letter follows it)."""
    return script(ch) in JOINING and unicodedata.category(ch)[0] in "LM"


def is_emoji(ch: str) -> bool:
    """Returns whether a character is a picture the emoji font draws (not a digit, letter or joiner)."""
    category = unicodedata.category(ch)
    return ord(ch) > 0x7F and ord(ch) in glyphs()[EMOJI_FONT] and category[0] not in "MZ" \
        and (category[0] != "C" or category == "Cn")


def _base(cluster: str) -> str:
    """Returns the last character of a cluster that is not a variation selector or skin tone."""
    for ch in reversed(cluster):
        if not is_selector(ch) and not is_modifier(ch):
            return ch
    return " "


def is_modifier(ch: str) -> bool:
    """Returns whether a character is a skin tone (it colours the emoji before it)."""
    return 0x1F3FB <= ord(ch) <= 0x1F3FF


def is_selector(ch: str) -> bool:
    """Returns whether a character is a variation selector (text or emoji style of the one before)."""
    return 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF


def is_tag(ch: str) -> bool:
    """Returns whether a character is a tag (spelling a region after a black flag)."""
    return 0xE0020 <= ord(ch) <= 0xE007F


def is_regional(ch: str) -> bool:
    """Returns whether a character is a regional indicator (two make a country's flag)."""
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def typed(text: str) -> tuple[str, str]:
    """Returns what is being typed at a name field made a possible name (spaces at its ends kept, so that
    a space can be typed between two words), and what was changed or left out ("" if nothing)."""
    name, notes = _tidy(text, typing=True)
    return name, notes[0].field if notes else ""


def overflows(text: str) -> bool:
    """Returns whether typing `text` at a name field would leave letters or emoji out for length."""
    return LONG in _tidy(text, typing=True)[1]


def clean_name(text: str) -> str:
    """Returns `text` as a name: cleaned as when typed, without spaces at its ends ("" if nothing is left)."""
    return _tidy(text)[0].strip(" ")


def name_problem(text: object) -> str | None:
    """Returns in one line why `text` is not a name as it stands (None if it is one)."""
    if not isinstance(text, str):
        return "It is not text."
    if len(text) > MOST:
        return LONG.problem
    name, notes = _tidy(text)
    if notes:
        return notes[0].problem
    if not name.strip(" "):
        return "It is empty."
    if name != name.strip(" "):
        return "It starts or ends with a space."
    return None


def clusters(text: str) -> list[str]:
    """Returns a name's characters as a player sees them: each letter with its accents, each emoji with
    its joiners, selectors, skin tones, keycap or tags, each flag (its two regional indicators)."""
    return _clusters(text, [], True)


def graphemes(text: str) -> list[str]:
    """Returns any text split, losing nothing, into what a player sees as one letter or emoji (a letter and
    its accents, an emoji and its joiners, joined emoji, selectors, skin tones, keycap or tags, a flag)."""
    parts: list[str] = []
    for ch in text:
        last = parts[-1] if parts else ""
        if last and (unicodedata.category(ch)[0] == "M" or ch in JOINERS or is_tag(ch)
                     or last.endswith(ZWJ) and is_emoji(_base(last[:-1]))
                     or is_modifier(ch) and is_emoji(_base(last))
                     or is_regional(ch) and len(last) == 1 and is_regional(last)):
            parts[-1] += ch
        else:
            parts.append(ch)
    return parts


def _tidy(text: str, typing: bool = False) -> tuple[str, list[Note]]:
    """Returns the name made of `text` and what had to change, in order (`typing`: a joiner at the end
    after an emoji is kept, as the emoji it joins comes next)."""
    notes: list[Note] = []
    kept = []
    if len(text) > MOST:  # a long paste: only its start can be kept
        text = text[:MOST]
        notes.append(LONG)
    for ch in text:
        category = unicodedata.category(ch)
        if ch in BREAKS or category == "Zs" and ch != " ":
            kept.append(" ")
            notes.append(SPACES)
        elif category == "Cc":
            notes.append(CONTROL)
        elif category == "Cs":
            notes.append(SURROGATE)
        elif category == "Co":
            notes.append(_unknown(ch, "a private-use"))
        elif category == "Cn" and not drawable(ch):  # a character newer than this Python may be drawn
            notes.append(_unknown(ch, "an undefined"))
        elif category == "Cf" and ch not in JOINERS and not is_tag(ch):
            notes.append(_invisible(ch))
        else:
            kept.append(ch)
    parts = _clusters(unicodedata.normalize("NFC", "".join(kept)), notes, typing)
    if len(parts) > NAME_LENGTH:
        # split again: a joiner at the cut waited for a letter that is cut off, and now joins nothing
        parts = _clusters("".join(parts[:NAME_LENGTH]), notes, typing)
        if LONG not in notes:
            notes.append(LONG)
    return unicodedata.normalize("NFC", "".join(parts)), notes  # again: what was left out may have parted marks


def _clusters(text: str, notes: list[Note], typing: bool) -> list[str]:
    """Splits NFC text into what a player sees as one letter or emoji, leaving out (with a note) joiners,
    tags and accents that join nothing and characters no bundled font draws (`typing`: see _tidy)."""
    parts: list[str] = []
    marks = joined = 0
    for ch in text:
        last = parts[-1] if parts else ""
        if ch not in JOINERS and not is_tag(ch) and not drawable(ch):
            notes.append(_undrawable(ch))
            continue
        if last.endswith(JOINERS):  # a joiner waits for the emoji it joins, or the letter of its word
            if last[-1] == ZWJ and is_emoji(_base(last[:-1])):
                if is_emoji(ch) and joined < JOINED:
                    parts[-1] += ch
                    joined += 1
                    continue
            elif _joinable(ch) and unicodedata.category(ch)[0] == "L" and script(ch) == script(last[0]):
                last = ""  # the letter after it starts a letter as a player sees it
            if last:
                parts[-1] = last = last[:-1]
                notes.append(JOINER)
        category = unicodedata.category(ch)
        if ch in JOINERS:
            if last and ch == ZWJ and is_emoji(_base(last)) and joined < JOINED or last and _joinable(last[0]):
                parts[-1] += ch
            else:
                notes.append(JOINER)
        elif is_tag(ch):
            if last.startswith(BLACK_FLAG) and len(last) - 1 < TAGS and not last.endswith("\U000E007F") \
                    and all(is_tag(c) for c in last[1:]):
                parts[-1] += ch
            else:
                notes.append(TAG)
        elif category[0] == "M":
            if not last or last.isspace():  # an accent on a space would be left alone when the name is trimmed
                notes.append(LONE_ACCENT)
            elif is_selector(ch) or ch == KEYCAP:
                parts[-1] += ch
            elif marks < MARKS:
                parts[-1] += ch
                marks += 1
            else:
                notes.append(ACCENTS)
        elif is_modifier(ch) and last and is_emoji(_base(last)):
            parts[-1] += ch
        elif is_regional(ch) and len(last) == 1 and is_regional(last):
            parts[-1] += ch
        else:
            parts.append(ch)
            marks, joined = 0, 1
    if parts and parts[-1].endswith(JOINERS) and not typing:
        parts[-1] = parts[-1][:-1]
        notes.append(JOINER)
    return parts
