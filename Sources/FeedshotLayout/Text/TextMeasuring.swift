/// Lays text out at a constrained width and reports its lines: the one seam between layout and fonts.
///
/// Feedshot's implementation is Pango (`PangoTextMeasurer` in FeedshotRender); tests use a fake with
/// fixed glyph sizes. Implementations return logical (unrounded) sizes in points; rounding is
/// `TextBlock`'s job, in one place.
package protocol TextMeasuring: Sendable {
    /// Lays `text` out wrapping words at `width` points (characters inside words too long for a
    /// line). A line may be wider than `width` (white space hanging past it, a cluster wider than
    /// a line); the lines are then those drawn at the widest line's width, rounded up. (A narrower
    /// width its lines fit in can break the text otherwise — Pango's line breaking is not monotonic
    /// in the width — and the painter then draws it as measured: `LayoutElement.textWrapWidth`.)
    func measure(_ text: StyledText, width: Double) -> TextMetrics

    /// Where the bytes `range` of `text`, drawn in a frame `width` points wide with `lines`
    /// (measured at `wrapWidth`, where that is not `width`), are: an extent per line (or
    /// bidirectional piece). Laid out as the painter lays it out: at `width`, or as measured where
    /// that gives other lines (`LayoutElement.textWrapWidth`). The default measures from each
    /// line's left edge at `width` (left-to-right text).
    func extents(of range: Range<Int>, in text: StyledText, width: Double, lines: [String], measuredAt wrapWidth: Double?)
        -> [TextExtent]

    /// `extents(of:in:width:lines:measuredAt:)` of each of `ranges`, in order, from one layout of
    /// `text`: a text's mentions and links are found in one pass, not a layout each (hundreds of
    /// mentions made that quadratic).
    func extents(of ranges: [Range<Int>], in text: StyledText, width: Double, lines: [String], measuredAt wrapWidth: Double?)
        -> [[TextExtent]]
}

/// Where a run of characters is drawn on one line of laid-out text.
package struct TextExtent: Sendable, Hashable {
    /// The line, from 0.
    package var line: Int
    /// From the layout's left edge, in points.
    package var x: Double
    /// In points.
    package var width: Double

    package init(line: Int, x: Double, width: Double) {
        self.line = line
        self.x = x
        self.width = width
    }
}

extension TextMeasuring {
    /// Where the bytes `range` of `text`, laid out at `width`, are drawn (a frame `width` wide).
    package func extents(of range: Range<Int>, in text: StyledText, width: Double) -> [TextExtent] {
        extents(of: range, in: text, width: width, lines: [], measuredAt: nil)
    }

    /// Where the bytes `range` of `text`, laid out at `width`, are drawn: an extent per line they
    /// fall on (Pango gives several where bidirectional text splits them). This default measures
    /// along each line from its left edge at `width` — right for left-to-right text; Pango's
    /// measurer gives the visual positions of any direction, and follows the painter.
    package func extents(
        of range: Range<Int>, in text: StyledText, width: Double, lines _: [String], measuredAt _: Double?
    ) -> [TextExtent] {
        let lines = measure(text, width: width).lines
        var extents: [TextExtent] = []
        for (index, line) in lines.enumerated() {
            let lower = max(range.lowerBound, line.start), upper = min(range.upperBound, line.start + line.text.utf8.count)
            guard lower < upper else { continue }
            // Measured to the range's end, less the range: a width measured up to a space would
            // leave the trailing space out.
            let inside = measure(text.slice(lower..<upper), width: 1e6).width
            let through = measure(text.slice(line.start..<upper), width: 1e6).width
            extents.append(TextExtent(line: index, x: through - inside, width: inside))
        }
        return extents
    }
}

extension TextMeasuring {
    /// Each range measured on its own: right for a measurer whose layouts cost little (the tests').
    package func extents(
        of ranges: [Range<Int>], in text: StyledText, width: Double, lines: [String], measuredAt wrapWidth: Double?
    ) -> [[TextExtent]] {
        ranges.map { extents(of: $0, in: text, width: width, lines: lines, measuredAt: wrapWidth) }
    }
}

extension TextBlock {
    /// The rectangles the bytes `range` of this block cover when it is drawn in `frame` (its
    /// lines `height / lines` apart), one per line (or bidirectional piece). In a right-to-left
    /// document — which `Layout.mirrored()` flips as a whole while the text itself is drawn
    /// unflipped — each rectangle is placed where the flip brings it back over its characters.
    package func fragments(of range: Range<Int>, in frame: Rect, isMirrored: Bool, measurer: some TextMeasuring) -> [Rect] {
        fragments(of: [range], in: frame, isMirrored: isMirrored, measurer: measurer)[0]
    }

    /// `fragments(of:in:isMirrored:measurer:)` of each of `ranges`, in order, from one layout.
    package func fragments(of ranges: [Range<Int>], in frame: Rect, isMirrored: Bool, measurer: some TextMeasuring) -> [[Rect]] {
        guard !lines.isEmpty, !ranges.isEmpty else { return ranges.map { _ in [] } }
        let lineHeight = height / Double(lines.count)
        return measurer.extents(of: ranges, in: text, width: frame.width, lines: lines, measuredAt: wrapWidth).map { extents in
            extents.compactMap { extent in
                guard extent.line < lines.count else { return nil }
                let x = isMirrored ? frame.width - extent.x - extent.width : extent.x
                return Rect(x: frame.x + x, y: frame.y + lineHeight * Double(extent.line), width: extent.width, height: lineHeight)
            }
        }
    }
}
