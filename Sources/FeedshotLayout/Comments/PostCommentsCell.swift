import Foundation

/// The comments under a feed post: a cell per preview comment
/// (`Feed Posts/Contents/Cells/Preview Comment/AmityPostPreviewCommentTableViewCell`) and
/// "View all comments..." (`…/Cells/View All Comments/AmityPostViewAllCommentsTableViewCell`).
struct PostCommentsCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    /// Each shown preview comment as the kit's preview cell — the comment view over a 1-point
    /// separator in secondary shade 4, the whole row `postDidtap` — then "View all comments..."
    /// when there are more than two latest comments (`AmityPostModel.swift:329-331`).
    mutating func layout(_ post: Post, path: String, top: Double) -> [LayoutItem] {
        var items: [LayoutItem] = []
        var y = top
        for index in post.shownPreviewIndices {
            let comment = post.previewComments[index]
            var canvas = CellCanvas(canvasWidth: width, top: y, isMirrored: false)
            let view = with(CommentView<Measurer>.self) {
                $0.layout(
                    comment, post: post, style: .preview, showsActions: post.isCommentable, &canvas,
                    path: "\(path).previewComments[\(index)]")
            }
            canvas.add(
                .separator, Rect(x: 0, y: view, width: width, height: CommentMetrics.separator),
                .box(fill: theme.secondaryShade4, corners: .none))
            let height = view + CommentMetrics.separator
            canvas.action(.postDidtap, ["postId": post.id], Rect(x: 0, y: 0, width: width, height: height))
            items.append(commentItem(canvas, id: "\(post.id).comment.\(comment.id)", type: .previewComment, height: height))
            y += height
        }
        if post.commentList == nil, post.previewComments.count > CommentMetrics.maxPreviews {
            items.append(viewAllCommentsCell(post, top: y))
        }
        return items
    }

    /// "View all comments...": semibold 15 in the base colour, centred in a 44-point row (the
    /// label has only centring constraints, so the row is UIKit's standard height); the row fires
    /// `postDidtap` (`AmityFeedViewController.swift:221-228`).
    func viewAllCommentsCell(_ post: Post, top: Double) -> LayoutItem {
        let row = CommentMetrics.standardRow
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let text = label(strings(.viewAllComments), .bodyBold, color: theme.base, width: width)
        canvas.add(
            .viewAllComments, Rect(x: (width - text.width) / 2, y: (row - text.height) / 2, width: text.width, height: text.height),
            text: text)
        canvas.action(.postDidtap, ["postId": post.id], Rect(x: 0, y: 0, width: width, height: row))
        return commentItem(canvas, id: "\(post.id).viewAllComments", type: .viewAllComments, height: row)
    }
}

extension Post {
    /// The indices of the preview comments the feed shows, in order: the last two of the latest
    /// comments, the last first (`latestComments.suffix(2).reversed()`, `Models/AmityPostModel.swift:325-337`);
    /// none in a post detail (its screen, or a post with `commentList`).
    var shownPreviewIndices: [Int] {
        guard commentList == nil, display == .feed else { return [] }
        return Array(previewComments.indices.suffix(CommentMetrics.maxPreviews).reversed())
    }

    /// The pictures of the shown preview comments (drawn by the `comments` component).
    var previewCommentAvatars: [String] { shownPreviewIndices.compactMap { previewComments[$0].author.avatar } }

    /// The pictures of the post detail's comments and their shown replies, deleted ones left out
    /// (`PostDetailComments`, after every post's components).
    var detailCommentAvatars: [String] {
        var comments: [PostComment] = []
        for comment in commentList ?? [] where !comment.isDeleted {
            comments.append(comment)
            comments += comment.replies.prefix(comment.shownReplies).filter { !$0.isDeleted }
        }
        return comments.compactMap(\.author.avatar)
    }
}
