import FeedshotLayout
import FeedshotRender
import Foundation

/// Before and after: two versions of documents rendered, compared pixel by pixel and written as
/// the page a designer reviews (`feedshot compare`) — the same page as the failed-snapshot report
/// (`ComparisonPage`).
package struct ComparisonReport {
    /// One version of a document: its name, JSON and the options it renders with (its asset root).
    package struct Version {
        /// The document's name on the page and in image file names (pairs share it).
        package var name: String
        /// The document.
        package var json: Data
        /// What it renders with: its asset root, limits (the format is always PNG here).
        package var options: RenderOptions
        /// Why its file could not be read (a dangling link, over the input limit), if it could
        /// not: shown as its failure, the other documents compared all the same.
        package var unreadable: String?

        /// A version of the document `name`.
        package init(name: String, json: Data, options: RenderOptions, unreadable: String? = nil) {
            self.name = name
            self.json = json
            self.options = options
            self.unreadable = unreadable
        }
    }

    /// What comparing one pair found.
    package enum Outcome: Sendable, Equatable {
        /// The same pixels.
        case identical
        /// `pixels` pixels differ (beyond the threshold; anti-aliasing not counted), or the sizes differ.
        case different(pixels: Int)
        /// Only the new version exists.
        case added
        /// Only the old version exists.
        case removed
        /// A version did not render; the message says why, and `isInputError` whether a version
        /// was bad input (`RenderError.isInputError`) rather than a render that failed.
        case failed(String, isInputError: Bool)
    }

    /// The comparison: pixelmatch's 0.1 by default.
    package var diff = ImageDiff()
    /// The page's heading.
    package var title = "Feedshot comparison"

    /// A report with pixelmatch's threshold, 0.1.
    package init() {}

    /// Renders every pair to PNG, compares them, and writes `directory/compare.html` with the images
    /// under `directory/compare/`. When the two differ in size, the difference is taken over both
    /// padded to the larger size from the top left.
    ///
    /// - Parameter pairs: The old and new version of each document; either may be missing.
    /// - Returns: Each pair's name and outcome, in order.
    @discardableResult
    package func write(pairs: [(before: Version?, after: Version?)], to directory: URL) throws -> [(
        name: String, outcome: Outcome, warnings: [String]
    )] {
        let images = directory.appendingPathComponent("compare")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var entries: [ComparisonPage.Entry] = []
        var outcomes: [(String, Outcome, [String])] = []
        for (before, after) in pairs {
            guard let name = after?.name ?? before?.name else { continue }
            let base = SnapshotPaths.imageStem(name)
            var entry = ComparisonPage.Entry(name: name)
            var rendered: [(RGBAImage, Layout)?] = []
            var failure: String?
            var isInputError = false
            var warnings: [String] = []
            for (side, version) in [("before", before), ("after", after)] {
                guard let version else {
                    rendered.append(nil)
                    continue
                }
                if let problem = version.unreadable {
                    failure = (failure.map { $0 + "; " } ?? "") + "\(side): \(problem)"
                    isInputError = true
                    rendered.append(nil)
                    continue
                }
                var options = version.options
                options.format = .png
                do {
                    let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(version.json, options: options), options: options)
                    let file = "\(base).\(side).png"
                    try png.write(to: images.appendingPathComponent(file), options: .atomic)
                    if side == "before" { entry.before = "compare/\(file)" } else { entry.after = "compare/\(file)" }
                    entry.displayWidth = layout.width
                    warnings += layout.warnings.map { "\(side): \($0)" }
                    rendered.append((try RGBAImage(png: png), layout))
                } catch let error as RenderError {
                    failure = (failure.map { $0 + "; " } ?? "") + "\(side): \(error.description)"
                    isInputError = isInputError || error.isInputError
                    rendered.append(nil)
                }
            }
            let outcome: Outcome
            if let failure {
                outcome = .failed(failure, isInputError: isInputError)
                entry.error = failure
            } else if let old = rendered[0], let new = rendered[1] {
                let (a, b) = ComparisonReport.padded(old.0, new.0)
                let result = try diff.compare(a, b)
                let file = "\(base).difference.png"
                try result.diffImage.pngData().write(to: images.appendingPathComponent(file), options: .atomic)
                entry.difference = "compare/\(file)"
                let sizes = old.0.width == new.0.width && old.0.height == new.0.height
                if !sizes {
                    // The slider stacks before, after and the difference from the top left: all
                    // three at one size and one scale, or the layers would not line up.
                    try a.pngData().write(to: images.appendingPathComponent("\(base).before.png"), options: .atomic)
                    try b.pngData().write(to: images.appendingPathComponent("\(base).after.png"), options: .atomic)
                }
                outcome = result.differingPixels == 0 && sizes ? .identical : .different(pixels: result.differingPixels)
                var summary = result.differingPixels == 0 ? "No pixel differs" : result.summary(threshold: diff.threshold)
                if !sizes {
                    summary += "; the size changed from \(old.0.width) × \(old.0.height) to \(new.0.width) × \(new.0.height) pixels"
                }
                entry.summary = summary + "."
                // At the padded width in points (both sides share the new version's scale).
                entry.displayWidth = Double(a.width) / Double(max(1, new.1.scale))
            } else {
                outcome = before == nil ? .added : .removed
                entry.summary = before == nil ? "New: no old version." : "Removed: no new version."
            }
            if !warnings.isEmpty {
                entry.summary = (entry.summary.map { $0 + " " } ?? "") + "Warnings: " + warnings.joined(separator: "; ") + "."
            }
            entries.append(entry)
            outcomes.append((name, outcome, warnings))
        }
        let changed = outcomes.filter { $0.1 != .identical }.count
        let intro = "<p>\(changed) of \(outcomes.count) documents changed.</p>"
        let html = ComparisonPage(title: title, beforeLabel: "before", afterLabel: "after").html(entries, intro: intro)
        try Data(html.utf8).write(to: directory.appendingPathComponent("compare.html"), options: .atomic)
        return outcomes
    }

    /// Both images on a canvas as large as the larger of each side, from the top left, transparent elsewhere.
    static func padded(_ a: RGBAImage, _ b: RGBAImage) -> (RGBAImage, RGBAImage) {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        func pad(_ image: RGBAImage) -> RGBAImage {
            guard image.width != width || image.height != height else { return image }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<image.height {
                pixels.replaceSubrange(
                    (y * width * 4)..<((y * width + image.width) * 4),
                    with: image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)])
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        return (pad(a), pad(b))
    }
}

extension ComparisonPage.Entry {
    init(name: String) {
        self.init(name: name, before: nil, after: nil, difference: nil, summary: nil, error: nil, displayWidth: nil)
    }
}
