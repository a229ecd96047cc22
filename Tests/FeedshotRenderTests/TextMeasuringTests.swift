import FeedshotLayout
import FeedshotRender
import Testing

/// Pango measuring (SPEC §4) and the fonts it uses (SPEC §7).
struct TextMeasuringTests {
    let measurer = PangoTextMeasurer()
    let body = AmityFont.body.spec

    @Test func oneLineOfBodyTextIsOneRoundedLineHigh() {
        let block = TextBlock.measure(StyledText("Hello", font: body), width: 300, measurer: measurer)
        #expect(block.lines == ["Hello"])
        // Inter's ascent + descent at 15 pt (0.96875 + 0.2421875 em) = 18.16 → 19.
        #expect(block.height == 19)
        #expect(block.width > 30 && block.width < 45)
    }

    @Test func narrowerWidthsWrapIntoMoreLines() {
        let text = StyledText("Are we still on for lunch tomorrow? I booked the table by the window.", font: body)
        let wide = TextBlock.measure(text, width: 400, measurer: measurer)
        let narrow = TextBlock.measure(text, width: 150, measurer: measurer)
        #expect(wide.lines.count == 2)
        #expect(narrow.lines.count > wide.lines.count)
        #expect(narrow.height > wide.height)
        #expect(narrow.lines.joined() == text.string)
    }

    @Test func overLongWordsBreakBetweenCharactersWithoutHyphens() {
        let word = String(repeating: "abcdefghij", count: 8)
        let metrics = measurer.measure(StyledText(word, font: body), width: 100)
        #expect(metrics.lines.count > 3)
        #expect(metrics.lines.allSatisfy { $0.width <= 100 })
        #expect(metrics.lines.map(\.text).joined() == word)
    }

    @Test func relayingOutAtTheHuggedWidthKeepsTheLines() {
        // The painter lays text out at the bubble's (hugged) width: the breaks must not change.
        for text in [
            "Are we still on for lunch tomorrow? I booked the table by the window.",
            "مرحبا! هل ما زلنا على موعد الغداء غدا؟ حجزت الطاولة بجانب النافذة.",
            "สวัสดีครับ พรุ่งนี้เราจะไปกินข้าวกลางวันด้วยกันไหม ผมจองโต๊ะริมหน้าต่างไว้แล้ว",
            "明天我们还一起吃午饭吗？我订了靠窗的桌子。明日のランチはまだ大丈夫？",
            "Party tonight 🎉🥳 see you there 👍🏽 ❤️ https://example.com/a/really/long/path",
        ] {
            let block = TextBlock.measure(StyledText(text, font: body), width: 211, measurer: measurer)
            let again = measurer.measure(StyledText(text, font: body), width: block.width)
            #expect(again.lines.map(\.text) == block.lines, "\(text)")
        }
    }

    @Test func metricsDoNotDependOnTheOutputScale() throws {
        let messages = [textMessage("m1", "Metrics are the same at every scale: hinting is off, positions unrounded.")]
        let layouts = try [1, 2, 3].map { scale in try Feedshot.layout(Feedshot.decode(chatJSON(messages, scale: scale))) }
        #expect(layouts[0].items == layouts[1].items)
        #expect(layouts[1].items == layouts[2].items)
    }
}
