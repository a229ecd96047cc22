import Foundation

/// A post's or comment's author.
public struct PostUser: Sendable, Hashable {
    /// The user id (`userDidTap`'s argument).
    public var id: String
    /// The name shown; without one, the kit shows "Anonymous" (the `general_anonymous` string;
    /// `Models/AmityPostModel.swift:236-237,305`, `Models/AmityCommentModel.swift:39`).
    public var displayName: String?
    /// Image reference of their picture.
    public var avatar: String?
    /// Banned from the whole network: the post header shows the banned symbol after the name.
    public var isGlobalBanned: Bool

    /// A user.
    public init(id: String, displayName: String? = nil, avatar: String? = nil, isGlobalBanned: Bool = false) {
        self.id = id
        self.displayName = displayName
        self.avatar = avatar
        self.isGlobalBanned = isGlobalBanned
    }
}
