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
