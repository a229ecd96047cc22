import Foundation

/// A page for a failed snapshot run: for each failure in an artifacts folder, the reference and
/// the failure side by side with the difference, the differences laid over them and a slider
/// wiping between the two — the page `feedshot compare` writes too (`ComparisonPage`).
package enum FailureReport {
    /// Writes `directory/report.html` (and copies the images beside it) from `<name>.reference.png`,
    /// `<name>.failure.png` and `<name>.difference.png` files in `artifacts`.
    ///
    /// - Returns: The names of the failures found.
    @discardableResult
    package static func write(artifacts: URL, to directory: URL) throws -> [String] {
        // Flat (`SNAPSHOT_ARTIFACTS` of old) or one folder per test file, as assertSnapshot writes them.
        guard let walker = FileManager.default.enumerator(atPath: artifacts.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: artifacts.path])
        }
        let files = walker.compactMap { $0 as? String }
        let names = Set(files.compactMap { $0.hasSuffix(".failure.png") ? String($0.dropLast(".failure.png".count)) : nil }).sorted()
        let images = directory.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var entries: [ComparisonPage.Entry] = []
        for name in names {
            var paths: [String: String] = [:]
            for kind in ["reference", "failure", "difference"] {
                let file = "\(name).\(kind).png"
                let source = artifacts.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: source.path) else { continue }
                let target = images.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: source, to: target)
                paths[kind] = "report/\(file)"
            }
            entries.append(
                ComparisonPage.Entry(name: name, before: paths["reference"], after: paths["failure"], difference: paths["difference"]))
        }
        let intro =
            names.isEmpty
            ? "<p>No failures in \(PreviewHTML.escape(artifacts.path)).</p>"
            : "<p>\(names.count) failures. Make a failure's new version its reference with <code>feedshot accept \(PreviewHTML.escape(artifacts.path)) NAME</code> (every one: without NAME).</p>"
        let html = ComparisonPage(title: "Snapshot failures", beforeLabel: "reference", afterLabel: "failure").html(entries, intro: intro)
        try Data(html.utf8).write(to: directory.appendingPathComponent("report.html"), options: .atomic)
        return names
    }
}
