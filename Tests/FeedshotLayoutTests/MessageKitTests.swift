import Foundation
import Testing

@testable import FeedshotLayout

/// MessageKit's size calculators and cell geometry (docs/conformance/messagekit.md), pinned with the fake measurer
/// (characters 0.5 × size wide, lines 1.25 × size tall).
struct MessageKitTests {
    func document(_ messages: [String], settings: String = "", textSize: String = "large", width: Double = 375) -> Data {
        Data(
            """
            {"kind": "chat", "style": "messagekit", "width": \(width), "me": "u1", "now": "2026-11-29T12:00:00Z", "textSize": "\(textSize)",
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann Lee"}}\(settings.isEmpty ? "" : ", \"messageKit\": " + settings),
             "messages": [\(messages.joined(separator: ","))]}
            """.utf8)
    }

    func message(_ id: String, from: String = "u2", _ type: String, _ fields: String) -> String {
        #"{"id": "\#(id)", "from": "\#(from)", "type": "\#(type)", "sentAt": "2026-11-29T11:00:00Z", \#(fields)}"#
    }

    func item(_ json: Data, _ id: String, measurer: FakeMeasurer = FakeMeasurer()) throws -> LayoutItem {
        let layout = try LayoutEngine.layout(Document.decode(json), measurer: measurer)
        return try #require(layout.items.first { $0.id == id })
    }

    func container(_ item: LayoutItem) -> Rect? {
        item.elements.first { [.bubble, .image].contains($0.role) }?.frame
    }

    @Test func anIncoming400By300PhotoGetsA295By221Point25ContainerAndCell() throws {
        let cell = try item(document([message("p", "photo", #""image": {"src": "", "width": 400, "height": 300}"#)]), "p")
        #expect(cell.type == "photoIncoming")
        // itemWidth 375 − 16 = 359; max width 359 − 30 − (4 + 30) = 295.
        #expect(container(cell)?.width == 295)
        #expect(container(cell)?.height == 221.25)
        #expect(cell.frame == Rect(x: 8, y: 4, width: 359, height: 221.25))
        #expect(container(cell)?.x == 42.0)  // 8 + 30 + 4
    }

    @Test func smallPhotosKeepTheirSize() throws {
        let cell = try item(document([message("p", from: "u1", "photo", #""image": {"src": "", "width": 120, "height": 90}"#)]), "p")
        // Outgoing: x = itemWidth − avatar − padding.right − width.
        #expect(container(cell) == Rect(x: 8 + 359 - 30 - 4 - 120, y: 4, width: 120, height: 90))
    }

    @Test func textIsMeasuredAtTheMaxWidthLessTheLabelInsets() throws {
        let measurer = FakeMeasurer()
        let cell = try item(document([message("t", "text", #""text": "Hello there""#)]), "t", measurer: measurer)
        // 295 − (18 + 14) = 263 incoming; body 17 at large.
        #expect(measurer.widths(for: "Hello there") == [263])
        // 11 characters × 8.5 = 93.5 → 94 wide; one line 21.25 → 22 tall; plus insets.
        #expect(container(cell) == Rect(x: 8 + 34, y: 4, width: 94 + 32, height: 22 + 14))
        #expect(cell.frame.height == 36)
    }

    /// `TextMessageSizeCalculator`'s label insets: incoming 7 / 18 / 7 / 14 (top, left, bottom,
    /// right), outgoing 7 / 14 / 7 / 18 — the text sits 18 from an incoming bubble's left edge and
    /// 14 from an outgoing one's.
    @Test func theTextSitsAtItsSidesLabelInsets() throws {
        let json = document([message("i", "text", #""text": "Hello there""#), message("o", from: "u1", "text", #""text": "Hello there""#)])
        for (id, left, right) in [("i", 18.0, 14.0), ("o", 14.0, 18.0)] {
            let cell = try item(json, id)
            let bubble = try #require(container(cell))
            let text = try #require(cell.elements.first { $0.role == .text }?.frame)
            #expect(text.x == bubble.x + left && text.y == bubble.y + 7, "\(id)")
            #expect(bubble.maxX - text.maxX == right && bubble.maxY - text.maxY == 7, "\(id)")
        }
    }

    @Test func emojiUseTwiceTheBodySizeAndNoBubble() throws {
        let cell = try item(document([message("e", "emoji", #""text": "🎉""#)]), "e")
        let text = try #require(cell.elements.first { $0.role == .text })
        guard case .text(let styled, _) = text.content else { Issue.record("no text"); return }
        #expect(styled.font.size == 34)
        #expect(!cell.elements.contains { $0.role == .bubble })
    }

    @Test func customUsesItsGivenSize() throws {
        let cell = try item(document([message("c", "custom", #""custom": {"width": 300, "height": 130}"#)]), "c")
        let frame = cell.elements.first { $0.role == .bubble }?.frame
        #expect(frame?.width == 300 && frame?.height == 130)
        #expect(cell.frame.height == 130)
    }

    /// A custom message with a text is the Example app's `CustomCell` (the README's "Someone left
    /// the conversation"): the item width × 44, one centred italic 13-point line, nothing else and no tap.
    @Test func aCustomMessageWithATextIsTheExampleAppsCustomCell() throws {
        let cell = try item(document([message("c", "custom", #""text": "Ann left the conversation""#)]), "c")
        #expect(cell.frame == Rect(x: 8, y: 4, width: 359, height: 44))
        #expect(cell.actions.isEmpty && cell.elements.count == 1)
        let label = try #require(cell.elements.first)
        let text = try #require(label.content.styledText)
        #expect(label.role == .text && text.string == "Ann left the conversation")
        #expect(text.font == FontSpec(size: 13, isItalic: true) && text.alignment == .center && text.color == .black)
        // 16.25 tall (13 × 1.25), rounded up to 17, centred in 44: 13.5 below the cell's top.
        #expect(label.frame == Rect(x: 8, y: 4 + 13.5, width: 359, height: 17))
        // A container size, the message's or its kind's, is the custom cell guide's block; the text is not drawn.
        let sized = try item(document([message("c", "custom", #""text": "Hi", "custom": {"width": 300, "height": 130}"#)]), "c")
        #expect(container(sized)?.width == 300 && !sized.elements.contains { $0.content.styledText?.string == "Hi" })
        let kind = try item(
            document(
                [message("c", "custom", #""text": "Hi""#)], settings: #"{"kinds": {"custom": {"size": {"width": 200, "height": 50}}}}"#),
            "c")
        #expect(container(kind)?.width == 200)
    }

    @Test func theTypingIndicatorIsItsOwnLastSection62Tall() throws {
        let json = Data(
            String(decoding: document([message("t", "text", #""text": "Hi""#)]), as: UTF8.self).replacingOccurrences(
                of: #""messages""#, with: #""typing": ["u2"], "messages""#
            ).utf8)
        let layout = try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
        let typing = try #require(layout.items.last)
        #expect(typing.type == "typingIndicator" && typing.frame.height == 62)
        // As wide as the collection less the section insets (`MessagesLayoutDelegate.swift:294-299`).
        #expect(typing.frame.x == 8 && typing.frame.width == 375 - 16)
        #expect(layout.height == typing.frame.maxY + 4)
        // `TypingIndicatorCell`: the bubble is the cell's bounds inset 15 at the top
        // (`UIEdgeInsets(top: 15, left: 0, bottom: 0, right: 0)`), so it is 47 tall, 15 down.
        let bubble = MessageKitLayoutEngine<FakeMeasurer>.typingBubble(Size(width: 359, height: 47))
        let drawn = typing.elements.filter { $0.role == .typingIndicator }.map(\.frame)
        for part in [bubble.tiny, bubble.corner, bubble.content] + bubble.dots {
            #expect(drawn.contains(part.offsetBy(dx: 8, dy: typing.frame.y + 15)), "\(part)")
        }
    }

    /// Container 36 tall (one line of text), avatar 30, labels 18 / 20 / 16 / 10.
    /// Expected heights, worked out: every sum is 100 because the container (74) outweighs the avatar.
    @Test(arguments: [
        ("cellTop", 100.0), ("cellBottom", 100.0), ("messageCenter", 100.0),
        ("messageBottom", 100.0), ("messageTop", 100.0), ("messageLabelTop", 100.0),
    ])
    func cellHeightFollowsTheAvatarPosition(position: String, expected: Double) throws {
        let settings =
            #"{"avatarPosition": "\#(position)", "cellTopLabelHeight": 18, "messageTopLabelHeight": 20, "messageBottomLabelHeight": 16, "cellBottomLabelHeight": 10}"#
        let cell = try item(document([message("t", "text", #""text": "Hello there""#)], settings: settings), "t")
        #expect(cell.frame.height == expected)
        let avatar = try #require(cell.elements.first { $0.role == .avatar }?.frame)
        let bubble = try #require(container(cell))
        switch position {
        case "cellTop": #expect(avatar.y == cell.frame.y)
        case "cellBottom": #expect(avatar.maxY == cell.frame.maxY)
        case "messageTop": #expect(avatar.y == bubble.y)
        case "messageBottom": #expect(avatar.maxY == bubble.maxY)
        case "messageCenter": #expect(avatar.midY == bubble.midY)
        default: #expect(avatar.y == cell.frame.y + 18)
        }
    }

    @Test func theAvatarIsTallerThanASmallContainer() {
        var a = MessageKitGeometry.Attributes(
            itemWidth: 359, container: Size(width: 50, height: 20), padding: EdgeInsets(top: 0, left: 4, bottom: 0, right: 30),
            avatar: Size(width: 30, height: 30), avatarLeading: true, avatarVertical: .cellBottom)
        #expect(MessageKitGeometry.cellHeight(a) == 30)
        a.avatarVertical = .messageBottom
        #expect(MessageKitGeometry.cellHeight(a) == 30)
    }

    @Test func labelsShowTheDateTheNameAndTheTimeOrRead() throws {
        let settings = #"{"cellTopLabelHeight": 18, "messageTopLabelHeight": 20, "messageBottomLabelHeight": 16}"#
        let json = document(
            [
                message("a", "text", #""text": "Hi""#), message("b", "text", #""text": "Again""#),
                message("c", from: "u1", "text", #""text": "Yo", "read": true"#),
            ], settings: settings)
        let layout = try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
        func texts(_ id: String, _ role: ElementRole) -> [String] {
            layout.items.first { $0.id == id }!.elements.filter { $0.role == role }.compactMap {
                if case .text(let t, _) = $0.content { t.string } else { nil }
            }
        }
        #expect(texts("a", .cellTopLabel) == ["Today, 11:00\u{202F}AM"])  // MessageKitDateFormatter
        #expect(texts("b", .cellTopLabel).isEmpty)  // same day: no cell top label
        #expect(texts("a", .messageTopLabel) == ["Ann Lee"])
        #expect(texts("b", .messageTopLabel).isEmpty)  // same sender
        #expect(texts("b", .messageBottomLabel) == ["11:00 AM"])
        #expect(texts("c", .messageBottomLabel) == ["Read"])
        #expect(layout.items[1].frame.height == 36 + 16)
        // The time is the language's short style, as `timeStyle = .short` writes it.
        for (locale, time) in [("ja_JP", "11:00"), ("de_DE", "11:00"), ("ko_KR", "오전 11:00"), ("it_IT", "11:00"), ("en_GB", "11:00")] {
            var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            object["locale"] = locale
            let localized = try LayoutEngine.layout(
                Document.decode(JSONSerialization.data(withJSONObject: object)), measurer: FakeMeasurer())
            let bottom = localized.items.first { $0.id == "b" }?.elements.first { $0.role == .messageBottomLabel }
            #expect(bottom?.content.styledText?.string == time, "\(locale)")
        }
    }

    @Test func dynamicTypeScalesTheBodyFont() throws {
        let measurer = FakeMeasurer()
        let cell = try item(document([message("t", "text", #""text": "Hi""#)], textSize: "accessibilityXXXLarge"), "t", measurer: measurer)
        // Body 53: one line is 66.25 → 67 tall.
        #expect(container(cell)?.height == 81.0)  // 67 + 14
    }

    @Test func perKindOverridesSetSizeInsetsPaddingAndAvatar() throws {
        let settings =
            #"{"kinds": {"poll": {"size": {"width": 200, "height": 80}, "avatarSize": 0, "messagePadding": {"left": 10, "right": 10}}, "text": {"labelInsets": {"top": 10, "left": 10, "bottom": 10, "right": 10}}}}"#
        let poll = try item(document([message("p", "poll", #""text": "Vote""#)], settings: settings), "p")
        #expect(container(poll) == Rect(x: 8 + 10, y: 4, width: 200, height: 80))
        #expect(!poll.elements.contains { $0.role == .avatar })
        let text = try item(document([message("t", "text", #""text": "Hi""#)], settings: settings), "t")
        #expect(container(text)?.height == 42.0)  // 22 + 20
        // A kind's `fontSize` is its calculator's `messageLabelFont`: 20 points, a 25-point line
        // here (the fake measurer's lines are 1.25 × the size), with the label's insets (7 + 7) around it.
        let sized = try item(document([message("t", "text", #""text": "Hi""#)], settings: #"{"kinds": {"text": {"fontSize": 20}}}"#), "t")
        let label = try #require(sized.elements.first { $0.role == .text })
        #expect(label.content.drawnText?.text.font == FontSpec(size: 20) && container(sized)?.height == 25 + 14)
    }

    @Test func anUnknownKindWithoutAnOverrideIsRefused() {
        #expect(throws: DocumentError.self) { try Document.decode(document([message("p", "poll", #""text": "Vote""#)])) }
    }
}
