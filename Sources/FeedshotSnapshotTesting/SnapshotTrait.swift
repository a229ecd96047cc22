import FeedshotSnapshot
import Foundation
import Testing

/// A Swift Testing trait that sets the record mode (and the artifacts folder) for a suite or a
/// test, as swift-snapshot-testing's `.snapshots(record:)` does:
///
///     @Suite(.snapshots(record: .failed)) struct ChatTests { … }
///     @Test(.snapshots(record: .never)) func conversation() { … }
///
/// A test's trait wins over its suite's; an assertion's `record:` wins over both; both win over
/// `SNAPSHOT_TESTING_RECORD`.
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode inside the trait's scope (nil: unchanged).
    public var record: RecordMode?
    /// The artifacts folder inside the trait's scope (nil: unchanged).
    public var artifacts: String?

    /// Applies to every test of a suite too.
    public var isRecursive: Bool { true }

    /// Runs the test with this trait's settings over the enclosing ones.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var settings = SnapshotSettings.current
        if let record { settings.record = record }
        if let artifacts { settings.artifacts = artifacts }
        try await SnapshotSettings.$current.withValue(settings) { try await function() }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Sets the record mode and/or the artifacts folder for a suite or a test.
    ///
    /// - Parameters:
    ///   - record: `all`, `missing`, `failed` or `never`, over `SNAPSHOT_TESTING_RECORD`.
    ///   - artifacts: The folder failure files go to, over `SNAPSHOT_ARTIFACTS`.
    public static func snapshots(record: RecordMode? = nil, artifacts: String? = nil) -> SnapshotTrait {
        SnapshotTrait(record: record, artifacts: artifacts)
    }
}

/// The settings traits give the current task.
struct SnapshotSettings: Sendable {
    var record: RecordMode?
    var artifacts: String?

    @TaskLocal static var current = SnapshotSettings()
}
