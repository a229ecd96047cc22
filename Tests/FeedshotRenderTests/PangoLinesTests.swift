import CPangoCairo
import FeedshotLayout
import Testing

@testable import FeedshotRender

/// `PangoLines.forEach` walks a layout's lines once instead of asking Pango for each by index
/// (quadratic in the lines); it must give the lines Pango's own indexed accessor gives, in order.
struct PangoLinesTests {
    @Test(arguments: [
        "one line",
        "paragraphs\nof one line\n\nand an empty one\n",
        String(repeating: "A sentence long enough to wrap at this width, more than once. ", count: 8),
        (1...300).map { "line \($0)" }.joined(separator: "\n"),
        "",
    ])
    func givesEveryLineAsPangoIndexesThem(text: String) throws {
        let thread = try PangoThreadContext.current()
        let layout = thread.makeLayout(StyledText(text, font: AmityFont.body.spec), width: 180)
        withExtendedLifetime(layout) {
            var walked: [(index: Int, line: UnsafeMutablePointer<PangoLayoutLine>)] = []
            PangoLines.forEach(in: layout.pointer) { walked.append(($0, $1)) }
            let count = Int(pango_layout_get_line_count(layout.pointer))
            #expect(count >= 1)
            #expect(walked.map(\.index) == Array(0..<count))
            for (index, line) in walked {
                #expect(line == pango_layout_get_line_readonly(layout.pointer, Int32(index)), "line \(index)")
            }
        }
    }

    @Test func measuresManyParagraphsLineByLine() {
        let lines = (1...2_000).map { "paragraph \($0)" }
        let metrics = PangoTextMeasurer().measure(StyledText(lines.joined(separator: "\n"), font: AmityFont.body.spec), width: 300)
        #expect(metrics.lines.map(\.text) == lines)
        #expect(metrics.lines.first?.start == 0)
        #expect(metrics.lines.last?.start == lines.dropLast().reduce(0) { $0 + $1.utf8.count + 1 })
    }
}
