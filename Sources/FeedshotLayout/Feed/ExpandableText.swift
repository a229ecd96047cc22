/// Post text as `AmityExpandableLabel` draws it (`Components/AmityExpandableLabel.swift`): body in
/// the base colour, links in the highlight colour underlined (`text`, :154-178), mentions in the
/// primary colour, semibold (`AmityMentionManager.getAttributes`, :547-577), and collapsed after
/// `maxLines` lines the kit's way (`textReplaceWithLink`, :331-353).
struct ExpandableText<Measurer: TextMeasuring> {
    let measurer: Measurer
    let theme: Theme
    let strings: Strings

    /// A mention's byte range in the styled text and its user.
    struct MentionRange: Hashable {
        let range: Range<Int>
        let userId: String
    }

    /// `text` styled: links and `mentions` (UTF-16 offsets; the "@" included) over body.
    func styled(_ text: String, mentions: [Mention]) -> (text: StyledText, mentions: [MentionRange]) {
        var styled = StyledText(text, font: AmityFont.body.spec, color: theme.base)
        for link in LinkDetector.links(in: text) {
            styled.spans.append(
                StyledText.Span(start: link.range.lowerBound, end: link.range.upperBound, color: theme.highlight, isUnderlined: true))
        }
        var ranges: [MentionRange] = []
        for mention in mentions {
            // Decoding checked every mention lies within the text, on character boundaries.
            guard let range = mention.byteRange(in: text) else { continue }
            styled.spans.append(StyledText.Span(start: range.lowerBound, end: range.upperBound, color: theme.primary, weight: .semibold))
            ranges.append(MentionRange(range: range, userId: mention.userId))
        }
        return (styled, ranges)
    }

    /// `text` at `width`: whole when `maxLines` is nil or it fits, else its first `maxLines − 1`
    /// lines, then the last line's first `count − 13` characters (its newline removed), " " and
    /// "...Read more" (semibold, highlight) — a cut by character count, not by fit; what wraps past
    /// `maxLines` lines is clipped (`.byClipping`). Its height is `maxLines` lines.
    func measure(_ text: StyledText, width: Double, maxLines: Int?) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else { return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false) }
        let metrics = measurer.measure(text, width: width)
        let lineCount = max(metrics.lines.count, 1)
        guard let maxLines, lineCount > maxLines else {
            return TextBlock(
                text: text, lines: metrics.lines.map(\.text), height: metrics.height.rounded(.up), width: metrics.width.rounded(.up),
                isTruncated: false)
        }
        let last = metrics.lines[maxLines - 1]
        let lastEnd = metrics.lines[maxLines].start
        var lastLine = text.slice(last.start..<lastEnd).string
        if let newline = lastLine.firstIndex(where: \.isNewline) { lastLine.remove(at: newline) }
        let link = " " + strings(.readMore)
        let keep = lastLine.count - link.count
        let kept = keep >= 0 ? String(lastLine.prefix(keep)) : lastLine
        var collapsed = text.slice(0..<last.start).appending(styled: text.slice(last.start..<(last.start + kept.utf8.count)))
        collapsed = collapsed.appending(styled: StyledText(" ", font: text.font, color: text.color))
        collapsed = collapsed.appending(styled: StyledText(strings(.readMore), font: AmityFont.bodyBold.spec, color: theme.highlight))
        var collapsedMetrics = measurer.measure(collapsed, width: width)
        if collapsedMetrics.lines.count > maxLines {
            // Clipped: what wraps past the last line is not drawn.
            collapsed = collapsed.slice(0..<collapsedMetrics.lines[maxLines].start)
            while collapsed.string.last?.isNewline == true { collapsed = collapsed.slice(0..<(collapsed.string.utf8.count - 1)) }
            collapsedMetrics = measurer.measure(collapsed, width: width)
        }
        return TextBlock(
            text: collapsed, lines: collapsedMetrics.lines.map(\.text),
            height: (metrics.height / Double(lineCount) * Double(maxLines)).rounded(.up), width: collapsedMetrics.width.rounded(.up),
            isTruncated: true)
    }
}
