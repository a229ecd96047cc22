import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The plan checks, in every build, that the painter's Pango layout of each text has the layout
/// tree's lines to the byte (docs/ARCHITECTURE.md, "Text"): the same number of lines is not
/// enough, since a word moved from one line to the next keeps the count.
struct PaintPlanLineTests {
    let text = StyledText("Are we still on for lunch tomorrow?", font: AmityFont.body.spec)

    func layout(_ lines: [String], width: Double) -> Layout {
        let element = LayoutElement(role: .text, frame: Rect(x: 10, y: 10, width: width, height: 40), content: .text(text, lines: lines))
        return Layout(
            width: 200, height: 60, scale: 2, background: .white,
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 200, height: 60), elements: [element])])
    }

    func painter() throws(RenderError) -> Painter {
        Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
    }

    func plan(_ lines: [String], width: Double = 150) throws(RenderError) -> PaintPlan {
        try PaintPlan(layout(lines, width: width), painter: painter())
    }

    /// How many pixels of `layout`, drawn with a plan and without, are not the white background.
    func inkedPixels(_ layout: Layout) throws -> (planned: Int, unplanned: Int) {
        let painter = try painter()
        func count(_ surface: CairoSurface) -> Int {
            surface.withPixels { bytes, stride in
                var inked = 0
                for y in 0..<layout.pixelHeight {
                    for x in 0..<layout.pixelWidth where (0..<3).contains(where: { bytes[y * stride + 4 * x + $0] != 255 }) { inked += 1 }
                }
                return inked
            }
        }
        let planned = try CairoSurface(width: layout.pixelWidth, height: layout.pixelHeight)
        try painter.draw(layout, rows: 0..<layout.pixelHeight, into: planned, plan: PaintPlan(layout, painter: painter))
        return (count(planned), count(try painter.draw(layout)))
    }

    @Test func theTreesOwnLinesPass() throws {
        let lines = PangoTextMeasurer(cached: false).measure(text, width: 150).lines.map(\.text)
        #expect(lines.count == 2)
        _ = try plan(lines)
    }

    @Test func aWordOnTheWrongLineIsAnInvariantError() throws {
        let lines = PangoTextMeasurer(cached: false).measure(text, width: 150).lines.map(\.text)
        // The last word of the first line moved to the second: still two lines.
        var words = lines[0].split(separator: " ").map(String.init)
        let moved = words.removeLast()
        let wrong = [words.joined(separator: " ") + " ", moved + " " + lines[1]]
        #expect(wrong.joined() == text.string)
        #expect {
            _ = try plan(wrong)
        } throws: { error in
            guard case RenderError.invariant(let message) = error else { return false }
            return message.contains("breaks line 1 after \(lines[0].utf8.count) bytes where the layout tree has \(wrong[0].utf8.count)")
        }
        #expect(throws: RenderError.self) { _ = try plan(lines + ["more"]) }
    }

    /// A text the tree lists no lines for (a frame the canvas leaves no width) is not drawn: Pango
    /// would lay it out unwrapped, past its frame, lines the tree does not list; nor is its font
    /// listed among those that drew the layout.
    @Test func aTextWithNoLinesIsNotDrawn() throws {
        let hidden = try inkedPixels(layout([], width: 0))
        #expect(hidden.planned == 0)
        #expect(hidden.unplanned == 0)
        let lines = PangoTextMeasurer(cached: false).measure(text, width: 150).lines.map(\.text)
        let shown = try inkedPixels(layout(lines, width: 150))
        #expect(shown.planned > 500)
        #expect(shown.planned == shown.unplanned)
        // The layout's `fonts` lists what drew a text: nothing for a text not drawn.
        let pango = try PangoThreadContext.current()
        #expect(try pango.fontUses(in: layout([], width: 0), cached: false) {}.isEmpty)
        #expect(try pango.fontUses(in: layout(lines, width: 150), cached: false) {}.map(\.role) == [.text])
    }
}
