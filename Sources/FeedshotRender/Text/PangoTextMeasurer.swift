import CPangoCairo
import FeedshotLayout

/// Measures text with Pango through the calling thread's context (docs/ARCHITECTURE.md, "Text"): word wrapping with
/// character wrapping inside over-long words, logical extents, no hinting, unrounded positions.
///
/// Results are cached per thread by (text, font, spans, width), up to 8,192 entries. A text not
/// measured before is, where that gives Pango's exact lines, measured from its words' widths
/// (`WordShaper`) rather than shaped whole. `cached: false` measures every time with a Pango
/// layout (the benchmark's cold figure, and tests that the caches change nothing).
package struct PangoTextMeasurer: TextMeasuring {
    package var cached: Bool
    /// The faces that draw what a text's own font does not (the document's language's).
    package var cascade: FontCascade

    package init(cached: Bool = true, cascade: FontCascade) {
        self.cached = cached
        self.cascade = cascade
    }

    package func measure(_ text: StyledText, width: Double) -> TextMetrics {
        // The font library is checked when a render starts; a failure here has nothing to measure with.
        guard let thread = try? PangoThreadContext.current(cascade) else { return TextMetrics(lines: [], height: 0, width: 0) }
        let key = PangoThreadContext.MetricsKey(text: text, width: width)
        guard cached else {
            let layout = thread.makeLayout(text, width: width)
            return PangoTextMeasurer.metrics(of: layout, text: text.string)
        }
        if let hit = thread.metrics[key] { return hit }
        if let fast = thread.words.metrics(text, width: width) {
            #if DEBUG
                let pango = PangoTextMeasurer.metrics(of: thread.makeLayout(text, width: width), text: text.string)
                assert(fast == pango, "word widths measured \(text.string.debugDescription) at \(width) as \(fast), Pango as \(pango)")
            #endif
            thread.metrics.insert(fast, for: key)
            return fast
        }
        let layout = thread.cachedLayout(text, width: width)
        let result = PangoTextMeasurer.metrics(of: layout, text: text.string)
        thread.metrics.insert(result, for: key)
        // A bubble draws its text at its own width, ceil of the widest line. Narrowing the width
        // to one every line still fits in keeps Pango's lines, nearly always (where it does not,
        // the painter draws the text as measured: `DrawnLayout`); where every line starts at x = 0
        // (left to right) their positions are the same too, so this layout serves the drawing.
        // (So a later measure of this text at that width, with caches, gets these lines.)
        let drawnWidth = result.width.rounded(.up)
        if drawnWidth > 0, drawnWidth < width,
            withExtendedLifetime(layout, { PangoTextMeasurer.everyLineStartsAtZero(layout.pointer) })
        {
            thread.keep(layout, for: text, width: drawnWidth)
        }
        return result
    }

    /// Where the bytes `range` of `text`, drawn in a frame `width` points wide with `lines`
    /// (measured at `wrapWidth`), are drawn, as Pango places them: each line's visual ranges for
    /// that logical range (`pango_layout_line_get_x_ranges`), alignment and direction included,
    /// so right-to-left and mixed lines are right too — on the layout the painter draws
    /// (`DrawnLayout`: as measured where the frame's width gives other lines).
    package func extents(
        of range: Range<Int>, in text: StyledText, width: Double, lines: [String], measuredAt wrapWidth: Double?
    ) -> [TextExtent] {
        extents(of: [range], in: text, width: width, lines: lines, measuredAt: wrapWidth)[0]
    }

    package func extents(
        of ranges: [Range<Int>], in text: StyledText, width: Double, lines: [String], measuredAt wrapWidth: Double?
    ) -> [[TextExtent]] {
        guard let thread = try? PangoThreadContext.current(cascade) else { return ranges.map { _ in [] } }
        let drawn = DrawnLayout(text, lines: lines, frameWidth: width, measuredAt: wrapWidth) { thread.makeLayout(text, width: $0) }
        let layout = drawn.layout
        return withExtendedLifetime(layout) {
            var lines: [PlacedLine] = []
            PangoLines.forEach(in: layout.pointer) { index, line in
                let start = Int(pango_layout_line_get_start_index(line))
                lines.append(PlacedLine(index: index, line: line, start: start, end: start + Int(pango_layout_line_get_length(line))))
            }
            return ranges.map { range in
                PangoTextMeasurer.extents(of: range, on: lines).map {
                    TextExtent(line: $0.line, x: $0.x + drawn.offset(ofLine: $0.line), width: $0.width)
                }
            }
        }
    }

    /// A line of a layout, its index among the layout's lines and the bytes it holds; the layout
    /// owns the line.
    private struct PlacedLine {
        var index: Int
        var line: UnsafeMutablePointer<PangoLayoutLine>
        var start: Int
        var end: Int
    }

    /// `range`'s pieces on `lines` (a layout's, first to last, alive for the call), the lines
    /// holding it found by a binary search: a text's taps ask this of up to 4,000 ranges (2,000
    /// detected, 2,000 mention runs), so each costs the lines it touches, not all of them.
    private static func extents(of range: Range<Int>, on lines: [PlacedLine]) -> [TextExtent] {
        let scale = Double(feedshot_pango_scale)
        var extents: [TextExtent] = []
        var index = lines.partitioningIndex { $0.end > range.lowerBound }
        while index < lines.count, lines[index].start < range.upperBound {
            defer { index += 1 }
            let lower = max(range.lowerBound, lines[index].start), upper = min(range.upperBound, lines[index].end)
            guard lower < upper else { continue }
            var ranges: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(lines[index].line, Int32(lower), Int32(upper), &ranges, &count)
            defer { g_free(ranges) }
            guard let ranges else { continue }
            for k in 0..<Int(count) {
                let (from, to) = (Double(ranges[2 * k]) / scale, Double(ranges[2 * k + 1]) / scale)
                if to > from { extents.append(TextExtent(line: lines[index].index, x: from, width: to - from)) }
            }
        }
        return extents
    }

    /// Whether each line of `layout` begins at its left edge (no right-aligned right-to-left line).
    static func everyLineStartsAtZero(_ layout: OpaquePointer) -> Bool {
        guard let iterator = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            if logical.x != 0 { return false }
        } while pango_layout_iter_next_line(iterator) != 0
        return true
    }

    /// Lines, logical height and widest line of a laid-out Pango layout (alive for the call).
    static func metrics(of layoutRef: PangoLayoutRef, text: String) -> TextMetrics {
        withExtendedLifetime(layoutRef) { metrics(of: layoutRef.pointer, text: text) }
    }

    private static func metrics(of layout: OpaquePointer, text: String) -> TextMetrics {
        let scale = Double(feedshot_pango_scale)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let bytes = Array(text.utf8)
        var lines: [TextLine] = []
        var widest = 0.0
        PangoLines.forEach(in: layout) { _, line in
            var extents = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &extents)
            let start = Int(pango_layout_line_get_start_index(line))
            let length = Int(pango_layout_line_get_length(line))
            let end = min(bytes.count, start + length)
            var lineText = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
            if lineText.hasSuffix("\n") { lineText.removeLast() }
            let width = Double(extents.width) / scale
            widest = max(widest, width)
            lines.append(TextLine(text: lineText, start: start, width: width))
        }
        return TextMetrics(lines: lines, height: Double(logical.height) / scale, width: widest)
    }
}
