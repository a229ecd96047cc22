import Testing

@testable import FeedshotLayout

/// The height rule (docs/ARCHITECTURE.md, "Text"): one rounding, and the 8-line cap.
struct TextBlockTests {
    let font = AmityFont.body.spec

    @Test func heightIsTheLogicalHeightRoundedUp() {
        let block = TextBlock.measure(StyledText("one two", font: font), width: 1000, measurer: FakeMeasurer())
        #expect(block.height == 19)  // 18.75 rounded up
        #expect(block.width == 53)  // 7 × 7.5 = 52.5 rounded up
        #expect(block.lines == ["one two"])
        #expect(!block.isTruncated)
    }

    @Test func emptyTextHasNoHeight() {
        #expect(TextBlock.measure(StyledText("", font: font), width: 100, measurer: FakeMeasurer()).height == 0)
    }

    @Test func longWordsBreakBetweenCharacters() {
        let block = TextBlock.measure(StyledText(String(repeating: "x", count: 25), font: font), width: 75, measurer: FakeMeasurer())
        #expect(block.lines == ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"])
    }

    @Test func textOverEightLinesIsCappedAndEndsInTheSuffix() {
        // 12 lines of one 10-character word each at width 75 (10 characters a line).
        let text = (1...12).map { _ in "abcdefghij" }.joined(separator: " ")
        let block = TextBlock.measure(StyledText(text, font: font), width: 75, maxLines: 8, measurer: FakeMeasurer())
        #expect(block.isTruncated)
        #expect(block.height == (12 * 18.75 / 12 * 8).rounded(.up))
        #expect(block.height == 150)
        // The 8th line keeps as much as fits with the suffix: 9 characters and "…" fill its 10.
        #expect(block.text.string == (1...7).map { _ in "abcdefghij" }.joined(separator: " ") + " abcdefghi…")
        #expect(block.lines.count == 8 && block.lines.last == "abcdefghi…")
    }

    /// The cut line takes all the text that is left, not only what wrapped onto it: where the
    /// next word wrapped away, the line goes on into it and is cut by character.
    @Test func theLastLineIsFilledWithWhatIsLeft() {
        // 10 characters a line: "aaaaaaaaa ", then "ab ab " before a word of 30 that wraps away.
        let text = "aaaaaaaaa ab ab " + String(repeating: "x", count: 30)
        let block = TextBlock.measure(StyledText(text, font: font), width: 75, maxLines: 2, measurer: FakeMeasurer())
        #expect(block.text.string == "aaaaaaaaa ab ab xxx…")
        // A line break ends the line.
        let broken = TextBlock.measure(
            StyledText("aaaaaaaaa ab ab\nnext\nthird", font: font), width: 75, maxLines: 2, measurer: FakeMeasurer())
        #expect(broken.text.string == "aaaaaaaaa ab ab…")
    }

    @Test func textOfExactlyEightLinesIsNotCut() {
        let text = (1...8).map { _ in "abcdefghij" }.joined(separator: " ")
        let block = TextBlock.measure(StyledText(text, font: font), width: 75, maxLines: 8, measurer: FakeMeasurer())
        #expect(!block.isTruncated)
        #expect(block.height == 150)
    }

    /// A tap anywhere on a collapsed `AmityExpandableLabel` expands it (the range check is
    /// commented out): the whole label fires `didExpandExpandableLabel`.
    @Test func collapsedMessageGetsAnExpandAction() throws {
        let long = (1...40).map { "word\($0)" }.joined(separator: " ")
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", long)))
        let item = try #require(layout.items.first { $0.id == "m1" })
        let action = try #require(item.actions.first)
        #expect(item.actions.count == 1 && action.event == "didExpandExpandableLabel" && action.arguments == ["messageId": "m1"])
        #expect(action.frame.x == 80 && action.frame.y == item.frame.y + 54 && action.frame.height == 150)
        // 211 / 7.5 = 28 characters a line; capped at 8 lines of 18.75 → 150.
        #expect(item.frame.height == 98 + 150)
    }
}
