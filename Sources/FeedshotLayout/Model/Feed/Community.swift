import Foundation

public struct Community: Sendable, Hashable {
    public var name: String
    public var isOfficial: Bool
    public var isPublic: Bool
}
