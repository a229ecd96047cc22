import Foundation

/// Someone in a conversation.
public struct ChatUser: Sendable, Hashable {
    /// The name shown beside their messages; "Anonymous" when absent (Amity profile).
    public var displayName: String?
    /// Image reference: a `data:` URI or a path under the asset root.
    public var avatar: String?

    /// A user with an optional name and avatar.
    public init(displayName: String? = nil, avatar: String? = nil) {
        self.displayName = displayName
        self.avatar = avatar
    }
}

/// `{"displayName": …, "avatar": …}` in a document's `users`.
struct ChatUserDecoding: Decodable {
    var user: ChatUser

    enum Key: String, CodingKey, CaseIterable { case displayName, avatar }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        user = ChatUser(
            displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
            avatar: try c.decodeIfPresent(String.self, forKey: .avatar))
    }
}
