import Testing

@testable import FeedshotLayout

/// Hexadecimal digits, read in one place for JSON escapes, `data:` URIs and URL signatures.
struct HexTests {
    @Test func digitsOfEitherCaseAreRead() {
        #expect("09afAF".utf8.map(Hex.digit) == [0, 9, 10, 15, 10, 15])
        #expect("gG/:@`".utf8.allSatisfy { Hex.digit($0) == nil })
        #expect(Hex.bytes("00ff7F") == [0, 255, 127])
        #expect(Hex.bytes("") == [])
        for bad in ["0", "abc", "0g", "  "] { #expect(Hex.bytes(bad) == nil, "\(bad)") }
    }
}
