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

    @Test func thePackageIsTheNearestFolderWithAManifest() throws {
        try withTemporaryFolder { folder throws in
            try makePackage(folder)
            #expect(packageRoot(from: folder.appendingPathComponent("Tests/ChatTests"))?.path == folder.standardizedFileURL.path)
        }
    }
}
