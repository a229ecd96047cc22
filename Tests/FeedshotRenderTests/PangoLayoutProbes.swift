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

extension PangoThreadContext {
    /// Each run of `text` laid out in this context (unwrapped), with the family and the file
    /// (without its folder) of the face Pango drew it with, in visual order (a left-to-right
    /// text's own): which face a cascade gives each script.
    func runFaces(of text: StyledText) -> [(text: String, family: String, file: String)] {
        let layout = makeLayout(text, width: -1)
        return withExtendedLifetime(layout) {
            var runs: [(text: String, family: String, file: String)] = []
            let bytes = Array(text.string.utf8)
            var run = pango_layout_get_line_readonly(layout.pointer, 0)?.pointee.runs
            while let node = run {
                if let glyphs = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = glyphs.pointee.item {
                    let start = Int(item.pointee.offset)
                    let piece = String(decoding: bytes[start..<start + Int(item.pointee.length)], as: UTF8.self)
                    let font = item.pointee.analysis.font
                    let family = feedshot_fc_font_string(font, "family").map { String(cString: $0) } ?? "?"
                    let file =
                        feedshot_fc_font_string(font, "file").map { String(cString: $0).split(separator: "/").last.map(String.init) ?? "" }
                        ?? "?"
                    runs.append((piece, family, file))
                }
                run = node.pointee.next
            }
            return runs
        }
    }
}

extension PangoThreadContext {
    /// The calling thread's context in the standard cascade: what tests of text no document's
    /// language concerns lay out with.
    static func current() throws(RenderError) -> PangoThreadContext { try current(.standard) }
}

extension PangoTextMeasurer {
    /// A measurer in the standard cascade, for tests of text no document's language concerns.
    init(cached: Bool = true) { self.init(cached: cached, cascade: .standard) }
}
