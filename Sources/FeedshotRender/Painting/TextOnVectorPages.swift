import CPangoCairo
import FeedshotLayout

/// The texts a PDF page draws as glyphs alone, without Cairo's map from glyphs back to text.
///
/// Cairo 1.16's PDF surface maps each glyph it draws back to the characters it stands for, from
/// clusters Pango 1.50 gives it (`pango_cairo_show_layout` does so on any surface for which
/// `cairo_surface_has_show_text_glyphs` holds: a PDF's, not an SVG's or an image's). For a run in
/// the colour emoji face that mapping went wrong — a hostile trial found it with a skin-tone
/// modifier that follows no emoji (`"\u{0710}\u{1F3FB} \u{202B}"`), with a text-default emoji,
/// a space and a right-to-left override (`"\u{263A} \u{202E}A"`), with keycaps, tags and variation
/// selectors after spaces: the page failed ("input string not valid UTF-8"), or Pango's cluster
/// iterator asserted and aborted a render worker. Drawing `"\u{263A} \u{202E}A"` once overwrote
/// the first byte of the layout's own text (`E2` became the override's last byte, `AE`), which is
/// why the next drawing of it aborted: memory written where it should only be read, which no
/// check of the input can bound. So a text with a run in an emoji face is drawn on such a page
/// without the mapping (the line handed to Pango without its layout, so that Pango draws its
/// glyphs alone, `pango_renderer_draw_glyph_item` with no text): it looks the same, and a reader
/// takes its characters from the fonts' own character maps (Cairo writes them), which name every
/// emoji and letter a font maps, not a ligature's or a contextual form's parts. Other texts keep
/// the mapping (docs/formats.md, "PDF"; docs/bad-input.md, "Fuzzing, sanitizers, soak").
enum TextOnVectorPages {
    /// Whether `cr` draws to a surface that maps glyphs back to text, the condition under which
    /// Pango hands Cairo its clusters (`pango_cairo_show_layout` asks the same of `cairo_get_target`).
    static func mapsGlyphsToText(_ cr: OpaquePointer) -> Bool {
        cairo_get_target(cr).map { cairo_surface_has_show_text_glyphs($0) != 0 } ?? false
    }

    /// Whether some run of `layout` is drawn in an emoji face (`FontLibrary.emojiFamily`, or
    /// Apple's where supplied): a pass over its runs, each font described once.
    static func hasEmojiRun(_ layout: OpaquePointer) -> Bool {
        var found = false
        PangoLines.forEach(in: layout) { _, line in
            var node = line.pointee.runs
            while !found, let current = node {
                if let font = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item?.pointee.analysis.font {
                    found = isEmojiFace(font)
                }
                node = current.pointee.next
            }
        }
        return found
    }

    /// Whether `font` is one of the emoji faces.
    static func isEmojiFace(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return false }
        let name = String(cString: family)
        return name == FontLibrary.emojiFamily || name == FontLibrary.appleEmojiFamily
    }
}
