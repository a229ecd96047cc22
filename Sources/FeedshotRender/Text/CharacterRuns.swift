/// Finds runs of characters that Pango must be told about: colour emoji (drawn from the emoji face
/// even where the UI font has a plain glyph: ❤️, ☺️, keycaps, flags) and Hangul words (kept whole
/// when wrapping, as UIKit's standard line-break strategy does with `.hangulWordPriority`).
enum CharacterRuns {
    /// UTF-8 byte ranges of emoji-presentation characters in `text`, adjacent ones merged.
    static func emoji(in text: String) -> [Range<Int>] { ranges(in: text, where: isEmoji) }

    /// UTF-8 byte ranges of Hangul (syllables, jamo, compatibility jamo) in `text`, adjacent ones merged.
    static func hangul(in text: String) -> [Range<Int>] { ranges(in: text, where: isHangul) }

    /// UTF-8 byte ranges of the characters (grapheme clusters) inside which the line-breaking
    /// rules allow a break: one cluster by UAX #29, two or more units by UAX #14 — a skin-tone
    /// modifier after anything but an emoji that takes one (🏽🏻, ⃣🏽, 🇷🏻), and a prepended mark
    /// with what follows it (𑂽🇦, ؀܏ ً). Pango 1.50 aborts the process on such a break when a line
    /// overflows (`process_line`: "assertion failed: (result == BREAK_SOME_FIT || result ==
    /// BREAK_EMPTY_FIT)", Pango issue 832, fixed in 1.56.4), so these clusters are kept whole.
    static func breakableClusters(in text: String) -> [Range<Int>] {
        guard text.utf8.contains(where: { $0 >= 0x80 }),
            text.unicodeScalars.contains(where: { isPrepended($0) || isSkinToneModifier($0) })
        else { return [] }
        return ranges(in: text, where: isBreakableCluster)
    }

    /// Whether Pango may break inside `character`: it starts with a prepended mark and has more,
    /// or a skin-tone modifier in it follows anything but an emoji modifier base.
    static func isBreakableCluster(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        guard scalars.count > 1 else { return false }
        if isPrepended(scalars[0]) { return true }
        return scalars.indices.dropFirst().contains { index in
            isSkinToneModifier(scalars[index]) && !scalars[index - 1].properties.isEmojiModifierBase
        }
    }

    /// U+1F3FB–U+1F3FF.
    static func isSkinToneModifier(_ scalar: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(scalar.value) }

    /// Grapheme_Cluster_Break = Prepend (GraphemeBreakProperty.txt, Unicode 15.1): the Arabic
    /// number signs and their kin, which join the character after them into one cluster.
    static func isPrepended(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3, 0x1193F,
            0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            true
        default: false
        }
    }

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

    /// Emoji presentation: an emoji-presentation scalar, a VS16 or keycap sequence, a flag, or a
    /// multi-scalar sequence (skin tone, ZWJ) starting with an emoji.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value > 0x7F || scalars.count > 1 else { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        if first.properties.isEmojiPresentation { return true }
        return scalars.count > 1 && first.properties.isEmoji && first.value > 0x7F
    }

    static func isHangul(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(first) || (0x1100...0x11FF).contains(first) || (0x3130...0x318F).contains(first)
            || (0xA960...0xA97F).contains(first) || (0xD7B0...0xD7FF).contains(first)
    }
}
