import Foundation
import Testing

@testable import FeedshotLayout

/// Which characters draw as nothing (`ControlCharacters`), found by a byte scan, against Unicode's
/// own general category as the standard library has it.
struct ControlCharactersTests {
    /// Every code point below U+0800 (every one- and two-byte UTF-8 sequence) and the line and
    /// paragraph separators: hidden exactly when it is Cc and not a tab, a line feed or a carriage return.
    @Test func theByteScanFindsExactlyTheHiddenControls() throws {
        for value in Array(0..<0x800) + [0x2028, 0x2029, 0x2060, 0xFEFF, 0xFFFD] {
            let scalar = try #require(Unicode.Scalar(UInt32(value)))
            let hidden = scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
            let text = "a\(Character(scalar))b"
            #expect(ControlCharacters.isHidden(scalar) == hidden, "U+\(String(value, radix: 16))")
            #expect(ControlCharacters.contains(in: text) == hidden, "U+\(String(value, radix: 16))")
            #expect(ControlCharacters.ranges(in: text) == (hidden ? [1..<(1 + UTF8.width(scalar))] : []), "U+\(String(value, radix: 16))")
        }
    }

    /// Adjacent controls are one range; ranges are UTF-8 byte offsets of the text as written.
    @Test func rangesAreByteOffsetsWithAdjacentControlsJoined() {
        #expect(ControlCharacters.ranges(in: "\u{0}\u{7}é\u{85}\u{9F}x\u{1B}") == [0..<2, 4..<8, 9..<10])
        #expect(ControlCharacters.ranges(in: "tab\tnew\nline\r\n") == [])
    }

    /// The JSON escape of each control character reads back as that character through
    /// Foundation's JSON parser.
    @Test func aJSONEscapeReadsBackAsTheCharacter() throws {
        for value in Array(0..<0x20) + Array(0x7F...0x9F) + [0x2028] {
            let scalar = try #require(Unicode.Scalar(UInt32(value)))
            let escape = ControlCharacters.jsonEscape(scalar)
            #expect(escape.count == 6 && escape.hasPrefix("\\u"), "\(escape)")
            let read = try JSONDecoder().decode(String.self, from: Data("\"\(escape)\"".utf8))
            #expect(read == String(Character(scalar)), "\(escape)")
        }
    }

    /// A NUL becomes U+0001, which keeps every length; a text without one is returned as it is.
    @Test func aNULBecomesAControlOfTheSameLength() {
        let text = "a\u{0}b\u{0}\u{0}é"
        let handed = ControlCharacters.withoutNUL(text)
        #expect(handed == "a\u{1}b\u{1}\u{1}é")
        #expect(handed.utf8.count == text.utf8.count && handed.utf16.count == text.utf16.count)
        #expect(ControlCharacters.withoutNUL("plain") == "plain")
    }
}
