import Foundation

/// The preview comments under a post.
extension FeedLayoutEngine {
    /// Up to two preview comments, then "View all comments...".
    mutating func commentsCell(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        var y = 0.0
        for (index, comment) in post.previewComments.enumerated() {
            y += 8
            avatar(
                comment.author, frame: Rect(x: m.margin, y: y, width: m.commentAvatar, height: m.commentAvatar), &canvas,
                path: "\(path).previewComments[\(index)].author")
            let x = m.margin + m.commentAvatar + 8
            let bubbleWidth = width - x - m.margin
            let name = label(comment.author.displayName, .captionBold, color: theme.base, width: bubbleWidth - 24)
            let text = TextBlock.measure(
                FeedLayoutEngine.highlighted(comment.text, font: AmityFont.caption.spec, color: theme.base, link: theme.highlight),
                width: bubbleWidth - 24, maxLines: 8, linkColor: theme.highlight, measurer: measurer)
            let bubble = Rect(x: x, y: y, width: max(name.width, text.width) + 24, height: 10 + name.height + 2 + text.height + 10)
            canvas.add(
                .comment, bubble,
                .box(fill: theme.baseShade4, corners: CornerRadii(topLeft: 0, topRight: 12, bottomRight: 12, bottomLeft: 12)))
            canvas.add(.name, Rect(x: x + 12, y: y + 10, width: name.width, height: name.height), text: name)
            canvas.add(.text, Rect(x: x + 12, y: y + 10 + name.height + 2, width: text.width, height: text.height), text: text)
            let date = label(
                FeedFormatting.relativeDate(comment.createdAt, now: document.now, calendar: calendar, strings: strings), .caption,
                color: theme.baseShade2,
                width: bubbleWidth)
            canvas.add(.time, Rect(x: x + 12, y: bubble.maxY + 4, width: date.width, height: date.height), text: date)
            y = max(y + m.commentAvatar, bubble.maxY + 4 + date.height) + 8
        }
        if post.comments > post.previewComments.count {
            let more = label(strings(.viewAllComments), .bodyBold, color: theme.baseShade1, width: width - 2 * m.margin)
            let frame = Rect(x: m.margin, y: y + (m.viewAllCommentsRow - more.height) / 2, width: more.width, height: more.height)
            canvas.add(.readMore, frame, text: more)
            canvas.action("commentDidTap", ["postId": post.id], frame)
            y += m.viewAllCommentsRow
        }
        return y
    }
}
