import Foundation

/// The parts of a block of filtered rows that may hold bytes other than zero, as (start, end)
/// offsets into the block, ascending, touching ranges merged. A row filter adds ranges relative
/// to its row, whose offset in the block is `base`. Every byte outside them is zero, so the coder
/// writes those as runs without reading them. The storage belongs to the caller.
struct DirtySpans {
    /// Nil when spans are not wanted (the whole-image libdeflate path).
    let storage: UnsafeMutablePointer<Int32>?
    let capacity: Int
    /// Values stored: two per span.
    private(set) var count = 0
    var base = 0

    init(storage: UnsafeMutablePointer<Int32>?, capacity: Int) {
        self.storage = storage
        self.capacity = capacity
    }

    static var discarding: DirtySpans { DirtySpans(storage: nil, capacity: 0) }

    /// The most values one row can add: its filter byte and a span per two pixels (an RGB row's
    /// spans are a pixel long at least and a pixel apart at least; an RGBA row is one span).
    static func maximumValues(rowBytes: Int) -> Int { 2 * (rowBytes / 6 + 3) }

    /// Marks bytes `start..<end` of the current row as possibly non-zero.
    @inline(__always)
    mutating func add(_ start: Int, _ end: Int) {
        guard let storage else { return }
        let first = Int32(base + start), last = Int32(base + end)
        if count > 0 && storage[count - 1] == first {
            storage[count - 1] = last
            return
        }
        precondition(count + 2 <= capacity, "more dirty spans than a row can have")
        storage[count] = first
        storage[count + 1] = last
        count += 2
    }
}
