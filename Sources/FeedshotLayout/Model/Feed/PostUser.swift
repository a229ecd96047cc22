import Foundation

/// A post's or comment's author.
public struct PostUser: Sendable, Hashable {
    /// The user id (`userDidTap`'s argument).
    public var id: String
    /// The name shown.
    public var displayName: String
    /// Image reference of their picture.
    public var avatar: String?
}
