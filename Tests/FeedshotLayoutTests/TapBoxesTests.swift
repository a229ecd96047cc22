import Foundation
import Testing

@testable import FeedshotLayout

/// A range's tap boxes repeat its arguments, one a line; past `TapBoxes.argumentBudget` bytes its
/// middle lines share one box, so a long link or match costs the layout tree a few boxes, not one
/// copy of itself a line.
struct TapBoxesTests {
    /// Two pieces on the first line (a bidirectional line), three lines between, one on the last.
    static let boxes = [
        Rect(x: 40, y: 0, width: 60, height: 20), Rect(x: 120, y: 0, width: 30, height: 20),
        Rect(x: 0, y: 20, width: 150, height: 20), Rect(x: 0, y: 40, width: 90, height: 20),
        Rect(x: 10, y: 60, width: 120, height: 20), Rect(x: 0, y: 80, width: 70, height: 20),
    ]

    @Test func boxesWithinTheBudgetStayOneALine() {
        let bytes = TapBoxes.argumentBudget / Self.boxes.count
        #expect(TapBoxes.bounded(Self.boxes, argumentBytes: bytes) == Self.boxes)
    }

    @Test func pastTheBudgetTheMiddleLinesShareOneBox() {
        let bounded = TapBoxes.bounded(Self.boxes, argumentBytes: TapBoxes.argumentBudget / Self.boxes.count + 1)
        #expect(
            bounded == [
                Rect(x: 40, y: 0, width: 60, height: 20), Rect(x: 120, y: 0, width: 30, height: 20),
                Rect(x: 0, y: 20, width: 150, height: 60), Rect(x: 0, y: 80, width: 70, height: 20),
            ])
        // One or two lines have nothing between them to share.
        let twoLines = Array(Self.boxes[0...2])
        #expect(TapBoxes.bounded(twoLines, argumentBytes: TapBoxes.argumentBudget) == twoLines)
        let oneLine = (0..<40).map { Rect(x: Double($0) * 10, y: 0, width: 5, height: 20) }
        #expect(TapBoxes.bounded(oneLine, argumentBytes: TapBoxes.argumentBudget) == oneLine)
    }

    /// `removeOverlappingResults` listed the whole text once for each "a" it beat, and each copy a
    /// box a line: a 20 KB document asked for 43 GB. Now one match, three boxes, over its text.
    @Test func aLongDetectedRangeIsOneMatchWithAFewBoxes() throws {
        let settings = ##"{"detectors": {"custom": [{"pattern": "[\\s\\S]+"}, {"pattern": "a"}]}}"##
        let text = String(repeating: "a", count: 2_000)
        let layout = try MK.layout(MK.document([MK.message("m", "text", #""text": "\#(text)""#)], settings: settings))
        let item = try #require(layout.items.first { $0.id == "m" })
        let custom = item.actions.filter { $0.event == .didSelectCustom }
        let label = try #require(item.elements.first { $0.role == .text })
        let lines = try #require(label.content.drawnText?.lines.count)
        #expect(lines > 20)
        #expect(custom.count == 3, "\(custom.map(\.frame))")
        #expect(custom.allSatisfy { $0.arguments["match"] == text && $0.arguments["pattern"] == "[\\s\\S]+" })
        let top = try #require(custom.map(\.frame.minY).min()), bottom = try #require(custom.map(\.frame.maxY).max())
        #expect(abs(bottom - top - label.frame.height) < 1, "the boxes cover the label's lines")
    }

    /// An expanded Amity text (a post's detail) with a 3,000-character link: its `linkDidTap`
    /// covers the link's first line, the lines between and its last, in three boxes.
    @Test func aLongLinkInAnAmityTextHasAFewBoxes() throws {
        let url = "example.com/" + String(repeating: "x", count: 3_000)
        let layout = try FeedFixture.single(FeedFixture.post("p", #""text": "see \#(url) end""#), extra: #", "display": "detail""#)
        let item = try #require(layout.item("p.text"))
        let links = item.actions("linkDidTap")
        #expect(links.count == 3, "\(links.map(\.frame))")
        #expect(links.allSatisfy { $0.arguments["url"] == "http://" + url })
        let label = try #require(item.elements.first { $0.role == .text })
        // "see " on a line of its own (the fake measurer breaks before the long word), the link's
        // 3,012 characters on 67 lines of 45, " end" on one more: the middle box over 65.
        #expect(label.content.drawnText?.lines.count == 69)
        let frames = links.map(\.frame)
        let line = try #require(frames.first?.height)
        #expect(abs(line - 18.75) < 0.01)
        #expect(frames.map { ($0.height / line).rounded() } == [1, 65, 1])
        #expect(zip(frames, frames.dropFirst()).allSatisfy { abs($0.maxY - $1.minY) < 0.001 })
        #expect(frames.map(\.minX) == [label.frame.minX, label.frame.minX, label.frame.minX])
    }
}
