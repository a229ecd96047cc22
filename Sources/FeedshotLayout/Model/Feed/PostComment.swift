import Foundation

public struct PostComment: Sendable, Hashable {
    public var id: String
    public var author: PostUser
    public var text: String
    public var createdAt: Date
}
