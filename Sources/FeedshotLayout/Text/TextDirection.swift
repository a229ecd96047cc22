/// A paragraph's direction by its first strong character (the Unicode bidirectional algorithm's
/// rules P2 and P3, as Pango's automatic direction and TextKit's natural writing direction find it).
package enum TextDirection: Sendable, Equatable {
    case leftToRight, rightToLeft

    /// The direction of the first character in `text` with a strong direction, nil when none has
    /// one (digits, punctuation and spaces are not strong; Arabic-Indic digits neither; the
    /// directional marks, embeddings and overrides are), in the text Pango is handed
    /// (`BidiControls.sanitized`).
    package static func firstStrong(in text: String) -> TextDirection? {
        for scalar in BidiControls.sanitized(text).text.unicodeScalars {
            if let direction = strong(scalar) { return direction }
        }
        return nil
    }

    /// The strong direction of `scalar`, or nil for a neutral or weak one, as Pango's
    /// `pango_find_base_dir` finds it (fribidi's strong types; Pango draws the text): isolates (LRI,
    /// RLI, FSI … PDI) are neutral and their contents counted, where UAX #9's P2 would skip them;
    /// embeddings and overrides (LRE, LRO; RLE, RLO) are strong, where P2 would pass over them.
    static func strong(_ scalar: Unicode.Scalar) -> TextDirection? {
        switch scalar.value {
        case 0x200E, 0x202A, 0x202D: return .leftToRight  // LEFT-TO-RIGHT MARK (L), LRE, LRO
        case 0x202B, 0x202E: return .rightToLeft  // RLE, RLO
        case 0x200F, 0x061C: return .rightToLeft  // RIGHT-TO-LEFT MARK (R), ARABIC LETTER MARK (AL)
        case 0x0660...0x0669, 0x066B...0x066C, 0x06F0...0x06F9: return nil  // AN and EN digits, separators
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return scalar.properties.isAlphabetic ? .rightToLeft : nil
        default:
            return scalar.properties.isAlphabetic ? .leftToRight : nil
        }
    }

    /// The directions of the paragraphs of `text` as Pango's automatic direction finds them (in the
    /// text Pango is handed, `BidiControls.sanitized`): each
    /// paragraph (ended by a line feed, a carriage return — a CR LF ends one — or U+2029) by its
    /// first strong character, one with none by the paragraph before, the first such by the
    /// layout's left to right. One pass, ending once both directions are found.
    package static func paragraphDirections(in text: String) -> ParagraphDirections {
        var previous = TextDirection.leftToRight
        var found: TextDirection?
        var seen = ParagraphDirections()
        for scalar in BidiControls.sanitized(text).text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" {
                previous = found ?? previous
                seen.insert(previous)
                if seen.isMixed { return seen }
                found = nil
            } else if found == nil {
                found = strong(scalar)
            }
        }
        seen.insert(found ?? previous)
        return seen
    }

    /// Whether every paragraph of `text` runs right to left (`paragraphDirections`).
    /// `StyledText.Alignment.visualLeft` lays such a text out at its paragraphs' end, its lines'
    /// left, and `visualRight` at their start, their right.
    package static func isRightToLeftThroughout(_ text: String) -> Bool {
        let directions = paragraphDirections(in: text)
        return directions.hasRightToLeft && !directions.hasLeftToRight
    }

    /// Which directions a text's paragraphs run in.
    package struct ParagraphDirections: Sendable, Equatable {
        package var hasLeftToRight = false, hasRightToLeft = false

        /// Some paragraphs run left to right and some right to left.
        package var isMixed: Bool { hasLeftToRight && hasRightToLeft }

        mutating func insert(_ direction: TextDirection) {
            switch direction {
            case .leftToRight: hasLeftToRight = true
            case .rightToLeft: hasRightToLeft = true
            }
        }
    }
}
