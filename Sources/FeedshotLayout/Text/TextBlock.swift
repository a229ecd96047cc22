import Foundation

/// A text block measured for a cell: the height rule (docs/ARCHITECTURE.md, "Text"), a cap of
/// `maxLines` ending in a suffix, and one-line labels cut by character (`TextBlock+Label.swift`).
/// The Amity kit's collapsed "Read more" texts are `AmityExpandableLabel`'s.
package struct TextBlock: Sendable, Hashable {
    /// What is drawn: the text itself, or its first lines followed by the suffix.
    package var text: StyledText
    /// The lines of `text` as laid out at the width it was measured at.
    package var lines: [String]
    /// The height the cell reserves: `ceil` of the logical height (capped when truncated).
    package var height: Double
    /// `ceil` of the widest line: the width a bubble hugs.
    package var width: Double
    /// Whether the text was cut to `maxLines` and ends in the suffix.
    package var isTruncated: Bool
    /// Of a collapsed Amity label (`AmityExpandableLabel.measure`), how many bytes of `text` are
    /// the original text's: what follows is its " ...Read more", or what of it is drawn.
    package var keptBytes: Int?
    /// What the kit's label did that looks like a bug (`AmityExpandableLabel.measure`), noted on
    /// the item the block is drawn in.
    package var kitBehaviours: [KitBehaviour] = []
    /// The width the text was measured (wrapped) at; nil for a text with no lines. The painter
    /// lays the text out there where Pango breaks it otherwise at its frame's width
    /// (`LayoutElement.textWrapWidth`).
    package var wrapWidth: Double?

    /// Measures `text` at `width` the way UIKit's `boundingRect(with:options:.usesLineFragmentOrigin)`
    /// does, rounded up to whole points.
    ///
    /// When `maxLines` is given and the text needs more lines, the block is capped: its height is
    /// `ceil(h / lines × maxLines)` and the drawn text is the first `maxLines` lines, the last one
    /// shortened to end in `suffix` (a one-line "…" label is cut by character, `label`).
    package static func measure(
        _ text: StyledText, width: Double, maxLines: Int? = nil, suffix: String = ellipsis, measurer: some TextMeasuring
    ) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else {
            return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false)
        }
        if maxLines == 1, suffix == TextBlock.ellipsis { return label(text, width: width, measurer: measurer) }
        let metrics = measurer.measure(text, width: width)
        let lineCount = max(metrics.lines.count, 1)
        guard let maxLines, maxLines > 0, lineCount > maxLines else {
            return TextBlock(
                text: text, lines: metrics.lines.map(\.text), height: metrics.height.rounded(.up),
                width: metrics.width.rounded(.up), isTruncated: false, wrapWidth: width)
        }
        let cappedHeight = (metrics.height / Double(lineCount) * Double(maxLines)).rounded(.up)
        let collapsed = collapse(text, metrics: metrics, width: width, maxLines: maxLines, suffix: suffix, measurer: measurer)
        let collapsedMetrics = measurer.measure(collapsed, width: width)
        return TextBlock(
            text: collapsed, lines: collapsedMetrics.lines.map(\.text), height: cappedHeight,
            width: collapsedMetrics.width.rounded(.up), isTruncated: true, wrapWidth: width)
    }

    /// The first `maxLines` lines of `text`, then as much of the rest as fits on one line with the
    /// suffix: `.byTruncatingTail` lays the last line out with all the text that is left, not only
    /// what wrapped onto it, and cuts it by character ("engewissenhaft ‣ Mediterr…", not
    /// "engewissenhaft ‣…" where the next word wrapped away). A line break ends it.
    static func collapse(
        _ text: StyledText, metrics: TextMetrics, width: Double, maxLines: Int, suffix: String, measurer: some TextMeasuring
    ) -> StyledText {
        let lastLine = metrics.lines[maxLines - 1]
        let rest = String(decoding: Array(text.string.utf8.dropFirst(lastLine.start)), as: UTF8.self)
        let last = Array(rest.prefix { !$0.isNewline })
        // The text up to `kept` characters of the last line, its spans (and attachments) kept, with
        // the suffix: measured whole, so what the spans change is measured too.
        func candidate(_ kept: Int) -> StyledText {
            let keptBytes = lastLine.start + String(last[..<kept]).utf8.count
            let prefix = String(decoding: Array(text.string.utf8.prefix(keptBytes)), as: UTF8.self).trimmingTrailingWhitespace()
            let result = StyledText(
                prefix, font: text.font, color: text.color, spans: clippedSpans(text.spans, to: prefix.utf8.count),
                alignment: text.alignment)
            return result.appending(suffix)
        }
        // The most characters that fit: fitting only gets harder as characters are added, so a
        // binary search finds it — among no more than the last line and one more line's worth.
        let longestLine = metrics.lines.map(\.text.count).max() ?? 0
        var low = 0, high = min(last.count, lastLine.text.count + longestLine)
        while low < high {
            let mid = (low + high + 1) / 2
            if measurer.measure(candidate(mid), width: width).lines.count <= maxLines {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return candidate(low)
    }

    /// Spans cut to the first `length` bytes.
    static func clippedSpans(_ spans: [StyledText.Span], to length: Int) -> [StyledText.Span] {
        spans.compactMap { span in
            guard span.start < length else { return nil }
            var clipped = span
            clipped.end = min(span.end, length)
            return clipped
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
