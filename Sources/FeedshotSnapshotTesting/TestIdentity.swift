import FeedshotSnapshot
import Foundation
import Testing

/// The running test's identity, for reference names: Swift Testing's current test (its suites,
/// its name, and a parameterized case's arguments), else the XCTest class and method.
enum TestIdentity {
    /// The identity of the running test. When a parameterized case's arguments cannot be read, a
    /// snapshot the caller `isNamed` is identified without them (its name tells the cases apart,
    /// and a clash is still caught when the file is claimed); an unnamed one throws
    /// `SnapshotSetupError.unnamedArguments`.
    static func current(filePath: String, function: String, isNamed: Bool = false) throws(SnapshotSetupError)
        -> SnapshotIdentity
    {
        guard let test = Test.current else {
            // XCTest: `Class.method()` from an XCTestCase's assertion, or the method alone
            // (`#function` holds no dot, so the split only separates the class).
            return SnapshotIdentity(filePath: filePath, names: function.split(separator: ".").map(String.init))
        }
        var identity = SnapshotIdentity(filePath: filePath, names: test.id.nameComponents)
        if let testCase = Test.Case.current, testCase.isParameterized {
            identity.arguments = try caseArguments(arguments(of: testCase), isNamed: isNamed, test: test.id.nameComponents)
        }
        return identity
    }

    /// The arguments a parameterized case's snapshot is named after: those read, or none for a
    /// named snapshot when they could not be read; otherwise `.unnamedArguments`.
    static func caseArguments(_ read: [SnapshotIdentity.Argument]?, isNamed: Bool, test: [String]) throws(SnapshotSetupError)
        -> [SnapshotIdentity.Argument]
    {
        if let read, !read.isEmpty { return read }
        if isNamed { return [] }
        throw .unnamedArguments(test: test.joined(separator: "/"))
    }

    /// A parameterized case's arguments, label and value.
    ///
    /// Swift Testing 6.3 does not make `Test.Case`'s arguments public; they are read by reflection
    /// (`_kind.parameterized.arguments[i].value` and `.parameter.firstName`). When a later
    /// toolchain moves them, this returns nil and the assertion fails asking for `named:`, rather
    /// than naming cases by run order.
    static func arguments(of testCase: Test.Case) -> [SnapshotIdentity.Argument]? {
        guard let list = Mirror(reflecting: testCase).descendant("_kind", "parameterized", "arguments") else { return nil }
        var result: [SnapshotIdentity.Argument] = []
        for argument in Mirror(reflecting: list).children {
            let mirror = Mirror(reflecting: argument.value)
            guard let value = mirror.descendant("value"), let label = mirror.descendant("parameter", "firstName") as? String else {
                return nil
            }
            result.append(SnapshotIdentity.Argument(label: label, value: describe(value)))
        }
        return result
    }

    /// A string as itself, anything else as Swift Testing describes it in its output.
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return text }
        return String(describingForTest: value)
    }
}
