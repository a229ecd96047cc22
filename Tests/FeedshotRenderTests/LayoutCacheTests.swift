import CPangoCairo
import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotRender

/// The measurer lends its layout to the painter at the text's drawn width; that layout must place
/// every line exactly where a layout made at that width would.
struct LayoutCacheTests {
    /// Each line's first byte and logical x, in Pango units.
    static func lines(_ layout: OpaquePointer) -> [[Int32]] {
        var result: [[Int32]] = []
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            result.append([pango_layout_iter_get_index(iterator), logical.x, logical.width])
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    @Test func aLentLayoutMatchesOneMadeAtTheDrawnWidth() throws {
        let bench = try JSONDecoder().decode([String].self, from: Data(contentsOf: packageRoot.appendingPathComponent("bench/texts.json")))
        let others = ["مرحبا بالعالم، كيف حالك اليوم؟", "Hello مرحبا world", "🎉🥳 party time 🎉", "Supercalifragilisticexpialidocious-and-more", "a\nb\n\nc"]
        let thread = try PangoThreadContext.current()
        var lent = 0
        for text in bench.prefix(60) + others {
            for width in [80.0, 150, 211, 263] {
                for font in [AmityFont.body.spec, FontSpec(size: 13, weight: .semibold)] {
                    let styled = StyledText(text, font: font)
                    let metrics = PangoTextMeasurer().measure(styled, width: width)
                    let drawn = metrics.width.rounded(.up)
                    guard let cached = thread.layouts[PangoThreadContext.MetricsKey(text: styled, width: drawn)] else { continue }
                    let fresh = PangoLayoutRef(thread.makeLayout(styled, width: drawn))
                    #expect(Self.lines(cached.pointer) == Self.lines(fresh.pointer), "\(text) at \(width) drawn at \(drawn)")
                    lent += 1
                }
            }
        }
        #expect(lent > 200, "only \(lent) layouts were lent to the painter")
    }
}
