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

extension Feed {
    /// Every image reference the feed draws (avatars, post images, custom components' images).
    public var imageReferences: Set<String> {
        var refs: Set<String> = []
        for post in posts {
            refs.formUnion([post.author.avatar].compactMap { $0 })
            refs.formUnion(post.images.map(\.src))
            refs.formUnion(post.previewComments.compactMap(\.author.avatar))
            for case .custom(let component) in post.components { if let image = component.image { refs.insert(image) } }
        }
        return refs
    }
}
