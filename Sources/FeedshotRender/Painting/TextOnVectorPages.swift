import CPangoCairo
import FeedshotLayout

/// The texts a PDF page draws as a picture rather than as text.
///
/// Cairo 1.16's PDF surface maps each glyph it draws back to the characters it stands for, from
/// clusters Pango 1.50 gives it; for a text holding an emoji skin-tone modifier that follows no
/// emoji to modify (`"\u{0710}\u{1F3FB} \u{202B}"`), that mapping handed Cairo invalid UTF-8
/// (the page failed: "input string not valid UTF-8") or tripped an assertion in Pango's cluster
/// iterator, which aborted a render worker. Such a text is drawn into an image at the page's
/// picture density and placed as one: it looks the same and is not selectable. No other text
/// is, and no text on a surface without that mapping (an SVG's glyphs are outlines, a PNG's
/// pixels) (docs/bad-input.md, "Fuzzing, sanitizers, soak").
enum TextOnVectorPages {
    /// Whether `cr` draws to a surface that maps glyphs back to text, the condition under which
    /// Pango hands Cairo its clusters (`pango_cairo_show_layout` asks the same of `cairo_get_target`).
    static func mapsGlyphsToText(_ cr: OpaquePointer) -> Bool {
        cairo_get_target(cr).map { cairo_surface_has_show_text_glyphs($0) != 0 } ?? false
    }

    /// Whether `text` is drawn as a picture on a vector page: it holds a skin-tone modifier
    /// (U+1F3FB–U+1F3FF) that does not follow an emoji modifier base.
    static func drawsAsPixels(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if (0x1F3FB...0x1F3FF).contains(scalar.value), previous.map({ !$0.properties.isEmojiModifierBase }) ?? true {
                return true
            }
            previous = scalar
        }
        return false
    }

    /// Draws `drawn` in `frame` on `cr` as an image of its ink, `density` pixels a point, in `color`.
    static func drawAsPixels(_ drawn: DrawnLayout, in frame: Rect, color: Color, density: Double, _ cr: OpaquePointer) throws(RenderError) {
        let ink = drawn.ink
        guard ink.maxX > ink.minX, ink.maxY > ink.minY, density > 0 else { return }
        // The ink, a point wider on every side for antialiasing, in whole pixels.
        let area = Rect(
            x: frame.x + ink.minX - 1, y: frame.y + ink.minY - 1, width: ink.maxX - ink.minX + 2, height: ink.maxY - ink.minY + 2)
        let width = Int((area.width * density).rounded(.up)), height = Int((area.height * density).rounded(.up))
        guard width > 0, height > 0 else { return }
        let picture = try CairoSurface(width: width, height: height)
        guard let context = cairo_create(picture.pointer) else { throw RenderError.cairo("could not create a context") }
        cairo_scale(context, density, density)
        cairo_translate(context, -area.x, -area.y)
        Painter.setColor(context, color)
        drawn.show(context, x: frame.x, y: frame.y)
        cairo_destroy(context)
        cairo_surface_flush(picture.pointer)
        cairo_save(cr)
        cairo_translate(cr, area.x, area.y)
        cairo_scale(cr, 1 / density, 1 / density)
        cairo_set_source_surface(cr, picture.pointer, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
