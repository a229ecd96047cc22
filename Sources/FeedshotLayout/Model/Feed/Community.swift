import Foundation

/// The community a post was published in.
public struct Community: Sendable, Hashable {
    /// Its name, shown after the author's.
    public var name: String
    /// Official communities get a badge.
    public var isOfficial: Bool
    /// Public or private.
    public var isPublic: Bool
}
