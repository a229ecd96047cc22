import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// One-line labels are cut as UIKit's `.byTruncatingTail` cuts them: by character, with a single
/// "…", where the line is full — measured by Pango in every script and direction.
struct LabelTruncationTests {
    static let labels = [
        "Quarterly report 2026 final version.pdf", "Christopher Alexander", "Wolfeschlegelsteinhausenbergerdorff",
        "تقرير الربع الثالث للمبيعات", "עדכון רבעוני של הצוות", "第三季度销售报告最终版", "분기별 판매 보고서 최종본",
        "Meeting 🎉 notes for the offsite 🌲🌲", "مرحبا Ann, see the deck",
    ]

    /// Over many widths: the label fits on one line; when cut, it ends in exactly one "…", and one
    /// more character (past any space) would not fit.
    @Test(arguments: labels)
    func aCutLabelIsAsFullAsItCanBe(label: String) throws {
        let measurer = PangoTextMeasurer(cached: false)
        let text = StyledText(label, font: AmityFont.bodyBold.spec)
        var cuts = 0
        for width in stride(from: 24.0, through: 320, by: 7) {
            let block = TextBlock.label(text, width: width, measurer: measurer)
            let lines = measurer.measure(block.text, width: width).lines.count
            #expect(lines == 1, "\(label) at \(width): \(lines) lines")
            guard block.isTruncated else {
                #expect(block.text.string == label)
                continue
            }
            cuts += 1
            let shown = block.text.string
            #expect(shown.hasSuffix("…") && !shown.dropLast().hasSuffix("…"), "\(shown)")
            let kept = shown.dropLast().count
            let characters = Array(label)
            #expect(kept < characters.count)
            // One more character, and another if that one is a space (spaces before "…" are dropped).
            var more = kept + 1
            while more < characters.count, characters[more - 1].isWhitespace { more += 1 }
            guard more <= characters.count else { continue }
            let longer = StyledText(String(characters[..<more]).trimmingTrailingWhitespace() + "…", font: text.font)
            #expect(measurer.measure(longer, width: width).lines.count > 1, "\(label) at \(width): \"\(longer.string)\" would fit too")
        }
        #expect(cuts > 3, "\(label): the widths tried should cut it")
    }

    /// The file name in a 320-pt chat's file bubble is cut in the middle by character, as iOS shows
    /// file names: its start and its extension around one "…", as full as the line allows.
    @Test func aFileNameIsCutInTheMiddleKeepingItsExtension() throws {
        let full = "Quarterly report for the board, third quarter.pdf"
        let json = Data(
            #"""
            {"kind": "chat", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "messages": [{"id": "f", "from": "u2", "type": "file", "sentAt": "2026-11-29T11:00:00Z",
                           "file": {"name": "\#(full)", "size": 482133}}]}
            """#.utf8)
        let layout = try Feedshot.layout(Feedshot.decode(json))
        let element = try #require(
            layout.items.flatMap(\.elements).first { element in
                if case .text(let text, _) = element.content { text.string.hasSuffix(".pdf") } else { false }
            })
        guard case .text(let text, _) = element.content else {
            Issue.record("the file name is not drawn as text")
            return
        }
        let name = text.string
        let parts = name.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2 && full.hasPrefix(parts[0]) && full.hasSuffix(parts[1]) && parts[1].hasSuffix(".pdf"), "\(name)")
        // As many characters before the "…" as after it, give or take one (a space before it is dropped).
        #expect(abs(parts[0].count - parts[1].count) <= 1, "\(name)")
        // One character more would not fit.
        let measurer = PangoTextMeasurer(cached: false)
        let kept = parts[0].count + parts[1].count + 1
        let characters = Array(full)
        let longer = String(characters[..<((kept + 1) / 2)]) + "…" + String(characters[(characters.count - kept / 2)...])
        // The name's width: the bubble's less the icon's 12 + 32 + 12 and the 12 after the name.
        let bubble = try #require(layout.items.first { $0.id == "f" }?.elements.first { $0.role == .bubble })
        #expect(measurer.measure(StyledText(longer, font: text.font), width: bubble.frame.width - 68).lines.count > 1, "\(longer)")
        #expect(measurer.measure(text, width: bubble.frame.width - 68).lines.count == 1)
    }

    /// MessageKit's contact initials ("MG"), a one-line footnote label in a 26-point circle, fit
    /// up to xLarge (footnote 15: 24.5 points in Feedshot Inter) and are cut to "…" from xxLarge
    /// (footnote 17: 27.7 points), which the layout lists as the kit's behaviour.
    @Test func contactInitialsAreCutFromTheFirstSizeTheyAreWiderThanTheCircle() throws {
        func initials(_ textSize: String) throws -> (text: String, size: Double, noted: Bool) {
            let json = """
                {"kind": "chat", "style": "messagekit", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z",
                 "textSize": "\(textSize)", "users": {"u2": {"displayName": "Ann"}},
                 "messages": [{"id": "c", "from": "u2", "sentAt": "2026-11-29T11:00:00Z", "type": "contact",
                               "contact": {"displayName": "Mia Grant"}}]}
                """
            let layout = try LayoutEngine.layout(Document.decode(Data(json.utf8)), measurer: PangoTextMeasurer(cached: false))
            let texts = layout.items[0].elements.compactMap { element -> StyledText? in
                guard element.role == .icon, case .text(let text, _) = element.content else { return nil }
                return text
            }
            let text = try #require(texts.first)
            return (text.string, text.font.size, !layout.kitBehaviours.isEmpty)
        }
        let widths = PangoTextMeasurer(cached: false)
        #expect(widths.measure(StyledText("MG", font: FontSpec(size: 15)), width: 1000).width <= 26)
        #expect(widths.measure(StyledText("MG", font: FontSpec(size: 17)), width: 1000).width > 26)
        for size in ["large", "xLarge"] { #expect(try initials(size) == ("MG", size == "large" ? 13 : 15, false), "\(size)") }
        for size in ["xxLarge", "xxxLarge", "accessibilityMedium"] {
            #expect(try initials(size).text == "…" && initials(size).noted, "\(size)")
        }
    }
}
