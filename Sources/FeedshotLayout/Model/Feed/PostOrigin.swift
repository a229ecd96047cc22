/// Where a post was published (Amity's `AmityPostSharingSettings` origins).
public enum PostOrigin: String, Sendable, Hashable, CaseIterable, Codable {
    case myFeed, userFeed, publicCommunity, privateCommunity

    /// Whether the post lives in a community.
    public var isCommunity: Bool { self == .publicCommunity || self == .privateCommunity }
}
