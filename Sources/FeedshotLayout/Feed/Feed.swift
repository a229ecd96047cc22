import Foundation

/// A feed: the viewer, the sharing settings, and posts (SPEC §2 "Feed").
public struct Feed: Sendable {
    public var viewer: String
    public var sharing: SharingSettings
    public var posts: [Post]

    public init(viewer: String = "", sharing: SharingSettings = .defaults, posts: [Post] = []) {
        self.viewer = viewer
        self.sharing = sharing
        self.posts = posts
    }
}

public struct PostUser: Sendable, Hashable {
    public var id: String
    public var displayName: String
    public var avatar: String?
}

public struct Community: Sendable, Hashable {
    public var name: String
    public var isOfficial: Bool
    public var isPublic: Bool
}

public struct PostComment: Sendable, Hashable {
    public var id: String
    public var author: PostUser
    public var text: String
    public var createdAt: Date
}

/// One cell of a post, in order: the equivalent of `AmityPostComposable`'s cells.
public enum PostComponent: Sendable, Hashable {
    case header, text, gallery, file, footer, comments
    /// A declarative custom cell.
    case custom(CustomPostComponent)
}

/// A custom post cell without Swift: a fixed height, or a height driven by its text.
public struct CustomPostComponent: Sendable, Hashable {
    public var id: String
    /// Fixed height; when nil the cell is as tall as its text plus padding.
    public var height: Double?
    public var text: String?
    public var font: AmityFont
    public var color: Color?
    public var background: Color?
    /// An image drawn aspect-filled in the padded frame.
    public var image: String?
    public var padding: Double

    public init(id: String, height: Double? = nil, text: String? = nil, font: AmityFont = .body, color: Color? = nil, background: Color? = nil,
                image: String? = nil, padding: Double = 16) {
        self.id = id
        self.height = height
        self.text = text
        self.font = font
        self.color = color
        self.background = background
        self.image = image
        self.padding = padding
    }
}

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

/// What a `shareSheet` document asks for: the menu of a post from `origin`.
public struct ShareSheetRequest: Sendable, Hashable {
    public var origin: PostOrigin
    public var postId: String
}
