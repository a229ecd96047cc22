import Foundation

public struct ChatUser: Sendable, Hashable, Decodable {
    public var displayName: String?
    /// Image reference: a `data:` URI or a path under the asset root.
    public var avatar: String?

    public init(displayName: String? = nil, avatar: String? = nil) {
        self.displayName = displayName
        self.avatar = avatar
    }
}
