/// What an element is for, in the kits' words: `avatar`, `bubble`, `text`, `time`, … Every role
/// Feedshot draws is named here and nowhere else (`VocabularyTests`); the JSON form is the raw value.
public struct ElementRole: Vocabulary {
    /// The role's name, as `feedshot layout` prints it.
    public var rawValue: String
    /// A role by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    // MARK: Both kits

    /// A user's picture or its placeholder.
    public static let avatar: ElementRole = "avatar"
    /// A sender's or author's display name.
    public static let name: ElementRole = "name"
    /// A message's bubble (or a share sheet's panel).
    public static let bubble: ElementRole = "bubble"
    /// Message or post text.
    public static let text: ElementRole = "text"
    /// A message's time, with "Edited" or "Sending..." where they apply.
    public static let time: ElementRole = "time"
    /// A message's status: the failed-message button, the deleted icon, a sending image's veil and spinners.
    public static let status: ElementRole = "status"
    /// A photo, video frame or picture, or its placeholder.
    public static let image: ElementRole = "image"
    /// A file attachment.
    public static let file: ElementRole = "file"
    /// An audio message's controls.
    public static let audio: ElementRole = "audio"
    /// A small glyph or a shape around one.
    public static let icon: ElementRole = "icon"
    /// The "Read more" link of collapsed text.
    public static let readMore: ElementRole = "readMore"
    /// A date header between days.
    public static let dateHeader: ElementRole = "dateHeader"
    /// The "is typing" indicator.
    public static let typingIndicator: ElementRole = "typingIndicator"
    /// One tile of a post's image gallery.
    public static let tile: ElementRole = "tile"
    /// A post's Like button.
    public static let likeButton: ElementRole = "likeButton"
    /// A post's Comment button.
    public static let commentButton: ElementRole = "commentButton"
    /// A post's Share button.
    public static let shareButton: ElementRole = "shareButton"
    /// A post's like, comment and share counts.
    public static let counts: ElementRole = "counts"
    /// A preview comment under a post.
    public static let comment: ElementRole = "comment"
    /// A row of the share sheet.
    public static let menuItem: ElementRole = "menuItem"
    /// The outline of a message the viewer flagged.
    public static let flag: ElementRole = "flag"
    /// A whole cell's background, where the cell paints one over the canvas (a feed post's white
    /// card, a comment row).
    public static let cell: ElementRole = "cell"

    // MARK: Amity comments (`AmityCommentView`, the post detail's comment rows); a comment's bubble is `comment`, its Like `likeButton`

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

    // MARK: MessageKit's labels and accessory (`MessageContentCell`)

    /// MessageKit's `cellTopLabel`.
    public static let cellTopLabel: ElementRole = "cellTopLabel"
    /// MessageKit's `messageTopLabel`.
    public static let messageTopLabel: ElementRole = "messageTopLabel"
    /// MessageKit's `messageBottomLabel`.
    public static let messageBottomLabel: ElementRole = "messageBottomLabel"
    /// MessageKit's `cellBottomLabel`.
    public static let cellBottomLabel: ElementRole = "cellBottomLabel"
    /// MessageKit's `accessoryView`.
    public static let accessoryView: ElementRole = "accessoryView"
}
