import Foundation

/// A post's or comment's author.
public struct PostUser: Sendable, Hashable {
    /// The user id (`userDidTap`'s argument).
    public var id: String
    /// The name shown.
    public var displayName: String
    /// Image reference of their picture.
    public var avatar: String?
    /// Whether the user is banned from the network: the banned badge after a comment author's name
    /// (`AmityCommentModel.isAuthorGlobalBanned`).
    public var isGlobalBanned = false
}
