/// A mention in a post's or comment's text, as Amity's mention metadata gives it
/// (`Modules/Comunity/Mention/Manager/AmityMentionManager.swift:547-577`): the "@" at `index`
/// followed by `length` characters, drawn in the primary colour and semibold, tappable as
/// `userDidTap`.
public struct Mention: Sendable, Hashable {
    /// The mentioned user (`userDidTap`'s argument).
    public var userId: String
    /// Where the "@" is, in characters (UTF-16 code units, as the SDK counts) from the start of the text.
    public var index: Int
    /// The length of the name after the "@", in the same units.
    public var length: Int

    /// A mention of `userId` at `index`, `length` characters after the "@".
    public init(userId: String, index: Int, length: Int) {
        self.userId = userId
        self.index = index
        self.length = length
    }
}
