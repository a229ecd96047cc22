#!/usr/bin/env python3
"""Makes Feedshot's Japanese and Traditional Chinese faces from Noto Sans CJK.

An iPhone draws the Chinese characters that Chinese and Japanese share (Unicode unifies them) in
the forms of the app's language: Hiragino Sans (Japanese forms) for Japanese, PingFang TC
(Traditional Chinese forms) for Traditional Chinese, PingFang SC (Simplified Chinese forms)
otherwise. Feedshot's one Chinese, Japanese and Korean face until December 2026, WenQuanYi Micro
Hei, has Simplified Chinese forms (直, 骨, 写, 今, 令 and 述 are drawn differently in Japan, in
Taiwan and in mainland China). This script copies the Japanese and the Traditional Chinese faces
of Debian's Noto Sans CJK (fonts-noto-cjk 1:20220127, Noto Sans CJK 2.004, SIL OFL 1.1) with:

  * only the characters the language writes. Japanese: JIS X 0208 and JIS X 0213 (both planes:
    about 10,000 kanji, every kana, the Japanese punctuation and symbols). Traditional Chinese:
    Big5 (Microsoft's code page 950: 13,000 hanzi, bopomofo, punctuation) and GB 2312 (the
    simplified characters a Traditional Chinese text may quote, which PingFang TC draws too).
    Both: the CJK symbols and punctuation, kana and full- and half-width forms blocks. A
    character beyond these falls back to WenQuanYi Micro Hei;
  * of the OpenType features, only `ccmp` (a kana and its voicing mark composed). Left out: the
    faces' `kern`, which narrows pairs of full-width kana and punctuation (って by 0.05 em, す。 by
    0.1 em) where WenQuanYi Micro Hei, which drew these texts before, sets every full-width
    character a full em, so Japanese lines would have held more and wrapped elsewhere; their
    `locl` (other languages' forms: each face's own are its language's already); and the
    vertical features, with the glyphs only those reach;
  * no hints (Feedshot draws unhinted);
  * the em rescaled from 1000 to 2048 units and WenQuanYi Micro Hei's vertical metrics (hhea, OS/2
    typo and win, read from fonts/wqy-microhei.ttc), so that a line is exactly as tall as before:
    only the glyphs' forms change. Noto's own (ascender 1.16, descender 0.288 em) would make a
    15-point line 22 points tall instead of 18, and what an iPhone's Hiragino Sans or PingFang TC
    gives is not known here (docs/heights.md, "Lines in more than one font");
  * the family renamed "Feedshot Noto Sans JP" or "Feedshot Noto Sans TC" (the OFL's Reserved
    Font Name is "Source"; a new name still keeps a modified subset from passing for Noto Sans
    CJK, and from colliding with a full copy a user adds with --font-dir).

Usage: scripts/make-cjk-fonts.py NOTO-DIR [OUTPUT-DIR]   (needs fontTools)
NOTO-DIR holds NotoSansCJK-Regular.ttc and NotoSansCJK-Bold.ttc, e.g.
  apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
  scripts/make-cjk-fonts.py noto/usr/share/fonts/opentype/noto
OUTPUT-DIR defaults to fonts/. The output is committed in fonts/; run again only to remake it.
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.scaleUpem import scale_upem

UNITS_PER_EM = 2048
MATRIX = [1 / UNITS_PER_EM, 0, 0, 1 / UNITS_PER_EM, 0, 0]
FEATURES = ["ccmp"]
SHARED_BLOCKS = [
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0xFF00, 0xFF9F),  # Halfwidth and Fullwidth Forms: full-width ASCII, half-width katakana
    (0xFFE0, 0xFFEF),  # and the full- and half-width signs (not the half-width Hangul between)
]
WEIGHTS = ["Regular", "Bold"]


def decoded(codec, leads, trails, prefixes=(b"",)):
    """Every character `codec` decodes from a prefix, a lead byte and a trail byte."""
    characters = set()
    for prefix in prefixes:
        for lead in leads:
            for trail in trails:
                try:
                    characters.update((prefix + bytes([lead, trail])).decode(codec))
                except UnicodeDecodeError:
                    pass
    return characters


def japanese():
    """JIS X 0208 and 0213 (EUC-JIS-2004: plane 1 in two bytes, plane 2 after 0x8F)."""
    return decoded("euc_jis_2004", range(0xA1, 0xFF), range(0xA1, 0xFF), prefixes=(b"", b"\x8f"))


def traditional_chinese():
    """Big5 (code page 950) and GB 2312."""
    big5 = decoded("cp950", range(0x81, 0xFF), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
    gb2312 = decoded("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
    return big5 | gb2312 | {chr(code) for code in range(0x3100, 0x3130)} | {chr(code) for code in range(0x31A0, 0x31C0)}  # bopomofo


# Each face: the collection's face index (NotoSansCJK-*.ttc: JP, KR, SC, TC, HK, then the Mono
# faces), the source's name and the characters.
FACES = {
    "JP": (0, "Noto Sans CJK JP", japanese),
    "TC": (3, "Noto Sans CJK TC", traditional_chinese),
}


def characters(of):
    """The code points of `of()` and of the blocks every face has."""
    found = of() | {chr(code) for low, high in SHARED_BLOCKS for code in range(low, high + 1)}
    return sorted(ord(character) for character in found)


def vertical_metrics(path):
    """WenQuanYi Micro Hei's vertical metrics, in its 2048-unit em."""
    font = TTCollection(path).fonts[0]
    assert font["head"].unitsPerEm == UNITS_PER_EM
    hhea, os2 = font["hhea"], font["OS/2"]
    return {
        "hhea": (hhea.ascent, hhea.descent, hhea.lineGap),
        "typo": (os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap),
        "win": (os2.usWinAscent, os2.usWinDescent),
        "useTypo": bool(os2.fsSelection & (1 << 7)),
    }


def rename(font, family, source, weight):
    postscript = f"{family.replace(' ', '')}-{weight}"
    names = font["name"]
    for name_id in (16, 17, 21, 22):
        names.removeNames(nameID=name_id)
    full = family if weight == "Regular" else f"{family} {weight}"
    for name_id, value in ((1, family), (2, weight), (3, f"{postscript};Feedshot"), (4, full), (6, postscript)):
        names.removeNames(nameID=name_id)
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)
    names.removeNames(nameID=5)
    names.setName(
        f"Version 2.004; modified by Feedshot (scripts/make-cjk-fonts.py) from {source} 2.004: subset, em rescaled to 2048 units, "
        "WenQuanYi Micro Hei's vertical metrics, renamed.",
        5, 3, 1, 0x409)
    cff = font["CFF "].cff
    cff.fontNames = [postscript]
    top = cff.topDictIndex[0]
    top.FamilyName, top.FullName = family, full
    # A CID-keyed font names each of its sub-fonts too ("NotoSansCJKjp-Regular-Alphabetic").
    for sub in getattr(top, "FDArray", []):
        if hasattr(sub, "FontName"):
            sub.FontName = f"{postscript}-{sub.FontName.split('-')[-1]}"


def make(source, index, source_name, family, weight, target, metrics, wanted):
    font = TTFont(source, fontNumber=index, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = FEATURES
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    # scale_upem divides the CFF's FontMatrix in place. Noto's top dict has none of its own, so
    # fontTools hands out its class-wide default list [0.001, …]: the default itself was scaled
    # (to 1/2048, then 1/4194 for the next face), and a matrix that is the default is not
    # written, so no face had one. FreeType sizes glyphs by the head table's em and drew them
    # right; a PDF embeds the bare CFF, whose readers scale by its matrix (1/1000 without one),
    # and drew every glyph 2.048 times too big. A list of its own keeps the default intact.
    top = font["CFF "].cff.topDictIndex[0]
    top.FontMatrix = list(top.FontMatrix)
    scale_upem(font, UNITS_PER_EM)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = metrics["hhea"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = metrics["typo"]
    os2.usWinAscent, os2.usWinDescent = metrics["win"]
    if metrics["useTypo"]:
        os2.fsSelection |= 1 << 7
    else:
        os2.fsSelection &= ~(1 << 7)
    rename(font, family, source_name, weight)
    font.save(target)
    assert TTFont(target)["CFF "].cff.topDictIndex[0].rawDict.get("FontMatrix") == MATRIX, target


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    noto = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    output = sys.argv[2] if len(sys.argv) == 3 else os.path.join(here, "..", "fonts")
    metrics = vertical_metrics(os.path.join(here, "..", "fonts", "wqy-microhei.ttc"))
    os.makedirs(output, exist_ok=True)
    for suffix, (index, source_name, of) in FACES.items():
        wanted = characters(of)
        family = f"Feedshot Noto Sans {suffix}"
        for weight in WEIGHTS:
            target = os.path.join(output, f"FeedshotNotoSans{suffix}-{weight}.otf")
            make(os.path.join(noto, f"NotoSansCJK-{weight}.ttc"), index, source_name, family, weight, target, metrics, wanted)
            mapped = len(TTFont(target, lazy=True).getBestCmap())
            print(f"{target}: {os.path.getsize(target):,} bytes, {mapped:,} of the {len(wanted):,} characters asked for")


if __name__ == "__main__":
    main()
