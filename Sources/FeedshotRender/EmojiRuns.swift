/// Finds the characters that must be drawn as colour emoji, so Pango is told to use the emoji face
/// for them even where the UI font has a plain glyph (❤️, ☺️, keycaps, flags).
enum EmojiRuns {
    /// UTF-8 byte ranges of emoji-presentation characters in `text`, adjacent ones merged.
    static func ranges(in text: String) -> [Range<Int>] {
        // ASCII text has no emoji; skip the character walk for it.
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return [] }
        var ranges: [Range<Int>] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            if isEmoji(character) {
                if let last = ranges.last, last.upperBound == offset {
                    ranges[ranges.count - 1] = last.lowerBound..<(offset + length)
                } else {
                    ranges.append(offset..<(offset + length))
                }
            }
            offset += length
        }
        return ranges
    }

    /// Emoji presentation: an emoji-presentation scalar, a VS16 or keycap sequence, a flag, or a
    /// multi-scalar sequence (skin tone, ZWJ) starting with an emoji.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value > 0x7F || scalars.count > 1 else { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        if first.properties.isEmojiPresentation { return true }
        return scalars.count > 1 && first.properties.isEmoji && first.value > 0x7F
    }
}
