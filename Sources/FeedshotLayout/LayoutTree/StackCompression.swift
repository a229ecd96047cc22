/// How Feedshot shares out a stack's width where its views do not fit: UIKit compresses views of
/// equal compression resistance in an order its solver leaves open; Feedshot cuts the longest
/// first, so no view is cut further than it must be (the comment action row's titles).
enum StackCompression {
    /// The widest each view may be for all of them to fit in `room` points: their natural
    /// `widths` where they fit, else the longest cut down first — to the next longest, then
    /// together — until they do (none below 0).
    static func widths(_ widths: [Double], room: Double) -> [Double] {
        guard widths.reduce(0, +) > room else { return widths }
        // The level every view above it is cut to: the sum of min(width, level) is `room`.
        let sorted = widths.sorted(by: >)
        var rest = sorted.reduce(0, +)
        var level = 0.0
        for (index, width) in sorted.enumerated() {
            rest -= width
            // Views 0...index at `level`, the rest whole.
            let candidate = (room - rest) / Double(index + 1)
            if candidate >= (index + 1 < sorted.count ? sorted[index + 1] : 0) {
                level = max(0, candidate)
                break
            }
        }
        return widths.map { min($0, level) }
    }
}
