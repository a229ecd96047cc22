import Foundation

/// The text cell (`Text/AmityPostTextTableViewCell`): the post's text 8 below the top and 8 above
/// the bottom, W − 32 wide, collapsed after 8 lines — always shown in a text post, 16 tall when
/// the text is empty. Image, video and file posts draw their text inside their gallery or file
/// cell instead (`postLabel`, 3 lines).
struct PostTextCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let block = postLabel(post.text ?? "", post: post, maxLines: m.maxLines, at: m.margin, m.textInset, &canvas)
        return block.height + 2 * m.textInset
    }
}

/// The post's text label, drawn by the text cell and, 3 lines, inside the gallery and file cells.
extension FeedCell {

    /// The expandable label at (`x`, `y`): `text` styled with the post's links and mentions,
    /// `maxLines` lines unless the post shows its whole text; a mention fires `userDidTap`, a tap
    /// elsewhere on a label that collapses expands it in place — `readMoreDidTap`, Feedshot's own —
    /// or, on one that does not, `postDidtap` (`AmityPostProtocolHandler.swift:83-85,129-130`).
    func postLabel(
        _ text: String, post: Post, maxLines: Int, at x: Double, _ y: Double, mentions: [Mention]? = nil,
        _ canvas: inout CellCanvas
    ) -> TextBlock {
        guard !text.isEmpty else {
            return TextBlock(text: StyledText("", font: typography[.body]), lines: [], height: 0, width: 0, isTruncated: false)
        }
        let label = expandableLabel(collapsedLines: post.showsWholeText ? nil : maxLines)
        let styled = label.styled(text, mentions: mentions ?? post.mentions)
        let labelWidth = width - 2 * FeedMetrics.margin
        let block = label.measure(styled.text, width: labelWidth, measurer: measurer)
        // The label's full width, as the kit's label spans the cell: its text is set against the
        // left (`visualLeft`), every line, whatever its paragraph's direction.
        let frame = Rect(x: x, y: y, width: labelWidth, height: block.height)
        // The label's baselineOffset raises the glyphs; its frame (and the taps) stay.
        canvas.add(.text, frame.offsetBy(dy: -label.baselineOffset), text: block)
        canvas.addLinkAndMentionTaps(
            links: styled.links, mentions: styled.mentions, in: text, block: block, frame: frame, isMirrored: isMirrored,
            measurer: measurer)
        if block.isTruncated {
            canvas.feedshotAction(.readMoreDidTap, ["postId": post.id], frame)
        } else {
            canvas.action(.postDidtap, ["postId": post.id], frame)
        }
        return block
    }

    /// The feed's `AmityExpandableLabel` — post text (`AmityPostTextTableViewCell.swift:77-82`) and
    /// comments (`AmityCommentView.swift:69-71`): body in the base colour, "Read more" and links in
    /// the highlight colour (the label's defaults, :86-93), mentions in the primary colour.
    func expandableLabel(collapsedLines: Int?) -> AmityExpandableLabel {
        AmityExpandableLabel(
            font: typography[.body], boldFont: typography[.bodyBold], textColor: theme.base, readMoreColor: theme.highlight,
            hyperLinkColor: theme.highlight, mentionColor: theme.primary,
            collapsedLines: collapsedLines, link: strings(.readMore),
            isLinkEnglishInAnotherLanguage: strings.isEnglishInAnotherLanguage(.readMore))
    }
}
