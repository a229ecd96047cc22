/// Control characters (Unicode's general category Cc: U+0000–U+001F and U+007F–U+009F) other
/// than a tab, a line feed and a carriage return, which a document's JSON may carry (`"\u0007"`,
/// `"\u0000"`). UIKit's text system draws each as nothing and gives it no advance (TextKit's
/// `NSLayoutManager.ControlCharacterAction.zeroAdvancement`: "an action that removes the glyph
/// from layout"); Pango draws a hex box for each, and a NUL ended the text it was handed (a C
/// string): "before\u0000after" drew "before". Before text is shaped, each is covered by an empty
/// inline box (`PangoThreadContext.setAttributes`), and a NUL becomes U+0001, a control of the
/// same length: the text keeps every byte offset, span, mention range and line break, and draws
/// as UIKit draws it.
package enum ControlCharacters {
    /// Whether `scalar` is drawn as nothing: a Cc character but a tab, a line feed or a carriage return.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Whether `text` holds one, read as UTF-8 bytes (every text is checked before it is shaped:
    /// this is on the render path): a byte below 0x20 but 0x09, 0x0A and 0x0D, 0x7F, or `C2 80`…`C2 9F`.
    static func contains(in text: String) -> Bool {
        UTF8Bytes.contains(in: text) { bytes, index in
            let byte = bytes[index]
            if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
            // 0xC2 is only ever a lead byte; what follows it is U+0080…U+00BF.
            return byte == 0x7F || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0)
        }
    }

    /// The UTF-8 byte ranges of `text`'s hidden control characters, in order, a run of adjacent
    /// ones as one range; none for a text without (one byte scan).
    package static func ranges(in text: String) -> [Range<Int>] {
        guard contains(in: text) else { return [] }
        var ranges: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let end = offset + UTF8.width(scalar)
            if isHidden(scalar) {
                if let last = ranges.last, last.upperBound == offset {
                    ranges[ranges.count - 1] = last.lowerBound..<end
                } else {
                    ranges.append(offset..<end)
                }
            }
            offset = end
        }
        return ranges
    }

    /// `\u001B`: `scalar` as a JSON string escapes it, four hexadecimal digits (a control
    /// character in a message on standard error, or in a JSON string Feedshot writes).
    package static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with each NUL replaced by U+0001 (Pango takes text as a C string, and refuses a NUL
    /// inside a length it is given); `text` itself when it has none.
    package static func withoutNUL(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{1}" : $0 }))
    }
}
