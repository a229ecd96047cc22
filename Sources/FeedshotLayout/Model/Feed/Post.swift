import Foundation

/// One post of a feed.
public struct Post: Sendable, Hashable {
    /// The post id; its items are `<id>.header`, `<id>.text`, ….
    public var id: String
    /// `text`, `image`, `video`, `file`, `poll`, `liveStream`, or a custom name drawn from
    /// `components` (or a registered `PostComposable`); any other is drawn as the kit's
    /// "Something went wrong" placeholder.
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
    /// Users mentioned in the text (or in a poll's question).
    public var mentions: [Mention] = []
    /// Its images (the gallery).
    public var images: [ChatMessage.Image]
    /// Its files.
    public var files: [PostFile]
    /// A poll post's poll.
    public var poll: PostPoll?
    /// A live-stream post's stream.
    public var liveStream: PostLiveStream?
    /// What the link preview of a text post with a URL shows (by default, no metadata: `failed`).
    public var linkPreview: PostLinkPreview?
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
    /// Waiting for review (`AmityFeedType.reviewing`): header and content only, the option button
    /// for its author alone.
    public var isPending = false
    /// The viewer may review it (a pending post): Accept and Decline under it.
    public var canReview = false
    /// In a feed, or alone on its detail screen.
    public var display = PostDisplay.feed
    /// The cells to draw when given; empty for the data type's own (`defaultComponents`).
    public var components: [PostComponent]
    /// The post detail's comments, top to bottom (the kit lists the newest first), each with its
    /// replies; when given they follow the post's cells and the preview comments are not drawn.
    public var commentList: [PostComment]?

    /// A post.
    public init(
        id: String, dataType: String = "text", origin: PostOrigin = .myFeed, author: PostUser, community: Community? = nil,
        createdAt: Date, editedAt: Date? = nil, text: String? = nil, images: [ChatMessage.Image] = [], files: [PostFile] = [],
        likes: Int = 0, comments: Int = 0, shares: Int = 0, isLiked: Bool = false, isModerator: Bool = false,
        previewComments: [PostComment] = [], isExpanded: Bool = false, components: [PostComponent] = []
    ) {
        self.id = id
        self.dataType = dataType
        self.origin = origin
        self.author = author
        self.community = community
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.text = text
        self.images = images
        self.files = files
        self.likes = likes
        self.comments = comments
        self.shares = shares
        self.isLiked = isLiked
        self.isModerator = isModerator
        self.previewComments = previewComments
        self.isExpanded = isExpanded
        self.components = components
    }

    /// The data types the kit draws itself.
    public static let builtInDataTypes: Set = ["text", "image", "video", "file", "poll", "liveStream"]

    /// Whether the viewer may interact with it (`AmityPostModel.isCommentable`): user-feed posts
    /// always, community posts when the viewer has joined the community.
    public var isCommentable: Bool { community?.isJoined ?? true }

    /// Whether its text shows whole (`AmityPostAppearance.shouldContentExpand`).
    public var showsWholeText: Bool { isExpanded || display == .detail }
}
