/// The roles of the comment cells' parts (the Amity UIKit's `AmityCommentView` and the post
/// detail's comment rows); a comment's bubble is `comment`, its Like button `likeButton`.
extension ElementRole {
    /// A comment's reaction count: the like badge and the number.
    public static let reactionCount: ElementRole = "reactionCount"
    /// A comment's Reply button.
    public static let replyButton: ElementRole = "replyButton"
    /// An option button (three dots).
    public static let optionButton: ElementRole = "optionButton"
    /// "View replies" under a preview comment, "View more replies" under a post detail's replies.
    public static let viewReplies: ElementRole = "viewReplies"
    /// A badge beside a name: "Moderator • ", or the banned user's icon.
    public static let badge: ElementRole = "badge"
    /// A deleted comment's or reply's icon and text.
    public static let deleted: ElementRole = "deleted"
    /// A one-point line between cells or sections.
    public static let separator: ElementRole = "separator"
    /// "View all comments..." under a post's preview comments.
    public static let viewAllComments: ElementRole = "viewAllComments"
}
