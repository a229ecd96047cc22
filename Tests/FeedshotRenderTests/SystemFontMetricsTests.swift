import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// The system font's vertical metrics (docs/conformance/amity.md, "The system font's vertical
/// metrics"): Feedshot Inter, the stand-in for SF Pro, has SF's ascender 1950, descender 494 and
/// line gap 0 per 2048 units of em, so a line of size s is s × 2444/2048 tall, as
/// `UIFont.systemFont(ofSize: s).lineHeight` is on an iPhone.
struct SystemFontMetricsTests {
    let measurer = PangoTextMeasurer(cached: false)

    @Test(arguments: [(13.0, 15.513672), (15, 17.900391), (17, 20.287109), (20, 23.867188)])
    func aLineIsTheSystemFontsLineHeight(size: Double, lineHeight: Double) {
        for weight in [FontSpec.Weight.regular, .semibold, .bold] {
            let metrics = measurer.measure(StyledText("Hg", font: FontSpec(size: size, weight: weight)), width: 300)
            #expect(metrics.lines.count == 1)
            #expect(abs(metrics.height - size * 2444 / 2048) < 1e-9, "\(size) pt \(weight)")
            #expect(abs(metrics.height - lineHeight) < 5e-7)
        }
        var italic = FontSpec(size: size)
        italic.isItalic = true
        #expect(abs(measurer.measure(StyledText("Hg", font: italic), width: 300).height - lineHeight) < 5e-7)
    }

    /// The same numbers through the word-width fast path, which replays Pango's line filling.
    @Test func wordWidthsGiveTheSameLineHeight() {
        let cached = PangoTextMeasurer()
        let text = StyledText("Are we still on for lunch tomorrow? I booked the table by the window.", font: AmityFont.body.spec)
        let fast = cached.measure(text, width: 150)
        let pango = measurer.measure(text, width: 150)
        #expect(fast == pango)
        #expect(abs(fast.height - Double(fast.lines.count) * 15 * 2444 / 2048) < 1e-9)
    }

    /// The ascent the painter places the first baseline at: s × 1950/2048 below the line's top.
    @Test func theFirstBaselineIsTheSystemFontsAscender() throws {
        for size in [13.0, 15, 17, 20] {
            let baseline = try #require(PangoTextMeasurer.firstBaseline(of: StyledText("Hg", font: FontSpec(size: size)), width: 300))
            #expect(abs(baseline - size * 1950 / 2048) < 1e-3, "\(size) pt")
        }
    }

    /// A port of the kit's own test, `UpstraUIKitTests/Components/AmityExpandableLabelTests.swift`
    /// (`testHeightForText`): one line of `AmityFontSet.body` is `ceil(h) == 18`, two and twenty
    /// lines are exactly that many times one.
    @Test func theKitsExpandableLabelTest() {
        let font = AmityFont.body.spec
        let boundingWidth = 100.0
        let oneLine = measurer.measure(StyledText("a", font: font), width: boundingWidth).height
        #expect(oneLine.rounded(.up) == 18)
        let twoLines = measurer.measure(StyledText("AAAA AAAA\nBBBB BBBB", font: font), width: boundingWidth)
        #expect(twoLines.lines.count == 2)
        #expect(twoLines.height == oneLine * 2)
        // The kit's text, "/n" typo and all: 20 lines on an iPhone, as the kit's test asserts.
        // The stand-in tracked to SF Pro's widths (scripts/make-standin-fonts.py) gives 20 too;
        // Inter's own widths gave 37 (only "nLorem " or "ipsum/" fitted a line).
        let texts = String(repeating: "Lorem ipsum/n", count: 19)
        let many = measurer.measure(StyledText(texts, font: font), width: boundingWidth)
        #expect(many.lines.count == 20)
        #expect(many.height == oneLine * Double(many.lines.count))
        #expect(TextBlock.measure(StyledText("a", font: font), width: boundingWidth, measurer: measurer).height == 18)
    }

    /// Amity's incoming text cell is 98 + the text's height (`AmityMessageTextTableViewCell`):
    /// 116 for one line, as the kit computes on an iPhone (117 with Inter's own line height).
    @Test func aOneLineIncomingAmityTextCellIs116() throws {
        let layout = try Feedshot.layout(Feedshot.decode(chatJSON([textMessage("m1", "Hello there")])))
        let cell = try #require(layout.items.first { $0.type == "textIncoming" })
        #expect(cell.frame.height == 116)
        let outgoing = try Feedshot.layout(Feedshot.decode(chatJSON([textMessage("m1", from: "u1", "Hello there")])))
        let own = try #require(outgoing.items.first { $0.type == "textOutgoing" })
        #expect(own.frame.height == 82, "64 + 18")
    }

    /// MessageKit's body text is 17 pt: two lines are 2 × 20.287109 = 40.57 → 41, and the
    /// bubble's 7 + 7 insets make 55, as an iPhone draws it (56 with Inter's own line height).
    @Test func aTwoLineMessageKitBubbleIs55() throws {
        let json = chatJSON(
            [textMessage("m1", "Incoming bubble, two lines of text in it, wrapping once.")], extra: #", "style": "messagekit""#)
        let layout = try Feedshot.layout(Feedshot.decode(json))
        let cell = try #require(layout.items.first { $0.elements.contains { $0.role == .bubble } })
        let bubble = try #require(cell.elements.first { $0.role == .bubble })
        let text = try #require(cell.elements.first { if case .text = $0.content { $0.frame.minY >= bubble.frame.minY } else { false } })
        let lines: [String]? = if case .text(_, let lines) = text.content { lines } else { nil }
        #expect(try #require(lines).count == 2)
        #expect(bubble.frame.height == 55)
    }
}
