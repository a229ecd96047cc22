import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The painter lays text out at its drawn width (ceil of the widest measured line): that layout has
/// the measured lines, and a layout the measurer lends it places every line exactly where a layout
/// made at that width would.
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

    /// Each line's first byte.
    static func lineStarts(_ layout: OpaquePointer) -> [Int] {
        (0..<pango_layout_get_line_count(layout)).map { Int(pango_layout_get_line_readonly(layout, $0)!.pointee.start_index) }
    }

    @Test func aLentLayoutMatchesOneMadeAtTheDrawnWidth() throws {
        let bench = try JSONDecoder().decode([String].self, from: Data(contentsOf: packageRoot.appendingPathComponent("bench/texts.json")))
        let others = [
            "مرحبا بالعالم، كيف حالك اليوم؟", "Hello مرحبا world", "🎉🥳 party time 🎉", "Supercalifragilisticexpialidocious-and-more",
            "a\nb\n\nc",
        ]
        let thread = try PangoThreadContext.current()
        var lent = 0, fromWords = 0
        for text in bench.prefix(60) + others {
            for width in [80.0, 150, 211, 263] {
                for font in [AmityFont.body.spec, FontSpec(size: 13, weight: .semibold)] {
                    let styled = StyledText(text, font: font)
                    let metrics = PangoTextMeasurer().measure(styled, width: width)
                    let drawn = metrics.width.rounded(.up)
                    // The painter draws at the drawn width: its layout has the measured lines.
                    let fresh = thread.makeLayout(styled, width: drawn)
                    withExtendedLifetime(fresh) {
                        #expect(Self.lineStarts(fresh.pointer) == metrics.lines.map(\.start), "\(text) at \(width) drawn at \(drawn)")
                    }
                    if thread.words.metrics(styled, width: width) != nil { fromWords += 1 }
                    guard let cached = thread.layouts[PangoThreadContext.MetricsKey(text: styled, width: drawn)] else { continue }
                    withExtendedLifetime(fresh) {
                        #expect(Self.lines(cached.pointer) == Self.lines(fresh.pointer), "\(text) at \(width) drawn at \(drawn)")
                    }
                    lent += 1
                }
            }
        }
        // Texts measured from word widths lend no layout; the rest (emoji, Arabic, breaks inside
        // words) do.
        #expect(lent > 80, "only \(lent) layouts were lent to the painter")
        #expect(fromWords > 150 || !WordShaper.replaysThisPango, "only \(fromWords) texts were measured from word widths")
    }
}
