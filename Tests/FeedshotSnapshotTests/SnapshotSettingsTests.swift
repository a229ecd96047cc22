import FeedshotRender
import Foundation
import Testing

@testable import FeedshotSnapshot
@testable import FeedshotSnapshotTesting

/// Record modes are validated; traits set them per suite or test; artifacts stay in the package.
@Suite(.snapshots(record: .never))
struct SnapshotSettingsTests {
    @Test func anUnknownRecordModeIsAnErrorNamingTheValidOnes() throws {
        #expect(throws: SnapshotSetupError.unknownRecordMode("bogus")) {
            try RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "bogus"])
        }
        #expect(
            SnapshotSetupError.unknownRecordMode("bogus").description
                == "SNAPSHOT_TESTING_RECORD=bogus is not a record mode; use one of all, missing, failed, never (or leave it unset for missing)."
        )
        #expect(try RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": ""]) == .missing)
    }

    /// The suite's trait (`never`) applies: a missing reference fails and nothing is written.
    @Test func aSuiteTraitSetsTheMode() throws {
        try withTemporaryFolder { folder throws in
            withKnownIssue("no reference under never") {
                assertSnapshot(of: message("x"), as: .lines, named: "n", snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains { $0.rawValue.hasPrefix("No reference for the snapshot") }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    /// A test's own trait wins over its suite's; the artifacts folder comes from the trait too.
    @Test(.snapshots(record: .missing)) func aTestTraitWinsOverItsSuite() throws {
        try withTemporaryFolder { folder throws in
            withKnownIssue("recording fails") {
                assertSnapshot(of: message("x"), as: .lines, named: "m", snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains { $0.rawValue.hasPrefix("Recorded the snapshot") }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        }
    }

    /// A recording says what its render warned of: a picture that could not be read (a path read
    /// beside the test file, where the JSON was loaded from elsewhere) was drawn as a placeholder
    /// into the new reference in silence. A clean render adds nothing.
    @Test(.snapshots(record: .missing)) func aRecordingNamesWhatItsRenderWarnedOf() throws {
        let avatar = String(decoding: message("x"), as: UTF8.self).replacingOccurrences(
            of: #""u2": {"displayName": "Ann"}"#, with: #""u2": {"displayName": "Ann", "avatar": "assets/not-here.png"}"#)
        try withTemporaryFolder { folder throws in
            withKnownIssue("recording fails") {
                assertSnapshot(of: Data(avatar.utf8), named: "warned", snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains {
                    $0.rawValue.hasPrefix("Recorded the snapshot") && $0.rawValue.contains("The render warned: users.u2.avatar:")
                        && $0.rawValue.contains("not-here.png")
                }
            }
            withKnownIssue("recording fails") {
                assertSnapshot(of: message("x"), named: "clean", snapshotDirectory: folder.path)
            } matching: {
                $0.comments.contains { $0.rawValue.hasPrefix("Recorded the snapshot") && !$0.rawValue.contains("warned") }
            }
        }
    }

    /// The shared temporary fallback (a reference outside any package, no `SNAPSHOT_ARTIFACTS`)
    /// gets failure files only: a match or a recording leaves no marker there.
    @Test func theSharedFallbackGetsNoOutcomeMarkers() throws {
        try withTemporaryFolder { folder throws in
            let shared = snapshotArtifactsDirectory([:])
            let reference = folder.appendingPathComponent("refs-\(UUID().uuidString)/t.lines.txt")
            let verifier = SnapshotVerifier(reference: reference, diffing: .lines, artifacts: shared)
            #expect(verifier.verify(Data("a\n".utf8), mode: .missing).message?.hasPrefix("Recorded") == true)
            #expect(verifier.verify(Data("a\n".utf8), mode: .never).message == nil)
            #expect(!FileManager.default.fileExists(atPath: verifier.failureFolder.path), "nothing written to \(shared.path)")
        }
    }

    /// Failure files go under the package's `.build`, in a folder per test file, and a later
    /// match removes them, leaving only its `.passed.json` marker.
    @Test func failureFilesStayInThePackageAndAreCleanedOnAMatch() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reference = here.deletingLastPathComponent().appendingPathComponent("__Snapshots__/X/x.png")
        #expect(snapshotArtifactsDirectory([:], for: reference) == root.appendingPathComponent(".build/feedshot-snapshots"))
        #expect(snapshotArtifactsDirectory([:], for: URL(fileURLWithPath: "/nonexistent/x.png")).lastPathComponent == "feedshot-snapshots")
        try withTemporaryFolder { folder throws in
            let artifacts = folder.appendingPathComponent("artifacts")
            let verifier = SnapshotVerifier(
                reference: folder.appendingPathComponent("refs/t.lines.txt"), diffing: .lines, artifacts: artifacts)
            _ = verifier.verify(Data("a\nb\n".utf8), mode: .missing)
            let failed = verifier.verify(Data("a\nc\n".utf8), mode: .never)
            #expect(
                failed.message?.contains(
                    "1 line removed and 1 added (2 lines in the reference, 2 in the new text); line 2 was \"b\", is \"c\"") == true)
            #expect(failed.files.map(\.lastPathComponent) == ["t.lines.reference.txt", "t.lines.failure.txt", "t.lines.difference.diff"])
            #expect(try String(contentsOf: failed.files[2], encoding: .utf8) == "--- reference\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n")
            #expect(verifier.verify(Data("a\nb\n".utf8), mode: .never).message == nil)
            // The failure files are gone; the match leaves its marker for the run's report.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent("refs").path) == [
                    "t.lines.passed.json"
                ])
        }
    }
}

/// `feedshot accept`'s core: a failure's manifest names its reference, and accepting replaces the
/// reference with the new version and removes the failure's files.
struct AcceptedSnapshotsTests {
    @Test func aFailureIsAcceptedIntoItsReference() throws {
        try withTemporaryFolder { folder throws in
            let artifacts = folder.appendingPathComponent("artifacts")
            let reference = folder.appendingPathComponent("ChatTests/ChatTests.render.main.lines.txt")
            let verifier = SnapshotVerifier(reference: reference, diffing: .lines, artifacts: artifacts)
            _ = verifier.verify(Data("old\n".utf8), mode: .missing)
            #expect(verifier.verify(Data("new\n".utf8), mode: .never).message != nil)
            let failures = try AcceptedSnapshots.failures(in: artifacts)
            #expect(failures.map(\.name) == ["ChatTests/ChatTests.render.main.lines"])
            #expect(failures.first?.reference.path == reference.standardizedFileURL.path)
            let failure = try #require(failures.first)
            // Not in a `__Snapshots__` folder: accepted only into a folder named for it.
            #expect(throws: AcceptedSnapshots.Refusal.self) { try AcceptedSnapshots.destination(of: failure).get() }
            let into = try AcceptedSnapshots.destination(of: failure, snapshotDirectories: [reference.deletingLastPathComponent()]).get()
            #expect(into.path == reference.resolvingSymlinksInPath().path)
            try AcceptedSnapshots.accept(failure, into: into)
            #expect(try String(contentsOf: reference, encoding: .utf8) == "new\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent("ChatTests").path).isEmpty)
            #expect(verifier.verify(Data("new\n".utf8), mode: .never).message == nil)
        }
    }
}
