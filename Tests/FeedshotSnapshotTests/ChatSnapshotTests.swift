// docs/snapshot-testing.md's example, verbatim: it must compile and pass.
import FeedshotSnapshotTesting
import Foundation
import Testing

struct ChatSnapshotTests {
    let json = Data(
        """
        {"kind": "chat", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z",
         "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}},
         "messages": [
           {"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "Lunch tomorrow?"},
           {"id": "m2", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:59:00Z", "text": "Yes! 12:30 🍜"}]}
        """.utf8)

    @Test func conversation() {
        // Compared with __Snapshots__/ChatSnapshotTests/ChatSnapshotTests.conversation.light.png beside this file.
        assertSnapshot(of: json, named: "light")
    }
}
