import FeedshotRender
import Foundation

extension Diffing {
    /// PNGs compared pixel by pixel (`ImageDiff`): a mismatch when more pixels differ than
    /// `tolerance` allows, or the sizes differ; identical bytes skip decoding. Images of two sizes
    /// are compared on a canvas of both from the top left, as `feedshot compare` shows them, for
    /// the difference image (the uncovered part of the canvas differs).
    public static func image(tolerance: SnapshotTolerance) -> Diffing {
        Diffing { reference, actual in
            if reference == actual { return nil }
            let diff = ImageDiff(threshold: tolerance.threshold, includeAntiAliasing: tolerance.includeAntiAliasing)
            let old: RGBAImage, new: RGBAImage
            do {
                (old, new) = (try RGBAImage(png: reference), try RGBAImage(png: actual))
            } catch {
                return SnapshotMismatch(summary: "it could not be compared: \(error)")
            }
            guard old.width == new.width, old.height == new.height else {
                let (a, b) = ComparisonReport.padded(old, new)
                let result = try? diff.compare(a, b)
                let canvas = result.map { "; on a canvas of both, from the top left, \($0.summary(threshold: tolerance.threshold))" } ?? ""
                return SnapshotMismatch(
                    summary:
                        "the images differ in size: the reference is \(old.width) × \(old.height) pixels, the new image \(new.width) × \(new.height)\(canvas)",
                    difference: try? result?.diffImage.pngData())
            }
            // Of one size, the comparison cannot fail.
            guard let result = try? diff.compare(old, new) else { return SnapshotMismatch(summary: "it could not be compared") }
            if tolerance.accepts(result) { return nil }
            return SnapshotMismatch(
                summary:
                    "\(result.summary(threshold: tolerance.threshold)), more than the \(tolerance.allowedDescription(total: result.totalPixels)) allowed",
                difference: try? result.diffImage.pngData())
        }
    }

    /// UTF-8 text compared line by line (`LineDiff`): the mismatch counts the lines removed and
    /// added and quotes the first change; the difference file is the `diff -u` listing of the
    /// reference against the new text.
    public static var lines: Diffing {
        Diffing { reference, actual in
            if reference == actual { return nil }
            let old = LineDiff.lines(of: String(decoding: reference, as: UTF8.self))
            let new = LineDiff.lines(of: String(decoding: actual, as: UTF8.self))
            let diff = LineDiff(old: old.lines, new: new.lines)
            guard let first = diff.edits.firstIndex(where: { $0 != .same($0.line) }) else {
                let summary =
                    old.endsWithLineFeed == new.endsWithLineFeed
                    ? "the lines are the same but the bytes are not (bytes that are not UTF-8 read alike)"
                    : old.endsWithLineFeed
                        ? "the lines are the same, but the new text does not end with a line feed as the reference does"
                        : "the lines are the same, but the new text ends with a line feed and the reference does not"
                return SnapshotMismatch(summary: summary)
            }
            let change = diff.edits[first...].prefix { $0 != .same($0.line) }
            let line = diff.edits[..<first].count { if case .added = $0 { false } else { true } } + 1
            func quoted(_ edit: LineDiff.Edit?) -> String {
                guard let text = edit?.line else { return "nothing" }
                return text.count > 200 ? "\"\(text.prefix(200))…\" (\(text.count) characters)" : "\"\(text)\""
            }
            func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
            let was = change.first { if case .removed = $0 { true } else { false } }
            let now = change.first { if case .added = $0 { true } else { false } }
            return SnapshotMismatch(
                summary:
                    "\(lines(diff.removedCount)) removed and \(diff.addedCount) added (\(lines(old.lines.count)) in the reference, \(new.lines.count) in the new text); line \(line) was \(quoted(was)), is \(quoted(now))",
                difference: Data(diff.unified(reference: "reference", new: "new").utf8), differenceExtension: "diff")
        }
    }
}
