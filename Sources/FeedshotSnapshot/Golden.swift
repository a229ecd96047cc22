import FeedshotRender
import Foundation

/// When references are (re)written: `SNAPSHOT_TESTING_RECORD` = `all | missing | failed | never`.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Overwrite every reference.
    case all
    /// Write references that do not exist yet; compare the rest (the default).
    case missing
    /// Overwrite references that fail to match.
    case failed
    /// Only compare; a missing reference is a failure (what CI uses).
    case never

    /// From `SNAPSHOT_TESTING_RECORD`, `missing` when unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        environment["SNAPSHOT_TESTING_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }
}

/// How much two renders may differ and still match.
public struct SnapshotTolerance: Sendable {
    /// Per-pixel perceptual threshold (YIQ distance, 0...1).
    public var threshold: Double
    /// Share of pixels allowed to differ beyond the threshold (anti-aliasing not counted).
    public var maxDifferingRatio: Double

    public init(threshold: Double = 0.1, maxDifferingRatio: Double = 0.0005) {
        self.threshold = threshold
        self.maxDifferingRatio = maxDifferingRatio
    }
}

/// Compares PNG bytes with a reference file; records per the mode.
///
/// - Returns: nil when it matches (or was recorded), otherwise one sentence with the numbers and
///   the paths of the reference, actual and difference images written to `artifacts`.
public func verifySnapshot(
    png: Data, reference: URL, mode: RecordMode = .fromEnvironment(), tolerance: SnapshotTolerance = SnapshotTolerance(),
    artifacts: URL = snapshotArtifactsDirectory()
) -> String? {
    let name = reference.deletingPathExtension().lastPathComponent
    let fileManager = FileManager.default
    func record() -> String? {
        do {
            try fileManager.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: reference, options: .atomic)
            return nil
        } catch {
            return "Could not record \(reference.path): \(error.localizedDescription)."
        }
    }
    if mode == .all { return record() }
    guard let referenceData = fileManager.contents(atPath: reference.path) else {
        if mode == .missing || mode == .failed { return record() }
        return "No reference image at \(reference.path) (record it with SNAPSHOT_TESTING_RECORD=missing)."
    }
    if referenceData == png { return nil }
    let message: String
    do {
        let expected = try RGBAImage(png: referenceData)
        let actual = try RGBAImage(png: png)
        let result = try ImageDiff(threshold: tolerance.threshold).compare(expected, actual)
        if result.differingRatio <= tolerance.maxDifferingRatio { return nil }
        if mode == .failed { return record() }
        let paths = writeArtifacts(name: name, reference: referenceData, actual: png, diff: try? result.diffImage.pngData(), to: artifacts)
        let percent = String(format: "%.3f", result.differingRatio * 100)
        let allowed = String(format: "%.3f", tolerance.maxDifferingRatio * 100)
        message = "Snapshot \"\(name)\" does not match \(reference.path): \(result.differingPixels) of \(result.totalPixels) pixels (\(percent) %) differ by more than \(tolerance.threshold) (allowed \(allowed) %; \(result.antiAliasedPixels) anti-aliased pixels not counted). \(paths)"
    } catch let error as ImageDiff.Failure {
        if mode == .failed { return record() }
        let paths = writeArtifacts(name: name, reference: referenceData, actual: png, diff: nil, to: artifacts)
        message = "Snapshot \"\(name)\" does not match \(reference.path): \(error.description). \(paths)"
    } catch {
        message = "Snapshot \"\(name)\" could not be compared with \(reference.path): \(error)."
    }
    return message
}

/// `$SNAPSHOT_ARTIFACTS`, or a `feedshot-snapshots` folder in the temporary directory.
public func snapshotArtifactsDirectory() -> URL {
    if let path = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
    return FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-snapshots")
}

/// Writes `<name>.reference.png`, `<name>.actual.png` and `<name>.diff.png`; returns a sentence naming them.
func writeArtifacts(name: String, reference: Data, actual: Data, diff: Data?, to directory: URL) -> String {
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [("reference", reference), ("actual", actual)] + (diff.map { [("diff", $0)] } ?? [])
        var written: [String] = []
        for (kind, data) in files {
            let url = directory.appendingPathComponent("\(name).\(kind).png")
            try data.write(to: url, options: .atomic)
            written.append("\(kind): \(url.path)")
        }
        return "Wrote " + written.joined(separator: ", ") + "."
    } catch {
        return "Could not write the failure images to \(directory.path): \(error.localizedDescription)."
    }
}
