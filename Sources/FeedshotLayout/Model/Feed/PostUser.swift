import Foundation

public struct PostUser: Sendable, Hashable {
    public var id: String
    public var displayName: String
    public var avatar: String?
}
