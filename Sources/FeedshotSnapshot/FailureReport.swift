import Foundation

/// A page for a failed snapshot run: for each failure in an artifacts folder, the reference, the
/// failure and the difference side by side, and a slider wiping between reference and failure.
package enum FailureReport {
    /// Writes `directory/report.html` (and copies the images beside it) from `<name>.reference.png`,
    /// `<name>.failure.png` and `<name>.difference.png` files in `artifacts`.
    ///
    /// - Returns: The names of the failures found.
    @discardableResult
    package static func write(artifacts: URL, to directory: URL) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: artifacts.path)
        let names = Set(files.compactMap { $0.hasSuffix(".failure.png") ? String($0.dropLast(".failure.png".count)) : nil }).sorted()
        let images = directory.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var body = names.isEmpty ? "<p>No failures in \(PreviewHTML.escape(artifacts.path)).</p>" : ""
        for (index, name) in names.enumerated() {
            var paths: [String: String] = [:]
            for kind in ["reference", "failure", "difference"] {
                let file = "\(name).\(kind).png"
                let source = artifacts.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: source.path) else { continue }
                let target = images.appendingPathComponent(file)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: source, to: target)
                paths[kind] = "report/\(file)"
            }
            let e = PreviewHTML.escape
            body += "<section><h2>\(e(name))</h2><div class=\"grid\">"
            for kind in ["reference", "failure", "difference"] {
                guard let path = paths[kind] else { continue }
                body +=
                    "<figure><figcaption>\(kind)</figcaption><img src=\"\(e(path))\" style=\"max-width:420px\" alt=\"\(e(name)) \(kind)\"></figure>"
            }
            if let reference = paths["reference"], let failure = paths["failure"] {
                body += """
                    <figure><figcaption>reference ◀ slide ▶ failure</figcaption>
                    <div class="compare" id="compare-\(index)"><img src="\(e(reference))" style="max-width:420px" alt="reference">
                    <div class="top" style="width:50%"><img src="\(e(failure))" style="max-width:420px" alt="failure"></div></div>
                    <input type="range" min="0" max="100" value="50" oninput="wipe(\(index), this.value)"></figure>
                    """
            }
            body += "</div></section>"
        }
        let script = """
            function wipe(index, value) {
              var box = document.getElementById('compare-' + index);
              box.querySelector('.top').style.width = value + '%';
              box.querySelector('.top img').style.width = box.querySelector('img').getBoundingClientRect().width + 'px';
            }
            """
        let html = PreviewHTML.page(title: "Snapshot failures", body: body, script: script)
        try Data(html.utf8).write(to: directory.appendingPathComponent("report.html"), options: .atomic)
        return names
    }
}
