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
    /// Every image reference the feed draws (avatars, post images, thumbnails, link previews,
    /// custom components' images).
    public var imageReferences: Set<String> {
        var refs: Set<String> = []
        for post in posts {
            refs.formUnion([post.author.avatar, post.liveStream?.thumbnail, post.linkPreview?.image].compactMap { $0 })
            refs.formUnion(post.images.map(\.src))
            refs.formUnion(post.commentAvatars)
            for case .custom(let component) in post.components { if let image = component.image { refs.insert(image) } }
        }
        return refs
    }
}
