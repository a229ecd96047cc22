/// One-line labels — names, file names, titles, menu rows, counts — as UIKit draws a label with
/// `numberOfLines = 1` and `.byTruncatingTail`: the text on one line, and when it is too long, cut
/// by character (grapheme cluster) where the line is full, with a single "…".
extension TextBlock {
    /// The ellipsis a truncated one-line label ends in.
    package static let ellipsis = "…"

    /// `text` on one line of at most `width` points: whole when it fits, else the longest prefix
    /// (trailing spaces dropped) that fits with "…" after it — in any script and direction, the
    /// ellipsis at the logical end. Its height is one line's, as the measured text's lines give it.
    package static func label(_ text: StyledText, width: Double, measurer: some TextMeasuring) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else {
            return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false)
        }
        let whole = measurer.measure(text, width: width)
        let lineCount = max(whole.lines.count, 1)
        guard lineCount > 1 else {
            return TextBlock(
                text: text, lines: whole.lines.map(\.text), height: whole.height.rounded(.up), width: whole.width.rounded(.up),
                isTruncated: false, wrapWidth: width)
        }
        let characters = Array(text.string)
        func candidate(_ kept: Int) -> StyledText {
            let prefix = String(characters[..<kept]).trimmingTrailingWhitespace()
            let styled = StyledText(prefix, font: text.font, color: text.color, spans: clippedSpans(text.spans, to: prefix.utf8.count))
            return styled.appending(ellipsis)
        }
        func fits(_ kept: Int) -> Bool { measurer.measure(candidate(kept), width: width).lines.count <= 1 }
        // The most characters that fit with the ellipsis: fitting only gets harder as characters
        // are added, so a binary search finds it.
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(mid) { low = mid } else { high = mid - 1 }
        }
        let cut = candidate(low)
        let metrics = measurer.measure(cut, width: width)
        return TextBlock(
            text: cut, lines: metrics.lines.map(\.text), height: (whole.height / Double(lineCount)).rounded(.up),
            width: metrics.width.rounded(.up), isTruncated: true, wrapWidth: width)
    }
}

extension TextBlock {
    /// Whether this label fits `room` points, its width rounded up to the point as UILabel's
    /// intrinsic size is: a label squeezed below its "…" (a stack's view given less) is not drawn.
    package func fits(_ room: Double) -> Bool {
        width <= max(1, room).rounded(.up)
    }

    /// `text` on one line of at most `width` points as `.byTruncatingMiddle` cuts it: whole when it
    /// fits, else its start and its end around one "…" — as many characters as fit, the start
    /// taking the odd one — so a file name keeps its extension ("Quarterly rep…final v3.pdf").
    package static func middleTruncatedLabel(_ text: StyledText, width: Double, measurer: some TextMeasuring) -> TextBlock {
        let whole = label(text, width: width, measurer: measurer)
        guard whole.isTruncated else { return whole }
        let characters = Array(text.string)
        func candidate(_ kept: Int) -> StyledText {
            let head = String(characters[..<((kept + 1) / 2)]).trimmingTrailingWhitespace()
            let tail = String(characters[(characters.count - kept / 2)...])
            return StyledText(head + ellipsis + tail, font: text.font, color: text.color, alignment: text.alignment)
        }
        // Fitting only gets harder as characters are kept: a binary search finds the most.
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measurer.measure(candidate(mid), width: width).lines.count <= 1 { low = mid } else { high = mid - 1 }
        }
        let cut = candidate(low)
        let metrics = measurer.measure(cut, width: width)
        return TextBlock(
            text: cut, lines: metrics.lines.map(\.text), height: whole.height, width: metrics.width.rounded(.up), isTruncated: true,
            wrapWidth: width)
    }
}
