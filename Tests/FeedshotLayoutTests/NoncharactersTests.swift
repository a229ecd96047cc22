import Foundation
import Testing

@testable import FeedshotLayout

/// Noncharacters become replacement boxes of the same UTF-8 and UTF-16 lengths before shaping
/// (`Noncharacters`): Cairo's PDF surface refused them, failing a PDF whose PNG drew.
struct NoncharactersTests {
    /// Every noncharacter, and the code points beside them, which stay.
    static let noncharacters: [UInt32] = Array(0xFDD0...0xFDEF) + (0...16).flatMap { [$0 << 16 | 0xFFFE, $0 << 16 | 0xFFFF] }
    static let neighbours: [UInt32] = [0xFDCF, 0xFDF0, 0xFFFD, 0xFFFC, 0x1FFFD, 0x10FFFD, 0xE9, 0x1F600]

    @Test func everyNoncharacterIsFoundAndReplacedKeepingEveryLength() throws {
        for value in Self.noncharacters {
            let scalar = try #require(Unicode.Scalar(value))
            let text = "a\(Character(scalar))b"
            #expect(Noncharacters.contains(in: text), "U+\(String(value, radix: 16))")
            let (safe, replaced) = Noncharacters.replaced(text)
            #expect(replaced == 1)
            #expect(safe.utf8.count == text.utf8.count && safe.utf16.count == text.utf16.count, "U+\(String(value, radix: 16))")
            let drawn = Array(safe.unicodeScalars)[1]
            #expect(!Noncharacters.isNoncharacter(drawn) && drawn.value & 0xFFFF == 0xFFFD)
            #expect(safe.hasPrefix("a") && safe.hasSuffix("b"))
        }
        for value in Self.neighbours {
            let text = "a\(Character(try #require(Unicode.Scalar(value))))b"
            #expect(!Noncharacters.contains(in: text), "U+\(String(value, radix: 16))")
            #expect(Noncharacters.replaced(text) == (text, 0))
        }
    }
}
