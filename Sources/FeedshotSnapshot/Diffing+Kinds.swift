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
                // The canvas of both, unless it is far larger than either (a tall image against
                // a wide one): then no difference image, and no gigabytes for it.
                let canvasPixels = max(old.width, new.width) * max(old.height, new.height)
                let fits = canvasPixels <= 2 * max(old.width * old.height, new.width * new.height)
                let result =
                    fits
                    ? try? { () throws(ImageDiff.Failure) -> ImageDiff.Result in
                        let (a, b) = ComparisonReport.padded(old, new)
                        return try diff.compare(a, b)
                    }() : nil
                let canvas =
                    result.map { "; on a canvas of both, from the top left, \($0.summary(threshold: tolerance.threshold))" }
                    ?? "; no difference image (a canvas of both would be \(canvasPixels) pixels)"
                return SnapshotMismatch(
                    summary:
                        "the images differ in size: the reference is \(old.width) × \(old.height) pixels, the new image \(new.width) × \(new.height)\(canvas)",
                    difference: try? result?.diffImage.pngData(), firstDifferingRow: result?.firstDifferingRow)
            }
            // Of one size, the comparison cannot fail.
            guard let result = try? diff.compare(old, new) else { return SnapshotMismatch(summary: "it could not be compared") }
            if tolerance.accepts(result) { return nil }
            return SnapshotMismatch(
                summary:
                    "\(result.summary(threshold: tolerance.threshold)), more than the \(tolerance.allowedDescription(total: result.totalPixels)) allowed",
                difference: try? result.diffImage.pngData(), firstDifferingRow: result.firstDifferingRow)
        }
    }

    /// UTF-8 text compared line by line (`LineDiff`, byte for byte): the mismatch counts the lines
    /// removed and added and quotes the first change; the difference file is the `diff -u`
    /// listing of the reference against the new text.
    public static var lines: Diffing {
        Diffing { reference, actual in
            if reference == actual { return nil }
            let old = LineDiff.lines(of: reference), new = LineDiff.lines(of: actual)
            let diff = LineDiff(old: old, new: new)
            let listing = Data(diff.unified(reference: "reference", new: "new").utf8)
            if old.map(\.bytes) == new.map(\.bytes) {
                let summary =
                    old.last?.isUnterminated == true
                    ? "the lines are the same, but the reference does not end with a line feed and the new text does"
                    : "the lines are the same, but the new text does not end with a line feed as the reference does"
                return SnapshotMismatch(summary: summary, difference: listing, differenceExtension: "diff")
            }
            let first = diff.edits.firstIndex { !$0.isSame } ?? 0
            let change = diff.edits[first...].prefix { !$0.isSame }
            let line = diff.edits[..<first].count { if case .added = $0 { false } else { true } } + 1
            func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
            let was = change.first { if case .removed = $0 { true } else { false } }
            let now = change.first { if case .added = $0 { true } else { false } }
            return SnapshotMismatch(
                summary:
                    "\(lines(diff.removedCount)) removed and \(diff.addedCount) added (\(lines(old.count)) in the reference, \(new.count) in the new text); line \(line) was \(quoted(was?.line)), is \(quoted(now?.line))",
                difference: listing, differenceExtension: "diff")
        }
    }

    /// A line for a one-line message: quoted, its control characters escaped ("\r", "\u{1B}"),
    /// the first 200 characters of a longer one; "nothing" for none.
    static func quoted(_ line: LineDiff.Line?) -> String {
        guard let text = line?.text else { return "nothing" }
        let escaped = text.prefix(200).unicodeScalars.map { scalar in
            switch scalar {
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: String(scalar)
            }
        }.joined()
        return text.count > 200 ? "\"\(escaped)…\" (\(text.count) characters)" : "\"\(escaped)\""
    }
}
