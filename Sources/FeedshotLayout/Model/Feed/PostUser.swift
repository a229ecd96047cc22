import Foundation

/// A post's or comment's author.
public struct PostUser: Sendable, Hashable {
    /// The user id (`userDidTap`'s argument).
    public var id: String
    /// The name shown.
    public var displayName: String
    /// Image reference of their picture.
    public var avatar: String?
    /// Banned from the whole network: the post header shows the banned symbol after the name.
    public var isGlobalBanned: Bool

    /// A user; the display name defaults to the id.
    public init(id: String, displayName: String? = nil, avatar: String? = nil, isGlobalBanned: Bool = false) {
        self.id = id
        self.displayName = displayName ?? id
        self.avatar = avatar
        self.isGlobalBanned = isGlobalBanned
    }
}
