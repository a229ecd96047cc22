import Foundation

/// What a `shareSheet` document asks for: the menu of a post from `origin`.
public struct ShareSheetRequest: Sendable, Hashable {
    public var origin: PostOrigin
    public var postId: String
}
