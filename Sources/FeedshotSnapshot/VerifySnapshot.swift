import FeedshotRender
import Foundation

/// Compares PNG bytes with a reference file and records per the mode: the pure core under
/// `assertSnapshot` (and the CLI's `diff`).
///
/// - Parameters:
///   - png: The new rendering.
///   - reference: The reference PNG's path.
///   - mode: When to write the reference instead of comparing.
///   - tolerance: How far pixels may differ.
///   - artifacts: Where reference, failure and difference images go when the comparison fails.
/// - Returns: nil when it matches, otherwise one sentence — with the numbers and the paths of the
///   images written, or saying that a reference was recorded. Writing a reference is always a
///   failure, as in swift-snapshot-testing: a run that records never passes silently, so a
///   golden deleted by mistake cannot be re-recorded by a plain test run unnoticed.
public func verifySnapshot(
    png: Data, reference: URL, mode: RecordMode = .fromEnvironment(), tolerance: SnapshotTolerance = SnapshotTolerance(),
    artifacts: URL = snapshotArtifactsDirectory()
) -> String? {
    let name = reference.deletingPathExtension().lastPathComponent
    let fileManager = FileManager.default
    func record(_ why: String) -> String {
        do {
            try fileManager.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: reference, options: .atomic)
        } catch {
            return "Could not record the snapshot \"\(name)\" at \(reference.path): \(error.localizedDescription)."
        }
        return
            "Recorded the snapshot \"\(name)\" at \(reference.path) (\(why)); the test fails whenever it records — open the image, then run again to compare."
    }
    if mode == .all { return record("SNAPSHOT_TESTING_RECORD=all") }
    guard let referenceData = fileManager.contents(atPath: reference.path) else {
        if mode == .missing || mode == .failed { return record("there was no reference") }
        return "No reference image for the snapshot \"\(name)\" at \(reference.path); record it with SNAPSHOT_TESTING_RECORD=missing."
    }
    // Fast path: identical bytes are identical pixels.
    if referenceData == png { return nil }
    do {
        let expected = try RGBAImage(png: referenceData)
        let actual = try RGBAImage(png: png)
        let diff = ImageDiff(threshold: tolerance.threshold, includeAntiAliasing: tolerance.includeAntiAliasing)
        let result = try diff.compare(expected, actual)
        if tolerance.accepts(result) { return nil }
        if mode == .failed { return record("it did not match: \(result.summary(threshold: tolerance.threshold))") }
        let paths = writeArtifacts(name: name, reference: referenceData, actual: png, diff: try? result.diffImage.pngData(), to: artifacts)
        return
            "Snapshot \"\(name)\" does not match \(reference.path): \(result.summary(threshold: tolerance.threshold)), more than the \(tolerance.allowedDescription(total: result.totalPixels)) allowed. \(paths)"
    } catch let error as ImageDiff.Failure {
        if mode == .failed { return record("it did not match: \(error.description)") }
        let paths = writeArtifacts(name: name, reference: referenceData, actual: png, diff: nil, to: artifacts)
        return "Snapshot \"\(name)\" does not match \(reference.path): \(error.description). \(paths)"
    } catch {
        return "Snapshot \"\(name)\" could not be compared with \(reference.path): \(error)."
    }
}

extension ImageDiff.Result {
    /// "123 of 276000 pixels (0.045 %) differ by more than 0.1 (17 anti-aliased pixels not counted)".
    public func summary(threshold: Double) -> String {
        let percent = String(format: "%.3f", differingRatio * 100)
        return
            "\(differingPixels) of \(totalPixels) pixels (\(percent) %) differ by more than \(threshold) (\(antiAliasedPixels) anti-aliased pixels not counted)"
    }
}

extension SnapshotTolerance {
    func allowedDescription(total: Int) -> String {
        return "\(allowedPixels(of: total)) (\(String(format: "%.3f", maxDifferingRatio * 100)) %)"
    }
}

/// `$SNAPSHOT_ARTIFACTS`, or a `feedshot-snapshots` folder in the temporary directory.
public func snapshotArtifactsDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let path = environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
    return FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-snapshots")
}

/// Writes `<name>.reference.png`, `<name>.failure.png` and `<name>.difference.png`; returns a sentence naming them.
func writeArtifacts(name: String, reference: Data, actual: Data, diff: Data?, to directory: URL) -> String {
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [("reference", reference), ("failure", actual)] + (diff.map { [("difference", $0)] } ?? [])
        var written: [String] = []
        for (kind, data) in files {
            let url = directory.appendingPathComponent("\(name).\(kind).png")
            try data.write(to: url, options: .atomic)
            written.append("\(kind) \(url.path)")
        }
        return "Wrote " + written.joined(separator: ", ") + "."
    } catch {
        return "Could not write the failure images to \(directory.path): \(error.localizedDescription)."
    }
}
