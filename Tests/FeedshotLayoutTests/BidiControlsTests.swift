import Foundation
import Testing

@testable import FeedshotLayout

/// Explicit bidirectional controls that Debian 12's fribidi cannot take safely are replaced by
/// WORD JOINER before shaping, keeping every byte offset (`BidiControls`).
struct BidiControlsTests {
    static let lro = "\u{202D}", rlo = "\u{202E}", pdf = "\u{202C}", rli = "\u{2067}", lri = "\u{2066}", pdi = "\u{2069}"
    static let joiner = "\u{2060}"

    /// The 908-byte message that crashed the server (issue 23), as its text.
    static func crashingText() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fuzz/crashers/bidi-controls-fribidi-1.0.8.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let messages = try #require(document["messages"] as? [[String: Any]])
        return try #require(messages.first?["text"] as? String)
    }

    @Test func theCrashingTextKeepsItsLengthAndLosesItsUnsafeControls() throws {
        let text = try Self.crashingText()
        let (safe, replaced) = BidiControls.sanitized(text)
        #expect(replaced == 12)
        #expect(safe.utf8.count == text.utf8.count)
        #expect(safe.unicodeScalars.filter { $0 == "\u{2060}" }.count == 12)
        // Only controls were replaced: every other character is where it was.
        #expect(
            Array(safe.unicodeScalars).indices.allSatisfy { index in
                let before = Array(text.unicodeScalars)[index], after = Array(safe.unicodeScalars)[index]
                return before == after || (BidiControls.isExplicit(before) && after == "\u{2060}")
            })
    }

    @Test func wellFormedControlsAndPlainTextAreUntouched() {
        for text in [
            "plain text", "\(Self.rli)مرحبا\(Self.pdi) world", "\(Self.lro)abc\(Self.pdf) \(Self.rlo)def\(Self.pdf)",
            "\(Self.rli)a\(Self.lro)b\(Self.pdi)c",  // a PDI closes the embeddings inside its isolate
            "\(Self.rlo)unclosed override to the end",
        ] {
            #expect(BidiControls.sanitized(text) == (text, 0), "\(text.debugDescription)")
        }
    }

    @Test func aPDFOrPDIClosingNothingIsReplaced() {
        #expect(BidiControls.sanitized("a\(Self.pdi)b") == ("a\(Self.joiner)b", 1))
        #expect(BidiControls.sanitized("a\(Self.pdf)b") == ("a\(Self.joiner)b", 1))
        // A PDF cannot close an isolate; a PDI closes it.
        #expect(BidiControls.sanitized("\(Self.rli)a\(Self.pdf)\(Self.pdi)") == ("\(Self.rli)a\(Self.joiner)\(Self.pdi)", 1))
        // Each line is a paragraph of its own: an isolate does not reach into the next.
        #expect(BidiControls.sanitized("\(Self.rli)a\nb\(Self.pdi)") == ("\(Self.rli)a\nb\(Self.joiner)", 1))
    }

    @Test func initiatorsPastTheMaximumDepthAreReplaced() {
        // From level 1, alternating LRO and RLO opens one level each: levels 2…123 fit (122).
        let initiators = (0..<200).map { $0 % 2 == 0 ? Self.lro : Self.rlo }
        let (safe, replaced) = BidiControls.sanitized(initiators.joined() + "x")
        #expect(replaced == 200 - 122)
        #expect(safe.unicodeScalars.filter(BidiControls.isExplicit).count == 122)
        #expect(BidiControls.nextLevel(after: 1, opening: 0x202E) == 3)
        #expect(BidiControls.nextLevel(after: 2, opening: 0x202D) == 4)
        #expect(BidiControls.nextLevel(after: 3, opening: 0x202D) == 4)
    }

    @Test func anIsolateAcrossAnInnerParagraphSeparatorLosesEveryControl() {
        // U+001C is a paragraph separator to UAX #9 but not a line break to Pango.
        let text = "\(Self.rli)a\u{1C}\(Self.pdi)b"
        #expect(BidiControls.sanitized(text) == ("\(Self.joiner)a\u{1C}\(Self.joiner)b", 2))
    }

    @Test func theByteCheckFindsExactlyTheExplicitControls() {
        // Every scalar from U+2000 to U+206F (the E2 80 and E2 81 lead bytes), alone and in text.
        for value in UInt32(0x2000)...0x206F {
            let scalar = Unicode.Scalar(value)!
            let text = "“quoted” \(Character(scalar)) …"
            #expect(BidiControls.containsExplicit(text) == BidiControls.isExplicit(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(!BidiControls.containsExplicit("") && !BidiControls.containsExplicit("plain ASCII"))
    }
}
