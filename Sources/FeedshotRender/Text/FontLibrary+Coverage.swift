import FeedshotLayout

/// Characters no bundled font can draw: Pango draws each as a box (a hex box), so the layout says so.
extension FontLibrary {
    /// One warning per drawn text element (one with lines) that has characters no loaded font
    /// covers, naming the item, the element's role and the code points (the first 8, then how many more).
    func missingGlyphWarnings(in layout: Layout) -> [String] {
        var warnings: [String] = []
        for item in layout.items {
            for element in item.elements {
                guard let (text, _) = element.content.drawnText else { continue }
                let missing = missingScalars(in: text.string)
                guard !missing.isEmpty else { continue }
                let listed = missing.prefix(8).map(FontLibrary.codePoint).joined(separator: " ")
                let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
                warnings.append(
                    "\(item.id): its \(element.role.rawValue) has characters no bundled font draws (\(listed)\(more)); drawn as boxes")
            }
        }
        return warnings
    }

    /// The distinct scalars of `string`, in first-seen order, that are drawn and no font covers.
    /// Spaces, controls, format characters (joiners, direction marks) and other default-ignorable
    /// code points draw nothing and are never missing; noncharacters are drawn as replacement
    /// boxes and warned about as such (`Noncharacters`), not here too.
    func missingScalars(in string: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        var seen: Set<Unicode.Scalar> = []
        // Printable ASCII is all in Feedshot Inter.
        for scalar in string.unicodeScalars where scalar.value >= 0x7F || scalar.value < 0x20 {
            guard !seen.contains(scalar), FontLibrary.isDrawn(scalar), !Noncharacters.isNoncharacter(scalar), !covers(scalar) else {
                continue
            }
            seen.insert(scalar)
            missing.append(scalar)
        }
        return missing
    }

    /// Whether `scalar` is drawn with a glyph (not a space, control or ignorable code point).
    static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return false
        default: return scalar != "\u{FFFC}"  // an inline box's character (StyledText.Span.attachment)
        }
    }

    /// `U+0915` for a scalar.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
