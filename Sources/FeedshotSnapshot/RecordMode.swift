import Foundation

/// When references are (re)written: `SNAPSHOT_TESTING_RECORD` = `all | missing | failed | never`.
/// Whatever the mode, a snapshot that writes its reference fails, saying so.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Overwrite every reference.
    case all
    /// Write references that do not exist yet; compare the rest (the default).
    case missing
    /// Overwrite references that fail to match.
    case failed
    /// Only compare; a missing reference is a failure (what CI uses).
    case never

    /// `mode`, or when nil the environment's (`fromEnvironment`).
    package static func given(_ mode: RecordMode?) throws(SnapshotSetupError) -> RecordMode {
        if let mode { return mode }
        return try fromEnvironment()
    }

    /// From `SNAPSHOT_TESTING_RECORD`: `missing` when unset or empty.
    ///
    /// - Throws: `SnapshotSetupError.unknownRecordMode` for any other value, naming the valid
    ///   ones: a typo must not quietly become `missing` and record on CI.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SnapshotSetupError) -> RecordMode {
        guard let value = environment["SNAPSHOT_TESTING_RECORD"], !value.isEmpty else { return .missing }
        guard let mode = RecordMode(rawValue: value) else { throw .unknownRecordMode(value) }
        return mode
    }
}

/// How much two renders may differ and still match.
public struct SnapshotTolerance: Sendable, Hashable {
    /// Per-pixel perceptual threshold (YIQ distance, 0...1; pixelmatch's default 0.1).
    public var threshold: Double
    /// Count anti-aliased pixels as differences too.
    public var includeAntiAliasing: Bool
    /// Differing pixels allowed, as a count…
    public var maxDifferingPixels: Int
    /// …or as a share of all pixels, whichever allows more.
    public var maxDifferingRatio: Double

    /// A tolerance: by default no differing pixel allowed over pixelmatch's threshold, anti-aliasing not counted.
    public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false, maxDifferingPixels: Int = 0, maxDifferingRatio: Double = 0) {
        self.threshold = threshold
        self.includeAntiAliasing = includeAntiAliasing
        self.maxDifferingPixels = maxDifferingPixels
        self.maxDifferingRatio = maxDifferingRatio
    }

    /// Exact pixels only.
    public static let exact = SnapshotTolerance(threshold: 0, includeAntiAliasing: true, maxDifferingPixels: 0, maxDifferingRatio: 0)

    /// Whether `result` is within this tolerance.
    public func accepts(_ result: ImageDiff.Result) -> Bool {
        result.differingPixels <= allowedPixels(of: result.totalPixels)
    }

    /// The larger of the count and the ratio of `total` (a hair of slack against 0.0006 × 10000 = 5.9999…).
    public func allowedPixels(of total: Int) -> Int {
        max(maxDifferingPixels, Int((Double(total) * maxDifferingRatio + 1e-9).rounded(.down)))
    }
}
