#!/usr/bin/env python3
"""Makes Feedshot's stand-in for Apple's system font (SF Pro) from Inter.

iOS's system font has, at every size and weight, ascender 1950, descender 494 and line gap 0
per 2048 units of em (hhea and OS/2 typo metrics of SF Pro), so `UIFont.systemFont(ofSize: s)`
has ascender s × 1950/2048, descender s × 494/2048 and lineHeight s × 2444/2048
(docs/conformance/amity.md, "The system font's vertical metrics"). Inter's are 2728 and 680
per 2816 (s × 1.2102). This script copies Inter with:

  * the em rescaled from 2816 to 2048 units (outlines, advances and kerning scaled and rounded
    to whole units), so that SF's metrics are whole units and Pango's line height is exactly
    s × 2444/2048 (in Pango units of 1/1024 pt, s × 1222 for a whole size s);
  * hhea ascender/descender/lineGap = 1950/-494/0, OS/2 typo the same with USE_TYPO_METRICS
    set, OS/2 win ascent/descent 1950/494: every metric source (FreeType, cairo, HarfBuzz)
    gives the same numbers;
  * a `trak` table — the tracking CoreText applies to SF Pro from its own `trak` table, and
    HarfBuzz applies to any font that has one — narrowing Inter's wider letters to SF Pro's
    widths: −98 units (−0.048 em) from 12 points up, none at 11 points and below, linear
    between. Measured on real iPhone renders (docs/fonts-references/: at 12 and 17 points Inter
    was 9 and 11 % wider, −96 to −105 units a letter) and confirmed by the Amity kit's own test
    (AmityExpandableLabelTests: its text is 20 lines at 15 points on an iPhone; 37 with Inter
    untracked, 20 with this table). Below 12 points the references disagree, so nothing is
    applied there;
  * the family renamed "Feedshot Inter" (Inter's OFL names no Reserved Font Name; a new name
    still keeps the modified font from passing for Inter).

Usage: scripts/make-standin-fonts.py SOURCE-DIR [OUTPUT-DIR]   (needs fontTools: pip install fonttools)
SOURCE-DIR holds Inter 3.019's Inter-{Regular,SemiBold,Bold,Italic}.otf (as committed in fonts/ until
the stand-in replaced them: `git show b282d47:fonts/Inter-Regular.otf`); OUTPUT-DIR defaults to fonts/.
The output is committed in fonts/; run again only to remake it.
"""
import os
import sys

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools.ttLib.scaleUpem import scale_upem

UNITS_PER_EM = 2048
ASCENDER = 1950
DESCENDER = 494
LINE_GAP = 0
FAMILY = "Feedshot Inter"
# The normal track's tracking, in units of the 2048-unit em, by point size (see the docstring).
# HarfBuzz extrapolates past the first and last two sizes, so each end is listed twice over.
TRACKING = {6.0: 0, 11.0: 0, 12.0: -98, 96.0: -98}
SOURCES = ["Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf", "Inter-Italic.otf"]


def rename(font, family):
    """Replaces "Inter" with `family` in the naming table and the CFF table's names."""
    postscript = family.replace(" ", "")
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 16, 21):
            record.string = record.toUnicode().replace("Inter", family)
        elif record.nameID == 6:
            record.string = record.toUnicode().replace("Inter", postscript)
    font["name"].setName(
        "Modified by Feedshot (scripts/make-standin-fonts.py) from Inter 3.019: em rescaled to 2048 units, "
        "vertical metrics set to SF Pro's (ascender 1950, descender 494, line gap 0), tracked to SF Pro's widths, renamed.",
        5, 3, 1, 0x409)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [name.replace("Inter", postscript) for name in cff.fontNames]
        top = cff.topDictIndex[0]
        for key in ("FamilyName", "FullName"):
            if hasattr(top, key):
                setattr(top, key, getattr(top, key).replace("Inter", family))


def make(source, target):
    font = TTFont(source, recalcTimestamp=False)
    scale_upem(font, UNITS_PER_EM)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ASCENDER, -DESCENDER, LINE_GAP
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ASCENDER, -DESCENDER, LINE_GAP
    os2.usWinAscent, os2.usWinDescent = ASCENDER, DESCENDER
    os2.fsSelection |= 1 << 7  # USE_TYPO_METRICS
    rename(font, FAMILY)
    track(font)
    font.save(target)


def track(font):
    """Adds the `trak` table: one normal track (value 0) with TRACKING's per-size values."""
    trak = newTable("trak")
    trak.version, trak.format = 1.0, 0
    trak.horizData = TrackData({0.0: TrackTableEntry(TRACKING, nameIndex=font["name"].addName("Normal"))})
    trak.vertData = TrackData()
    font["trak"] = trak


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    source = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fonts")
    for name in SOURCES:
        target = name.replace("Inter-", "FeedshotInter-")
        make(os.path.join(source, name), os.path.join(output, target))
        print(target)


if __name__ == "__main__":
    main()
