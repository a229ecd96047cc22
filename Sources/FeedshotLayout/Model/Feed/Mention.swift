/// A mention in a post's (or a poll question's) or a comment's text, as Amity's mention metadata gives it
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

extension Mention {
    /// The UTF-8 byte range of the "@" and the `length` units after it in `text` (Pango's unit), or
    /// nil when either end falls inside a character.
    static func byteRange(index: Int, length: Int, in text: String) -> Range<Int>? {
        let utf16 = text.utf16
        guard index >= 0, index + length + 1 <= utf16.count else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: index)
        let end = utf16.index(start, offsetBy: length + 1)
        guard let lower = start.samePosition(in: text.unicodeScalars), let upper = end.samePosition(in: text.unicodeScalars) else {
            return nil
        }
        let bytes = text.utf8
        return bytes.distance(from: bytes.startIndex, to: lower)..<bytes.distance(from: bytes.startIndex, to: upper)
    }

    /// This mention's byte range in `text`.
    func byteRange(in text: String) -> Range<Int>? { Mention.byteRange(index: index, length: length, in: text) }

    /// Whether the kit styles this mention in `text`: `AmityMentionManager` keeps one only when its
    /// end, counted in UTF-16 units, is within `text.count` — the text's characters
    /// (`Modules/Comunity/Mention/Manager/AmityMentionManager.swift:570-571`) — so after emoji or
    /// other characters of two units a mention near the end is drawn plain and fires nothing.
    /// Takes the text's character count, `text.count` — a walk of the whole text, made once per
    /// text rather than once per mention (20,000 mentions spent 3 s counting).
    func isStyledByKit(characterCount: Int) -> Bool { index + length + 1 <= characterCount }
}

extension Mention {
    /// A mention object's fields.
    enum Key: String, CodingKey, CaseIterable { case userId, index, length }

    /// `[{"userId": "u2", "index": 0, "length": 3}]` at `key` (none when absent): each the "@" and
    /// `length` more UTF-16 units, inside `text` — what `marked` names in messages ("text",
    /// "poll's question") — and on its character boundaries.
    static func decodeList<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, in text: String, marked: String = "text") throws
        -> [Mention]
    {
        let mentions = try c.decodeObjects(key, Key.self) { m, _ in
            let userId = try m.decode(String.self, forKey: .userId)
            guard let index = try m.decodeCount(.index) else { throw m.error(at: .index, "is required") }
            guard let length = try m.decodeCount(.length), length > 0 else {
                throw m.error(at: .length, "must be a whole number of at least 1 (the name's length after the \"@\")")
            }
            let units = text.utf16.count
            guard index + length + 1 <= units else {
                throw m.error(
                    at: .length, "the mention (index \(index), \"@\" and \(length) more) ends past the \(marked)'s \(units) UTF-16 units")
            }
            guard byteRange(index: index, length: length, in: text) != nil else {
                throw m.error(at: .index, "the mention does not start and end on character boundaries of the \(marked)")
            }
            return Mention(userId: userId, index: index, length: length)
        }
        guard mentions.count <= maxPerText else {
            throw c.error(at: key, "has \(mentions.count) mentions, more than \(maxPerText) (\(StyledText.tooManySpansReason))")
        }
        return mentions
    }

    /// The most mentions one text may carry (the kit's composer allows 30:
    /// `AmityMentionManager.maximumMentionsCount`, `AmityMentionManager.swift:66`); see
    /// `StyledText.tooManySpansReason`.
    static let maxPerText = 2_000
}
