"""Makes NotoSansKR-Hangul.otf: the Korean letters of Noto Sans CJK KR Regular (Debian's fonts-noto-cjk,
NotoSansCJK-Regular.ttc), cut to what Korean names are written in: the 2,350 hangul syllables of KS X 1001,
the compatibility jamo and the halfwidth ones. Droid Sans Fallback (Chinese and Japanese) lacks hangul.

    python graphics/assets/fonts/subset_korean.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

Needs fontTools (requirements-dev.txt); then run `python -m graphics.glyphs`.
"""
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

OUT = Path(__file__).resolve().parent / "NotoSansKR-Hangul.otf"


def ks_x_1001_hangul() -> list[int]:
    """Returns the hangul syllables of KS X 1001 (rows 16-40 of EUC-KR)."""
    points = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                points.append(ord(bytes((lead, trail)).decode("euc_kr")))
            except UnicodeDecodeError:
                pass
    return points


def main(collection: str) -> None:
    fonts = TTCollection(collection).fonts
    font = next(f for f in fonts if f["name"].getDebugName(1) == "Noto Sans CJK KR")
    wanted = ks_x_1001_hangul() + list(range(0x3131, 0x318F)) + list(range(0xFFA0, 0xFFDD)) + [0x20, 0x200C, 0x200D]
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    font.save(OUT)
    sys.stdout.write(f"wrote {OUT} ({OUT.stat().st_size} bytes, {len(wanted)} characters)\n")


if __name__ == "__main__":
    main(sys.argv[1])
