import FeedshotLayout
import FeedshotRender
@_exported import FeedshotSnapshot
import Foundation
import Testing
import XCTest

/// Snapshots `document` (its PNG by default, or its layout tree, drawn lines or tappable regions)
/// and compares it with its reference, failing the current test (Swift Testing or XCTest,
/// whichever is running) with one sentence when it does not match.
///
/// References live in `__Snapshots__/<TestFile>/<Suite>.<test>.<name>.<ext>` beside the test file,
/// named from the test's identity: Swift Testing's suites and test, plus a parameterized case's
/// arguments (`Themes.render.theme-dark.1.png`); XCTest's class and method (`XCTestCase.assertSnapshot`). Or in `snapshotDirectory`, or
/// exactly at `reference`. Two assertions that would write one file fail, naming both. Whether
/// references are written follows `record`, else a `.snapshots(record:)` trait, else
/// `SNAPSHOT_TESTING_RECORD` (`all | missing | failed | never`, default `missing`; anything else
/// fails). Failure files go to `$SNAPSHOT_ARTIFACTS`, else the package's
/// `.build/feedshot-snapshots`, and are attached to the Swift Testing test.
///
/// - Parameters:
///   - document: The document to snapshot.
///   - strategy: `.image` (default), `.image(tolerance:)`, `.layout`, `.lines` or `.regions`.
///   - name: Distinguishes several snapshots in one test; defaults to a counter (1, 2, …) per
///     test case.
///   - options: Render options (asset root, limits).
///   - record: Overrides the trait and `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: A folder for this test's references instead of `__Snapshots__`.
///   - reference: The exact reference file.
///   - fileID: The calling file's ID (`#fileID`), where a failure is reported.
///   - filePath: The calling file's path (`#filePath`), beside which `__Snapshots__` lives.
///   - testName: The calling function (`#function`), which names the reference.
///   - line: The calling line (`#line`), where a failure is reported.
///   - column: The calling column (`#column`), where a failure is reported.
public func assertSnapshot(
    of document: Document, as strategy: Snapshotting = .image, named name: String? = nil, options: RenderOptions = RenderOptions(),
    record: RecordMode? = nil, snapshotDirectory: String? = nil, reference: URL? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // Relative image paths are read beside the test file, as `feedshot render` reads them beside
    // the document: without an asset root they drew placeholders, in silence.
    var options = options
    if options.images.assetRoot == nil { options.images.assetRoot = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent() }
    let referenceURL: URL
    if let reference {
        referenceURL = reference
    } else {
        do throws(SnapshotSetupError) {
            referenceURL = try defaultReference(
                strategy: strategy, name: name, filePath: "\(filePath)", testName: testName, snapshotDirectory: snapshotDirectory,
                location: location)
        } catch {
            return location.fail(error.description)
        }
    }
    let settings = SnapshotSettings.current
    let artifacts = settings.artifacts.map { URL(fileURLWithPath: $0) } ?? snapshotArtifactsDirectory(for: referenceURL)
    let verifier = SnapshotVerifier(reference: referenceURL, diffing: strategy.diffing, artifacts: artifacts)
    let snapshot: Data
    do {
        snapshot = try strategy.snapshot(document, options)
    } catch {
        verifier.forgetEarlierOutcome()
        return location.fail(
            sentence("Snapshot \"\(referenceURL.deletingPathExtension().lastPathComponent)\" could not be made: \(error.description)"))
    }
    let mode: RecordMode
    do throws(SnapshotSetupError) {
        mode = try RecordMode.given(record ?? settings.record)
    } catch {
        return location.fail(error.description)
    }
    let verdict = verifier.verify(snapshot, mode: mode, locate: strategy.locating(document, options: options))
    if let message = verdict.message {
        let advice = reference == nil ? name.map { SnapshotPaths.repeatedNameAdvice(referenceURL, name: $0) } ?? "" : ""
        location.fail(message + advice + renderWarnings(document, options: options))
        location.attach(verdict.files)
    }
}

/// What the render of a snapshot that failed or was recorded warned of, as a sentence to follow
/// its message: a picture drawn as a placeholder (a path read beside the test file, not where the
/// JSON was loaded from) was recorded into a reference in silence. Empty without warnings.
func renderWarnings(_ document: Document, options: RenderOptions) -> String {
    guard let warnings = try? Feedshot.layout(document, options: options).warnings, !warnings.isEmpty else { return "" }
    let shown = warnings.prefix(3).joined(separator: "; ")
    let more = warnings.count > 3 ? " (and \(warnings.count - 3) more)" : ""
    return " The render warned: \(shown)\(more)."
}

/// The same for a JSON document; a document that does not decode fails the test with its path and problem.
///
/// - Parameters:
///   - json: The document, as JSON.
///   - strategy: `.image` (default), `.image(tolerance:)`, `.layout`, `.lines` or `.regions`.
///   - name: Distinguishes several snapshots in one test; defaults to a counter (1, 2, …) per
///     test case.
///   - options: Render options (asset root, limits).
///   - record: Overrides the trait and `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: A folder for this test's references instead of `__Snapshots__`.
///   - reference: The exact reference file.
///   - fileID: The calling file's ID (`#fileID`), where a failure is reported.
///   - filePath: The calling file's path (`#filePath`), beside which `__Snapshots__` lives.
///   - testName: The calling function (`#function`), which names the reference.
///   - line: The calling line (`#line`), where a failure is reported.
///   - column: The calling column (`#column`), where a failure is reported.
public func assertSnapshot(
    of json: Data, as strategy: Snapshotting = .image, named name: String? = nil, options: RenderOptions = RenderOptions(),
    record: RecordMode? = nil, snapshotDirectory: String? = nil, reference: URL? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    do {
        let document = try Feedshot.decode(json, options: options)
        assertSnapshot(
            of: document, as: strategy, named: name, options: options, record: record, snapshotDirectory: snapshotDirectory,
            reference: reference, fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    } catch {
        let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        // The reference this call would have compared, so that the run's report does not count an
        // earlier run's pass for it (and later unnamed snapshots keep their numbers).
        if let url = reference
            ?? (try? defaultReference(
                strategy: strategy, name: name, filePath: "\(filePath)", testName: testName, snapshotDirectory: snapshotDirectory,
                location: location))
        {
            let artifacts = SnapshotSettings.current.artifacts.map { URL(fileURLWithPath: $0) } ?? snapshotArtifactsDirectory(for: url)
            SnapshotVerifier(reference: url, diffing: strategy.diffing, artifacts: artifacts).forgetEarlierOutcome()
        }
        location.fail(sentence("Snapshot document is invalid: \(error.description)"))
    }
}

/// The reference named from the running test, claimed for this call site.
private func defaultReference(
    strategy: Snapshotting, name: String?, filePath: String, testName: String, snapshotDirectory: String?, location: SnapshotLocation
) throws(SnapshotSetupError) -> URL {
    let identity = try TestIdentity.current(filePath: filePath, function: testName, isNamed: name != nil)
    let url = SnapshotPaths.reference(
        for: identity, name: name ?? SnapshotPaths.nextCounter(for: identity, strategy: strategy.name), kind: strategy.name,
        pathExtension: strategy.pathExtension, snapshotDirectory: snapshotDirectory)
    let claimant = "\(identity.description) at \(location.fileID):\(location.line)"
    if let error = SnapshotPaths.claim(url, for: claimant) { throw error }
    return url
}

/// Where a failure is reported.
struct SnapshotLocation {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// Records an issue in Swift Testing when a Swift Testing test is running, else fails the XCTest.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// Attaches `files` (reference, failure, difference) to the running Swift Testing test, so a
    /// CI run's results carry them; XCTest on Linux has no attachments, and keeps the paths only.
    func attach(_ files: [URL]) {
        guard Test.current != nil else { return }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            Attachment.record(Array(data), named: file.lastPathComponent, sourceLocation: sourceLocation)
        }
    }
}

/// Snapshots `json` in every combination of `matrix`, a reference each, named
/// `<Suite>.<test>.<name>-<combination>` (`ChatTests.conversation.main-iPhoneSE-dark.png`).
///
/// - Parameters:
///   - json: The document.
///   - matrix: Devices, themes, text sizes, locales and directions to combine.
///   - strategy: `.image` (default), `.layout`, `.lines` or `.regions`.
///   - name: The name the combinations' names are added to; defaults to a counter.
///   - options: Render options (asset root, limits), for every combination.
///   - record: Overrides the trait and `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: A folder for this test's references instead of `__Snapshots__`.
///   - fileID: The calling file's ID (`#fileID`), where a failure is reported.
///   - filePath: The calling file's path (`#filePath`), beside which `__Snapshots__` lives.
///   - testName: The calling function (`#function`), which names the reference.
///   - line: The calling line (`#line`), where a failure is reported.
///   - column: The calling column (`#column`), where a failure is reported.
public func assertSnapshot(
    of json: Data, matrix: SnapshotMatrix, as strategy: Snapshotting = .image, named name: String? = nil,
    options: RenderOptions = RenderOptions(), record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let base: String
    if let name {
        base = name
    } else {
        do throws(SnapshotSetupError) {
            base = SnapshotPaths.nextCounter(
                for: try TestIdentity.current(filePath: "\(filePath)", function: testName), strategy: strategy.name)
        } catch {
            return location.fail(error.description)
        }
    }
    // Failing before any comparison, each combination's earlier pass leaves the run's report.
    func fail(_ message: String) {
        for variant in matrix.variants {
            guard
                let url = try? defaultReference(
                    strategy: strategy, name: "\(base)-\(variant.name)", filePath: "\(filePath)", testName: testName,
                    snapshotDirectory: snapshotDirectory, location: location)
            else { continue }
            let artifacts = SnapshotSettings.current.artifacts.map { URL(fileURLWithPath: $0) } ?? snapshotArtifactsDirectory(for: url)
            SnapshotVerifier(reference: url, diffing: strategy.diffing, artifacts: artifacts).forgetEarlierOutcome()
        }
        location.fail(message)
    }
    if let problem = matrix.localeProblem { return fail("Snapshot matrix is invalid: \(problem).") }
    let document: Document
    do {
        document = try Feedshot.decode(json, options: options)
    } catch {
        return fail(sentence("Snapshot document is invalid: \(error.description)"))
    }
    for variant in matrix.variants {
        assertSnapshot(
            of: variant.apply(to: document), as: strategy, named: "\(base)-\(variant.name)", options: options, record: record,
            snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    }
}
