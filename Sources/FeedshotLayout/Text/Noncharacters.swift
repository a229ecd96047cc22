/// Unicode's noncharacters (U+FDD0–U+FDEF, and the last two code points of every plane,
/// U+FFFE, U+FFFF … U+10FFFE, U+10FFFF), which a document's JSON may carry and no text should
/// hold. Cairo's PDF surface refuses them in the text it records beside the glyphs ("input string
/// not valid UTF-8"), which failed a PDF that drew fine as PNG; before text is shaped each becomes
/// a character of the same UTF-8 and UTF-16 length that draws as a replacement box:
/// U+FFFD for the three-byte ones, the plane's own U+nFFFD (not a noncharacter: unassigned, or
/// private use in planes 15 and 16, which no bundled font draws) for the four-byte ones — so every byte offset, span and mention range holds.
package enum Noncharacters {
    /// Whether `scalar` is a noncharacter.
    package static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// Whether `text` holds a noncharacter, read as UTF-8 bytes (every text is checked before it
    /// is shaped, and in the layout's warnings: this is on the render path): `EF B7 90`…`EF B7 AF`,
    /// `EF BF BE`, `EF BF BF`, and four bytes `F0`…`F4`, `x F`, `BF`, `BE`/`BF`.
    static func contains(in text: String) -> Bool {
        UTF8Bytes.contains(in: text) { bytes, index in
            let lead = bytes[index]
            if lead == 0xEF, index + 2 < bytes.count {
                let second = bytes[index + 1], third = bytes[index + 2]
                return (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)
            }
            return lead >= 0xF0 && index + 3 < bytes.count && bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF
                && bytes[index + 3] >= 0xBE
        }
    }

    /// `text` with each noncharacter replaced, and how many were; `text` itself when it has none.
    package static func replaced(_ text: String) -> (text: String, replaced: Int) {
        guard contains(in: text) else { return (text, 0) }
        var result = String.UnicodeScalarView()
        var replaced = 0
        for scalar in text.unicodeScalars {
            if isNoncharacter(scalar) {
                replaced += 1
                // U+FFFD for the BMP's; U+1FFFD, U+2FFFD, … for the other planes'.
                result.append(Unicode.Scalar(scalar.value < 0x10000 ? 0xFFFD : (scalar.value & ~0xFFFF) | 0xFFFD)!)
            } else {
                result.append(scalar)
            }
        }
        return (String(result), replaced)
    }
}
