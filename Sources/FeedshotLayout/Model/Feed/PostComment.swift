import Foundation

/// A comment on a post.
public struct PostComment: Sendable, Hashable {
    /// The comment id.
    public var id: String
    /// Who wrote it.
    public var author: PostUser
    /// What it says.
    public var text: String
    /// When it was written.
    public var createdAt: Date
}
