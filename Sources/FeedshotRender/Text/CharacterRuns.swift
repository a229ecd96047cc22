/// Finds runs of characters that Pango must be told about: colour emoji (drawn from the emoji face
/// even where the UI font has a plain glyph: ❤️, ☺️, keycaps, flags) and Hangul words (kept whole
/// when wrapping, as UIKit's standard line-break strategy does with `.hangulWordPriority`).
enum CharacterRuns {
    /// UTF-8 byte ranges of emoji-presentation characters in `text`, adjacent ones merged.
    static func emoji(in text: String) -> [Range<Int>] { ranges(in: text, where: isEmoji) }

    /// UTF-8 byte ranges of Hangul (syllables, jamo, compatibility jamo) in `text`, adjacent ones merged.
    static func hangul(in text: String) -> [Range<Int>] { ranges(in: text, where: isHangul) }

    /// Byte ranges of the characters `matches` accepts; ASCII text has none and is not walked.
    static func ranges(in text: String, where matches: (Character) -> Bool) -> [Range<Int>] {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return [] }
        var ranges: [Range<Int>] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            if matches(character) {
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

    /// Emoji presentation: an emoji-presentation scalar, a VS16 or keycap sequence of an emoji
    /// (a letter with VS16 stays text), a flag, or a multi-scalar sequence (skin tone, ZWJ)
    /// starting with an emoji.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value > 0x7F || scalars.count > 1 else { return false }
        if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        if first.properties.isEmojiPresentation { return true }
        return scalars.count > 1 && first.properties.isEmoji && first.value > 0x7F
    }

    static func isHangul(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(first) || (0x1100...0x11FF).contains(first) || (0x3130...0x318F).contains(first)
            || (0xA960...0xA97F).contains(first) || (0xD7B0...0xD7FF).contains(first)
    }
}
