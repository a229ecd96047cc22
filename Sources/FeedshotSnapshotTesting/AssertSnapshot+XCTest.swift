import FeedshotLayout
import FeedshotRender
import Foundation
import XCTest

/// The assertions inside an XCTest case: the same as the free functions, with the test's class in
/// the reference's name (`ChatTests.testConversation.light.png`), since XCTest on Linux has no
/// public "current test" the free functions could ask. Inside a test method an unqualified
/// `assertSnapshot(of:…)` finds these first, as members shadow free functions.
extension XCTestCase {
    /// `assertSnapshot(of:as:named:…)` for a document, named `<Class>.<method>.<name>`.
    /// - Parameters:
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
        FeedshotSnapshotTesting.assertSnapshot(
            of: document, as: strategy, named: name, options: options, record: record, snapshotDirectory: snapshotDirectory,
            reference: reference, fileID: fileID, filePath: filePath, testName: qualified(testName), line: line, column: column)
    }

    /// `assertSnapshot(of:as:named:…)` for a JSON document, named `<Class>.<method>.<name>`.
    /// - Parameters:
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
        FeedshotSnapshotTesting.assertSnapshot(
            of: json, as: strategy, named: name, options: options, record: record, snapshotDirectory: snapshotDirectory,
            reference: reference, fileID: fileID, filePath: filePath, testName: qualified(testName), line: line, column: column)
    }

    /// `assertSnapshot(of:matrix:…)`, named `<Class>.<method>.<name>-<combination>`.
    /// - Parameters:
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
        FeedshotSnapshotTesting.assertSnapshot(
            of: json, matrix: matrix, as: strategy, named: name, options: options, record: record,
            snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, testName: qualified(testName), line: line,
            column: column)
    }

    /// `ChatTests.testConversation()`: the method with its class, the XCTest identity.
    func qualified(_ method: String) -> String { "\(String(describing: type(of: self))).\(method)" }
}
