import Foundation
import Testing

@testable import FeedshotLayout

/// The kit's message list sorts its messages by time and groups them by day
/// (`Extensions/Sequence+Extension.swift:12-32`; docs/conformance/amity.md, "Chat").
struct AmityChatOrderTests {
    static let outOfOrder = [
        Fixture.text("m1", from: "u2", "today, 9:00", at: "2026-11-29T09:00:00Z"),
        Fixture.text("m2", from: "u2", "yesterday", at: "2026-11-28T09:00:00Z"),
        Fixture.text("m3", from: "u1", "today, 10:00", at: "2026-11-29T10:00:00Z"),
        Fixture.text("m4", from: "u1", "today, 9:00 too", at: "2026-11-29T09:00:00Z"),
    ].joined(separator: ",")

    @Test func outOfOrderMessagesAreSortedAndGroupedByDayWithAWarning() throws {
        let layout = try Fixture.layout(Fixture.chat(Self.outOfOrder))
        // One header a day; m4 was sent when m1 was, and follows it as it does in the input.
        #expect(layout.items.map(\.id) == ["date-2026-11-28", "m2", "date-2026-11-29", "m1", "m4", "m3"])
        #expect(Set(layout.items.map(\.id)).count == layout.items.count)
        let headers = layout.items.filter { $0.type == "dateHeader" }.flatMap(\.texts)
        #expect(headers == ["Yesterday", "Today"])
        // Items stack in the sorted order.
        for (above, below) in zip(layout.items, layout.items.dropFirst()) {
            #expect(below.frame.y == above.frame.maxY)
        }
        #expect(
            layout.warnings.contains(
                "messages: not in the order they were sent (messages[1] was sent before messages[0]); "
                    + "drawn sorted by sentAt, as the kit's message list sorts them"), "\(layout.warnings)")
    }

    @Test func messagesInOrderAreNotWarnedAndKeepTheirPaths() throws {
        let inOrder = [
            Fixture.text("m1", from: "u2", "a", at: "2026-11-28T09:00:00Z"),
            Fixture.text("m2", from: "u2", "b", at: "2026-11-29T09:00:00Z"),
        ].joined(separator: ",")
        let layout = try Fixture.layout(Fixture.chat(inOrder))
        #expect(layout.items.map(\.id) == ["date-2026-11-28", "m1", "date-2026-11-29", "m2"])
        #expect(!layout.warnings.contains { $0.hasPrefix("messages: not in the order") })
    }

    @Test func theKitsOrderIsAStableSortBySendingTime() {
        func message(_ id: String, _ time: TimeInterval) -> ChatMessage {
            ChatMessage(id: id, from: "u", sentAt: Date(timeIntervalSince1970: time), type: .text, text: id)
        }
        let messages = [message("a", 30), message("b", 10), message("c", 30), message("d", 20), message("e", 10)]
        #expect(ChatLayoutEngine<FakeMeasurer>.kitOrder(of: messages) == [1, 4, 3, 0, 2])
    }

    /// The pill is centred by its `centerX` constraint, not rounded to a whole point
    /// (`M/CustomViews/AmityMessageDateView.xib:44-45`): "Yesterday" (59 + 24 = 83 wide) at 374.
    @Test func theDatePillIsCentredToTheHalfPoint() throws {
        let json = Fixture.chat(Fixture.text("m1", from: "u2", "Hi", at: "2026-11-28T09:00:00Z"), width: 374)
        let header = try #require(try Fixture.layout(json).items.first)
        let pill = try #require(header.elements.first { $0.role == .dateHeader })
        #expect(pill.frame.width == 83 && pill.frame.x == 145.5)
    }
}
