import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// `feedshot accept`: a failure's new version replaces its reference; a name that matches no
/// failure is refused, listing the failures.
struct AcceptCommandTests {
    let cli = CLITests()

    /// `accept --list` on a run with no failures says so on standard error, keeping standard output
    /// one line per failure (it printed nothing at all).
    @Test func acceptListOfARunWithoutFailuresSaysSo() throws {
        let dir = try cli.temporaryDirectory()
        let result = try cli.run(["accept", dir.path, "--list"])
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(result.stderr.contains("no failed snapshots in \(dir.path)"), "\(result.stderr)")
    }

    @Test func acceptReplacesTheReferenceAndRemovesTheFailure() throws {
        let dir = try cli.temporaryDirectory()
        let reference = dir.appendingPathComponent("Tests/__Snapshots__/ChatTests/ChatTests.conversation.light.png")
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255)).pngData().write(to: reference)
        let failures = dir.appendingPathComponent("artifacts/ChatTests")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let new = try RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)).pngData()
        try new.write(to: failures.appendingPathComponent("ChatTests.conversation.light.failure.png"))
        try Data(#"{"reference":"\#(reference.path)"}"#.utf8).write(
            to: failures.appendingPathComponent("ChatTests.conversation.light.snapshot.json"))
        let artifacts = dir.appendingPathComponent("artifacts").path
        // Run from inside another package (this repository), a reference outside it is refused.
        let elsewhere = try cli.run(["accept", artifacts, "--list"], in: CLITests.root)
        #expect(String(decoding: elsewhere.stdout, as: UTF8.self).contains("outside the package accept runs in"), "\(elsewhere.stderr)")
        // Outside any package (as here), the marker's own path is the reference.
        let unknown = try cli.run(["accept", artifacts, "nothing.like.this"], in: dir)
        #expect(unknown.status == 2 && unknown.stderr.contains("failures: ChatTests/ChatTests.conversation.light"), "\(unknown.stderr)")
        let listed = try cli.run(["accept", artifacts, "--list"], in: dir)
        #expect(String(decoding: listed.stdout, as: UTF8.self) == "ChatTests/ChatTests.conversation.light → \(reference.path)\n")
        let accepted = try cli.run(["accept", artifacts, "conversation.light"], in: dir)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(String(decoding: accepted.stdout, as: UTF8.self).contains("Accepted 1 of 1 failed snapshots."))
        #expect(try Data(contentsOf: reference) == new)
        #expect(try FileManager.default.contentsOfDirectory(atPath: failures.path).isEmpty)
    }

    /// A marker names the file it replaces, and an artifacts folder may come from elsewhere: one
    /// naming any file (`victim/important.conf`) had it overwritten. Only a reference where
    /// assertSnapshot keeps one — in `__Snapshots__`, or under `--snapshot-directory`, named as
    /// its failure is — is written; otherwise nothing is, and the listing escapes what it prints.
    @Test func acceptWritesOnlyReferences() throws {
        let dir = try cli.temporaryDirectory()
        let victim = dir.appendingPathComponent("victim/important.conf")
        let custom = dir.appendingPathComponent("Refs/ChatTests.custom.png")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        let artifacts = dir.appendingPathComponent("artifacts")
        func failure(_ folder: String, _ name: String, ext: String, reference: URL) throws {
            let at = artifacts.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: at, withIntermediateDirectories: true)
            try Data("new".utf8).write(to: at.appendingPathComponent("\(name).failure.\(ext)"))
            try JSONEncoder().encode(["reference": reference.path]).write(to: at.appendingPathComponent("\(name).snapshot.json"))
        }
        try failure("victim", "important", ext: "conf", reference: victim)
        let refused = try cli.run(["accept", artifacts.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "victim/important: its marker names \(victim.path), not a file of a __Snapshots__ folder's test folder"),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        // Named unlike its failure: refused too, even in a __Snapshots__ folder.
        try FileManager.default.removeItem(at: artifacts)
        try failure("ChatTests", "ChatTests.a", ext: "png", reference: dir.appendingPathComponent("__Snapshots__/ChatTests/package.png"))
        let misnamed = try cli.run(["accept", artifacts.path])
        #expect(misnamed.status == 2 && misnamed.stderr.contains("which is not a reference of that name"), "\(misnamed.stderr)")
        // A test's own snapshotDirectory, when named.
        try FileManager.default.removeItem(at: artifacts)
        try failure("Refs", "ChatTests.custom", ext: "png", reference: custom)
        #expect(try cli.run(["accept", artifacts.path]).status == 2)
        let given = try cli.run(["accept", artifacts.path, "--snapshot-directory", custom.deletingLastPathComponent().path])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try Data(contentsOf: custom) == Data("new".utf8))
        // A link in a __Snapshots__ folder that leads elsewhere is followed, and refused; --list says so.
        try FileManager.default.removeItem(at: artifacts)
        let snapshots = dir.appendingPathComponent("pkg/Tests/__Snapshots__")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: snapshots.appendingPathComponent("victim").path, withDestinationPath: victim.deletingLastPathComponent().path)
        try failure("victim", "important", ext: "conf", reference: snapshots.appendingPathComponent("victim/important.conf"))
        #expect(try cli.run(["accept", artifacts.path]).status == 2)
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        let refusedListing = String(decoding: try cli.run(["accept", artifacts.path, "--list"]).stdout, as: UTF8.self)
        #expect(refusedListing.hasPrefix("victim/important refused: its marker names "), "\(refusedListing)")
        try FileManager.default.removeItem(at: artifacts)
        try failure("Refs", "ChatTests.custom", ext: "png", reference: custom)
        // A name with a terminal escape is listed escaped.
        try failure("Refs", "x\u{1b}[8m", ext: "png", reference: dir.appendingPathComponent("Refs/x\u{1b}[8m.png"))
        let listed = String(
            decoding: try cli.run(["accept", artifacts.path, "--list", "--snapshot-directory", custom.deletingLastPathComponent().path])
                .stdout,
            as: UTF8.self)
        #expect(listed.contains(#"Refs/x\u001B[8m → "#) && !listed.contains("\u{1b}"), "\(listed)")
    }

    /// A mistyped folder must not read as a run without failures (Foundation's enumerator on Linux
    /// yields nothing for a folder that does not exist).
    @Test(arguments: [["accept"], ["accept", "--list"], ["preview", "--out", "OUT", "--report"]])
    func aMissingArtifactsFolderIsRefusedNotReadAsNoFailures(command: [String]) throws {
        let dir = try cli.temporaryDirectory()
        let missing = dir.appendingPathComponent("feedshot-snapshotz").path
        let out = dir.appendingPathComponent("report").path
        let result = try cli.run(command.map { $0 == "OUT" ? out : $0 } + [missing])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no artifacts folder at \(missing)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
