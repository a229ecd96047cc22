import Foundation

/// The reference-file convention: `__Snapshots__/<TestFile>/<test>.<name>.png` beside the test file.
package enum SnapshotPaths {
    /// The reference for snapshot `name` of `testName` in the test file at `filePath`.
    package static func reference(filePath: String, testName: String, name: String, snapshotDirectory: String? = nil) -> URL {
        let file = URL(fileURLWithPath: filePath)
        let directory =
            snapshotDirectory.map { URL(fileURLWithPath: $0) }
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(
                file.deletingPathExtension().lastPathComponent)
        return directory.appendingPathComponent("\(sanitize(testName)).\(sanitize(name)).png")
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

    /// "1", "2", … for unnamed snapshots, counted per test.
    package static func nextCounter(filePath: String, testName: String) -> String {
        lock.withLock {
            let key = filePath + "#" + testName
            counters[key, default: 0] += 1
            return String(counters[key]!)
        }
    }
}
