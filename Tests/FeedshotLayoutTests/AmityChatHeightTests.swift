import Foundation
import Testing

@testable import FeedshotLayout

/// Built-in Amity cell heights (docs/conformance/amity.md), pinned with the fake measurer.
struct AmityChatHeightTests {
    /// Message items only (date headers dropped).
    func messageItems(_ layout: Layout) -> [LayoutItem] {
        layout.items.filter { $0.type != "dateHeader" && $0.type != "typingIndicator" }
    }

    @Test func textIncomingIs98PlusTextHeightMeasuredAtWidthMinus164() throws {
        let measurer = FakeMeasurer()
        // 15 pt body: 7.5 per character; 211 / 7.5 = 28 characters a line; 18.75 a line.
        let text = String(repeating: "abcd ", count: 10).trimmingCharacters(in: .whitespaces)  // 49 characters → 2 lines
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", text)), measurer: measurer)
        #expect(measurer.widths(for: text) == [211])
        let item = try #require(messageItems(layout).first)
        #expect(item.type == "textIncoming")
        #expect(item.frame.height == 98 + (2 * 18.75).rounded(.up))
    }

    @Test func textOutgoingIs64PlusTextHeightMeasuredAtWidthMinus112() throws {
        let measurer = FakeMeasurer()
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u1", "Hello there")), measurer: measurer)
        #expect(measurer.widths(for: "Hello there") == [263])
        let item = try #require(messageItems(layout).first)
        #expect(item.type == "textOutgoing")
        #expect(item.frame.height == 64 + 19)
    }

    @Test(arguments: [
        ("image", #""image": {"src": "", "width": 10, "height": 10}"#, 202.0, 180.0),
        ("video", #""image": {"src": "", "width": 10, "height": 10}"#, 202.0, 180.0),
        ("audio", #""audio": {"duration": 12}"#, 112.0, 90.0),
        ("deleted", "", 74.0, 52.0),
        ("file", #""file": {"name": "report.pdf", "size": 1048576}"#, 138.0, 104.0),
    ])
    func fixedHeightCells(type: String, fields: String, incoming: Double, outgoing: Double) throws {
        let extra = fields.isEmpty ? "" : ", " + fields
        let messages = """
            {"id": "in", "from": "u2", "type": "\(type)", "sentAt": "2026-11-29T11:00:00Z"\(extra)},
            {"id": "out", "from": "u1", "type": "\(type)", "sentAt": "2026-11-29T11:01:00Z"\(extra)}
            """
        let items = messageItems(try Fixture.layout(Fixture.chat(messages)))
        #expect(items.map(\.type.rawValue) == ["\(type)Incoming", "\(type)Outgoing"])
        #expect(items.map(\.frame.height) == [incoming, outgoing])
        // The metrics give the same heights for this case's cell (the check was `.image`'s in every case).
        let cell: AmityChatMetrics.Cell = ["image": .image, "video": .image, "audio": .audio, "file": .file][type] ?? .text
        let deleted = type == "deleted"
        #expect(AmityChatMetrics.cellHeight(cell, isIncoming: true, isDeleted: deleted) == incoming)
        #expect(AmityChatMetrics.cellHeight(cell, isIncoming: false, isDeleted: deleted) == outgoing)
    }

    /// Deleted is a state of a text, image or audio message: the kit keeps the type's cell and
    /// its height function returns 52, + 22 incoming (`AmityMessageTableViewCell.deletedMessageCellHeight`).
    @Test(arguments: ["text", "image", "video", "audio", "file"])
    func deletedMessagesAre74IncomingAnd52Outgoing(type: String) throws {
        let messages = """
            {"id": "in", "from": "u2", "type": "\(type)", "sentAt": "2026-11-29T11:00:00Z", "isDeleted": true},
            {"id": "out", "from": "u1", "type": "\(type)", "sentAt": "2026-11-29T11:01:00Z", "isDeleted": true}
            """
        let items = messageItems(try Fixture.layout(Fixture.chat(messages)))
        #expect(items.map(\.type.rawValue) == ["\(type)Incoming", "\(type)Outgoing"])
        #expect(items.map(\.frame.height) == [74, 52])
    }

    /// `heightForHeaderInSection` returns 35.
    @Test func dateHeadersAre35Tall() throws {
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", "Hi")))
        #expect(layout.items.first?.type == "dateHeader")
        #expect(layout.items.first?.frame.height == 35)
    }

    @Test func itemsStackWithoutGapsAndTheLayoutIsTheirSum() throws {
        let messages = [
            Fixture.text("a", from: "u2", "One", at: "2026-11-27T09:00:00Z"),
            Fixture.text("b", from: "u1", "Two", at: "2026-11-28T09:00:00Z"),
            Fixture.text("c", from: "u2", "Three", at: "2026-11-29T09:00:00Z"),
        ].joined(separator: ",")
        let layout = try Fixture.layout(Fixture.chat(messages, extra: #""typing": ["u2"]"#))
        var y = 0.0
        for item in layout.items {
            #expect(item.frame.y == y)
            y += item.frame.height
        }
        #expect(layout.height == y)
        #expect(
            layout.items.map(\.type) == [
                "dateHeader", "textIncoming", "dateHeader", "textOutgoing", "dateHeader", "textIncoming", "typingIndicator",
            ])
    }

    @Test func outgoingBubbleHugsTheTrailingEdgeWithItsTopRightCornerSquare() throws {
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u1", "Hi")))
        let item = try #require(messageItems(layout).first)
        let bubble = try #require(item.elements.first { $0.role == .bubble })
        // "Hi": 2 × 7.5 = 15 wide, plus 12 padding each side.
        #expect(bubble.frame == Rect(x: 375 - 16 - 39, y: item.frame.y + 8, width: 39, height: 19 + 24))
        guard case .box(_, _, let corners) = bubble.content else { Issue.record("bubble is not a box"); return }
        #expect(corners == CornerRadii(topLeft: 4, topRight: 0, bottomRight: 4, bottomLeft: 4))
    }

    /// Another user's bubble has its top-left corner square (`AmityMessageTableViewCell.swift:88`).
    @Test func incomingBubbleHasItsTopLeftCornerSquare() throws {
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", "Hi")))
        let item = try #require(messageItems(layout).first)
        let bubble = try #require(item.elements.first { $0.role == .bubble })
        guard case .box(_, _, let corners) = bubble.content else { Issue.record("bubble is not a box"); return }
        #expect(corners == CornerRadii(topLeft: 0, topRight: 4, bottomRight: 4, bottomLeft: 4))
    }
}

extension AmityChatHeightTests {
    /// The kit has text, image and audio cells (`AmityMessageListConstant.swift:11-28`): the layout
    /// tree marks Feedshot's video and file cells and its typing indicator as its own.
    @Test func cellsTheKitDoesNotHaveAreMarkedAsFeedshotsOwn() throws {
        let messages = """
            {"id": "t", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"},
            {"id": "v", "from": "u2", "type": "video", "sentAt": "2026-11-29T11:01:00Z", "image": {"src": ""}},
            {"id": "f", "from": "u1", "type": "file", "sentAt": "2026-11-29T11:02:00Z", "file": {"name": "a.pdf"}},
            {"id": "a", "from": "u1", "type": "audio", "sentAt": "2026-11-29T11:03:00Z", "audio": {}}
            """
        let layout = try Fixture.layout(Fixture.chat(messages, extra: #""typing": ["u2"]"#))
        let own = layout.items.filter(\.isFeedshotOwn).map(\.id)
        #expect(own == ["v", "f", "typing"])
    }
}

/// Feedshot's own typing line keeps its verb: long names are cut, not "are typing...".
struct TypingLineTests {
    @Test func longNamesAreCutEvenlySoTheVerbShows() throws {
        let long = "Maximiliana Alexandrina Wolfeschlegelsteinhausen"
        let json = Data(
            """
            {"kind": "chat", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z", "typing": ["u2", "u3"],
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "\(long)"}, "u3": {"displayName": "Bob"}},
             "messages": [\(Fixture.text("m1", from: "u2", "Hi"))]}
            """.utf8)
        let layout = try Fixture.layout(json)
        let item = try #require(layout.items.first { $0.type == "typingIndicator" })
        let line = try #require(item.elements.compactMap(\.content.styledText?.string).first)
        // 288 points of 6.5-point characters hold 44: the long name keeps 21 of its characters.
        // (A left-to-right mark keeps the "…" at the name's end in a right-to-left line.)
        #expect(line == "Maximiliana Alexandr…\u{200E} and Bob are typing...")
        // Names that fit are left whole.
        let short = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", "Hi"), extra: #""typing": ["u2"]"#))
        #expect(short.items.first { $0.type == "typingIndicator" }?.elements.first?.content.styledText?.string == "Ann is typing...")
    }
}
