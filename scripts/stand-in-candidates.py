#!/usr/bin/python3
"""How close free fonts come to SF Pro's widths on the iPhone references in docs/fonts-references/.

Each reference (a crop of a real iPhone render, with its text, size and weight) is measured by its
ink width; each candidate family draws the same text with Pango and Cairo at the same size, weight
and @3x (no hinting, 72 dpi, as Feedshot draws) and is measured the same way. Prints each
candidate's median error per size. docs/fonts.md ("How far the stand-in's widths are from the
phone's") quotes a run.

Needs Debian's python3-gi, gir1.2-pango-1.0, python3-gi-cairo and python3-pil, and the candidates
installed where fontconfig finds them (fonts-roboto-unhinted, fonts-open-sans, fonts-lato; Feedshot
Inter from fonts/, e.g. copied to ~/.fonts):

    scripts/stand-in-candidates.py "Feedshot Inter" Roboto "Open Sans" Lato "Noto Sans"
"""
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

import cairo
import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402
from PIL import Image  # noqa: E402

REFERENCES = Path(__file__).resolve().parent.parent / "docs" / "fonts-references"


def luminance(p):
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]


def ink_width(image, background, ink):
    """Leftmost to rightmost pixel at least half as far from the background's luminance as the ink's."""
    back = luminance(background)
    half = (back - luminance(ink)) / 2
    pixels = image.load()
    width, height = image.size
    xs = [x for x in range(width) for y in range(height) if back - luminance(pixels[x, y][:3]) >= half]
    return max(xs) - min(xs) + 1


def phone_width(reference):
    image = Image.open(REFERENCES / reference["file"]).convert("RGB")
    background = Counter(image.getdata()).most_common(1)[0][0]
    ink = min(image.getdata(), key=luminance)
    return ink_width(image, background, ink)


def drawn_width(text, family, size, weight):
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 2400, 160)
    cr = cairo.Context(surface)
    cr.set_source_rgb(1, 1, 1)
    cr.paint()
    cr.scale(3, 3)
    layout = PangoCairo.create_layout(cr)
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    PangoCairo.context_set_font_options(layout.get_context(), options)
    PangoCairo.context_set_resolution(layout.get_context(), 72)
    description = Pango.FontDescription.from_string(family)
    description.set_absolute_size(size * Pango.SCALE)
    description.set_weight(Pango.Weight.BOLD if weight == "bold" else Pango.Weight.NORMAL)
    layout.set_font_description(description)
    layout.set_text(text, -1)
    cr.set_source_rgb(0, 0, 0)
    cr.move_to(4, 4)
    PangoCairo.show_layout(cr, layout)
    surface.flush()
    image = Image.frombuffer("RGBA", (2400, 160), bytes(surface.get_data()), "raw", "BGRA", 0, 1).convert("RGB")
    return ink_width(image, (255, 255, 255), (0, 0, 0))


def main(families):
    references = json.loads((REFERENCES / "references.json").read_text())
    phone = [phone_width(reference) for reference in references]
    for family in families:
        errors = {}
        for reference, width in zip(references, phone):
            drawn = drawn_width(reference["text"], family, reference["size"], reference["weight"])
            errors.setdefault(f"{reference['size']} pt {reference['weight']}", []).append(drawn / width - 1)
        row = "  ".join(f"{size}: {statistics.median(values) * 100:+.1f} %" for size, values in errors.items())
        print(f"{family:<16} {row}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Feedshot Inter", "Roboto", "Open Sans", "Lato", "Noto Sans"])
