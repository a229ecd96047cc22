import Foundation

/// The events a comment's parts fire on each screen. The feed's preview cell reports through
/// `AmityPostPreviewCommentAction` and the feed turns Reply, "View replies", the reaction count
/// and taps on the text into `AmityEventHandler.postDidtap` (`AmityFeedViewController.swift:447-496`);
/// the post detail's rows report through `AmityCommentTableViewCellDelegate`
/// (`Modules/Comunity/General/Cell/AmityCommentTableViewCell.swift:11-18`,
/// `AmityPostDetailViewController.swift:651-755`). Names, avatars and mentions fire
/// `userDidTap` on both.
struct CommentEvents: Sendable {
    var like: LayoutEvent
    var reply: LayoutEvent
    var option: LayoutEvent
    var reactions: LayoutEvent
    /// A tap on collapsed text, which expands it in place.
    var expand: LayoutEvent
    /// A tap on text that is not collapsed.
    var textTap: LayoutEvent?
}

extension CommentStyle {
    /// The events of this style's screen.
    var events: CommentEvents {
        switch self {
        case .preview:
            CommentEvents(
                like: .tapLike, reply: .postDidtap, option: .tapOption, reactions: .postDidtap, expand: .willExpandExpandableLabel,
                textTap: .postDidtap)
        case .comment, .reply:
            CommentEvents(
                like: .commentCellDidTapLike, reply: .commentCellDidTapReply, option: .commentCellDidTapOption,
                reactions: .commentCellDidTapReactionDetails, expand: .willExpandLabel, textTap: nil)
        }
    }
}

extension CommentView {
    /// `event` for `comment` over `frame`: `postDidtap` with the post, anything else with the post
    /// and the comment.
    func commentAction(_ event: LayoutEvent, _ comment: PostComment, post: Post, _ frame: Rect, _ canvas: inout CellCanvas) {
        let arguments = event == .postDidtap ? ["postId": post.id] : ["postId": post.id, "commentId": comment.id]
        canvas.action(event, arguments, frame)
    }

    /// Links (Feedshot's own `linkDidTap`: the kit opens them) and mentions (`userDidTap`) where
    /// the text drawn at `frame` shows them, then the label itself over `labelFrame`: expanding
    /// it when collapsed, or the screen's text tap. `mentions` and `links` are those the label drew
    /// (`AmityExpandableLabel.styled`).
    func commentTextActions(
        _ comment: PostComment, post: Post, style: CommentStyle, block: TextBlock, mentions: [AmityExpandableLabel.MentionRange],
        links: [LinkDetector.Link], frame: Rect, labelFrame: Rect, _ canvas: inout CellCanvas
    ) {
        canvas.addLinkAndMentionTaps(
            links: links, mentions: mentions, in: comment.text, block: block, frame: frame, isMirrored: isMirrored, measurer: measurer)
        if block.isTruncated {
            commentAction(style.events.expand, comment, post: post, labelFrame, &canvas)
        } else if let event = style.events.textTap {
            commentAction(event, comment, post: post, labelFrame, &canvas)
        }
    }

    /// The action row at `y` — Like (or Liked), the reaction count, Reply, the option button,
    /// 12 apart, each only when shown — and "View replies" 12 below it. The row is a stack no wider
    /// than the comment's column (its trailing edge 16 from the cell's): where the buttons do not
    /// fit (a long translation at 320 points), UIKit compresses them and their titles are cut in the
    /// middle (`AmityCommentView.xib:123,165`, `lineBreakMode="middleTruncation"`), the longer first
    /// (`StackCompression`).
    func commentActions(
        _ comment: PostComment, post: Post, style: CommentStyle, showsActions: Bool, y: Double, _ canvas: inout CellCanvas
    ) {
        let m = CommentMetrics.self
        let events = style.events
        var x = style.contentX
        let liked = comment.isLiked
        let likeIcon = liked ? m.likedIcon : m.likeIcon
        let likeColor = liked ? theme.primary : theme.baseShade2
        // The titles and the count, each measured once, in the colours they are drawn in.
        let titles = [
            unboundedLabel(strings(liked ? .liked : .like), .captionBold, color: likeColor),
            unboundedLabel(strings(.reply), .captionBold, color: theme.baseShade2),
        ]
        let count =
            comment.likes > 0
            ? unboundedLabel(strings.number(FeedFormatting.abbreviated(comment.likes)), .caption, color: theme.baseShade2) : nil
        var maxTitles = [Double.infinity, .infinity]
        if showsActions {
            let natural = titles.map(\.width)
            let fixed =
                likeIcon.width + m.iconToTitle + m.replyIcon.width + m.iconToTitle + m.optionButton + 2 * m.actionSpacing
                + (count.map { m.reactionIcon + m.reactionGap + $0.width + m.actionSpacing } ?? 0)
            // A title cut in the middle keeps at least its first and last letters ("A…n").
            let floors = titles.map { title in
                let string = title.text.string
                return string.count < 3
                    ? 0
                    : unboundedLabel("\(string.first!)\(TextBlock.ellipsis)\(string.last!)", .captionBold, color: theme.baseShade2).width
            }
            let fitted = StackCompression.widths(natural, floors: floors, room: width - m.stackTrailing - style.contentX - fixed)
            // Only a title that is cut gets a width of its own.
            maxTitles = zip(natural, fitted).map { $1 < $0 ? $1 : .infinity }
        }
        if showsActions {
            let frame = commentButton(
                x: x, y: y, icon: likeIcon, glyph: liked ? .likeFill : .likeOutline, title: titles[0], maxTitleWidth: maxTitles[0],
                color: likeColor, role: .likeButton, &canvas)
            commentAction(events.like, comment, post: post, frame, &canvas)
            x = frame.maxX + m.actionSpacing
        }
        if let count {
            let iconY = y + (m.actionRow - m.reactionIcon) / 2
            canvas.add(
                .reactionCount, Rect(x: x, y: iconY, width: m.reactionIcon, height: m.reactionIcon),
                .glyph(.likeBadge, color: theme.primary))
            let textX = x + m.reactionIcon + m.reactionGap
            canvas.add(
                .reactionCount, Rect(x: textX, y: y + (m.actionRow - count.height) / 2, width: count.width, height: count.height),
                text: count)
            let frame = Rect(x: x, y: y, width: textX + count.width - x, height: m.actionRow)
            commentAction(events.reactions, comment, post: post, frame, &canvas)
            x = frame.maxX + m.actionSpacing
        }
        if showsActions {
            // On a reply too: `configure` hides a reply's Reply button (`AmityCommentView.swift:153`),
            // then `toggleActionVisibility` shows Like, Reply and the option button wherever the
            // actions show (:176-181).
            if style == .reply { canvas.note(.replyOnReplies) }
            let frame = commentButton(
                x: x, y: y, icon: m.replyIcon, glyph: .reply, title: titles[1], maxTitleWidth: maxTitles[1], color: theme.baseShade2,
                role: .replyButton, &canvas)
            commentAction(events.reply, comment, post: post, frame, &canvas)
            x = frame.maxX + m.actionSpacing
        }
        if showsActions {
            let frame = Rect(x: x, y: y, width: m.optionButton, height: m.optionButton)
            // The kit's `icon_option` (15.19 × 3.38), centred in the 22-point button as a 20-point
            // image view one point in draws it.
            canvas.add(
                .optionButton, Rect(x: x + 11 - 7.595, y: y + 11 - 1.69, width: 15.19, height: 3.38),
                .glyph(.optionDots, color: theme.baseShade2))
            commentAction(events.option, comment, post: post, frame, &canvas)
        }
        if style.showsViewReplies(comment) {
            let rowY = showsActions || comment.likes > 0 ? y + m.actionRow + m.stackSpacing : y
            let frame = repliesButton(
                strings(.viewReplies), x: style.contentX, y: rowY, outerTrailing: m.stackTrailing, cutsInTheMiddle: true, &canvas)
            commentAction(events.reply, comment, post: post, frame, &canvas)
        }
    }

    /// A button of the action row: the icon (22 tall row, centred), 4 points, the `title` (semibold
    /// 13, measured), cut in the middle beyond `maxTitleWidth`; its frame is the icon and the title
    /// (`UIButton+Extension.swift:24-39`).
    private func commentButton(
        x: Double, y: Double, icon: (width: Double, height: Double), glyph: Glyph, title: TextBlock, maxTitleWidth: Double,
        color: Color, role: ElementRole, _ canvas: inout CellCanvas
    ) -> Rect {
        let m = CommentMetrics.self
        let text =
            maxTitleWidth.isFinite
            ? TextBlock.middleTruncatedLabel(title.text, width: max(1, maxTitleWidth), measurer: measurer) : title
        // The kit's icon at its asset's size (its paths fill the box), centred in the row.
        let box = Rect(x: x, y: y + (m.actionRow - icon.height) / 2, width: icon.width, height: icon.height)
        canvas.add(role, box, .glyph(glyph, color: color))
        // A title squeezed below its "…" is not drawn: the button is its icon.
        guard text.fits(maxTitleWidth) else { return Rect(x: x, y: y, width: icon.width, height: m.actionRow) }
        let textX = x + icon.width + m.iconToTitle
        canvas.add(role, Rect(x: textX, y: y + (m.actionRow - text.height) / 2, width: text.width, height: text.height), text: text)
        return Rect(x: x, y: y, width: textX + text.width - x, height: m.actionRow)
    }
}

/// The replies button: the comment view's "View replies" and the post detail's "View more replies".
extension FeedCell {
    /// "View replies" / "View more replies": a 28-point box in secondary shade 4, the arrow 12
    /// from its leading edge, the title (semibold 13, base shade 1) 8 after the arrow and
    /// `trailing` before the end, the box ending at least `outerTrailing` before the cell's edge —
    /// the title cut to fit, in the middle or at its end. "View replies" has radius 4, 16 and 16,
    /// and a button's middle cut (`AmityCommentView.swift:106-115`; `.xib:186,222`), "View more
    /// replies" square corners, 12 and 12, and a label's tail cut (`AmityViewMoreReplyTableViewCell.xib:31,39-50`).
    func repliesButton(
        _ title: String, x: Double, y: Double, radius: Double = 4, trailing: Double = CommentMetrics.viewRepliesTrailing,
        outerTrailing: Double, cutsInTheMiddle: Bool = false, _ canvas: inout CellCanvas
    ) -> Rect {
        let m = CommentMetrics.self
        let fixed = m.viewRepliesLeading + m.repliesIcon.width + m.viewRepliesIconToTitle + trailing
        let room = max(1, width - outerTrailing - x - fixed)
        let text =
            cutsInTheMiddle
            ? TextBlock.middleTruncatedLabel(
                StyledText(title, font: typography[.captionBold], color: theme.baseShade1), width: room, measurer: measurer)
            : label(title, .captionBold, color: theme.baseShade1, width: room)
        let frame = Rect(x: x, y: y, width: fixed + text.width, height: m.viewRepliesHeight)
        canvas.add(.viewReplies, frame, .box(fill: theme.secondaryShade4, corners: .all(radius)))
        let iconX = x + m.viewRepliesLeading
        // `icon_reply_inverse` at its asset's size, in its own colour (not a template image).
        let icon = m.repliesIcon
        canvas.add(
            .viewReplies, Rect(x: iconX, y: frame.midY - icon.height / 2, width: icon.width, height: icon.height),
            .glyph(.replies, color: KitColors.repliesIcon))
        let textX = iconX + m.repliesIcon.width + m.viewRepliesIconToTitle
        canvas.add(.viewReplies, Rect(x: textX, y: frame.midY - text.height / 2, width: text.width, height: text.height), text: text)
        return frame
    }
}
