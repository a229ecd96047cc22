import FeedshotLayout
import FeedshotRender
import Foundation

/// Compares PNG bytes with a reference file and records per the mode: the pure function under
/// `assertSnapshot`, for other test frameworks.
///
/// - Parameters:
///   - png: The new rendering.
///   - reference: The reference PNG's path.
///   - mode: When to write the reference instead of comparing; nil reads `SNAPSHOT_TESTING_RECORD`.
///   - tolerance: How far pixels may differ.
///   - artifacts: Where reference, failure and difference images go when the comparison fails;
///     nil: `snapshotArtifactsDirectory(for: reference)`.
/// - Returns: nil when it matches, otherwise one sentence — with the numbers and the paths of the
///   images written, or saying that a reference was recorded. Writing a reference is always a
///   failure, as in swift-snapshot-testing: a run that records never passes silently, so a
///   golden deleted by mistake cannot be re-recorded by a plain test run unnoticed.
public func verifySnapshot(
    png: Data, reference: URL, mode: RecordMode? = nil, tolerance: SnapshotTolerance = SnapshotTolerance(), artifacts: URL? = nil
) -> String? {
    verifySnapshot(png, as: .image(tolerance: tolerance), reference: reference, mode: mode, artifacts: artifacts)
}

/// The same for any strategy's snapshot (`Snapshotting.layout`, `.lines`, `.regions`, …).
public func verifySnapshot(
    _ snapshot: Data, as strategy: Snapshotting, reference: URL, mode: RecordMode? = nil, artifacts: URL? = nil
) -> String? {
    verify(snapshot, strategy.diffing, reference: reference, mode: mode, artifacts: artifacts, locate: nil)
}

/// Snapshots `document` with `strategy` and compares the snapshot with a reference file, as
/// `assertSnapshot` does, for other test frameworks: a failing image says which item the new
/// render parts from the reference at (`Snapshotting.locate`). Relative image paths are read
/// under `options.images.assetRoot` (`assertSnapshot` defaults it to the test file's folder).
///
/// - Parameters:
///   - document: The document to snapshot.
///   - strategy: `.image` (default), `.image(tolerance:)`, `.layout`, `.lines` or `.regions`.
///   - options: Render options (asset root, limits).
///   - reference: The reference file's path.
///   - mode: When to write the reference instead of comparing; nil reads `SNAPSHOT_TESTING_RECORD`.
///   - artifacts: Where reference, failure and difference files go when the comparison fails;
///     nil: `snapshotArtifactsDirectory(for: reference)`.
/// - Returns: nil when it matches; otherwise the sentence, or why the snapshot could not be made.
public func verifySnapshot(
    of document: Document, as strategy: Snapshotting = .image, options: RenderOptions = RenderOptions(), reference: URL,
    mode: RecordMode? = nil, artifacts: URL? = nil
) -> String? {
    let snapshot: Data
    do {
        snapshot = try strategy.snapshot(document, options)
    } catch {
        // As `assertSnapshot`: the run's report must not count an earlier pass of this reference.
        SnapshotVerifier(
            reference: reference, diffing: strategy.diffing, artifacts: artifacts ?? snapshotArtifactsDirectory(for: reference)
        ).forgetEarlierOutcome()
        return sentence("Snapshot \"\(reference.deletingPathExtension().lastPathComponent)\" could not be made: \(error.description)")
    }
    return verify(
        snapshot, strategy.diffing, reference: reference, mode: mode, artifacts: artifacts,
        locate: strategy.locating(document, options: options))
}

/// `snapshot` compared with `reference` (or recorded) per `mode`, nil when it matches.
private func verify(
    _ snapshot: Data, _ diffing: Diffing, reference: URL, mode: RecordMode?, artifacts: URL?, locate: ((SnapshotMismatch) -> String?)?
) -> String? {
    let resolved: RecordMode
    do throws(SnapshotSetupError) {
        resolved = try RecordMode.given(mode)
    } catch {
        return error.description
    }
    let verifier = SnapshotVerifier(
        reference: reference, diffing: diffing, artifacts: artifacts ?? snapshotArtifactsDirectory(for: reference))
    return verifier.verify(snapshot, mode: resolved, locate: locate).message
}

extension ImageDiff.Result {
    /// "123 of 276000 pixels (0.045 %) differ by more than 0.1 (17 anti-aliased pixels not counted)".
    public func summary(threshold: Double) -> String {
        let percent = FixedDecimal.text(differingRatio * 100, digits: 3)
        return
            "\(differingPixels) of \(totalPixels) pixels (\(percent) %) differ by more than \(threshold) (\(antiAliasedPixels) anti-aliased pixels not counted)"
    }
}

extension SnapshotTolerance {
    func allowedDescription(total: Int) -> String {
        // The share of this image the allowance is, whichever of count and ratio set it.
        let allowed = allowedPixels(of: total)
        return "\(allowed) (\(FixedDecimal.text(total > 0 ? Double(allowed) / Double(total) * 100 : 0, digits: 3)) %)"
    }
}

/// Where failure images go: `$SNAPSHOT_ARTIFACTS`; else `.build/feedshot-snapshots` in the package
/// that holds `reference` (the nearest folder above it with a `Package.swift`), so projects never
/// share one; else `feedshot-snapshots` in the temporary folder.
public func snapshotArtifactsDirectory(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, for reference: URL? = nil
) -> URL {
    if let path = environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
    if let root = reference.flatMap({ packageRoot(from: $0.deletingLastPathComponent()) }) {
        return root.appendingPathComponent(".build").appendingPathComponent("feedshot-snapshots")
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-snapshots")
}

/// The nearest folder from `folder` upwards that holds a `Package.swift` (a test's package, or
/// the one `feedshot accept` runs in).
package func packageRoot(from folder: URL) -> URL? {
    var folder = folder.standardizedFileURL
    while folder.path != "/" && !folder.path.isEmpty {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder = folder.deletingLastPathComponent()
    }
    return nil
}

/// `text` ended as a sentence: a full stop unless it ends with one, or with "?" or "!" (an error
/// asking `did you mean "theme"?` read `?.`).
package func sentence(_ text: String) -> String {
    text.last.map { ".?!".contains($0) } == true ? text : text + "."
}
