import Foundation

/// One post of a feed.
public struct Post: Sendable, Hashable {
    /// The post id; its items are `<id>.header`, `<id>.text`, ….
    public var id: String
    /// `text`, `image`, `file`, `video`, or a custom name drawn from `components`.
    public var dataType: String
    /// Where it was published: decides its share targets.
    public var origin: PostOrigin
    /// Who wrote it.
    public var author: PostUser
    /// The community it was published in, if any.
    public var community: Community?
    /// When it was published: its relative date.
    public var createdAt: Date
    /// When it was last edited.
    public var editedAt: Date?
    /// The post's text.
    public var text: String?
    /// Its images (the gallery).
    public var images: [ChatMessage.Image]
    /// Its files.
    public var files: [ChatMessage.File]
    /// How many reactions it has.
    public var likes: Int
    /// How many comments it has.
    public var comments: Int
    /// How many times it was shared.
    public var shares: Int
    /// Whether the viewer liked it.
    public var isLiked: Bool
    /// Whether the author moderates the community.
    public var isModerator: Bool
    /// The post's latest comments in the SDK's order (`AmityPost.latestComments`): the feed shows
    /// the last two, the last first, and "View all comments..." when there are more than two.
    public var previewComments: [PostComment]
    /// Show the whole text rather than collapsing it.
    public var isExpanded: Bool
    /// The cells to draw: given for custom data types, derived from the content otherwise.
    public var components: [PostComponent]
    /// The post detail's comments, top to bottom (the kit lists the newest first), each with its
    /// replies; when given they follow the post's cells and the preview comments are not drawn.
    public var commentList: [PostComment]?

    /// The data types drawn without `components`.
    public static let builtInDataTypes: Set = ["text", "image", "file", "video"]

    /// The cells a built-in post shows: header, text (when any), gallery or files, footer, comments.
    public var defaultComponents: [PostComponent] {
        var cells: [PostComponent] = [.header]
        if !(text ?? "").isEmpty { cells.append(.text) }
        if !images.isEmpty { cells.append(.gallery) }
        if !files.isEmpty { cells.append(.file) }
        cells.append(.footer)
        if !previewComments.isEmpty || comments > 0 { cells.append(.comments) }
        return cells
    }
}
