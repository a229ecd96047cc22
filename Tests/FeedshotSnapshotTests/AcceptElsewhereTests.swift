import FeedshotSnapshot
import Foundation
import Testing

/// A CI run's artifacts accepted on a developer's machine: each marker names the package the test
/// ran in, and the reference lands at the same path in the package `feedshot accept` runs in (it
/// was written at the CI machine's absolute path, folders created; from a newcomer's trial).
struct AcceptElsewhereTests {
    /// A package at `root` with a test folder `Tests/ChatTests`.
    func makePackage(_ root: URL) throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/ChatTests"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    }

    @Test func aFailureFromAnotherCheckoutLandsInThisOne() throws {
        try withTemporaryFolder { folder throws in
            let ci = folder.appendingPathComponent("ci/work/app"), mine = folder.appendingPathComponent("home/me/app")
            try makePackage(ci)
            try makePackage(mine)
            let name = "__Snapshots__/ChatTests/ChatTests.conversation.lines.txt"
            let ciReference = ci.appendingPathComponent("Tests/ChatTests/" + name)
            let artifacts = folder.appendingPathComponent("artifacts")
            let verifier = SnapshotVerifier(reference: ciReference, diffing: .lines, artifacts: artifacts)
            _ = verifier.verify(Data("old\n".utf8), mode: .missing)
            #expect(verifier.verify(Data("new\n".utf8), mode: .never).message != nil)
            let failure = try #require(try AcceptedSnapshots.failures(in: artifacts).first)
            #expect(failure.package?.path == ci.standardizedFileURL.path)
            // The CI machine's checkout is not here.
            try FileManager.default.removeItem(at: folder.appendingPathComponent("ci"))
            let into = try AcceptedSnapshots.destination(of: failure, localPackage: mine).get()
            #expect(into.path == mine.appendingPathComponent("Tests/ChatTests/" + name).standardizedFileURL.path)
            try AcceptedSnapshots.accept(failure, into: into)
            #expect(try String(contentsOf: into, encoding: .utf8) == "new\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ci").path), "nothing made at the CI's path")

            // Outside any package, a checkout that is not here is refused, not created.
            let refused = AcceptedSnapshots.destination(of: failure, localPackage: nil)
            #expect(throws: AcceptedSnapshots.Refusal.self) { try refused.get() }
            // In a package without the test's folder: refused.
            let other = folder.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            try Data().write(to: other.appendingPathComponent("Package.swift"))
            #expect(throws: AcceptedSnapshots.Refusal.self) { try AcceptedSnapshots.destination(of: failure, localPackage: other).get() }
        }
    }

    /// Inside a package, a marker naming another project's `__Snapshots__` (or the failure file a
    /// link to something else) is refused.
    @Test func acceptWritesOnlyInsideThePackageItRunsIn() throws {
        try withTemporaryFolder { folder throws in
            let mine = folder.appendingPathComponent("app"), other = folder.appendingPathComponent("other")
            try makePackage(mine)
            try makePackage(other)
            let artifacts = folder.appendingPathComponent("artifacts")
            let reference = other.appendingPathComponent("Tests/ChatTests/__Snapshots__/ChatTests/ChatTests.t.lines.txt")
            let verifier = SnapshotVerifier(reference: reference, diffing: .lines, artifacts: artifacts)
            _ = verifier.verify(Data("old\n".utf8), mode: .missing)
            _ = verifier.verify(Data("new\n".utf8), mode: .never)
            var failure = try #require(try AcceptedSnapshots.failures(in: artifacts).first)
            failure.package = nil
            let refused = AcceptedSnapshots.destination(of: failure, localPackage: mine)
            #expect(throws: AcceptedSnapshots.Refusal.self) { try refused.get() }
            // From within `other`, the same failure is accepted.
            #expect(try AcceptedSnapshots.destination(of: failure, localPackage: other).get().path == reference.standardizedFileURL.path)
            // A failure file that is a link is never copied.
            let secret = folder.appendingPathComponent("secret")
            try Data("key".utf8).write(to: secret)
            try FileManager.default.removeItem(at: failure.failure)
            try FileManager.default.createSymbolicLink(at: failure.failure, withDestinationURL: secret)
            #expect(throws: AcceptedSnapshots.Refusal.self) { try AcceptedSnapshots.accept(failure, into: reference) }
            #expect(try String(contentsOf: reference, encoding: .utf8) == "old\n")
        }
    }

    @Test func thePackageIsTheNearestFolderWithAManifest() throws {
        try withTemporaryFolder { folder throws in
            try makePackage(folder)
            #expect(packageRoot(from: folder.appendingPathComponent("Tests/ChatTests"))?.path == folder.standardizedFileURL.path)
        }
    }
}
