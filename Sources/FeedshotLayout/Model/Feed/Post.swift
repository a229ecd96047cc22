import Foundation

public struct Post: Sendable, Hashable {
    public var id: String
    /// `text`, `image`, `file`, `video`, or a custom name drawn from `components`.
    public var dataType: String
    public var origin: PostOrigin
    public var author: PostUser
    public var community: Community?
    public var createdAt: Date
    public var editedAt: Date?
    public var text: String?
    public var images: [ChatMessage.Image]
    public var files: [ChatMessage.File]
    public var likes: Int
    public var comments: Int
    public var shares: Int
    public var isLiked: Bool
    public var isModerator: Bool
    public var previewComments: [PostComment]
    public var isExpanded: Bool
    /// The cells to draw: given for custom data types, derived from the content otherwise.
    public var components: [PostComponent]

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
