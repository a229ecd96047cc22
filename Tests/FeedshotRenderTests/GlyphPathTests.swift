import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The glyphs drawn as paths on their 24-point grid (`Glyphs`), their polygons from one helper.
struct GlyphPathTests {
    /// The alpha of each pixel of a `side` × `side` surface after `draw`.
    static func alphas(side: Int, _ draw: (OpaquePointer) -> Void) throws -> [[UInt8]] {
        let surface = try CairoSurface(width: side, height: side)
        let cr = try #require(cairo_create(surface.pointer))
        draw(cr)
        cairo_destroy(cr)
        return surface.withPixels { data, stride in (0..<side).map { y in (0..<side).map { x in data[y * stride + x * 4 + 3] } } }
    }

    /// A closed polygon gets the edge back to its first point; an open one does not.
    @Test func aPolygonClosesBackToItsFirstPointUnlessOpen() throws {
        func stroked(closed: Bool) throws -> [[UInt8]] {
            try Self.alphas(side: 40) { cr in
                Glyphs.polygon(cr, [(5, 5), (35, 5), (35, 35)], closed: closed)
                cairo_set_line_width(cr, 2)
                cairo_stroke(cr)
            }
        }
        let closed = try stroked(closed: true), open = try stroked(closed: false)
        // The top and right edges either way; the diagonal from (35, 35) back to (5, 5) only closed.
        #expect(closed[5][20] == 255 && open[5][20] == 255 && closed[20][35] > 0 && open[20][35] > 0)
        #expect(closed[20][20] > 0 && open[20][20] == 0)
    }

    /// The document glyph, kept for layout trees that name it, still draws its page: the outline
    /// from x 5 to 20 on the grid, the folded corner's diagonal, and nothing left of the page.
    @Test func theDocumentGlyphDrawsItsFoldedPage() throws {
        let ink = try Self.alphas(side: 48) { cr in
            Glyphs.draw(.document, in: Rect(x: 0, y: 0, width: 48, height: 48), color: .black, cr)
        }
        #expect(ink[30][10] > 0 && ink[30][40] > 0, "the page's sides at x 5 and 20 of the grid")
        #expect(ink[10][34] > 0, "the fold from (14, 2) to (20, 8)")
        #expect(ink.allSatisfy { row in row[0..<8].allSatisfy { $0 == 0 } }, "nothing left of the page")
    }
}
