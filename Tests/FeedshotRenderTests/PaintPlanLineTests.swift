import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The plan checks, in every build, that the painter's Pango layout of each text has the layout
/// tree's lines to the byte (docs/ARCHITECTURE.md, "Text"): the same number of lines is not
/// enough, since a word moved from one line to the next keeps the count.
struct PaintPlanLineTests {
    let text = StyledText("Are we still on for lunch tomorrow?", font: AmityFont.body.spec)

    func plan(_ lines: [String], width: Double = 150) throws(RenderError) -> PaintPlan {
        let element = LayoutElement(role: .text, frame: Rect(x: 10, y: 10, width: width, height: 40), content: .text(text, lines: lines))
        let layout = Layout(
            width: 200, height: 60, scale: 2, background: .white,
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 200, height: 60), elements: [element])])
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        return try PaintPlan(layout, painter: painter)
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
}
