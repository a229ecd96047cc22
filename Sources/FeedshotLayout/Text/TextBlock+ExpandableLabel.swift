extension TextBlock {
    /// Measures `text` as the Amity chat's `AmityExpandableLabel` lays it out
    /// (`Components/AmityExpandableLabel.swift` at 429fcec, `textReplacementType = .character`):
    /// over `maxLines` lines, the height is `ceil(h / lines × maxLines)` and the text is cut by a
    /// character count, not by width.
    ///
    /// The first `maxLines − 1` lines are kept whole. Of line `maxLines`, its first newline
    /// removed, the kit keeps the first `count(line) − count(" " + link)` characters (the whole
    /// line when that is negative; counted in composed characters, cut in UTF-16 units, which
    /// Feedshot snaps down to a whole character), then appends `" "` in the text's style and
    /// `link` ("...Read more") in `linkStyle`. Nothing checks that the result fits: what wraps
    /// past `maxLines` lines is not drawn (`numberOfLines` 8), so the drawn text stops at the
    /// end of line `maxLines`.
    package static func expandableLabel(
        _ text: StyledText, width: Double, maxLines: Int, link: String,
        linkStyle: (color: Color, weight: FontSpec.Weight), measurer: some TextMeasuring
    ) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else {
            return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false)
        }
        let metrics = measurer.measure(text, width: width)
        let lineCount = max(metrics.lines.count, 1)
        guard maxLines > 0, lineCount > maxLines else {
            return TextBlock(
                text: text, lines: metrics.lines.map(\.text), height: metrics.height.rounded(.up),
                width: metrics.width.rounded(.up), isTruncated: false)
        }
        let cappedHeight = (metrics.height / Double(lineCount) * Double(maxLines)).rounded(.up)
        let last = metrics.lines[maxLines - 1]
        let kept = keptCharacters(of: last.text, suffixCount: (" " + link).count)
        let keptBytes = last.start + kept.utf8.count
        let prefix = String(decoding: Array(text.string.utf8.prefix(keptBytes)), as: UTF8.self)
        var collapsed = StyledText(prefix, font: text.font, color: text.color, spans: clippedSpans(text.spans, to: prefix.utf8.count))
        collapsed = collapsed.appending(" ").appending(link, color: linkStyle.color, weight: linkStyle.weight)
        var drawn = measurer.measure(collapsed, width: width)
        if drawn.lines.count > maxLines {
            // Line `maxLines + 1` and on are not drawn: cut the text where it starts (the spaces
            // that end line `maxLines` draw nothing).
            let end = drawn.lines[maxLines].start
            let cut = String(decoding: Array(collapsed.string.utf8.prefix(end)), as: UTF8.self).trimmingTrailingWhitespace()
            collapsed = StyledText(cut, font: text.font, color: text.color, spans: clippedSpans(collapsed.spans, to: cut.utf8.count))
            drawn = measurer.measure(collapsed, width: width)
        }
        return TextBlock(
            text: collapsed, lines: drawn.lines.map(\.text), height: cappedHeight, width: drawn.width.rounded(.up), isTruncated: true)
    }

    /// The part of `line` the kit keeps before the suffix: its first newline removed, the first
    /// `count − suffixCount` characters (all of them when that is negative), counted as UTF-16
    /// units as `NSAttributedString.attributedSubstring` does and snapped down to a whole character.
    static func keptCharacters(of line: String, suffixCount: Int) -> String {
        var line = line
        if let newline = line.firstIndex(where: \.isNewline) { line.remove(at: newline) }
        let count = line.count
        let units = count - suffixCount >= 0 ? count - suffixCount : count
        var kept = ""
        var used = 0
        for character in line {
            let length = character.utf16.count
            guard used + length <= units else { break }
            kept.append(character)
            used += length
        }
        return kept
    }
}
