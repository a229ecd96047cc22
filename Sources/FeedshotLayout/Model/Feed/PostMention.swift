import Foundation

/// A user mentioned in a post's text, as Amity's post metadata records it: the "@" at UTF-16
/// offset `index`, followed by `length` UTF-16 code units of the name (the "@" not counted).
/// The kit draws it in the primary colour, semibold, and a tap fires `userDidTap`.
public struct PostMention: Sendable, Hashable {
    /// The mentioned user: `userDidTap`'s argument.
    public var userId: String
    /// Where the "@" is, in UTF-16 code units of the text.
    public var index: Int
    /// The name's length after the "@", in UTF-16 code units.
    public var length: Int

    /// A mention of `userId` at `index`.
    public init(userId: String, index: Int, length: Int) {
        self.userId = userId
        self.index = index
        self.length = length
    }
}
