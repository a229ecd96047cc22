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

/// A temporary folder of this test process, known before a test starts: a `.snapshots(artifacts:)`
/// trait's argument is evaluated when the suite is declared.
func traitFolder(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
}

/// `assertSnapshot` in Swift Testing: recording fails, then the recorded reference matches.
struct AssertSnapshotTests {
    @Test func recordingFailsThenMatches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-assert-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("bubble.png")
        withKnownIssue("recording a reference fails the test") {
            assertSnapshot(of: bubble, record: .missing, reference: reference)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Recorded the snapshot \"bubble\"") }
        }
        #expect(FileManager.default.fileExists(atPath: reference.path))
        assertSnapshot(of: bubble, record: .never, reference: reference)
        let document = try Feedshot.decode(bubble)
        assertSnapshot(of: document, record: .never, reference: reference)
    }
}

/// What a newcomer met: pictures named relative to the test drew placeholders in silence, and a
/// test whose document became invalid still counted as passed in the run's report.
struct AssertSnapshotAdoptionTests {
    @Test func relativeImagePathsAreReadBesideTheTestFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A picture beside this file: a reference of ChatSnapshotTests.
        let avatar = "__Snapshots__/ChatSnapshotTests/ChatSnapshotTests.conversation.light.png"
        let json = Data(
            String(decoding: bubble, as: UTF8.self).replacingOccurrences(
                of: #""displayName": "Ann"}"#, with: #""displayName": "Ann", "avatar": "\#(avatar)"}"#
            ).utf8)
        let reference = folder.appendingPathComponent("bubble.layout.json")
        withKnownIssue("recording a reference fails the test") {
            assertSnapshot(of: json, as: .layout, record: .all, reference: reference)
        }
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reference)) as? [String: Any])
        #expect((layout["warnings"] as? [String])?.isEmpty == true, "\(layout["warnings"] ?? "")")
    }

    static let staleFolder = traitFolder("stale")

    @Test(.snapshots(artifacts: staleFolder.appendingPathComponent("artifacts").path))
    func anInvalidDocumentClearsTheEarlierPassFromTheReport() throws {
        defer { try? FileManager.default.removeItem(at: Self.staleFolder) }
        let reference = Self.staleFolder.appendingPathComponent("refs/bubble.png")
        withKnownIssue("recording a reference fails the test") { assertSnapshot(of: bubble, record: .missing, reference: reference) }
        assertSnapshot(of: bubble, record: .never, reference: reference)
        let passed = Self.staleFolder.appendingPathComponent("artifacts/refs/bubble.passed.json")
        #expect(FileManager.default.fileExists(atPath: passed.path))
        withKnownIssue("the document is invalid") {
            assertSnapshot(of: Data(#"{"kind": "chat", "thme": "dark"}"#.utf8), record: .never, reference: reference)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix(#"did you mean "theme"?"#) }
        }
        #expect(!FileManager.default.fileExists(atPath: passed.path), "the earlier pass is no longer reported")
    }
}

/// And in XCTest (the reference recorded through `verifySnapshot`, since a recording assertion fails).
final class AssertSnapshotXCTests: XCTestCase {
    func testMatchesARecordedReference() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Named by the class and the method.
        let file = URL(fileURLWithPath: "\(directory)/AssertSnapshotXCTests.testMatchesARecordedReference.bubble.png")
        let recorded = verifySnapshot(png: try Feedshot.render(json: bubble), reference: file, mode: .missing)
        XCTAssertEqual(recorded?.hasPrefix("Recorded the snapshot"), true)
        assertSnapshot(of: bubble, named: "bubble", record: .never, snapshotDirectory: directory)
    }

    /// Two classes in one file with a method of the same name no longer share references.
    func testTheClassTellsMethodsOfTheSameNameApart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let png = try Feedshot.render(json: bubble)
        for owner in ["AssertSnapshotXCTests", "OtherXCTests"] {
            let file = URL(fileURLWithPath: "\(directory)/\(owner).testTheClassTellsMethodsOfTheSameNameApart.main.png")
            XCTAssertNotNil(verifySnapshot(png: owner == "OtherXCTests" ? Data() : png, reference: file, mode: .all))
        }
        // Matches this class's reference; the other class's (an empty file) would not.
        assertSnapshot(of: bubble, named: "main", record: .never, snapshotDirectory: directory)
    }
}
