import Foundation

/// The parts of a block of filtered rows that may hold bytes other than zero, as (start, end)
/// offsets into the block, ascending, touching ranges merged. A row filter adds ranges relative
/// to its row, whose offset in the block is `base`. Every byte outside them is zero, so the coder
/// writes those as runs without reading them.
struct DirtySpans {
    /// Two values a span.
    private(set) var values: [Int32] = []
    /// Whether spans are kept (not for the whole-image libdeflate path).
    private var keeps = true
    var base = 0

    static var discarding: DirtySpans {
        var spans = DirtySpans()
        spans.keeps = false
        return spans
    }

    /// Forgets the spans, keeping the storage.
    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        base = 0
    }

    /// Marks bytes `start..<end` of the current row as possibly non-zero.
    @inline(__always)
    mutating func add(_ start: Int, _ end: Int) {
        guard keeps else { return }
        let first = Int32(base + start), last = Int32(base + end)
        if let previous = values.last, previous == first {
            values[values.count - 1] = last
            return
        }
        values.append(first)
        values.append(last)
    }
}
