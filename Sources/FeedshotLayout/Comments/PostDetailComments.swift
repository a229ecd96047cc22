import Foundation

/// The post detail's comments (`Feed Posts/Scenes/Post Detail/`): a table section per comment
/// after the post's cells (`AmityPostDetailViewController.swift:124-139,260-402`;
/// `View Model/AmityPostDetailScreenViewModel.swift:120-165`).
struct PostDetailComments<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    /// Each comment of `post.commentList`: its row, or "This comment has been deleted."; unless
    /// it is deleted, its first `shownReplies` replies (deleted ones as "This reply has been
    /// deleted.") and "View more replies" while fewer are shown than it has (its `replyCount` and
    /// the deleted replies given); then the section's 1-point footer in secondary shade 4.
    mutating func layout(_ post: Post, path: String, top: Double) -> [LayoutItem] {
        guard let list = post.commentList else { return [] }
        var items: [LayoutItem] = []
        var y = top
        func add(_ item: LayoutItem) {
            items.append(item)
            y += item.frame.height
        }
        for (index, comment) in list.enumerated() {
            let id = "\(post.id).comment.\(comment.id)"
            if comment.isDeleted {
                add(deletedCommentCell(id: id, top: y))
            } else {
                add(commentRow(comment, post: post, style: .comment, id: id, top: y, path: "\(path).commentList[\(index)]"))
                for (replyIndex, reply) in comment.replies.prefix(comment.shownReplies).enumerated() {
                    let replyId = "\(post.id).reply.\(reply.id)"
                    if reply.isDeleted {
                        add(deletedReplyCell(id: replyId, top: y))
                    } else {
                        let replyPath = "\(path).commentList[\(index)].replies[\(replyIndex)]"
                        add(commentRow(reply, post: post, style: .reply, id: replyId, top: y, path: replyPath))
                    }
                }
                let total = comment.replyCount + comment.replies.filter(\.isDeleted).count
                if comment.shownReplies < total { add(viewMoreRepliesCell(comment, post: post, id: "\(id).viewMoreReplies", top: y)) }
            }
            var footer = CellCanvas(canvasWidth: width, top: y, isMirrored: false)
            footer.add(
                .separator, Rect(x: 0, y: 0, width: width, height: CommentMetrics.separator),
                .box(fill: theme.secondaryShade4, corners: .none))
            add(commentItem(footer, id: "\(id).footer", type: .sectionFooter, height: CommentMetrics.separator))
        }
        return items
    }

    /// A comment or reply row (`AmityCommentTableViewCell`): the comment view at the kit's fixed height.
    private mutating func commentRow(
        _ comment: PostComment, post: Post, style: CommentStyle, id: String, top: Double, path: String
    ) -> LayoutItem {
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let height = with(CommentView<Measurer>.self) {
            $0.layout(comment, post: post, style: style, showsActions: post.isCommentable, &canvas, path: path)
        }
        return commentItem(canvas, id: id, type: style == .reply ? .reply : .comment, height: height)
    }

    /// "This comment has been deleted.": a default-style table cell 44 tall, `icon_delete_message`
    /// and the text (15, base shade 2) centred on it (`AmityPostDetailDeletedTableViewCell.swift:13-28`).
    private func deletedCommentCell(id: String, top: Double) -> LayoutItem {
        let m = CommentMetrics.self
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let row = m.standardRow
        canvas.add(
            .deleted, Rect(x: m.defaultCellMargin, y: (row - m.deletedIcon) / 2, width: m.deletedIcon, height: m.deletedIcon),
            .glyph(.messageDeleted, color: KitColors.deletedIcon))
        let x = m.defaultCellMargin + m.deletedIcon + m.defaultCellMargin
        let text = label(strings(.commentDeleted), .body, color: theme.baseShade2, width: width - x - m.defaultCellMargin)
        canvas.add(.deleted, Rect(x: x, y: (row - text.height) / 2, width: text.width, height: text.height), text: text)
        return commentItem(canvas, id: id, type: .deletedComment, height: row)
    }

    /// "This reply has been deleted.": in a 44-point row, a 28-point box in secondary shade 4 at
    /// (52, 0), the 16-point icon 4 in, the text (13, base shade 2) 8 after it and 12 before the
    /// box's end, the box at least 12 from the cell's (`AmityDeletedReplyTableViewCell.swift:17-27`; `.xib:21-53`).
    private func deletedReplyCell(id: String, top: Double) -> LayoutItem {
        let m = CommentMetrics.self
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let x = m.replyRowLeading
        let textX = x + m.deletedReplyIconLeading + m.deletedReplyIcon + m.deletedReplyIconToTitle
        let text = label(
            strings(.replyDeleted), .caption, color: theme.baseShade2,
            width: width - m.replyRowOuterTrailing - textX - m.deletedReplyTrailing)
        let box = Rect(x: x, y: 0, width: textX - x + text.width + m.deletedReplyTrailing, height: m.replyRowBox)
        canvas.add(.deleted, box, .box(fill: theme.secondaryShade4, corners: .none))
        // `icon_delete_message` (15.5 points) aspect-fitted to its 16-point image view: scaled up.
        canvas.add(
            .deleted,
            Rect(
                x: x + m.deletedReplyIconLeading, y: box.midY - m.deletedReplyIcon / 2, width: m.deletedReplyIcon,
                height: m.deletedReplyIcon),
            .glyph(.messageDeleted, color: KitColors.deletedIcon))
        canvas.add(.deleted, Rect(x: textX, y: box.midY - text.height / 2, width: text.width, height: text.height), text: text)
        return commentItem(canvas, id: id, type: .deletedReply, height: m.standardRow)
    }

    /// "View more replies": a 28-point box at (52, 4) in a 44-point row; the row shows 5 more
    /// replies, an action the kit takes without an event (Feedshot's own `viewMoreRepliesDidTap`).
    private func viewMoreRepliesCell(_ comment: PostComment, post: Post, id: String, top: Double) -> LayoutItem {
        let m = CommentMetrics.self
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        _ = repliesButton(
            strings(.viewMoreReplies), x: m.replyRowLeading, y: m.viewMoreRepliesTop, radius: 0, trailing: m.deletedReplyTrailing,
            outerTrailing: m.replyRowOuterTrailing, &canvas)
        let row = m.viewMoreRepliesTop + m.replyRowBox + m.viewMoreRepliesBottom
        canvas.feedshotAction(
            .viewMoreRepliesDidTap, ["postId": post.id, "commentId": comment.id], Rect(x: 0, y: 0, width: width, height: row))
        return commentItem(canvas, id: id, type: .viewMoreReplies, height: row)
    }
}
