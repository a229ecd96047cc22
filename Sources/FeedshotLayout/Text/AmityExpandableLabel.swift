/// The kit's `AmityExpandableLabel` (`Components/AmityExpandableLabel.swift` at 429fcec), the one
/// label behind the chat's text messages, post text and comments (docs/conformance/amity.md,
/// "The expandable label"). Each screen sets its own parameters: `font`, `textColor`,
/// `readMoreColor`, `hyperLinkColor` and `numberOfLines`; everything else is the label's.
struct AmityExpandableLabel: Sendable {
    /// The label's font (`AmityFontSet.body` on every screen that uses it).
    var font: FontSpec = AmityFont.body.spec
    /// The link's font (`AmityFontSet.bodyBold`, or the app's), and the mentions' where one opens the text.
    var boldFont: FontSpec = AmityFont.bodyBold.spec
    /// `textColor`.
    var textColor: Color
    /// `readMoreColor`, which colours the "..." and the link (bodyBold, `updateReadMoreAttributes`, :302-305).
    var readMoreColor: Color
    /// `hyperLinkColor`: the colour of the links `NSDataDetector` finds (`text`, :154-178); nil for
    /// Feedshot's own custom cells, which detect no links.
    var hyperLinkColor: Color?
    /// The colour of mentions (`AmityMentionManager.getAttributes`, `Mention/Manager/AmityMentionManager.swift:547-577`).
    var mentionColor: Color? = nil
    /// `numberOfLines` while collapsed; nil when the label is expanded (or never collapses).
    var collapsedLines: Int?
    /// "...Read more": the kit's `ellipsis` ("...") and `readMoreText` ("Read more"), hard-coded at
    /// :40-41; Feedshot draws the `message_readmore` string, which the kit's catalogue spells the same.
    var link: String
    /// Whether `link` is the kit's English in a document of another language: what the kit draws
    /// in every language (`KitBehaviour.readMoreEnglish`).
    var isLinkEnglishInAnotherLanguage = false

    /// The label's `baselineOffset` as a fraction of the font size (`copyWithParagraphAttribute`,
    /// :467-480): the glyphs are drawn raised by it, the frame (and its tap) stay.
    static let baselineOffsetRatio = 0.08

    /// How far the glyphs are raised: 0.08 × the font size.
    var baselineOffset: Double { font.size * Self.baselineOffsetRatio }

    /// A mention's byte range in the styled text and its user.
    struct MentionRange: Hashable {
        let range: Range<Int>
        let userId: String
    }

    /// `text` in the label's font and colour, its links in `hyperLinkColor` with a single
    /// underline and its `mentions` (UTF-16 offsets, the "@" included) in `mentionColor`
    /// (`setText(_:withAttributes:)`, :598-623). The mentions are given `boldFont`, but
    /// `recomputeAttributedText` (:198-199) then calls `copyWithAddedFontAttribute(font)`, which
    /// sets the label's font over the whole text unless its first character already has one
    /// (:461-465, 482-486): so mentions are drawn in the label's font, regular, and keep the bold
    /// only when a mention opens the text. Returns the links and the mentions drawn too, for their
    /// taps (`tapBoxes`); no links without `hyperLinkColor`.
    func styled(_ text: String, mentions: [Mention] = []) -> (
        text: StyledText, mentions: [MentionRange], links: [LinkDetector.Link]
    ) {
        // `copyWithParagraphAttribute` sets `.left` over the whole text (:467-480).
        var styled = StyledText(text, font: font, color: textColor, alignment: .visualLeft)
        let links = hyperLinkColor == nil ? [] : LinkDetector.links(in: text)
        if let hyperLinkColor {
            for link in links {
                styled.spans.append(
                    StyledText.Span(start: link.range.lowerBound, end: link.range.upperBound, color: hyperLinkColor, isUnderlined: true))
            }
        }
        // Decoding checked every mention lies within the text, on character boundaries.
        let characters = mentions.isEmpty ? 0 : text.count
        let kept = mentions.compactMap { mention in
            mention.isStyledByKit(characterCount: characters)
                ? mention.byteRange(in: text).map { MentionRange(range: $0, userId: mention.userId) } : nil
        }
        let mentionFont = kept.contains { $0.range.lowerBound == 0 } ? boldFont : font
        for mention in kept {
            styled.spans.append(
                StyledText.Span(
                    start: mention.range.lowerBound, end: mention.range.upperBound, color: mentionColor ?? textColor, font: mentionFont,
                    over: font))
        }
        return (styled, kept, links)
    }

    /// `text` measured at `width` as the label lays it out (`textReplacementType = .character`,
    /// `getCollapsedText`/`textReplaceWithLink`, :331-403): whole when it fits `collapsedLines`;
    /// else the first `collapsedLines − 1` lines, then of the last line (with its paragraph break),
    /// its first newline unit removed (of "\r\n" the "\r": `keptCharacters`), the first
    /// `count(line) − count(" " + link)` characters (counted in composed characters, cut in UTF-16
    /// units, which Feedshot snaps down to a whole character; when that is negative, as many
    /// UTF-16 units as the line has characters), then " " in the text's style and `link`
    /// bold in `readMoreColor`.
    ///
    /// Nothing checks that the result fits: the label shows `collapsedLines` lines and clips the
    /// rest (`lineBreakMode = .byClipping`, :297), so "Read more" loses what wraps past the last
    /// line. The height is `ceil(h / lines × collapsedLines)` (`height(for:…)`, :223-234).
    func measure(_ text: StyledText, width: Double, measurer: some TextMeasuring) -> TextBlock {
        guard !text.string.isEmpty, width > 0 else {
            return TextBlock(text: text, lines: [], height: 0, width: 0, isTruncated: false)
        }
        let metrics = measurer.measure(text, width: width)
        let lineCount = max(metrics.lines.count, 1)
        guard let maxLines = collapsedLines, maxLines > 0, lineCount > maxLines else {
            let (drawn, behaviours) = Self.aligned(text, behaviours: [])
            return TextBlock(
                text: drawn, lines: metrics.lines.map(\.text), height: metrics.height.rounded(.up),
                width: metrics.width.rounded(.up), isTruncated: false, kitBehaviours: behaviours, wrapWidth: width)
        }
        let cappedHeight = (metrics.height / Double(lineCount) * Double(maxLines)).rounded(.up)
        let last = metrics.lines[maxLines - 1]
        let kept = Self.keptCharacters(of: Self.lineWithItsBreak(last, in: text.string), suffixCount: (" " + link).count)
        // The text before the line, then what the kit keeps of the line: its first characters, or,
        // where a line shorter than the suffix ends in "\r\n", the whole line with "\n" for the "\r\n".
        let prefix = String(decoding: Array(text.string.utf8.prefix(last.start)), as: UTF8.self) + kept
        let keptBytes = prefix.utf8.count
        var collapsed = StyledText(
            prefix, font: text.font, color: text.color, spans: TextBlock.clippedSpans(text.spans, to: prefix.utf8.count),
            alignment: text.alignment)
        collapsed = collapsed.appending(" ").appending(link, color: readMoreColor, font: boldFont)
        var behaviours: [KitBehaviour] = []
        if Self.cutsWord(text.string, at: keptBytes) { behaviours.append(.readMoreMidWord) }
        if isLinkEnglishInAnotherLanguage { behaviours.append(.readMoreEnglish) }
        var drawn = measurer.measure(collapsed, width: width)
        if drawn.lines.count > maxLines {
            behaviours.append(.readMoreClipped)
            // Line `maxLines + 1` and on are not drawn: cut the text where it starts (the spaces
            // that end line `maxLines` draw nothing).
            let end = drawn.lines[maxLines].start
            let cut = String(decoding: Array(collapsed.string.utf8.prefix(end)), as: UTF8.self).trimmingTrailingWhitespace()
            collapsed = StyledText(
                cut, font: text.font, color: text.color, spans: TextBlock.clippedSpans(collapsed.spans, to: cut.utf8.count),
                alignment: text.alignment)
            drawn = measurer.measure(collapsed, width: width)
        }
        (collapsed, behaviours) = Self.aligned(collapsed, behaviours: behaviours)
        return TextBlock(
            text: collapsed, lines: drawn.lines.map(\.text), height: cappedHeight, width: drawn.width.rounded(.up), isTruncated: true,
            keptBytes: min(keptBytes, collapsed.string.utf8.count), kitBehaviours: behaviours, wrapWidth: width)
    }

    /// The drawn text's alignment: `visualLeft` (the label's `.left`, every line against the left
    /// edge) where some paragraph of what is drawn — the collapsed suffix included — runs right to
    /// left, noted as the kit's behaviour; else natural, which is the same for left-to-right text.
    static func aligned(_ text: StyledText, behaviours: [KitBehaviour]) -> (StyledText, [KitBehaviour]) {
        guard text.alignment == .visualLeft else { return (text, behaviours) }
        var text = text
        guard TextDirection.paragraphDirections(in: text.string).hasRightToLeft else {
            text.alignment = .natural
            return (text, behaviours)
        }
        return (text, behaviours + [.rtlTextLeft])
    }

    /// Whether cutting `text` at the byte offset `end` splits a word: a letter or digit on both
    /// sides of the cut (`KitBehaviour.readMoreMidWord`).
    static func cutsWord(_ text: String, at end: Int) -> Bool {
        let utf8 = text.utf8
        guard end > 0, end < utf8.count,
            let cut = utf8.index(utf8.startIndex, offsetBy: end, limitedBy: utf8.endIndex),
            let index = cut.samePosition(in: text), index > text.startIndex
        else { return false }
        let isWordCharacter = { (c: Character) in c.isLetter || c.isNumber }
        return isWordCharacter(text[text.index(before: index)]) && isWordCharacter(text[index])
    }

    /// The part of `line` (as CoreText's `CTLine` holds it, its paragraph break included:
    /// `lineWithItsBreak`) the kit keeps before the suffix: its first UTF-16 unit in
    /// `CharacterSet.newlines` removed (`NSString.rangeOfCharacter(from:)`, :335-339) — of a
    /// "\r\n" the "\r", so the "\n" stays and is counted — then the first `count − suffixCount`
    /// characters (when that is negative, `count`: the whole line, its "\n" too, unless it holds
    /// characters of more than one UTF-16 unit), counted as UTF-16 units as
    /// `NSAttributedString.attributedSubstring` does and snapped down to a whole character.
    static func keptCharacters(of line: String, suffixCount: Int) -> String {
        var line = line
        // Newlines are characters of their own (grapheme rules GB4, GB5) but for "\r\n", whose
        // first scalar, "\r", is the unit the kit finds.
        if let newline = line.unicodeScalars.firstIndex(where: { Character($0).isNewline }) {
            line.unicodeScalars.remove(at: newline)
        }
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

    /// `line`'s text with the paragraph break that ends it in `text`, as CoreText's line holds it
    /// (`text(for:)`, :514-518): Pango's lines (and the fake measurer's) leave a "\n" or "\r\n" out.
    static func lineWithItsBreak(_ line: TextLine, in text: String) -> String {
        guard line.text.last?.isNewline != true else { return line.text }
        // Three bytes hold any newline ("\r\n" is two; U+2028 and U+2029 three).
        let next = String(decoding: Array(text.utf8.dropFirst(line.start + line.text.utf8.count).prefix(3)), as: UTF8.self).first
        guard let next, next.isNewline else { return line.text }
        return line.text + String(next)
    }
}

extension AmityExpandableLabel {
    /// Where a tap lands on each of `ranges` — the label's `hyperLinks`, its links first and then
    /// its mentions, as `setText(_:withAttributes:)` lists them (:602-621): `touchesEnded` takes
    /// the first that holds the touch (:256), so each range keeps only the bytes no earlier one
    /// holds, in pieces. The pieces never overlap, so a text's tap boxes are bounded by its
    /// characters: 2,000 nested mentions made 550,000 boxes (148 MB of layout) when each took its
    /// whole range.
    static func tapRanges(_ ranges: [Range<Int>]) -> [[Range<Int>]] {
        var covered: [Range<Int>] = []  // by start, disjoint
        return ranges.map { range in
            guard !range.isEmpty else { return [] }
            // The first covered range ending past this one's start (ends rise with starts).
            let first = covered.partitioningIndex { $0.upperBound > range.lowerBound }
            var pieces: [Range<Int>] = []
            var cursor = range.lowerBound, last = first
            while last < covered.count, covered[last].lowerBound < range.upperBound {
                if covered[last].lowerBound > cursor { pieces.append(cursor..<covered[last].lowerBound) }
                cursor = max(cursor, covered[last].upperBound)
                last += 1
            }
            if cursor < range.upperBound { pieces.append(cursor..<range.upperBound) }
            let lower = first < last ? min(range.lowerBound, covered[first].lowerBound) : range.lowerBound
            let upper = first < last ? max(range.upperBound, covered[last - 1].upperBound) : range.upperBound
            covered.replaceSubrange(first..<last, with: [lower..<upper])
            return pieces
        }
    }

    /// The boxes in which a tap on `block`, drawn in `frame`, lands on each of `ranges` (in the
    /// label's order: `tapRanges`), from one layout of the text.
    static func tapBoxes(
        of ranges: [Range<Int>], in block: TextBlock, frame: Rect, isMirrored: Bool, measurer: some TextMeasuring
    ) -> [[Rect]] {
        let pieces = tapRanges(ranges)
        var boxes = block.fragments(of: pieces.flatMap { $0 }, in: frame, isMirrored: isMirrored, measurer: measurer)[...]
        return pieces.map { rangePieces in
            defer { boxes = boxes.dropFirst(rangePieces.count) }
            return boxes.prefix(rangePieces.count).flatMap { $0 }
        }
    }
}
