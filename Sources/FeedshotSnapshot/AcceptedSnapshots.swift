import Foundation

/// `feedshot accept`: a failed snapshot's new version becomes its reference. Each failure in an
/// artifacts folder has a `<name>.snapshot.json` naming its reference file beside
/// `<name>.failure.<ext>`.
package enum AcceptedSnapshots {
    /// One failure that can be accepted.
    package struct Failure: Equatable {
        /// `ChatTests/ChatTests.conversation.light`: its path under the artifacts folder, no extension.
        package var name: String
        /// The new version.
        package var failure: URL
        /// The reference it replaces.
        package var reference: URL
    }

    /// The manifest written beside a failure: `{"reference": "/abs/path.png"}`.
    static func manifest(reference: URL) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(["reference": reference.standardizedFileURL.path])
    }

    /// The failures in `artifacts` (every folder below it), by name.
    package static func failures(in artifacts: URL) throws -> [Failure] {
        var result: [Failure] = []
        for file in try ArtifactsFolder.files(in: artifacts) where file.hasSuffix(".snapshot.json") {
            let name = String(file.dropLast(".snapshot.json".count))
            guard let reference = ArtifactsFolder.markedReference(at: artifacts.appendingPathComponent(file)) else { continue }
            let failure = artifacts.appendingPathComponent("\(name).failure.\(reference.pathExtension)")
            guard FileManager.default.fileExists(atPath: failure.path) else { continue }
            result.append(Failure(name: name, failure: failure, reference: reference))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Why `failure` may not be accepted, or nil. Its marker names the file to overwrite, and an
    /// artifacts folder may come from elsewhere (a CI run, a colleague): a marker naming
    /// `~/.ssh/config` had it overwritten. So the reference must be where `assertSnapshot` puts
    /// one — in a `__Snapshots__` folder, or under one of `snapshotDirectories` (the
    /// `snapshotDirectory` a test passed), named as the failure is (`<folder>/<name>.<ext>` for the
    /// failure `…<folder>/<name>`).
    package static func problem(with failure: Failure, snapshotDirectories: [URL] = []) -> String? {
        let reference = failure.reference.standardizedFileURL
        let stem = reference.deletingPathExtension().lastPathComponent
        let expected = reference.deletingLastPathComponent().lastPathComponent + "/" + stem
        guard failure.name == expected || failure.name.hasSuffix("/" + expected) else {
            return "its marker names \(reference.path), which is not a reference of that name"
        }
        let inSnapshots = reference.pathComponents.dropLast().contains("__Snapshots__")
        let inGiven = snapshotDirectories.contains { directory in
            let folder = directory.standardizedFileURL.pathComponents
            return reference.pathComponents.count > folder.count && Array(reference.pathComponents.prefix(folder.count)) == folder
        }
        guard inSnapshots || inGiven else {
            return
                "its marker names \(reference.path), outside any __Snapshots__ folder (name a test's own snapshotDirectory with --snapshot-directory)"
        }
        return nil
    }

    /// Replaces `failure.reference` with the new version (atomically: a reader sees the old file or
    /// the new one, never half of one) and removes the failure's files.
    package static func accept(_ failure: Failure) throws {
        let data = try Data(contentsOf: failure.failure)
        try FileManager.default.createDirectory(at: failure.reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: failure.reference, options: .atomic)
        let folder = failure.failure.deletingLastPathComponent()
        let stem = URL(fileURLWithPath: failure.name).lastPathComponent
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasPrefix(stem + ".") {
            let rest = file.dropFirst(stem.count + 1)
            guard ["reference.", "failure.", "difference.", "snapshot.json"].contains(where: { rest.hasPrefix($0) }) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }
}
