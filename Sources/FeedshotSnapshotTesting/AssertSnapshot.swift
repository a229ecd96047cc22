import FeedshotLayout
import FeedshotRender
@_exported import FeedshotSnapshot
import Foundation
import Testing
import XCTest

/// Renders `document` and compares it with its reference image, failing the current test
/// (Swift Testing or XCTest, whichever is running) with one sentence when it does not match.
///
/// References live in `__Snapshots__/<TestFile>/<test>.<name>.png` beside the test file, or in
/// `snapshotDirectory`, or exactly at `reference`. Whether references are written follows `record`,
/// else `SNAPSHOT_TESTING_RECORD` (`all | missing | failed | never`, default `missing`). On failure the
/// reference, failure and difference images are written to `$SNAPSHOT_ARTIFACTS` (or a temporary folder).
///
/// - Parameters:
///   - document: The document to render.
///   - name: Distinguishes several snapshots in one test; defaults to a counter (1, 2, …).
///   - options: Render options (asset root, limits). References are PNG: `options.format` is
///     ignored.
///   - tolerance: How far pixels may differ.
///   - record: Overrides `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: A folder for this test's references instead of `__Snapshots__`.
///   - reference: The exact reference file.
public func assertSnapshot(
    of document: Document, named name: String? = nil, options: RenderOptions = RenderOptions(),
    tolerance: SnapshotTolerance = SnapshotTolerance(), record: RecordMode? = nil, snapshotDirectory: String? = nil,
    reference: URL? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let referenceURL =
        reference
        ?? SnapshotPaths.reference(
            filePath: "\(filePath)", testName: testName,
            name: name ?? SnapshotPaths.nextCounter(filePath: "\(filePath)", testName: testName),
            snapshotDirectory: snapshotDirectory)
    let png: Data
    var options = options
    options.format = .png
    do {
        png = try Feedshot.render(document, options: options)
    } catch {
        location.fail("Snapshot \"\(referenceURL.deletingPathExtension().lastPathComponent)\" could not be rendered: \(error.description).")
        return
    }
    if let message = verifySnapshot(png: png, reference: referenceURL, mode: record ?? .fromEnvironment(), tolerance: tolerance) {
        location.fail(message)
    }
}

/// The same for a JSON document; a document that does not decode fails the test with its path and problem.
public func assertSnapshot(
    of json: Data, named name: String? = nil, options: RenderOptions = RenderOptions(),
    tolerance: SnapshotTolerance = SnapshotTolerance(), record: RecordMode? = nil, snapshotDirectory: String? = nil,
    reference: URL? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    do {
        let document = try Feedshot.decode(json, options: options)
        assertSnapshot(
            of: document, named: name, options: options, tolerance: tolerance, record: record, snapshotDirectory: snapshotDirectory,
            reference: reference, fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    } catch {
        SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column).fail(
            "Snapshot document is invalid: \(error.description).")
    }
}

/// Where a failure is reported.
struct SnapshotLocation {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// Records an issue in Swift Testing when a Swift Testing test is running, else fails the XCTest.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
