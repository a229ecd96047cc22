import Foundation

/// The header cell (`Header/AmityPostHeaderTableViewCell.xib` and `.swift`,
/// `Scenes/Feed/View/AmityFeedDisplayNameTextView.swift`): an 8-point clear top, then on white a
/// row 12 below it — avatar 40, 12, the name column, 12, the option button 30 — centred
/// vertically, and 8 below it. The column is the name ("Name ‣ Community", semibold, up to 3
/// lines, the banned symbol and the official badge inline) over the date row ([moderator badge]
/// "2 hours ago • Edited"), 4 apart.
struct PostHeaderCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    mutating func layout(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        let showsOption = headerShowsOption(post)
        let columnX = m.margin + m.avatarSize + m.headerSpacing
        let columnWidth = width - 2 * m.margin - m.avatarSize - m.headerSpacing - (showsOption ? m.headerSpacing + m.optionButton : 0)
        let title = headerTitle(post)
        let name = TextBlock.measure(title.text, width: columnWidth, maxLines: m.nameMaxLines, suffix: "…", measurer: measurer)
        let badge =
            post.isModerator
            ? label(strings(.badgeSeparator, strings(.moderator)), .captionBold, color: theme.baseShade1, width: columnWidth) : nil
        let badgeWidth = badge.map { m.moderatorIcon + m.moderatorSpacing + $0.width } ?? 0
        let subtitle = FeedFormatting.subtitle(
            createdAt: post.createdAt, isEdited: post.editedAt != nil, now: document.now, calendar: calendar, strings: strings)
        let date = label(subtitle, .caption, color: theme.baseShade1, width: columnWidth - badgeWidth)
        let rowHeight = max(badge?.height ?? 0, date.height)
        let columnHeight = name.height + m.nameToDate + rowHeight
        let stackHeight = max(m.avatarSize, columnHeight, showsOption ? m.optionButton : 0)
        let stackTop = m.postGap + m.headerTop

        avatar(
            post.author,
            frame: Rect(x: m.margin, y: stackTop + (stackHeight - m.avatarSize) / 2, width: m.avatarSize, height: m.avatarSize),
            &canvas, path: "\(path).author")
        let nameFrame = Rect(x: columnX, y: stackTop + (stackHeight - columnHeight) / 2, width: name.width, height: name.height)
        canvas.add(.name, nameFrame, text: name)
        headerNameActions(post, title: title, block: name, frame: nameFrame, &canvas)

        var x = columnX
        let rowY = nameFrame.maxY + m.nameToDate
        if let badge {
            canvas.add(
                .icon, Rect(x: x, y: rowY + (rowHeight - m.moderatorIcon) / 2, width: m.moderatorIcon, height: m.moderatorIcon),
                .glyph(.moderatorBadge, color: KitColors.moderatorBadgeIcon))
            x += m.moderatorIcon + m.moderatorSpacing
            canvas.add(.status, text: badge, at: x, rowY + (rowHeight - badge.height) / 2)
            x += badge.width
        }
        canvas.add(.time, text: date, at: x, rowY + (rowHeight - date.height) / 2)
        if showsOption {
            let button = Rect(
                x: width - m.margin - m.optionButton, y: stackTop + (stackHeight - m.optionButton) / 2, width: m.optionButton,
                height: m.optionButton)
            // `icon_option`, 15.19 × 3.38, centred in the button, tinted base.
            canvas.add(
                .icon, Rect(x: button.midX - 7.59, y: button.midY - 1.69, width: 15.19, height: 3.38),
                .glyph(.optionDots, color: theme.base))
            canvas.feedshotAction(.postOptionDidTap, ["postId": post.id], button)
        }
        return stackTop + stackHeight + m.headerBottom
    }

    /// `optionButton.isHidden`: a pending post's for anyone but its author; otherwise hidden on
    /// the detail screen and in a community the viewer has not joined (`AmityPostHeaderTableViewCell.swift:52-57`).
    func headerShowsOption(_ post: Post) -> Bool {
        if post.isPending { return post.author.id == feed.viewer }
        return post.display == .feed && post.isCommentable
    }

    /// The name label's text and where its parts are: the display name, the banned symbol (16,
    /// base shade 3), " ‣ " and the community's name, the official badge (18, highlight) — all
    /// semibold in the base colour, the badges as inline attachments 2 below the baseline.
    func headerTitle(_ post: Post) -> (text: StyledText, name: Range<Int>, community: Range<Int>?, badges: [(Int, Glyph, Color)]) {
        var text = StyledText(post.author.displayName ?? strings(.anonymous), font: typography[.bodyBold], color: theme.base)
        let name = 0..<text.string.utf8.count
        var badges: [(Int, Glyph, Color)] = []
        if post.author.isGlobalBanned {
            badges.append((text.string.utf8.count, .bannedBadge, theme.baseShade3))
            text = text.appendingAttachment(StyledText.Attachment(width: 16, height: 16, descent: 2))
        }
        var community: Range<Int>?
        if let c = post.community, showsCommunity(c, of: post) {
            text.string += " ‣ "
            let start = text.string.utf8.count
            text.string += c.name
            community = start..<text.string.utf8.count
            if c.isOfficial {
                badges.append((text.string.utf8.count, .officialBadge, theme.highlight))
                text = text.appendingAttachment(StyledText.Attachment(width: 18, height: 18, descent: 2))
            }
        }
        return (text, name, community, badges)
    }

    /// `appearance.shouldShowCommunityName`: false for a pending post — on its detail screen
    /// (`AmityPendingPostsDetailScreenViewModel.swift:78-81`) and in the one list the kit shows it
    /// in, its own community's pending feed (`AmityPendingPostsFeedViewModel.swift:29`, fetched
    /// for that community, `AmityFeedRepositoryManager.swift:65-66`) — and for a post of the
    /// community whose feed this is (`AmityFeedRepositoryManager.swift:97-99`); the official badge
    /// goes with the name (`AmityFeedDisplayNameTextView.swift:62`).
    func showsCommunity(_ community: Community, of post: Post) -> Bool {
        if post.isPending { return false }
        return post.display == .detail || feed.communityFeed != community.id
    }

    /// The badges drawn over their attachments, and the taps: the name → `userDidTap`, the
    /// community → `communityDidTap` with its id (`AmityPostHeaderProtocolHandler.swift:43-46`).
    func headerNameActions(
        _ post: Post, title: (text: StyledText, name: Range<Int>, community: Range<Int>?, badges: [(Int, Glyph, Color)]),
        block: TextBlock, frame: Rect, _ canvas: inout CellCanvas
    ) {
        let lineHeight = block.lines.isEmpty ? 0 : block.height / Double(block.lines.count)
        for (offset, glyph, color) in title.badges where offset < block.text.string.utf8.count {
            guard let box = block.fragments(of: offset..<(offset + 3), in: frame, isMirrored: isMirrored, measurer: measurer).first else {
                continue
            }
            let side = box.width
            // Bottom 2 below the baseline (UILabel+Extension.swift:38). The baseline sits at the system
            // font's ascent, 1950/2444 = 0.798 of a line (0.8 here), or lower when the badge stands taller than it.
            let baseline = box.y + max(lineHeight * 0.8, side - 2)
            canvas.add(.icon, Rect(x: box.x, y: baseline + 2 - side, width: side, height: side), .glyph(glyph, color: color))
        }
        for box in block.fragments(of: title.name, in: frame, isMirrored: isMirrored, measurer: measurer) {
            canvas.action(.userDidTap, ["userId": post.author.id], box)
        }
        if let range = title.community, let community = post.community {
            for box in block.fragments(of: range, in: frame, isMirrored: isMirrored, measurer: measurer) {
                canvas.action(.communityDidTap, ["communityId": community.id], box)
            }
        }
    }
}
