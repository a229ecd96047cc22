import Foundation

/// A comment's text as the kit's `AmityExpandableLabel` styles and collapses it
/// (`Components/AmityExpandableLabel.swift`; docs/conformance/amity.md, "Comments").
enum CommentText {
    /// Body in the base colour; links (what `NSDataDetector` finds, approximated by `LinkDetector`)
    /// in the highlight colour with a single underline; mentions in the primary colour, semibold
    /// (`AmityExpandableLabel.swift:598-623`; `Mention/Manager/AmityMentionManager.swift:547-577`).
    static func styled(_ comment: PostComment, theme: Theme) -> StyledText {
        var text = StyledText(comment.text, font: AmityFont.body.spec, color: theme.base)
        for range in LinkDetector.links(in: comment.text).map(\.range) {
            text.spans.append(StyledText.Span(start: range.lowerBound, end: range.upperBound, color: theme.highlight, isUnderlined: true))
        }
        for mention in comment.mentions {
            guard let range = mention.byteRange(in: comment.text) else { continue }
            text.spans.append(
                StyledText.Span(
                    start: range.lowerBound, end: range.upperBound, color: theme.primary, weight: AmityFont.bodyBold.spec.weight))
        }
        return text
    }

    /// `text` measured at `width`; past `maxLines` lines, collapsed as `AmityExpandableLabel`
    /// does (`getCollapsedText`/`textReplaceWithLink`, `AmityExpandableLabel.swift:331-403`): the
    /// first `maxLines − 1` lines as they are, then the last line less as many characters as
    /// " ...Read more" has, then " " and "...Read more" (semibold, `linkColor`). The label shows
    /// `maxLines` lines and clips the rest, so "Read more" can lose its end when the shortened
    /// line still overflows; the height is `ceil(h / lines × maxLines)`
    /// (`AmityExpandableLabel.height(for:…)`, `:223-234`).
    static func measure(
        _ text: StyledText, width: Double, maxLines: Int?, link: String, linkColor: Color, measurer: some TextMeasuring
    ) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else { return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false) }
        let metrics = measurer.measure(text, width: width)
        let count = max(metrics.lines.count, 1)
        guard let maxLines, maxLines > 0, count > maxLines else {
            return TextBlock(
                text: text, lines: metrics.lines.map(\.text), height: metrics.height.rounded(.up), width: metrics.width.rounded(.up),
                isTruncated: false)
        }
        let height = (metrics.height / Double(count) * Double(maxLines)).rounded(.up)
        let last = metrics.lines[maxLines - 1]
        let suffix = " " + link
        let keep = last.text.count - suffix.count
        let kept = keep >= 0 ? String(last.text.prefix(keep)) : last.text
        let keptBytes = last.start + kept.utf8.count
        var collapsed = StyledText(
            String(decoding: text.string.utf8.prefix(keptBytes), as: UTF8.self), font: text.font, color: text.color,
            spans: TextBlock.clippedSpans(text.spans, to: keptBytes))
        collapsed = collapsed.appending(" ").appending(link, color: linkColor, weight: AmityFont.bodyBold.spec.weight)
        var lines = measurer.measure(collapsed, width: width).lines
        if lines.count > maxLines {
            // What the label clips: the lines past the last one it shows.
            let cut = String(decoding: collapsed.string.utf8.prefix(lines[maxLines].start), as: UTF8.self).trimmingTrailingWhitespace()
            collapsed = StyledText(
                cut, font: text.font, color: text.color, spans: TextBlock.clippedSpans(collapsed.spans, to: cut.utf8.count))
            lines = measurer.measure(collapsed, width: width).lines
        }
        return TextBlock(
            text: collapsed, lines: lines.map(\.text), height: height, width: (lines.map(\.width).max() ?? 0).rounded(.up),
            isTruncated: true)
    }
}
