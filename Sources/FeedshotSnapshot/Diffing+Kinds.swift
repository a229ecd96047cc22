import FeedshotRender
import Foundation

extension Diffing {
    /// PNGs compared pixel by pixel (`ImageDiff`): a mismatch when more pixels differ than
    /// `tolerance` allows, or the sizes differ; identical bytes skip decoding.
    public static func image(tolerance: SnapshotTolerance) -> Diffing {
        Diffing { reference, actual in
            if reference == actual { return nil }
            do {
                let result = try ImageDiff(threshold: tolerance.threshold, includeAntiAliasing: tolerance.includeAntiAliasing).compare(
                    RGBAImage(png: reference), RGBAImage(png: actual))
                if tolerance.accepts(result) { return nil }
                return SnapshotMismatch(
                    summary:
                        "\(result.summary(threshold: tolerance.threshold)), more than the \(tolerance.allowedDescription(total: result.totalPixels)) allowed",
                    difference: try? result.diffImage.pngData())
            } catch let error as ImageDiff.Failure {
                return SnapshotMismatch(summary: error.description)
            } catch {
                return SnapshotMismatch(summary: "it could not be compared: \(error)")
            }
        }
    }

    /// UTF-8 text compared line by line: the mismatch names the first line that differs, both
    /// versions, and how many lines differ; the difference file is a unified-style listing.
    public static var lines: Diffing {
        Diffing { reference, actual in
            if reference == actual { return nil }
            let old = String(decoding: reference, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let new = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var listing = ""
            var differing = 0
            var first: Int?
            for index in 0..<max(old.count, new.count) {
                let a = index < old.count ? String(old[index]) : nil
                let b = index < new.count ? String(new[index]) : nil
                if a == b {
                    listing += "  \(a ?? "")\n"
                    continue
                }
                differing += 1
                first = first ?? index
                if let a { listing += "- \(a)\n" }
                if let b { listing += "+ \(b)\n" }
            }
            guard let first else { return nil }
            func quoted(_ lines: [Substring]) -> String { first < lines.count ? "\"\(lines[first])\"" : "nothing" }
            return SnapshotMismatch(
                summary:
                    "\(differing) of \(max(old.count, new.count)) lines differ; line \(first + 1) was \(quoted(old)), is \(quoted(new))",
                difference: Data(listing.utf8), differenceExtension: "diff")
        }
    }
}
