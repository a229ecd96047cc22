import Foundation
import Testing

@testable import FeedshotLayout

/// The `cellForMessageTypes()` equivalent: the issue's exact document.
struct CustomCellTests {
    static let document = Data(
        """
        {"kind": "chat", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z",
         "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}},
         "cells": {
           "textIncoming": {"layout": "dynamic", "font": "body",
             "reservedWidth": {"leading": 12, "avatar": 40, "avatarSpacing": 12,
                               "bubbleLeading": 8, "bubbleTrailing": 8, "trailing": 76},
             "reservedHeight": {"top": 34, "bubbleTop": 8, "bubbleBottom": 8, "bottom": 34}},
           "imageIncoming": {"layout": "static", "height": {"top": 34, "content": 228, "bottom": 34}}},
         "messages": [
           {"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z",
            "text": "Are we still on for lunch tomorrow? I booked the table by the window."},
           {"id": "m2", "from": "u2", "type": "image", "sentAt": "2026-11-29T11:59:00Z",
            "image": {"src": "", "width": 800, "height": 600}}]}
        """.utf8)

    static let lunch = "Are we still on for lunch tomorrow? I booked the table by the window."

    @Test func staticCellIs34Plus228Plus34() throws {
        let layout = try Fixture.layout(Self.document)
        let item = try #require(layout.items.first { $0.id == "m2" })
        #expect(item.type == "imageIncoming")
        #expect(item.frame.height == 296)
    }

    @Test func dynamicCellMeasuresAt219AndAdds84() throws {
        let measurer = FakeMeasurer()
        let layout = try Fixture.layout(Self.document, measurer: measurer)
        #expect(measurer.widths(for: Self.lunch) == [219])
        // 219 / 7.5 = 29 characters a line: the 70-character text takes 3 lines of 18.75.
        let item = try #require(layout.items.first { $0.id == "m1" })
        #expect(item.frame.height == (3 * 18.75).rounded(.up) + 84)
        #expect(item.frame.height == 141)
    }

    @Test func dynamicCellDrawsEachPartInItsSlot() throws {
        let layout = try Fixture.layout(Self.document)
        let item = try #require(layout.items.first { $0.id == "m1" })
        let y = item.frame.y
        func frame(_ role: ElementRole) -> Rect? { item.elements.first { $0.role == role }?.frame }
        #expect(frame(.avatar) == Rect(x: 12, y: y + 12, width: 40, height: 40))
        #expect(frame(.name)?.x == 64)
        let bubble = try #require(frame(.bubble))
        #expect(bubble.x == 64 && bubble.y == y + 34)
        #expect(bubble.height == 8 + 57 + 8)
        let text = try #require(frame(.text))
        #expect(text.x == 72 && text.y == y + 42 && text.width <= 219)
        #expect(frame(.time)?.y == bubble.maxY + 4)
    }

    @Test func staticImageIsAspectFitIntoTheContentSlotWithAWarning() throws {
        let layout = try Fixture.layout(Self.document)
        let item = try #require(layout.items.first { $0.id == "m2" })
        let image = try #require(item.elements.first { $0.role == .image })
        // Slot 375 − 68 − 72 = 235 wide, 228 tall: 800 × 600 fits as 235 × 176.25, centred in it
        // as a scaleAspectFit image view draws (it was pinned to the top, 51.75 above the time).
        #expect(image.frame == Rect(x: 68, y: item.frame.y + 34 + (228 - 176.25) / 2, width: 235, height: 176.25))
        #expect(layout.warnings == ["messages[1].image.src: no image reference; drew a placeholder"])
        // A portrait photo fits the slot's height and is centred across it.
        let portrait = try Fixture.layout(
            Data(
                String(decoding: Self.document, as: UTF8.self).replacingOccurrences(
                    of: #""width": 800, "height": 600"#, with: #""width": 300, "height": 600"#
                ).utf8))
        let tall = try #require(portrait.items.first { $0.id == "m2" }?.elements.first { $0.role == .image })
        #expect(tall.frame == Rect(x: 68 + (235 - 114) / 2, y: item.frame.y + 34, width: 114, height: 228))
    }

    @Test func customTypeUsesItsCellAndOutgoingCellsAreMirrored() throws {
        let json = Fixture.chat(
            #"{"id": "p", "from": "u1", "type": "poll", "sentAt": "2026-11-29T11:00:00Z", "text": "Lunch at 1?"}"#,
            extra:
                ##""cells": {"poll": {"layout": "static", "height": {"top": 8, "content": 60, "bottom": 24}, "bubbleColor": "#FFEECC"}}"##)
        let layout = try Fixture.layout(json)
        let item = try #require(layout.items.first { $0.id == "p" })
        #expect(item.type == "pollOutgoing")
        #expect(item.frame.height == 92)
        let bubble = try #require(item.elements.first { $0.role == .bubble })
        #expect(bubble.frame == Rect(x: 72, y: item.frame.y + 8, width: 375 - 72 - 16, height: 60))
        guard case .box(let fill, _, _) = bubble.content else { Issue.record("bubble is not a box"); return }
        #expect(fill == Color(hex: "#FFEECC"))
    }

    @Test func staticTextTallerThanItsSlotKeepsTheWholeLinesThatFitEndingInAnEllipsis() throws {
        // Slot 375 − 72 − 16 = 287 wide, 70 tall; inside the 12-pt padding the text has 263 × 46:
        // 35 fake characters a line, and two 18.75-pt lines of the three it needs fit.
        let text = String(repeating: "word ", count: 20)
        let json = Fixture.chat(
            #"{"id": "p", "from": "u1", "type": "poll", "sentAt": "2026-11-29T11:00:00Z", "text": "\#(text)"}"#,
            extra: ##""cells": {"poll": {"layout": "static", "height": {"top": 8, "content": 70, "bottom": 24}}}"##)
        let layout = try Fixture.layout(json, measurer: FakeMeasurer())
        let item = try #require(layout.items.first { $0.id == "p" })
        let element = try #require(item.elements.first { $0.role == .text })
        guard case .text(let drawn, let lines) = element.content else {
            Issue.record("the message is not drawn as text")
            return
        }
        #expect(lines.count == 2)
        #expect(drawn.string.hasSuffix("…"))
        #expect(element.frame.height == (2 * 18.75).rounded(.up))
        #expect(element.frame.maxY <= item.frame.y + 8 + 70 - 12)
    }

    /// A slot too short for one line inside the bubble's padding shows the first line centred on
    /// the slot, as a `UILabel` centres its text: it was drawn below the bubble, over the time.
    @Test func aStaticSlotTooShortForOneLineCentresItsFirstLineOnTheSlot() throws {
        let json = Fixture.chat(
            #"{"id": "p", "from": "u1", "type": "poll", "sentAt": "2026-11-29T11:00:00Z", "text": "short"}"#,
            extra: ##""cells": {"poll": {"layout": "static", "height": {"top": 34, "content": 10, "bottom": 34}}}"##)
        let item = try #require(try Fixture.layout(json, measurer: FakeMeasurer()).items.first { $0.id == "p" })
        let bubble = try #require(item.elements.first { $0.role == .bubble })
        let text = try #require(item.elements.first { $0.role == .text })
        #expect(bubble.frame.height == 10)
        #expect(text.frame.height == 19)
        #expect(text.frame.midY == bubble.frame.midY)
        // Over the bubble, running 4.5 points past each edge, not from below it.
        #expect(text.frame.minY == bubble.frame.minY - 4.5)
    }

    @Test func customTypeWithoutACellIsRefusedNamingTheMessage() {
        let json = Fixture.chat(#"{"id": "p", "from": "u1", "type": "poll", "sentAt": "2026-11-29T11:00:00Z"}"#)
        let error = #expect(throws: DocumentError.self) { try Document.decode(json) }
        #expect(error?.path == "messages[0].type")
        #expect(error?.message.hasPrefix("unknown message type \"poll\"") == true)
    }
}
