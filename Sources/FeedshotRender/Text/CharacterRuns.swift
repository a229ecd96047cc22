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

    /// Emoji presentation: an emoji-presentation scalar (with whatever follows it), or an emoji
    /// followed by what makes a sequence of it — VS16, a keycap, a skin tone, ZWJ or tags. An
    /// emoji with only a combining mark (©́), or a letter with VS16, stays text: the emoji face
    /// alone draws emoji, and it has neither.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value > 0x7F || scalars.count > 1 else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji, scalars.count > 1 else { return false }
        return scalars.dropFirst().contains { scalar in
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x200D, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: true
            default: false
            }
        }
    }

    static func isHangul(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(first) || (0x1100...0x11FF).contains(first) || (0x3130...0x318F).contains(first)
            || (0xA960...0xA97F).contains(first) || (0xD7B0...0xD7FF).contains(first)
    }
}
