import Foundation

/// The kit's `AmityCommentView` (`Modules/Comunity/General/Cell/AmityCommentView/`): avatar, name
/// with the banned badge, moderator badge and time, the text in its bubble, the action row and
/// "View replies" (docs/conformance/amity.md, "Comments").
struct CommentView<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    /// Draws `comment` in `style` from the top of `canvas` and returns the view's height: its
    /// constraints' height under a feed post, the kit's fixed formula in a post detail
    /// (`AmityCommentView.height(with:layout:boundingWidth:)`, `AmityCommentView.swift:222-266`),
    /// the extra height going to the text's label, which centres the text in a taller bubble.
    mutating func layout(
        _ comment: PostComment, post: Post, style: CommentStyle, showsActions: Bool, _ canvas: inout CellCanvas, path: String
    ) -> Double {
        let m = CommentMetrics.self
        let top = style.aboveAvatar, x = style.contentX
        avatar(
            comment.author, frame: Rect(x: style.avatarLeading, y: top, width: m.avatarSize, height: m.avatarSize), &canvas,
            path: "\(path).author")
        let nameBottom = commentName(comment, x: x, centerY: top + m.avatarSize / 2, &canvas)
        let rowHeight = commentTime(comment, x: x, y: nameBottom, &canvas)
        let bubbleY = nameBottom + rowHeight + m.timeToBubble
        let textWidth = width - x - m.bubbleTrailing - 2 * m.bubblePadding
        let label = expandableLabel(collapsedLines: comment.isExpanded ? nil : m.collapsedLines)
        let styled = label.styled(comment.text, mentions: comment.mentions)
        let block = label.measure(styled.text, width: textWidth, measurer: measurer)
        let stack = stackHeight(comment, style: style, showsActions: showsActions)
        var slack = 0.0
        if style.hasFixedHeight {
            // The formula measures the plain text; the label gets what the constraints leave.
            let formulaText = label.measure(
                StyledText(comment.text, font: label.font, color: label.textColor), width: textWidth, measurer: measurer)
            let formula = m.formulaTop + top + formulaText.height + m.belowContent + m.aboveStack + stack + m.belowStack
            slack = max(0, formula - (bubbleY + 2 * m.bubblePadding + block.height + m.aboveStack + stack + m.belowStack))
        }
        let bubble = Rect(x: x, y: bubbleY, width: block.width + 2 * m.bubblePadding, height: block.height + 2 * m.bubblePadding + slack)
        let r = m.bubbleRadius
        canvas.add(
            .comment, bubble, .box(fill: theme.baseShade4, corners: CornerRadii(topLeft: 0, topRight: r, bottomRight: r, bottomLeft: r)))
        let textFrame = Rect(x: x + m.bubblePadding, y: bubbleY + m.bubblePadding + slack / 2, width: block.width, height: block.height)
        // The label's baselineOffset raises the glyphs; its frame (and the taps) stay.
        canvas.add(.text, textFrame.offsetBy(dy: -label.baselineOffset), text: block)
        // The label takes the slack the fixed row height leaves (its vertical hugging, 250, is the
        // lowest: `xib:94`) and draws its text centred in it: its own tap covers all of it.
        let labelFrame = Rect(x: textFrame.x, y: bubbleY + m.bubblePadding, width: block.width, height: block.height + slack)
        commentTextActions(
            comment, post: post, style: style, block: block, mentions: styled.mentions, links: styled.links, frame: textFrame,
            labelFrame: labelFrame, &canvas)
        let stackY = bubble.maxY + m.aboveStack
        commentActions(comment, post: post, style: style, showsActions: showsActions, y: stackY, &canvas)
        return stackY + stack + m.belowStack
    }

    /// The name (semibold 15, base, one line) centred on the avatar, and the banned badge 4 after
    /// it; both tappable as `userDidTap`. The badge's trailing edge is held at least 16 from the
    /// view's (`AmityCommentView.xib:208,225`), so a name too long for the row is squeezed to what
    /// is left: truncated, its label fills that width and the badge ends 16 from the edge.
    /// Returns the name's bottom.
    private func commentName(_ comment: PostComment, x: Double, centerY: Double, _ canvas: inout CellCanvas) -> Double {
        let m = CommentMetrics.self
        let badge = comment.author.isGlobalBanned ? m.badgeSize : 0
        let available = width - x - m.nameToBadge - badge - m.badgeTrailing
        let name = label(comment.author.displayName ?? strings(.anonymous), .bodyBold, color: theme.base, width: available)
        let frame = Rect(x: x, y: centerY - name.height / 2, width: name.isTruncated ? available : name.width, height: name.height)
        canvas.add(.name, frame, text: name)
        canvas.action(.userDidTap, ["userId": comment.author.id], frame)
        if comment.author.isGlobalBanned {
            canvas.add(
                .badge, Rect(x: frame.maxX + m.nameToBadge, y: frame.midY - m.badgeSize / 2, width: m.badgeSize, height: m.badgeSize),
                .glyph(.bannedBadge, color: KitColors.bannedIcon))
        }
        return frame.maxY
    }

    /// The row under the name: "Moderator • " after a 12-point badge when the author moderates,
    /// then the relative time ("… • Edited" when edited), caption in base shade 1. Returns its height.
    private func commentTime(_ comment: PostComment, x: Double, y: Double, _ canvas: inout CellCanvas) -> Double {
        let m = CommentMetrics.self
        var relative = FeedFormatting.relativeDate(comment.createdAt, now: document.now, calendar: calendar, strings: strings)
        if comment.editedAt != nil { relative = strings(.edited, relative) }
        var timeX = x
        var badge: TextBlock?
        if comment.isModerator {
            let text = label(
                strings(.badgeSeparator, strings(.moderator)), .captionBold, color: theme.baseShade1, width: width - x - m.moderatorIcon)
            badge = text
            timeX = x + m.moderatorIcon + m.moderatorSpacing + text.width
        }
        // The row has no trailing constraint: the time is as wide as the view leaves it.
        let time = label(relative, .caption, color: theme.baseShade1, width: width - timeX)
        var height = time.height
        if let badge {
            height = max(height, badge.height, m.moderatorIcon)
            canvas.add(
                .badge, Rect(x: x, y: y + (height - m.moderatorIcon) / 2, width: m.moderatorIcon, height: m.moderatorIcon),
                .glyph(.moderatorBadge, color: KitColors.moderatorBadgeIcon))
            let badgeX = x + m.moderatorIcon + m.moderatorSpacing
            canvas.add(.badge, Rect(x: badgeX, y: y + (height - badge.height) / 2, width: badge.width, height: badge.height), text: badge)
        }
        canvas.add(.time, Rect(x: timeX, y: y + (height - time.height) / 2, width: time.width, height: time.height), text: time)
        return height
    }

    /// The height of the stack under the bubble: the action row (22) when the post takes comments
    /// or the comment has reactions, "View replies" (28) under a preview comment with replies,
    /// 12 between them (`AmityCommentView.swift:176-191,241-256`).
    func stackHeight(_ comment: PostComment, style: CommentStyle, showsActions: Bool) -> Double {
        let m = CommentMetrics.self
        var rows: [Double] = []
        if showsActions || comment.likes > 0 { rows.append(m.actionRow) }
        if style.showsViewReplies(comment) { rows.append(m.viewRepliesHeight) }
        return rows.reduce(0, +) + m.stackSpacing * Double(max(rows.count - 1, 0))
    }
}

extension CommentStyle {
    /// "View replies" shows under a preview comment with replies only (`AmityCommentViewLayout.swift:43-50`).
    func showsViewReplies(_ comment: PostComment) -> Bool {
        switch self {
        case .preview: comment.replyCount > 0
        case .comment, .reply: false
        }
    }
}
