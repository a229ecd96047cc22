import Foundation

/// The footer cell (`Footer/AmityPostFooterTableViewCell.xib` and `.swift`): 98 tall with the
/// counts row, 58 without. The counts row (32, 8 below the top, shown when there are likes or
/// comments) has the like badge (20) and "N likes" at the left, "N comments" and "N shares" at
/// the right, 8 apart, each hidden at zero; a separator inset 16; the buttons, left-aligned 12
/// apart (Like / Liked, Comment, Share — hidden when the post cannot be shared), or, for a
/// community the viewer has not joined, "Join community to interact with all posts"; a
/// full-width separator.
struct PostFooterCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let hasCounts = post.likes > 0 || post.comments > 0
        var y = m.footerTop
        if hasCounts {
            footerCounts(post, y: y, &canvas)
            y += m.countsRow + m.footerSpacing
        }
        canvas.add(
            .icon, Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: m.separator),
            .box(fill: theme.secondaryShade4, corners: .none))
        y += m.separator + m.footerSpacing
        if post.isCommentable {
            footerButtons(post, y: y, &canvas)
        } else {
            let warning = label(strings(.joinCommunity), .body, color: theme.baseShade2, width: width - 2 * m.margin)
            canvas.add(.status, text: warning, at: m.margin, y + (m.actionRow - warning.height) / 2)
        }
        y += m.actionRow + m.footerSpacing
        canvas.add(.icon, Rect(x: 0, y: y, width: width, height: m.separator), .box(fill: theme.secondaryShade4, corners: .none))
        return y + m.separator
    }

    /// The counts: likes abbreviated after the like badge; comments abbreviated and shares as
    /// they are (`AmityPostFooterTableViewCell.swift:46-66`), right-aligned. The row is one stack
    /// 8 apart (badge, likes, an empty view that takes the slack, comments, shares;
    /// `.xib:29-62`): where the counts meet, the empty view is gone (its gaps stay) and one of the
    /// labels of equal compression resistance gives way — the one with the most to give above its
    /// number, cut with "…" (`StackCompression`), so numbers stay whole while anything else can
    /// give; never drawn over each other.
    /// A tap on the row — its first 100 points (the like-details button) only when there are
    /// likes — fires what the post's screen does (`footerTap`).
    func footerCounts(_ post: Post, y: Double, _ canvas: inout CellCanvas) {
        let m = FeedMetrics.self
        let row = Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: m.countsRow)
        // Where likes and comments would read "1.0K", shares are written in full.
        if post.shares >= 1000 { canvas.note(.unabbreviatedShares) }
        // In the stack's order — likes, comments, shares — each with its number as written in it.
        var counts: [(text: String, number: String)] = []
        if post.likes > 0 {
            counts.append(
                (FeedFormatting.count(post.likes, .likes, strings: strings), strings.number(FeedFormatting.abbreviated(post.likes))))
        }
        if post.comments > 0 {
            let number = strings.number(FeedFormatting.abbreviated(post.comments))
            counts.append((FeedFormatting.count(post.comments, .comments, strings: strings), number))
        }
        if post.shares > 0 {
            let number = strings.number(String(post.shares))
            counts.append((strings.plural(.shares, count: post.shares, number), number))
        }
        let texts = counts.map(\.text)
        let natural = texts.map { unboundedLabel($0, .caption, color: theme.baseShade2).width }
        // What a cut label keeps: its number ("3200000…"); the whole label where the number is
        // words ("תגובה אחת") or last.
        let floors = zip(counts, natural).map { count, width in
            guard let end = count.text.range(of: count.number)?.upperBound, end < count.text.endIndex else { return width }
            let kept = String(count.text[..<end]).trimmingTrailingWhitespace() + TextBlock.ellipsis
            return min(width, unboundedLabel(kept, .caption, color: theme.baseShade2).width)
        }
        let hasLikes = post.likes > 0
        // The comments and shares, right-aligned.
        let trailing = hasLikes ? counts.count - 1 : counts.count
        let gaps = m.footerSpacing * Double(max(0, trailing - 1))
        // The badge and 8 before the likes, then the empty view (hidden views take no gap): 8
        // before it, 8 after it where comments or shares follow.
        let leading = (hasLikes ? m.likeBadge + 2 * m.footerSpacing : 0) + (trailing == 0 ? 0 : m.footerSpacing)
        let fitted = StackCompression.widths(natural, floors: floors, room: row.width - leading - gaps)
        // Each label in the frame the stack gives it (its text at the frame's leading edge); one
        // squeezed below its "…" is not drawn.
        let labels = zip(texts, fitted).map { text, room -> TextBlock? in
            let block = label(text, .caption, color: theme.baseShade2, width: max(1, room))
            return block.fits(room) ? block : nil
        }
        if hasLikes {
            canvas.add(
                .icon, Rect(x: row.x, y: row.midY - m.likeBadge / 2, width: m.likeBadge, height: m.likeBadge),
                .glyph(.likeBadge, color: theme.primary))
            if let block = labels[0] {
                canvas.add(.counts, text: block, at: row.x + m.likeBadge + m.footerSpacing, row.midY - block.height / 2)
            }
        }
        var right = row.maxX
        for index in labels.indices.reversed().dropLast(hasLikes ? 1 : 0) {
            right -= fitted[index]
            if let block = labels[index] { canvas.add(.counts, text: block, at: right, row.midY - block.height / 2) }
            right -= m.footerSpacing
        }
        if hasLikes {
            footerTap(.reactionDetailsDidTap, post, Rect(x: row.x, y: row.y, width: m.likeDetailsWidth, height: row.height), &canvas)
        }
        footerTap(
            .commentComposeDidTap, post,
            Rect(x: row.x + m.likeDetailsWidth, y: row.y, width: row.width - m.likeDetailsWidth, height: row.height), &canvas)
    }

    /// A footer tap as the post's screen handles it: in the feed `tapComment` and
    /// `tapReactionDetails` both fire `postDidtap` (`AmityFeedViewController.swift:438-439`); on the
    /// post detail the Comment button and counts focus the comment compose bar and the like details
    /// open who reacted, with no event (`AmityPostDetailViewController.swift:558-575`) — there
    /// Feedshot's own `detailEvent`.
    /// The compose bar is focused only for a member of the post's community (`isGroupMember`,
    /// `targetCommunity?.isJoined ?? false`: never on a user feed's post, which anyone may
    /// comment on — `Models/AmityPostModel.swift:212-226`), else the tap does nothing.
    func footerTap(_ detailEvent: LayoutEvent, _ post: Post, _ frame: Rect, _ canvas: inout CellCanvas) {
        if post.display == .detail {
            if detailEvent == .commentComposeDidTap, post.community?.isJoined != true { return }
            canvas.feedshotAction(detailEvent, ["postId": post.id], frame)
        } else {
            canvas.action(.postDidtap, ["postId": post.id], frame)
        }
    }

    /// Like / Liked (`icon_like` or `icon_like_fill`, base shade 2 or primary), Comment
    /// (`icon_comment` in its own grey, the title base shade 2) and Share (`icon_share`, the title
    /// #818698): each image, 4, title, semibold, `imgW + titleW + 4` wide, 12 apart.
    func footerButtons(_ post: Post, y: Double, _ canvas: inout CellCanvas) {
        let m = FeedMetrics.self
        let menu = feed.sharing.menu(for: post.origin)
        let likeColor = post.isLiked ? theme.primary : theme.baseShade2
        var buttons: [(role: ElementRole, glyph: Glyph, size: Size, title: String, tint: Color, titleColor: Color)] = [
            (
                .likeButton, post.isLiked ? .likeFill : .likeOutline, Size(width: post.isLiked ? 11.98 : 11.25, height: 12),
                strings(post.isLiked ? .liked : .like), likeColor, likeColor
            ),
            (.commentButton, .commentOutline, Size(width: 16, height: 16), strings(.comment), KitColors.commentIcon, theme.baseShade2),
        ]
        if !menu.isEmpty {
            buttons.append(
                (
                    .shareButton, .shareOutline, Size(width: 13.49, height: 17.04), strings(.share), KitColors.shareTitle,
                    KitColors.shareTitle
                ))
        }
        var x = m.margin
        for button in buttons {
            let title = unboundedLabel(button.title, .bodyBold, color: button.titleColor)
            let frame = Rect(x: x, y: y, width: button.size.width + title.width + m.imageTitlePadding, height: m.actionRow)
            canvas.add(
                button.role, Rect(x: x, y: frame.midY - button.size.height / 2, width: button.size.width, height: button.size.height),
                .glyph(button.glyph, color: button.tint))
            canvas.add(button.role, text: title, at: x + button.size.width + m.imageTitlePadding, frame.midY - title.height / 2)
            switch button.role {
            case .likeButton: canvas.feedshotAction(.likeDidTap, ["postId": post.id], frame)
            case .commentButton: footerTap(.commentComposeDidTap, post, frame, &canvas)
            default:
                canvas.feedshotAction(
                    .shareMenuDidOpen, ["postId": post.id, "menu": menu.map(\.event.rawValue).joined(separator: ",")], frame)
            }
            x = frame.maxX + m.buttonSpacing
        }
    }
}
