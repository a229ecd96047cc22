import Foundation

/// A feed: the viewer, the sharing settings, and posts.
public struct Feed: Sendable {
    /// The viewer's user id.
    public var viewer: String
    /// Which share targets each origin allows.
    public var sharing: SharingSettings
    /// The posts, top to bottom.
    public var posts: [Post]
    /// The screen's height in points: the link-preview card is 0.32 of it
    /// (`AmityPreviewLinkCell`). 812, an iPhone 13 mini's (375 × 812), by default.
    public var screenHeight: Double
    /// The community whose feed (or pending posts) this is, by id: its own posts' headers leave
    /// out " ‣ Community" and the official badge, as the kit's `communityFeed(_:)` and
    /// `pendingPostsFeed(_:)` do (`AmityFeedRepositoryManager.swift:97-99`). Nil (the default) for
    /// a global, user or own feed.
    public var communityFeed: String?

    /// A feed of `posts` seen by `viewer`; set `communityFeed` for a community's own feed.
    public init(viewer: String = "", sharing: SharingSettings = .defaults, posts: [Post] = [], screenHeight: Double = 812) {
        self.viewer = viewer
        self.sharing = sharing
        self.posts = posts
        self.screenHeight = screenHeight
    }
}

extension Feed {
    /// Every image reference the feed draws with its posts' own or default components
    /// (`imageReferences(composers:)` with no composers).
    public var imageReferences: Set<String> { imageReferences(composers: PostComposers()) }

    /// Every image reference the feed draws when `composers` lay out its posts: of each post, only
    /// what its cells draw — the author's avatar where it has a header, the gallery's tiles (4 at
    /// most; the rest are counted, not drawn), the live stream's thumbnail, a loaded link
    /// preview's image, a custom component's image — and the avatars of the comments shown.
    public func imageReferences(composers: PostComposers) -> Set<String> {
        var refs: Set<String> = []
        for post in posts {
            for component in composers.components(for: post) {
                switch component {
                case .header: refs.formUnion([post.author.avatar].compactMap { $0 })
                case .gallery: refs.formUnion(post.images.prefix(FeedMetrics.galleryMaxTiles).map(\.src))
                case .liveStream: refs.formUnion([post.liveStream?.thumbnail].compactMap { $0 })
                case .linkPreview:
                    if let preview = post.linkPreview, preview.state == .loaded, let image = preview.image { refs.insert(image) }
                case .comments: refs.formUnion(post.previewCommentAvatars)
                case .custom(let custom): refs.formUnion([custom.image].compactMap { $0 })
                case .text, .file, .footer, .poll, .placeholder, .pendingActions: continue
                }
            }
            refs.formUnion(post.detailCommentAvatars)
        }
        return refs
    }
}
