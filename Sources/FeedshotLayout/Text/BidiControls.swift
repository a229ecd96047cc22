/// Explicit bidirectional formatting characters (UAX #9: LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI,
/// PDI) made safe for the bidi engine before text is shaped.
///
/// Debian 12's fribidi (1.0.8) reads freed memory when a paragraph's embeddings reach the
/// maximum depth, when a PDI has no isolate to close, or when an isolate spans a paragraph
/// separator that is not a line break (U+001C–U+001E, U+0085): one 908-byte message crashed
/// the process. Upstream fixed it after 1.0.10 (fribidi commits 9e78abb, 441c173, a2dd935);
/// Feedshot keeps such input from reaching it, so no fribidi build can be made to fail:
///
/// - an initiator that would raise the embedding level past `maxLevel` (UAX #9's limit is 125;
///   two levels are kept in reserve because the paragraph's own direction is not known here),
/// - a PDF with no embedding or override to close, and a PDI with no isolate to close,
/// - every explicit control of a paragraph that holds one of those separators,
///
/// become U+2060 WORD JOINER: the same UTF-8 length (every byte offset, span and line break
/// holds), invisible and zero-width like the control it replaces, which UAX #9 would ignore or
/// treat as a neutral. A paragraph ends where Pango ends one: at a line feed, a carriage return or
/// U+2029. Text without explicit controls is returned as it is.
package enum BidiControls {
    /// The highest embedding level an initiator may open.
    static let maxLevel = 123

    /// What replaces a control that is left out.
    static let replacement: Unicode.Scalar = "\u{2060}"

    /// `text` with the controls that could break the bidi engine replaced, and how many were.
    package static func sanitized(_ text: String) -> (text: String, replaced: Int) {
        guard containsExplicit(text) else { return (text, 0) }
        var result = String.UnicodeScalarView()
        var replaced = 0
        var paragraph: [Unicode.Scalar] = []
        func flush() {
            let (scalars, count) = sanitizedParagraph(paragraph)
            result.append(contentsOf: scalars)
            replaced += count
            paragraph.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" {
                flush()
                result.append(scalar)
            } else {
                paragraph.append(scalar)
            }
        }
        flush()
        return (String(result), replaced)
    }

    /// Whether `text` holds an explicit formatting character, read as UTF-8 bytes (every text is
    /// checked before it is shaped, and in the layout's warnings: this is on the render path).
    /// The characters are `E2 80 AA`…`E2 80 AE` and `E2 81 A6`…`E2 81 A9`.
    static func containsExplicit(_ text: String) -> Bool {
        UTF8Bytes.contains(in: text) { bytes, index in
            guard bytes[index] == 0xE2, index + 2 < bytes.count else { return false }
            let second = bytes[index + 1], third = bytes[index + 2]
            return (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
        }
    }

    /// Whether `scalar` is one of UAX #9's explicit formatting characters.
    static func isExplicit(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// One paragraph's scalars with its unsafe controls replaced, and how many were.
    static func sanitizedParagraph(_ scalars: [Unicode.Scalar]) -> ([Unicode.Scalar], Int) {
        guard scalars.contains(where: isExplicit) else { return (scalars, 0) }
        if scalars.contains(where: { ["\u{1C}", "\u{1D}", "\u{1E}", "\u{85}"].contains($0) }) {
            let count = scalars.filter(isExplicit).count
            return (scalars.map { isExplicit($0) ? replacement : $0 }, count)
        }
        // UAX #9 X1–X8: the directional status stack, as levels and whether each entry is an isolate.
        var stack: [(level: Int, isIsolate: Bool)] = []
        var level = 1  // the deeper of the two paragraph levels
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var replaced = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068:
                let next = nextLevel(after: level, opening: scalar.value)
                guard next <= maxLevel else {
                    result.append(replacement)
                    replaced += 1
                    continue
                }
                stack.append((level, scalar.value >= 0x2066))
                level = next
                result.append(scalar)
            case 0x202C:  // PDF closes an embedding or override, never an isolate
                if let top = stack.last, !top.isIsolate {
                    level = stack.removeLast().level
                    result.append(scalar)
                } else {
                    result.append(replacement)
                    replaced += 1
                }
            case 0x2069:  // PDI closes the innermost isolate and every embedding inside it
                if let index = stack.lastIndex(where: \.isIsolate) {
                    level = stack[index].level
                    stack.removeSubrange(index...)
                    result.append(scalar)
                } else {
                    result.append(replacement)
                    replaced += 1
                }
            default:
                result.append(scalar)
            }
        }
        return (result, replaced)
    }

    /// The level an initiator opens above `level`: the next odd one for right-to-left (RLE, RLO,
    /// RLI), the next even one for left-to-right (LRE, LRO, LRI), two up for FSI (either).
    static func nextLevel(after level: Int, opening value: UInt32) -> Int {
        switch value {
        case 0x202B, 0x202E, 0x2067: level % 2 == 0 ? level + 1 : level + 2
        case 0x202A, 0x202D, 0x2066: level % 2 == 0 ? level + 2 : level + 1
        default: level + 2
        }
    }
}
