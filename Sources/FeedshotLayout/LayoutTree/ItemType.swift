/// What kind of row an item is: a chat cell's `cellForMessageTypes()` key (`textIncoming`, a custom
/// key), a feed post's component cell (`header`, `footer`, …), a comment row, a date header, the
/// typing indicator or the share sheet. The fixed ones are named here and nowhere else
/// (`VocabularyTests`); the JSON form is the raw value.
public struct ItemType: Vocabulary {
    /// The type's name, as `feedshot layout` prints it.
    public var rawValue: String
    /// A type by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A chat message's cell: its type's name and the side, `textIncoming`, `imageOutgoing`, or a
    /// custom type's (`pollIncoming`): the key of the kit's `cellForMessageTypes()`.
    public static func message(_ kind: ChatMessage.Kind, isIncoming: Bool) -> ItemType {
        ItemType(rawValue: kind.name + (isIncoming ? "Incoming" : "Outgoing"))
    }

    // MARK: Chat

    /// A date header between days.
    public static let dateHeader = ItemType(rawValue: "dateHeader")
    /// The "is typing" row.
    public static let typingIndicator = ItemType(rawValue: "typingIndicator")

    // MARK: Feed posts: one item per component cell (`AmityPostComponent`)

    /// The author, community and time.
    public static let header = ItemType(rawValue: "header")
    /// The post's text.
    public static let text = ItemType(rawValue: "text")
    /// Photos and videos.
    public static let gallery = ItemType(rawValue: "gallery")
    /// Files.
    public static let file = ItemType(rawValue: "file")
    /// Counts and the Like, Comment and Share buttons.
    public static let footer = ItemType(rawValue: "footer")
    /// The preview comments (a post's own, before its comment items).
    public static let comments = ItemType(rawValue: "comments")
    /// A poll.
    public static let poll = ItemType(rawValue: "poll")
    /// A live stream.
    public static let liveStream = ItemType(rawValue: "liveStream")
    /// A link preview card.
    public static let linkPreview = ItemType(rawValue: "linkPreview")
    /// A post the kit cannot show.
    public static let placeholder = ItemType(rawValue: "placeholder")
    /// A pending post's Accept and Decline.
    public static let pendingActions = ItemType(rawValue: "pendingActions")
    /// A custom component.
    public static let custom = ItemType(rawValue: "custom")
    /// The share sheet a document can open.
    public static let shareSheet = ItemType(rawValue: "shareSheet")

    // MARK: Comments

    /// A comment under a post in the feed.
    public static let previewComment = ItemType(rawValue: "previewComment")
    /// "View all comments..." under a post's preview comments.
    public static let viewAllComments = ItemType(rawValue: "viewAllComments")
    /// A comment in a post detail.
    public static let comment = ItemType(rawValue: "comment")
    /// A reply in a post detail.
    public static let reply = ItemType(rawValue: "reply")
    /// A deleted comment in a post detail.
    public static let deletedComment = ItemType(rawValue: "deletedComment")
    /// A deleted reply in a post detail.
    public static let deletedReply = ItemType(rawValue: "deletedReply")
    /// "View more replies" in a post detail.
    public static let viewMoreReplies = ItemType(rawValue: "viewMoreReplies")
    /// The grey strip after a comment's section in a post detail.
    public static let sectionFooter = ItemType(rawValue: "sectionFooter")

    /// The fixed types above, in their order (message cells and custom keys are built).
    public static let all: [ItemType] = [
        .dateHeader, .typingIndicator, .header, .text, .gallery, .file, .footer, .comments, .poll, .liveStream, .linkPreview,
        .placeholder, .pendingActions, .custom, .shareSheet, .previewComment, .viewAllComments, .comment, .reply, .deletedComment,
        .deletedReply, .viewMoreReplies, .sectionFooter,
    ]
}
