import Foundation

/// The reference-file convention: `__Snapshots__/<TestFile>/<Suite>.<test>[.<label>-<value>…].<name>.<ext>`
/// beside the test file, named from the test's identity, never from the order tests run in.
package enum SnapshotPaths {
    /// The reference for snapshot `name` of the test `identity`, by the strategy `kind` (`layout`,
    /// `lines`, …; nil for the image).
    package static func reference(
        for identity: SnapshotIdentity, name: String, kind: String? = nil, pathExtension: String = "png", snapshotDirectory: String? = nil
    ) -> URL {
        let file = URL(fileURLWithPath: identity.filePath)
        let directory =
            snapshotDirectory.map { URL(fileURLWithPath: $0) }
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(
                file.deletingPathExtension().lastPathComponent)
        let parts = [identity.stem, sanitize(name)] + (kind.map { [sanitize($0)] } ?? [])
        return directory.appendingPathComponent(fitted(parts.joined(separator: ".")) + "." + pathExtension)
    }

    /// The longest stem of a reference's file name, in UTF-8 bytes: a file system's 255 bytes a
    /// name, less room for the failure files' suffixes (`.difference.png`, `.snapshot.json`) and
    /// the temporary name an atomic write takes.
    package static let maxStemBytes = 200

    /// `stem`, or, where it is longer than `maxStemBytes` (a parameterized test whose argument
    /// describes itself at length, such as a struct's every field), its first characters and
    /// then "-" and the 64-bit FNV-1a hash of the whole stem in 16 hex digits: so the name is the
    /// same every run, and two long names that begin alike stay two files. Without it, such a
    /// reference could not be written at all (ENAMETOOLONG).
    package static func fitted(_ stem: String) -> String {
        guard stem.utf8.count > maxStemBytes else { return stem }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stem.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        let suffix = "-" + String(repeating: "0", count: 16 - digits.count) + digits
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in stem.unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size + suffix.utf8.count <= maxStemBytes else { break }
            kept.append(scalar)
            bytes += size
        }
        return String(kept) + suffix
    }

    /// `testFoo()` → `testFoo`, `rendersAt(width:)` → `rendersAt-width`.
    package static func sanitize(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" {
                if pendingDash, !result.isEmpty { result += "-" }
                result.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "snapshot" : result
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var counters: [String: Int] = [:]
    nonisolated(unsafe) private static var claims: [String: String] = [:]
    nonisolated(unsafe) private static var uses: [String: Int] = [:]

    /// "1", "2", … for unnamed snapshots, counted per test identity (a parameterized test's
    /// arguments included, as given), so parallel cases never take each other's numbers. The
    /// arguments are compared before they are made file names: cases whose values read the same
    /// there ("chat-text", "chat text") shared one counter and took its numbers in the order they
    /// ran, so their references swapped between runs; now each counts alone, and two such cases
    /// name one file — which `claim` refuses, every run, asking for `named:`.
    package static func nextCounter(for identity: SnapshotIdentity, strategy: String?) -> String {
        lock.withLock {
            let arguments = identity.arguments.map { $0.label + "=" + $0.value }.joined(separator: "\u{1F}")
            let key = [identity.filePath, identity.names.joined(separator: "/"), arguments, strategy ?? ""].joined(separator: "\u{1E}")
            counters[key, default: 0] += 1
            return String(counters[key]!)
        }
    }

    /// Claims `reference` for `claimant` (a test and a source location) for this process.
    ///
    /// - Returns: nil when `reference` is free or already this claimant's, else the error naming
    ///   both: two assertions that would write one file.
    package static func claim(_ reference: URL, for claimant: String) -> SnapshotSetupError? {
        lock.withLock {
            let path = reference.standardizedFileURL.path
            if let first = claims[path], first != claimant {
                return .sharedReference(path: path, first: first, second: claimant)
            }
            claims[path] = claimant
            uses[path, default: 0] += 1
            return nil
        }
    }

    /// The advice a failing named snapshot adds when its one assertion has compared more than one
    /// snapshot with `reference` in this process — a loop giving each turn the same `named:`,
    /// whose every turn after the first compares with the first's reference and so never settles;
    /// empty otherwise.
    package static func repeatedNameAdvice(_ reference: URL, name: String) -> String {
        let count = lock.withLock { uses[reference.standardizedFileURL.path] ?? 0 }
        guard count > 1 else { return "" }
        return " This assertion has compared \(count) snapshots with the one reference named \"\(name)\" in this run (a loop?): "
            + "every turn compares with the same file; give each turn a name of its own (`named: \"\(name)-\\(index)\"`)."
    }
}

/// Who a snapshot belongs to: the test file, the suites and test (Swift Testing's test ID, or
/// XCTest's method), and a parameterized test's arguments.
package struct SnapshotIdentity: Sendable, Hashable {
    /// The test file's path (`#filePath`).
    package var filePath: String
    /// Suites, then the test function: `["ChatSnapshotTests", "conversation()"]`.
    package var names: [String]
    /// A parameterized test case's arguments: label and value, in the function's order.
    package var arguments: [Argument]

    /// One argument of a parameterized test case.
    package struct Argument: Sendable, Hashable {
        /// The parameter's label (`theme`).
        package var label: String
        /// The argument's description (`dark`).
        package var value: String

        package init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    package init(filePath: String, names: [String], arguments: [Argument] = []) {
        self.filePath = filePath
        self.names = names
        self.arguments = arguments
    }

    /// `ChatSnapshotTests.conversation`, `Themes.render.theme-dark.size-2`: the file-name stem. A
    /// parameterized test's name drops its labels (the arguments carry them).
    package var stem: String {
        var parts = names.dropLast().map(SnapshotPaths.sanitize)
        if let test = names.last {
            let base = arguments.isEmpty ? test : String(test.prefix { $0 != "(" })
            parts.append(SnapshotPaths.sanitize(base))
        }
        parts += arguments.map { SnapshotPaths.sanitize($0.label) + "-" + SnapshotPaths.sanitize($0.value) }
        return parts.joined(separator: ".")
    }

    /// `ChatSnapshotTests/conversation()` or `Themes/render(theme:) (theme: dark)`, for messages.
    package var description: String {
        let test = names.joined(separator: "/")
        guard !arguments.isEmpty else { return test }
        return test + " (" + arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ") + ")"
    }
}
