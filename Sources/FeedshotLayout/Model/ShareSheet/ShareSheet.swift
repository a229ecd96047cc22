/// A `shareSheet` document: the menu a share button opens for a post from `origin`, with only
/// the items the sharing settings allow.
public struct ShareSheet: Sendable, Hashable {
    /// Where the post was published.
    public var origin: PostOrigin
    /// The post the menu's events name.
    public var postId: String
    /// The sharing targets per origin.
    public var sharing: SharingSettings

    /// A sheet for a post from `origin`.
    public init(origin: PostOrigin, postId: String = "", sharing: SharingSettings = .defaults) {
        self.origin = origin
        self.postId = postId
        self.sharing = sharing
    }
}
