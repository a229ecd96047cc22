import CPangoCairo
import FeedshotLayout

@testable import FeedshotRender

/// What tests ask of the Pango layout the painter would draw, and production code never does.
extension PangoTextMeasurer {
    /// How far below the text's top its first baseline is drawn, in points (`pango_layout_get_baseline`):
    /// the painter draws this very layout, so this is where the glyphs sit.
    static func firstBaseline(of text: StyledText, width: Double) -> Double? {
        guard let thread = try? PangoThreadContext.current() else { return nil }
        let layout = thread.makeLayout(text, width: width)
        return withExtendedLifetime(layout) { Double(pango_layout_get_baseline(layout.pointer)) / Double(feedshot_pango_scale) }
    }

    /// How many glyphs of `text` at `width` Pango draws as unknown-glyph boxes (no font has them).
    static func unknownGlyphCount(in text: StyledText, width: Double) -> Int? {
        guard let thread = try? PangoThreadContext.current() else { return nil }
        let layout = thread.makeLayout(text, width: width)
        return withExtendedLifetime(layout) { Int(pango_layout_get_unknown_glyphs_count(layout.pointer)) }
    }
}
