/// A snapshot test set up wrongly: reported as the test's failure, in one sentence.
public enum SnapshotSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `SNAPSHOT_TESTING_RECORD` holds something other than a record mode.
    case unknownRecordMode(String)
    /// Two assertions would write the same reference file: the path, then who took it first and
    /// who asked again.
    case sharedReference(path: String, first: String, second: String)
    /// A parameterized Swift Testing test whose arguments could not be read for the name.
    case unnamedArguments(test: String)

    /// The sentence a failing test shows.
    public var description: String {
        switch self {
        case .unknownRecordMode(let value):
            let valid = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
            return "SNAPSHOT_TESTING_RECORD=\(value) is not a record mode; use one of \(valid) (or leave it unset for missing)."
        case .sharedReference(let path, let first, let second):
            return
                "Two snapshots would write \(path): \(first) and \(second); give one of them another `named:` (or `snapshotDirectory:`)."
        case .unnamedArguments(let test):
            return
                "The snapshot in the parameterized test \(test) cannot be named after its arguments on this toolchain; pass `named:` with a name built from them."
        }
    }
}
