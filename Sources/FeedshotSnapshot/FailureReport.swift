import Foundation

/// The report of a snapshot run, from its artifacts folder: the failures first — for each, the
/// reference and the failure side by side with the difference, the differences laid over them and
/// a slider wiping between the two (the page `feedshot compare` writes too, `ComparisonPage`), or
/// a text snapshot's line difference — then the snapshots the run recorded, then those that
/// passed. `SnapshotVerifier` leaves a `<name>.snapshot.json` (failed), `<name>.recorded.json` or
/// `<name>.passed.json` per assertion, each naming its reference.
package enum FailureReport {
    /// What a run did with one snapshot.
    package enum Outcome: String, CaseIterable {
        case failed = "snapshot", recorded, passed

        /// The marker file's suffix: `.snapshot.json` (the failure manifest `feedshot accept` reads).
        var suffix: String { ".\(rawValue).json" }
    }

    /// The snapshots in an artifacts folder, by outcome, each with its reference.
    package struct Run: Equatable {
        package var failed: [Snapshot] = []
        package var recorded: [Snapshot] = []
        package var passed: [Snapshot] = []
    }

    /// One assertion's snapshot: `ChatTests/ChatTests.conversation.light` and its reference file.
    package struct Snapshot: Equatable {
        package var name: String
        package var reference: URL
    }

    /// What a failure without a reference says above its new version.
    package static let noReference = "No reference: the new version is below; accept it to make it the reference."

    /// The outcomes recorded in `files` (`ArtifactsFolder.files(in: artifacts)`), each list sorted by name.
    static func run(in artifacts: URL, files: [String]) throws -> Run {
        var run = Run()
        for file in files {
            guard let outcome = Outcome.allCases.first(where: { file.hasSuffix($0.suffix) }) else { continue }
            guard let reference = ArtifactsFolder.markedReference(at: artifacts.appendingPathComponent(file)) else { continue }
            let snapshot = Snapshot(name: String(file.dropLast(outcome.suffix.count)), reference: reference)
            switch outcome {
            case .failed: run.failed.append(snapshot)
            case .recorded: run.recorded.append(snapshot)
            case .passed: run.passed.append(snapshot)
            }
        }
        run.failed.sort { $0.name < $1.name }
        run.recorded.sort { $0.name < $1.name }
        run.passed.sort { $0.name < $1.name }
        return run
    }

    /// Writes `directory/report.html` (and copies the images beside it, under `report/`) for the
    /// run in `artifacts`. A failure found by its `<name>.failure.*` file alone (an artifacts
    /// folder from before the markers) is reported too.
    ///
    /// - Returns: The names of the failures found.
    @discardableResult
    package static func write(artifacts: URL, to directory: URL) throws -> [String] {
        // Flat (`SNAPSHOT_ARTIFACTS` of old) or one folder per test file, as assertSnapshot writes them.
        let files = try ArtifactsFolder.files(in: artifacts)
        let run = try run(in: artifacts, files: files)
        // Each failure's new version, by name: `<name>.failure.<ext>`.
        var failures: [String: String] = [:]
        for file in files {
            guard let range = file.range(of: ".failure.", options: .backwards) else { continue }
            failures[String(file[..<range.lowerBound])] = String(file[range.upperBound...])
        }
        let names = failures.keys.sorted()
        let images = directory.appendingPathComponent("report")
        try ArtifactsFolder.checkApart(report: images, artifacts: artifacts)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)

        /// Copies `source` to `report/<file>` and returns the page's path to it, or nil when absent.
        func copy(_ source: URL, as file: String) throws -> String? {
            guard FileManager.default.fileExists(atPath: source.path) else { return nil }
            let target = images.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: source, to: target)
            return "report/\(file)"
        }

        var entries: [ComparisonPage.Entry] = []
        for name in names {
            let ext = failures[name] ?? "png"
            if ext == "png" {
                var paths: [String: String] = [:]
                for kind in ["reference", "failure", "difference"] {
                    let file = "\(name).\(kind).png"
                    paths[kind] = try copy(artifacts.appendingPathComponent(file), as: file)
                }
                // No reference (one never recorded, or not committed): the new version alone.
                let summary = paths["reference"] == nil ? Self.noReference : nil
                entries.append(
                    ComparisonPage.Entry(
                        name: name, before: paths["reference"], after: paths["failure"], difference: paths["difference"], summary: summary))
            } else {
                // A text snapshot (`.layout`, `.lines`, `.regions`): its line difference, or with
                // no reference the new version, shown up to 1 MB.
                let file = { (kind: String) -> String? in
                    guard
                        let (data, isCut) = ArtifactsFolder.prefix(of: artifacts.appendingPathComponent("\(name).\(kind)"), limit: 1 << 20)
                    else { return nil }
                    return String(decoding: data, as: UTF8.self) + (isCut ? "\n… (cut at 1 MB)" : "")
                }
                if FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("\(name).reference.\(ext)").path) {
                    entries.append(ComparisonPage.Entry(name: name, listing: file("difference.diff") ?? "(no difference file)"))
                } else {
                    entries.append(
                        ComparisonPage.Entry(name: name, summary: Self.noReference, listing: file("failure.\(ext)") ?? "(no failure file)"))
                }
            }
        }
        let e = PreviewHTML.escape
        let counts = "\(names.count) failed · \(run.recorded.count) recorded · \(run.passed.count) passed"
        let intro =
            "<p data-failed=\"\(names.count)\" data-recorded=\"\(run.recorded.count)\" data-passed=\"\(run.passed.count)\">\(counts)."
            + (names.isEmpty
                ? " No failures in \(e(artifacts.path)).</p>"
                : " Make a failure's new version its reference with <code>feedshot accept \(e(artifacts.path)) NAME</code> (every one: without NAME).</p>")
        var outro = ""
        for (title, snapshots) in [("Recorded", run.recorded), ("Passed", run.passed)] where !snapshots.isEmpty {
            outro += "<section class=\"passed\"><h2>\(title) (\(snapshots.count))</h2><div class=\"grid\">"
            for snapshot in snapshots {
                let ext = snapshot.reference.pathExtension
                let image = ext == "png" ? try copy(snapshot.reference, as: "\(snapshot.name).reference.png") : nil
                outro += "<figure data-outcome=\"\(title.lowercased())\"><figcaption>\(e(snapshot.name))</figcaption>"
                outro +=
                    image.map { "<a href=\"\(e($0))\"><img src=\"\(e($0))\" loading=\"lazy\" alt=\"\(e(snapshot.name))\"></a>" }
                    ?? "<code>\(e(snapshot.reference.lastPathComponent))</code>"
                outro += "</figure>"
            }
            outro += "</div></section>"
        }
        let html = ComparisonPage(title: "Snapshot run", beforeLabel: "reference", afterLabel: "failure").html(
            entries, intro: intro, outro: outro)
        try Data(html.utf8).write(to: directory.appendingPathComponent("report.html"), options: .atomic)
        return names
    }
}
