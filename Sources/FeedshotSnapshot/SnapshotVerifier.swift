import Foundation

/// One reference compared or recorded, and the failure files it leaves: the core of
/// `verifySnapshot` and `assertSnapshot`.
///
/// Failure files go to `artifacts/<folder>/<name>.{reference,failure,difference}.<ext>`, where
/// `<folder>` is the reference's folder name (the test file's, under `__Snapshots__`). A snapshot
/// that matches or records removes its old failure files, so the folder holds the last run's
/// failures only. Each outcome leaves a marker naming the reference — `<name>.snapshot.json`
/// (failed: what `feedshot accept` reads), `.recorded.json` or `.passed.json` — from which
/// `FailureReport` writes the whole run's report.
package struct SnapshotVerifier {
    /// The reference file.
    package var reference: URL
    /// How snapshots are compared.
    package var diffing: Diffing
    /// The artifacts folder (failure files go in a subfolder named after the reference's folder).
    package var artifacts: URL

    /// A comparison's result.
    package struct Verdict {
        /// nil when it matched; else the sentence the test fails with.
        package var message: String?
        /// The failure files written: reference, failure, difference.
        package var files: [URL] = []
    }

    package init(reference: URL, diffing: Diffing, artifacts: URL) {
        self.reference = reference
        self.diffing = diffing
        self.artifacts = artifacts
    }

    /// `reference`'s stem: `ChatSnapshotTests.conversation.light`.
    var name: String { reference.deletingPathExtension().lastPathComponent }
    /// The folder this reference's failure files go to.
    package var failureFolder: URL { artifacts.appendingPathComponent(reference.deletingLastPathComponent().lastPathComponent) }

    /// Compares `snapshot` with the reference, or records it, per `mode`; `locate` adds where a
    /// mismatch begins to its message (`Snapshotting.locate`).
    package func verify(_ snapshot: Data, mode: RecordMode, locate: ((SnapshotMismatch) -> String?)? = nil) -> Verdict {
        let fileManager = FileManager.default
        if mode == .all { return record(snapshot, why: "SNAPSHOT_TESTING_RECORD=all") }
        guard let referenceData = fileManager.contents(atPath: reference.path) else {
            if mode == .missing || mode == .failed { return record(snapshot, why: "there was no reference") }
            // The new version is left as a failure, so the run's report shows it and
            // `feedshot accept` can make it the reference (a reference not committed is the
            // usual failure on CI).
            let problem = "No reference for the snapshot \"\(name)\" at \(reference.path)"
            let advice =
                "make it the reference with `\(acceptCommand)`, or record it with "
                + "SNAPSHOT_TESTING_RECORD=missing (or record: .missing where a trait or the assertion sets the mode)"
            return fail(problem, advice: advice, files: [("failure", reference.pathExtension, snapshot)])
        }
        guard var mismatch = diffing.compare(referenceData, snapshot) else {
            removeFailureFiles()
            mark(.passed)
            return Verdict(message: nil)
        }
        if let place = locate?(mismatch) { mismatch.summary += "; " + place }
        if mode == .failed { return record(snapshot, why: "it did not match: \(mismatch.summary)") }
        let ext = reference.pathExtension
        var files = [("reference", ext, referenceData), ("failure", ext, snapshot)]
        if let difference = mismatch.difference { files.append(("difference", mismatch.differenceExtension, difference)) }
        let advice =
            "if the change is meant, make the new version the reference with `\(acceptCommand)`, "
            + "or record it with SNAPSHOT_TESTING_RECORD=failed"
        return fail("Snapshot \"\(name)\" does not match \(reference.path): \(mismatch.summary)", advice: advice, files: files)
    }

    /// The command that makes this failure's new version the reference, its words quoted for a
    /// POSIX shell where they hold anything but letters, digits and `/._-+:@,=`.
    package var acceptCommand: String {
        func quoted(_ word: String) -> String {
            let plain = word.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-+:@,=".unicodeScalars.contains($0))
            }
            return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        return "feedshot accept \(quoted(artifacts.path)) \(quoted(failureName))"
    }

    /// This failure's name under the artifacts folder, as `feedshot accept` takes it.
    var failureName: String { reference.deletingLastPathComponent().lastPathComponent + "/" + name }

    /// Writes a failure's `files` (kind, extension, bytes) and its marker, and fails with
    /// `problem`, the files' paths and `advice`.
    private func fail(_ problem: String, advice: String?, files: [(String, String, Data)]) -> Verdict {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: failureFolder, withIntermediateDirectories: true)
            removeFailureFiles()
            var written: [URL] = []
            for (kind, ext, data) in files {
                let url = failureFolder.appendingPathComponent("\(name).\(kind).\(ext)")
                try data.write(to: url, options: .atomic)
                written.append(url)
            }
            // Where the failure belongs, for `feedshot accept`.
            try AcceptedSnapshots.manifest(reference: reference).write(
                to: failureFolder.appendingPathComponent(name + FailureReport.Outcome.failed.suffix), options: .atomic)
            let list = zip(files, written).map { "\($0.0.0) \($0.1.path)" }.joined(separator: ", ")
            return Verdict(message: "\(problem). Wrote \(list)" + (advice.map { "; \($0)." } ?? "."), files: written)
        } catch {
            return Verdict(
                message: "\(problem). Could not write the failure files to \(failureFolder.path): \(error.localizedDescription)."
                    + (advice.map { " To fix: \($0)." } ?? ""))
        }
    }

    /// Writes the reference (atomically) and fails saying so.
    private func record(_ snapshot: Data, why: String) -> Verdict {
        do {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try snapshot.write(to: reference, options: .atomic)
        } catch {
            return Verdict(message: "Could not record the snapshot \"\(name)\" at \(reference.path): \(error.localizedDescription).")
        }
        removeFailureFiles()
        mark(.recorded)
        return Verdict(
            message:
                "Recorded the snapshot \"\(name)\" at \(reference.path) (\(why)); the test fails whenever it records — open the file, then run again to compare."
        )
    }

    /// Leaves the marker of a match or a recording for the run's report — in a package's own
    /// artifacts folder or one the user named, never in the shared temporary fallback, which gets
    /// failure files only. Best effort: a marker that cannot be written costs the report a line,
    /// never the test.
    private func mark(_ outcome: FailureReport.Outcome) {
        guard artifacts.standardizedFileURL != snapshotArtifactsDirectory([:]).standardizedFileURL,
            let manifest = try? AcceptedSnapshots.manifest(reference: reference)
        else { return }
        try? FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
        try? manifest.write(to: failureFolder.appendingPathComponent(name + outcome.suffix), options: .atomic)
    }

    /// Removes what an earlier run left for this reference (failure files, a "passed" or
    /// "recorded" marker), for an assertion that fails before it has a snapshot to compare: the
    /// run's report counted it as passed.
    package func forgetEarlierOutcome() { removeFailureFiles() }

    /// Removes this reference's failure files and outcome marker from an earlier run.
    private func removeFailureFiles() {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: failureFolder.path) else { return }
        for file in files where file.hasPrefix(name + ".") {
            let rest = file.dropFirst(name.count + 1)
            let kinds = ["reference.", "failure.", "difference."] + FailureReport.Outcome.allCases.map { String($0.suffix.dropFirst()) }
            guard kinds.contains(where: { rest.hasPrefix($0) }) else { continue }
            try? FileManager.default.removeItem(at: failureFolder.appendingPathComponent(file))
        }
    }
}
