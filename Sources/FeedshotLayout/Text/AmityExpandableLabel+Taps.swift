extension CellCanvas {
    /// The taps on the links and mentions an Amity expandable label drew (`AmityExpandableLabel.styled`),
    /// each where a tap lands on it, links first (the label's order: `AmityExpandableLabel.tapBoxes`).
    /// The kit's label looks for a link or mention under the touch before anything else, on a
    /// collapsed label too (`Components/AmityExpandableLabel.swift:246-263`): a link it opens itself
    /// (`UIApplication.shared.open`, no event; Feedshot's own `linkDidTap` says where), a mention is
    /// the delegate's `userDidTap`. On a collapsed label (`block` as `AmityExpandableLabel.measure`
    /// gives it) the ranges, found in `original`, fall where `AmityExpandableLabel.collapsedRanges`
    /// puts them. The label's own tap — expanding it, or the screen's — goes after these. A link
    /// over many lines whose boxes would repeat a long URL shares one box among its middle lines
    /// (`TapBoxes.bounded`).
    mutating func addLinkAndMentionTaps(
        links: [LinkDetector.Link], mentions: [AmityExpandableLabel.MentionRange], in original: String, block: TextBlock, frame: Rect,
        isMirrored: Bool, measurer: some TextMeasuring
    ) {
        let collapsed = AmityExpandableLabel.collapsedRanges(links.map(\.range) + mentions.map(\.range), of: original, in: block)
        let linkRanges = zip(links, collapsed).filter { !$0.1.isEmpty }
        let mentionRanges = zip(mentions, collapsed.dropFirst(links.count)).filter { !$0.1.isEmpty }
        let links = linkRanges.map(\.0), mentions = mentionRanges.map(\.0)
        let ranges = linkRanges.map(\.1) + mentionRanges.map(\.1)
        let boxes = AmityExpandableLabel.tapBoxes(of: ranges, in: block, frame: frame, isMirrored: isMirrored, measurer: measurer)
        for (link, linkBoxes) in zip(links, boxes) {
            let arguments = ["url": link.openedByAmitysLabel]
            for box in TapBoxes.bounded(linkBoxes, argumentBytes: TapBoxes.bytes(of: arguments)) {
                feedshotAction(.linkDidTap, arguments, box)
            }
        }
        for (mention, mentionBoxes) in zip(mentions, boxes.dropFirst(links.count)) {
            let arguments = ["userId": mention.userId]
            for box in TapBoxes.bounded(mentionBoxes, argumentBytes: TapBoxes.bytes(of: arguments)) {
                action(.userDidTap, arguments, box)
            }
        }
    }
}

extension AmityExpandableLabel {
    /// Where the label's hyperlinks — `ranges`, bytes of `original` — take a tap on `block`: all of
    /// them where the text is whole. Collapsed, the kit keeps each link's and mention's range as
    /// `text` found it in the whole text (:154-178, 598-623) and looks for the touch's character
    /// in it on the collapsed one (:256), sparing only "Read more" itself (`collapsedLinkTextRange`,
    /// :396, and `isReadMoreTapped`, :251-254): a range takes its characters before the cut
    /// (`TextBlock.keptBytes`) and, past the cut, the characters of " ..." at the UTF-16 offsets it
    /// covered in the whole text — so a link the cut runs through opens from its dots too, as does
    /// one that began within their few units after the cut, though none of its characters is drawn.
    /// The dots are those that open the drawn `link` (the kit's `ellipsis`); what of the suffix the
    /// label clipped is not drawn and takes no tap. Each result is one range (empty: no tap).
    static func collapsedRanges(_ ranges: [Range<Int>], of original: String, in block: TextBlock) -> [Range<Int>] {
        guard block.isTruncated, let kept = block.keptBytes else { return ranges }
        // The drawn suffix's characters before "Read more": each one's bytes in the drawn text,
        // one UTF-16 unit each (" " and "." or "…"), so the n-th stands at the cut's offset + n.
        var ends = [kept]
        for character in String(decoding: block.text.string.utf8.dropFirst(kept), as: UTF8.self) {
            guard ends.count == 1 ? character == " " : character == "." || character == "…" else { break }
            ends.append(ends[ends.count - 1] + character.utf8.count)
        }
        let units = ends.count - 1
        let after = Array(original.utf8.dropFirst(kept).prefix(4 * (units + 1)))
        // How many UTF-16 units of `original` lie between the cut and the byte `offset`, at most `units`.
        func unitsAfterCut(to offset: Int) -> Int {
            var count = 0, byte = 0
            while count < units, kept + byte < offset, byte < after.count {
                let lead = after[byte]
                byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                count += lead >= 0xF0 ? 2 : 1
            }
            return min(count, units)
        }
        return ranges.map { range in
            guard range.upperBound > kept else { return range }
            let end = ends[unitsAfterCut(to: range.upperBound)]
            let start = range.lowerBound < kept ? range.lowerBound : ends[unitsAfterCut(to: range.lowerBound)]
            return start < end ? start..<end : start..<start
        }
    }
}
