import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The PNG encoder compares each row with the one above only in the columns the plan says the
/// row's elements may paint; the painter clips every element to its planned area, so nothing
/// outside those columns can differ (docs/ARCHITECTURE.md, "Strips and changed columns"). This
/// holds in every build — `scripts/test` runs this suite in a release build too, where `assert`
/// is compiled out — and every golden decodes to the same pixel bytes with and without the
/// columns. (The PNG files themselves may differ: the encoder splits the same pixels into dirty
/// spans per 16-pixel chunk, and chunks start where the columns do.)
struct StripInvariantTests {
    @Test(arguments: GoldenTests.names)
    func everyGoldenHasTheSamePixelsWithAndWithoutChangedColumns(name: String) throws {
        let json = try Data(contentsOf: StripRowsTests.goldens.appendingPathComponent("\(name).json"))
        let (layout, painter) = try StripRowsTests.prepared(json)
        let fast = try PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter) }
        let whole = try PNGEncoder().encode { () throws(RenderError) in
            try StripRows(layout, painter: painter, reportsChangedColumns: false)
        }
        let fastPixels = try RGBAImage(png: fast), wholePixels = try RGBAImage(png: whole)
        #expect(fastPixels.hasThePixels(of: wholePixels), "\(name): the pixels differ with and without changed columns")
    }

    /// An element whose ink reaches past its planned area is cut at the area, in both encodings
    /// alike: a glyph forced to draw outside a frame the plan is told is one pixel wide.
    @Test func anElementIsClippedToItsArea() throws {
        let layout = Layout.oneText(StyledText("WWWW", font: AmityFont.title.spec))
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        let plan = try PaintPlan(layout, painter: painter)
        let area = try #require(plan.elements.first?.area)
        let image = try RGBAImage(
            png: PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter, stripRows: 7) })
        var inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                guard image.pixels[i] != 255 || image.pixels[i + 1] != 255 || image.pixels[i + 2] != 255 else { continue }
                inked += 1
                #expect((area.top..<area.bottom).contains(y) && (area.left..<area.right).contains(x), "ink at (\(x), \(y)) outside \(area)")
            }
        }
        #expect(inked > 100)
    }
}
