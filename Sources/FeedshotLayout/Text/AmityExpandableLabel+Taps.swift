extension CellCanvas {
    /// The taps on the links and mentions an Amity expandable label drew (`AmityExpandableLabel.styled`),
    /// each where a tap lands on it, links first (the label's order: `AmityExpandableLabel.tapBoxes`).
    /// The kit's label looks for a link or mention under the touch before anything else, on a
    /// collapsed label too (`Components/AmityExpandableLabel.swift:246-263`): a link it opens itself
    /// (`UIApplication.shared.open`, no event; Feedshot's own `linkDidTap` says where), a mention is
    /// the delegate's `userDidTap`. On a collapsed label (`block` as `AmityExpandableLabel.measure`
    /// gives it) only the characters before its " ...Read more" count: `TextBlock.keptBytes`,
    /// which also says what is left where the label clips the suffix. The label's own tap —
    /// expanding it, or the screen's — goes after these. A link over many lines whose boxes would
    /// repeat a long URL shares one box among its middle lines (`TapBoxes.bounded`).
    mutating func addLinkAndMentionTaps(
        links: [LinkDetector.Link], mentions: [AmityExpandableLabel.MentionRange], block: TextBlock, frame: Rect, isMirrored: Bool,
        measurer: some TextMeasuring
    ) {
        let kept = block.isTruncated ? block.keptBytes ?? 0 : Int.max
        let links = links.filter { $0.range.lowerBound < kept }
        let mentions = mentions.filter { $0.range.lowerBound < kept }
        let ranges = (links.map(\.range) + mentions.map(\.range)).map { $0.lowerBound..<min($0.upperBound, kept) }
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
