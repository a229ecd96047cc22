import FeedshotLayout
import FeedshotRender
import FeedshotSnapshotTesting
import Foundation
import Testing
import XCTest

let bubble = Data(
    """
    {"kind": "message", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann"}},
     "message": {"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "Snapshot me"}}
    """.utf8)

/// `assertSnapshot` in Swift Testing: records, then matches.
struct AssertSnapshotTests {
    @Test func recordsThenMatches() throws {
        let reference = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-assert-\(UUID().uuidString)/bubble.png")
        assertSnapshot(of: bubble, record: .missing, reference: reference)
        #expect(FileManager.default.fileExists(atPath: reference.path))
        assertSnapshot(of: bubble, record: .never, reference: reference)
        let document = try Feedshot.decode(bubble)
        assertSnapshot(of: document, record: .never, reference: reference)
    }
}

/// And in XCTest.
final class AssertSnapshotXCTests: XCTestCase {
    func testRecordsThenMatches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-xc-\(UUID().uuidString)").path
        assertSnapshot(of: bubble, named: "bubble", record: .missing, snapshotDirectory: directory)
        let file = "\(directory)/testRecordsThenMatches.bubble.png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        assertSnapshot(of: bubble, named: "bubble", record: .never, snapshotDirectory: directory)
    }
}
