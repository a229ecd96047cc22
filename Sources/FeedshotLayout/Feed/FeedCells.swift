import Foundation

/// The built-in post cells. Each draws into `canvas` (cell-local coordinates) and returns its height.
extension FeedLayoutEngine {
    /// Avatar, "Name ‣ Community" (+ official badge), moderator badge, relative date, option button.
    mutating func header(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        avatar(post.author, frame: Rect(x: m.margin, y: 16, width: m.avatarSize, height: m.avatarSize), &canvas, path: "\(path).author")
        let x = m.margin + m.avatarSize + 8
        let available = width - x - m.margin - m.optionButton - 8
        var titleText = StyledText(post.author.displayName, font: AmityFont.bodyBold.spec, color: theme.base)
        if let community = post.community {
            titleText = titleText.appending(" ‣ ", color: theme.baseShade2).appending(community.name)
        }
        let title = TextBlock.measure(
            titleText, width: available - (post.community?.isOfficial == true ? 20 : 0), maxLines: 1, suffix: "…", measurer: measurer)
        let titleFrame = Rect(x: x, y: 17, width: title.width, height: title.height)
        canvas.add(.name, titleFrame, text: title)
        canvas.action("userDidTap", ["userId": post.author.id], titleFrame)
        if let community = post.community {
            canvas.action("communityDidTap", ["communityName": community.name], titleFrame)
            if community.isOfficial {
                canvas.add(
                    .icon, Rect(x: titleFrame.maxX + 4, y: titleFrame.midY - 8, width: 16, height: 16),
                    .glyph(.verified, color: theme.primary))
            }
        }
        var dateText = FeedFormatting.relativeDate(post.createdAt, now: document.now, calendar: calendar, strings: strings)
        if post.editedAt != nil { dateText += " • Edited" }
        var dateX = x
        if post.isModerator {
            canvas.add(.icon, Rect(x: x, y: 40, width: 14, height: 14), .glyph(.moderator, color: theme.primary))
            let badge = label(strings(.moderator), .captionBold, color: theme.primary, width: 100)
            canvas.add(.status, Rect(x: x + 16, y: 39, width: badge.width, height: badge.height), text: badge)
            dateX = x + 16 + badge.width + 6
        }
        let date = label(dateText, .caption, color: theme.baseShade1, width: width - dateX - m.margin - m.optionButton)
        canvas.add(.time, Rect(x: dateX, y: 39, width: date.width, height: date.height), text: date)
        let option = Rect(x: width - m.margin - m.optionButton, y: 21, width: m.optionButton, height: m.optionButton)
        canvas.add(.icon, option, .glyph(.more, color: theme.base))
        canvas.action("postOptionDidTap", ["postId": post.id], option)
        return m.headerHeight
    }

    /// The post's text: links and @mentions highlighted, collapsed after 8 lines (3 with media).
    func textCell(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let text = FeedLayoutEngine.highlighted(post.text ?? "", font: AmityFont.body.spec, color: theme.base, link: theme.highlight)
        let maxLines = post.isExpanded ? nil : (post.images.isEmpty && post.files.isEmpty ? m.maxLines : m.maxLinesWithMedia)
        let block = TextBlock.measure(
            text, width: width - 2 * m.margin, maxLines: maxLines, linkColor: theme.highlight, linkWeight: .semibold, measurer: measurer)
        // The full measuring width, so right-to-left paragraphs align to the right margin.
        let frame = Rect(x: m.margin, y: 0, width: width - 2 * m.margin, height: block.height)
        canvas.add(.text, frame, text: block)
        canvas.action("postDidTap", ["postId": post.id], frame)
        if block.isTruncated, !block.lines.isEmpty {
            let lineHeight = block.height / Double(block.lines.count)
            canvas.action(
                "readMoreDidTap", ["postId": post.id],
                Rect(x: frame.x, y: frame.maxY - lineHeight, width: width - 2 * m.margin, height: lineHeight))
        }
        return block.height + m.textBottom
    }

    /// URLs and @mentions in the highlight colour.
    static func highlighted(_ string: String, font: FontSpec, color: Color, link: Color) -> StyledText {
        var text = StyledText(string, font: font, color: color)
        var offset = 0
        for word in string.split(separator: " ", omittingEmptySubsequences: false) {
            let bytes = word.utf8.count
            let isLink = word.hasPrefix("http://") || word.hasPrefix("https://") || word.hasPrefix("www.")
            if isLink || (word.hasPrefix("@") && word.count > 1) {
                text.spans.append(
                    StyledText.Span(start: offset, end: offset + bytes, color: link, weight: word.hasPrefix("@") ? .semibold : nil))
            }
            offset += bytes + 1
        }
        return text
    }

    /// The image mosaic in a square W − 32 wide, "+ N" on the fourth tile.
    mutating func gallery(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        let side = m.gallerySide(width: width)
        let frames = GalleryMosaic.frames(count: post.images.count, side: side)
        for (index, tile) in frames.enumerated() {
            let frame = tile.offsetBy(dx: m.margin)
            let ref = post.images[index].src
            switch images.entry(ref) {
            case .loaded:
                canvas.add(.tile, frame, .image(ref: ref, cornerRadius: 4))
            case .failed(let reason):
                warnings.append("\(path).images[\(index)].src: \(reason); drew a placeholder")
                canvas.add(.tile, frame, .box(fill: theme.baseShade4, corners: .all(4)))
                let s = min(32, frame.width / 2, frame.height / 2)
                canvas.add(
                    .icon, Rect(x: frame.midX - s / 2, y: frame.midY - s / 2, width: s, height: s), .glyph(.photo, color: theme.baseShade2))
            }
            if post.dataType == "video" {
                let s = min(40.0, frame.width / 2)
                let button = Rect(x: frame.midX - s / 2, y: frame.midY - s / 2, width: s, height: s)
                canvas.add(.icon, button, .box(fill: Color.black.withAlpha(0.5), corners: .all(s / 2)))
                canvas.add(.icon, button, .glyph(.play, color: .white))
            }
            if index == 3, let overflow = GalleryMosaic.overflowLabel(count: post.images.count) {
                canvas.add(.tile, frame, .box(fill: Color.black.withAlpha(0.4), corners: .all(4)))
                let text = label(overflow, .headerLine, color: .white, width: frame.width)
                canvas.add(
                    .text, Rect(x: frame.midX - text.width / 2, y: frame.midY - text.height / 2, width: text.width, height: text.height),
                    text: text)
            }
            canvas.action("imageDidTap", ["postId": post.id, "index": String(index)], frame)
        }
        return GalleryMosaic.height(count: post.images.count, side: side) + m.galleryBottom
    }

    /// File rows of 76 (at most 5), then "View all files".
    func files(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        for (index, file) in post.files.prefix(m.maxFiles).enumerated() {
            let box = Rect(x: m.margin, y: Double(index) * m.fileRow, width: width - 2 * m.margin, height: m.fileBox)
            canvas.add(.file, box, .box(fill: theme.background, stroke: theme.baseShade4, corners: .all(4)))
            canvas.add(.icon, Rect(x: box.x + 12, y: box.y + 14, width: 32, height: 40), .glyph(.document, color: theme.primary))
            let textX = box.x + 12 + 32 + 12
            let name = label(file.name, .bodyBold, color: theme.base, width: box.maxX - 12 - textX)
            canvas.add(.text, Rect(x: textX, y: box.y + 14, width: name.width, height: name.height), text: name)
            let size = label(file.size.map(ChatFormatting.fileSize) ?? "", .caption, color: theme.baseShade1, width: box.maxX - 12 - textX)
            canvas.add(.text, Rect(x: textX, y: box.maxY - 14 - size.height, width: size.width, height: size.height), text: size)
            canvas.action("fileDidTap", ["postId": post.id, "index": String(index)], box)
        }
        if post.files.count > m.maxFiles {
            let y = Double(m.maxFiles) * m.fileRow
            let more = label(strings(.viewAllFiles), .bodyBold, color: theme.primary, width: width - 2 * m.margin)
            let frame = Rect(x: m.margin, y: y + (m.viewAllFilesRow - more.height) / 2, width: more.width, height: more.height)
            canvas.add(.readMore, frame, text: more)
            canvas.action("postDidTap", ["postId": post.id], frame)
        }
        return m.filesHeight(count: post.files.count)
    }

    /// Counts ("1.2K likes", "3 comments", "2 shares"), separator, Like/Liked · Comment · Share, separator.
    func footer(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let hasCounts = post.likes + post.comments + post.shares > 0
        var y = 0.0
        if hasCounts {
            var likesWidth = 0.0
            if post.likes > 0 {
                let likes = label(
                    FeedFormatting.count(post.likes, .likes, strings: strings), .caption, color: theme.baseShade2, width: width / 2)
                canvas.add(
                    .counts, Rect(x: m.margin, y: (m.countsRow - likes.height) / 2, width: likes.width, height: likes.height), text: likes)
                likesWidth = likes.width + 16
            }
            var right: [String] = []
            if post.comments > 0 { right.append(FeedFormatting.count(post.comments, .comments, strings: strings)) }
            if post.shares > 0 { right.append(FeedFormatting.count(post.shares, .shares, strings: strings)) }
            if !right.isEmpty {
                let text = label(
                    right.joined(separator: " · "), .caption, color: theme.baseShade2, width: width - 2 * m.margin - likesWidth)
                canvas.add(
                    .counts,
                    Rect(x: width - m.margin - text.width, y: (m.countsRow - text.height) / 2, width: text.width, height: text.height),
                    text: text)
            }
            y = m.countsRow
        }
        canvas.add(
            .icon, Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: m.separator), .box(fill: theme.baseShade4, corners: .none))
        y += m.separator
        let menu = feed.sharing.menu(for: post.origin)
        let buttons: [(ElementRole, Glyph, String, Color, String)] = [
            (
                .likeButton, .like, post.isLiked ? strings(.liked) : strings(.like), post.isLiked ? theme.primary : theme.baseShade1,
                "likeDidTap"
            ),
            (.commentButton, .comment, strings(.comment), theme.baseShade1, "commentDidTap"),
            (.shareButton, .share, strings(.share), menu.isEmpty ? theme.baseShade3 : theme.baseShade1, "shareMenuDidOpen"),
        ]
        let slot = (width - 2 * m.margin) / 3
        for (index, (role, glyph, title, color, event)) in buttons.enumerated() {
            let text = label(title, .bodyBold, color: color, width: slot - 28)
            let content = 20 + 6 + text.width
            let x = m.margin + slot * Double(index) + (slot - content) / 2
            let frame = Rect(x: m.margin + slot * Double(index), y: y, width: slot, height: m.actionRow)
            canvas.add(role, Rect(x: x, y: y + (m.actionRow - 20) / 2, width: 20, height: 20), .glyph(glyph, color: color))
            canvas.add(role, Rect(x: x + 26, y: y + (m.actionRow - text.height) / 2, width: text.width, height: text.height), text: text)
            var arguments = ["postId": post.id]
            if role == .shareButton { arguments["menu"] = menu.map(\.event).joined(separator: ",") }
            if role != .shareButton || !menu.isEmpty { canvas.action(event, arguments, frame) }
        }
        y += m.actionRow
        canvas.add(.icon, Rect(x: 0, y: y, width: width, height: m.separator), .box(fill: theme.baseShade4, corners: .none))
        return m.footerHeight(hasCounts: hasCounts)
    }

    /// A declarative custom cell: background, optional image, optional text, fixed or text-driven height.
    mutating func customCell(_ c: CustomPostComponent, post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let inner = width - 2 * c.padding
        let block = c.text.map {
            TextBlock.measure(StyledText($0, font: c.font.spec, color: c.color ?? theme.base), width: max(1, inner), measurer: measurer)
        }
        let height = c.height ?? ((block?.height ?? 0) + 2 * c.padding)
        if let background = c.background {
            canvas.add(.bubble, Rect(x: 0, y: 0, width: width, height: height), .box(fill: background, corners: .none))
        }
        if let ref = c.image {
            let frame = Rect(x: c.padding, y: c.padding, width: inner, height: max(0, height - 2 * c.padding))
            if images.isLoaded(ref) {
                canvas.add(.image, frame, .image(ref: ref, cornerRadius: 4))
            } else {
                warnings.append("\(path).components.\(c.id).image: image could not be loaded; drew a placeholder")
                canvas.add(.image, frame, .box(fill: theme.baseShade4, corners: .all(4)))
            }
        }
        if let block {
            canvas.add(
                .text, Rect(x: c.padding, y: c.padding, width: block.width, height: min(block.height, max(0, height - 2 * c.padding))),
                text: block)
        }
        canvas.action("postDidTap", ["postId": post.id, "component": c.id], Rect(x: 0, y: 0, width: width, height: height))
        return height
    }
}
