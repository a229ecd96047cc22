import Foundation

/// The community a post was published in (`AmityPostModel.targetCommunity`).
public struct Community: Sendable, Hashable {
    /// Its id: `communityDidTap`'s argument.
    public var id: String
    /// Its name, shown after the author's.
    public var name: String
    /// Official communities get a badge.
    public var isOfficial: Bool
    /// Public or private.
    public var isPublic: Bool
    /// Whether the viewer is a member. A post in a community the viewer has not joined is not
    /// commentable: its footer shows "Join community to interact with all posts" instead of its
    /// buttons, and its header no option button.
    public var isJoined: Bool

    /// A community; `id` defaults to its name.
    public init(id: String? = nil, name: String, isOfficial: Bool = false, isPublic: Bool = true, isJoined: Bool = true) {
        self.id = id ?? name
        self.name = name
        self.isOfficial = isOfficial
        self.isPublic = isPublic
        self.isJoined = isJoined
    }
}
