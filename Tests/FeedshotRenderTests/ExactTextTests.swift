import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Texts that Swift's `String` calls equal but whose scalars differ — a canonical equivalence —
/// are laid out and drawn each as itself, one after the other on the same thread (whose caches
/// of layouts, metrics, word widths and faces would otherwise hand the second the first's).
struct ExactTextTests {
    @Test(arguments: [(";", "\u{037E}"), ("\u{2329}", "\u{3008}"), ("\u{00C5}", "\u{212B}"), ("\u{00E9}", "e\u{0301}")])
    func canonicallyEquivalentTextsAreEachLaidOutAsThemselves(first: String, second: String) throws {
        #expect(first == second)  // what Swift's String says
        for (index, symbol) in [first, second, first].enumerated() {
            for text in ["x \(symbol) \u{202E}A", "word\(symbol) and more words"] {
                let (_, layout) = try renderPixels(chatJSON([textMessage("m1", text)]))
                let element = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .text })
                let lines = try #require(element.content.drawnText?.lines)
                #expect(lines.joined().unicodeScalars.elementsEqual(text.unicodeScalars), "\(index): \(lines) for \(text.debugDescription)")
            }
        }
        #expect(ExactText(StyledText(first, font: FontSpec(size: 17))) != ExactText(StyledText(second, font: FontSpec(size: 17))))
        #expect(ExactString(first) != ExactString(second) && ExactString(first) == ExactString(first))
    }
}
