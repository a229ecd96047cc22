/// The tap boxes of one range of a text (a link, a mention, a detected range), bounded by what
/// they carry: each box is an action of its own in the layout tree and repeats the range's
/// arguments — a link's URL, a match's text — so a range of n bytes over n / k lines made
/// n² / k bytes of layout: a 25,000-character match at a bubble's width 24 MB of JSON, and one of
/// the 100,000 characters a text may hold by default several hundred.
enum TapBoxes {
    /// The most bytes of arguments one range's boxes carry between them before its middle lines
    /// share one box (a 1,000-character URL may keep a box a line over 64 lines).
    static let argumentBudget = 64 * 1024

    /// `boxes` (a range's, one a line or bidirectional piece, first line first, as
    /// `TextBlock.fragments` gives them) as they are, or — where they would carry more than
    /// `argumentBudget` bytes of `argumentBytes` each — the first line's, one box around all the
    /// lines between, and the last line's: at most a few boxes, whatever the range's length. The
    /// box around the middle lines also covers the ends of those shorter than the longest, where
    /// the kits' labels find no character under a touch.
    static func bounded(_ boxes: [Rect], argumentBytes: Int) -> [Rect] {
        guard boxes.count > 2, boxes.count * argumentBytes > argumentBudget,
            let firstTop = boxes.first?.minY, let lastTop = boxes.last?.minY
        else { return boxes }
        let first = boxes.prefix { $0.minY == firstTop }
        let last = boxes.suffix(from: boxes.lastIndex { $0.minY != lastTop }.map { $0 + 1 } ?? 0)
        guard first.endIndex < last.startIndex else { return boxes }
        let middle = boxes[first.endIndex..<last.startIndex]
        let left = middle.map(\.minX).min() ?? 0, right = middle.map(\.maxX).max() ?? 0
        let top = middle.map(\.minY).min() ?? 0, bottom = middle.map(\.maxY).max() ?? 0
        return Array(first) + [Rect(x: left, y: top, width: right - left, height: bottom - top)] + Array(last)
    }

    /// The bytes `arguments` carry: what each of a range's boxes repeats in the layout tree.
    static func bytes(of arguments: [String: String]) -> Int {
        arguments.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }
}
