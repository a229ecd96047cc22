import FeedshotRender
import Foundation
import Testing

@testable import FeedshotSnapshot
@testable import FeedshotSnapshotTesting

/// A one-message document (own or incoming) with `text`, sent at 11:58.
func message(_ text: String, state: String = "synced", from sender: String = "u2") -> Data {
    Data(
        #"{"kind": "message", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}}, "message": {"id": "m1", "from": "\#(sender)", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "\#(text)", "state": "\#(state)"}}"#
            .utf8)
}

/// A fresh folder in the temporary directory, removed by `body`'s end.
func withTemporaryFolder<R>(_ body: (URL) throws -> R) throws -> R {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// Reference names come from the test's identity, never from the order tests run in.
struct SnapshotNameTests {
    /// Each case, whenever it runs and whatever runs beside it, gets its own name and its own
    /// counter: an unnamed snapshot is `.1` in every case (a counter per test function gave the
    /// second case to run `.2`, and the cases swapped references from run to run).
    @Test(arguments: ["light", "dark", "sepia tone"], [1, 2])
    func parameterizedCasesAreNamedByTheirArguments(theme: String, size: Int) throws {
        let identity = try TestIdentity.current(filePath: #filePath, function: #function)
        let expected = "SnapshotNameTests.parameterizedCasesAreNamedByTheirArguments.theme-\(SnapshotPaths.sanitize(theme)).size-\(size)"
        #expect(identity.stem == expected)
        try withTemporaryFolder { folder throws in
            withKnownIssue("recording fails") {
                assertSnapshot(of: message("\(theme) \(size)"), as: .lines, record: .missing, snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains { $0.rawValue.hasPrefix("Recorded the snapshot") }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["\(expected).1.lines.txt"])
        }
    }

    @Test func aPlainTestIsNamedBySuiteAndFunction() throws {
        #expect(
            try TestIdentity.current(filePath: #filePath, function: #function).stem
                == "SnapshotNameTests.aPlainTestIsNamedBySuiteAndFunction")
        let identity = SnapshotIdentity(filePath: "/p/Tests/T/ChatTests.swift", names: ["ChatTests", "Nested", "render()"])
        #expect(
            SnapshotPaths.reference(for: identity, name: "dark mode").path
                == "/p/Tests/T/__Snapshots__/ChatTests/ChatTests.Nested.render.dark-mode.png")
        // XCTest: the method, as `#function` gives it.
        #expect(SnapshotIdentity(filePath: "/p/T.swift", names: ["testFoo()"]).stem == "testFoo")
    }

    /// Two assertions that would write one file: the second fails naming both.
    @Test func twoAssertionsOnOneFileFailNamingBoth() throws {
        try withTemporaryFolder { folder throws in
            withKnownIssue("the first records, the second collides") {
                assertSnapshot(of: message("a"), as: .lines, named: "main", record: .missing, snapshotDirectory: folder.path)
                assertSnapshot(of: message("b"), as: .lines, named: "main", record: .missing, snapshotDirectory: folder.path)
            } matching: { issue in
                issue.comments.contains {
                    $0.rawValue.hasPrefix("Recorded the snapshot")
                        || ($0.rawValue.hasPrefix(
                            "Two snapshots would write \(folder.path)/SnapshotNameTests.twoAssertionsOnOneFileFailNamingBoth.main.lines.txt: SnapshotNameTests/twoAssertionsOnOneFileFailNamingBoth() at FeedshotSnapshotTests/SnapshotNameTests.swift:"
                        )
                            && $0.rawValue.contains(
                                " and SnapshotNameTests/twoAssertionsOnOneFileFailNamingBoth() at FeedshotSnapshotTests/SnapshotNameTests.swift:"
                            ))
                }
            }
            #expect(
                try String(
                    contentsOf: folder.appendingPathComponent("SnapshotNameTests.twoAssertionsOnOneFileFailNamingBoth.main.lines.txt"),
                    encoding: .utf8) == "m1 name 1: \"Ann\"\nm1 text 1: \"a\"\nm1 time 1: \"11:58 AM\"\n")
        }
    }
}

/// Two suites in one file, each with a `render()` test and `named: "main"`: two files.
struct FirstSuiteOfAFile {
    @Test func render() throws {
        #expect(try TestIdentity.current(filePath: #filePath, function: #function).stem == "FirstSuiteOfAFile.render")
    }
}

struct SecondSuiteOfAFile {
    @Test func render() throws {
        #expect(try TestIdentity.current(filePath: #filePath, function: #function).stem == "SecondSuiteOfAFile.render")
    }
}
