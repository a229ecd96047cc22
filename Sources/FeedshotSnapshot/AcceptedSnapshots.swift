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
        /// The reference it replaces, where the test that failed ran.
        package var reference: URL
        /// The package the test ran in (the folder holding its `Package.swift`), when the marker names it.
        package var package: URL? = nil
    }

    /// The manifest written beside a failure: `{"package": "/abs/pkg", "reference": "/abs/pkg/…/x.png"}`.
    static func manifest(reference: URL) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var fields = ["reference": reference.standardizedFileURL.path]
        fields["package"] = packageRoot(from: reference.deletingLastPathComponent())?.path
        return try encoder.encode(fields)
    }

    /// The failures in `artifacts` (every folder below it), by name.
    package static func failures(in artifacts: URL) throws -> [Failure] {
        var result: [Failure] = []
        for file in try ArtifactsFolder.files(in: artifacts) where file.hasSuffix(".snapshot.json") {
            let name = String(file.dropLast(".snapshot.json".count))
            guard let (reference, package) = ArtifactsFolder.marker(at: artifacts.appendingPathComponent(file)) else { continue }
            let failure = artifacts.appendingPathComponent("\(name).failure.\(reference.pathExtension)")
            guard FileManager.default.fileExists(atPath: failure.path) else { continue }
            result.append(Failure(name: name, failure: failure, reference: reference, package: package))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Why a failure may not be accepted.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// The file `failure`'s new version replaces — its reference, with the symbolic links of its
    /// folders resolved — or why it may not be accepted. Its marker names the file, and an
    /// artifacts folder may come from elsewhere (a CI run, a colleague): a marker naming
    /// `~/.ssh/config` had it overwritten. So the reference must be where `assertSnapshot` puts
    /// one — `__Snapshots__/<folder>/<name>.<ext>`, or `<directory>/<name>.<ext>` for one of
    /// `snapshotDirectories` (the `snapshotDirectory` a test passed) — for the failure
    /// `…<folder>/<name>`, once the links are resolved (a link inside `__Snapshots__` leads
    /// nowhere else).
    ///
    /// A failure recorded in another checkout of the package (a CI machine's) is accepted into
    /// `localPackage`, the package `feedshot accept` runs in, at the same path within it: its
    /// marker's absolute path had the reference written on this machine where the CI machine keeps
    /// it, creating the folders. The test's folder must exist; only `__Snapshots__` and its test
    /// folder are created.
    package static func destination(
        of failure: Failure, snapshotDirectories: [URL] = [], localPackage: URL? = nil
    ) -> Result<URL, Refusal> {
        var reference = failure.reference.standardizedFileURL
        if let marked = failure.package?.standardizedFileURL, reference.path.hasPrefix(marked.path + "/") {
            let local = localPackage?.standardizedFileURL
            if let local, local.path != marked.path {
                reference = local.appendingPathComponent(String(reference.path.dropFirst(marked.path.count + 1)))
            } else if local == nil, !FileManager.default.fileExists(atPath: marked.path) {
                return .failure(
                    Refusal(
                        description:
                            "it was recorded in the package at \(marked.path), which is not on this machine: run feedshot accept inside your checkout of the package"
                    ))
            }
        }
        let stem = reference.deletingPathExtension().lastPathComponent
        let expected = reference.deletingLastPathComponent().lastPathComponent + "/" + stem
        guard failure.name == expected || failure.name.hasSuffix("/" + expected) else {
            return .failure(Refusal(description: "its marker names \(reference.path), which is not a reference of that name"))
        }
        let folder = reference.deletingLastPathComponent().resolvingSymlinksInPath()
        let inSnapshots = folder.deletingLastPathComponent().lastPathComponent == "__Snapshots__"
        let inGiven = snapshotDirectories.contains { $0.standardizedFileURL.resolvingSymlinksInPath().path == folder.path }
        guard inSnapshots || inGiven else {
            return .failure(
                Refusal(
                    description:
                        "its marker names \(reference.path), not a file of a __Snapshots__ folder's test folder (name a test's own snapshotDirectory with --snapshot-directory)"
                ))
        }
        // Inside the package `accept` runs in, when it runs in one: a marker from elsewhere (a CI
        // run's, a colleague's) naming another project's `__Snapshots__`, or one without a package,
        // had it written there.
        if !inGiven, let local = localPackage?.standardizedFileURL.resolvingSymlinksInPath(),
            !folder.path.hasPrefix(local.path + "/")
        {
            return .failure(
                Refusal(
                    description:
                        "its marker names \(reference.path), outside the package accept runs in (\(local.path)); run it inside that reference's package"
                ))
        }
        let testFolder = folder.deletingLastPathComponent().deletingLastPathComponent()
        if inSnapshots, !inGiven, !FileManager.default.fileExists(atPath: testFolder.path) {
            return .failure(
                Refusal(description: "its test's folder \(testFolder.path) does not exist (run feedshot accept inside the package)"))
        }
        return .success(folder.appendingPathComponent(reference.lastPathComponent))
    }

    /// Replaces `reference` (`destination(of:)`) with `failure`'s new version (atomically: a
    /// reader sees the old file or the new one, never half of one) and removes the failure's files.
    package static func accept(_ failure: Failure, into reference: URL) throws {
        // The new version itself, not what a link in the artifacts folder leads to (a link to a
        // private key would have been copied among the references, ready to be committed).
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: failure.failure.path)) == nil else {
            throw Refusal(description: "\(failure.failure.path) is a symbolic link, not a failure's new version")
        }
        let data = try Data(contentsOf: failure.failure)
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: reference, options: .atomic)
        let folder = failure.failure.deletingLastPathComponent()
        let stem = URL(fileURLWithPath: failure.name).lastPathComponent
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasPrefix(stem + ".") {
            let rest = file.dropFirst(stem.count + 1)
            guard ["reference.", "failure.", "difference.", "snapshot.json"].contains(where: { rest.hasPrefix($0) }) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }
}
