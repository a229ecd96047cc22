/// Where a post may be shared to.
public enum SharingTarget: String, Sendable, Hashable, CaseIterable, Codable {
    case originFeed, myFeed, publicCommunity, privateCommunity, external
}
