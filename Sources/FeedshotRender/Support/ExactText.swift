import FeedshotLayout

/// A text as a cache key that is the same only where its Unicode scalars are.
///
/// Swift's `String` compares and hashes canonically equivalent strings as equal — ";" and U+037E
/// GREEK QUESTION MARK, "Å" and U+212B ANGSTROM SIGN, U+2329 and U+3008, "é" and "e" with a
/// combining acute — and so does a `StyledText` holding one. Pango shapes the scalars it is given,
/// so such texts can take other glyphs, widths and lines: a cache keyed by `String` handed one
/// text the other's layout (a hostile trial's scan through the server answered "internal error"
/// for U+037E, U+0374, U+2126, U+212B, U+3008 and U+3009 after their equivalents). The keys of
/// the text caches compare with `==` and, where that holds, by their UTF-8 bytes; the hash stays
/// `String`'s (equal bytes are canonically equal, so equal keys still hash alike).
struct ExactText: Hashable {
    let text: StyledText

    init(_ text: StyledText) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text == rhs.text && ExactString(lhs.text.string) == ExactString(rhs.text.string)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// A string as a cache key, the same only where its Unicode scalars are (`ExactText`).
struct ExactString: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    /// The same UTF-8 bytes: the same scalars (and so canonically equal, hashing alike).
    static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) { hasher.combine(string) }
}
