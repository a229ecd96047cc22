import Foundation

/// Premultiplied ARGB rows (Cairo's native-endian words), asked for in order from the top.
protocol PixelRows: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Row `y` and the row above it (nil for the first), valid until the next call.
    func row(_ y: Int) throws(RenderError) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?)
    /// After `row(y)`: the columns of row `y` that may differ from row `y - 1`, as (start, end)
    /// pairs, ascending and disjoint, valid until the next call; nil when any column may.
    func changedColumns(_ y: Int) -> UnsafeBufferPointer<Int32>?
}

extension PixelRows {
    func changedColumns(_ y: Int) -> UnsafeBufferPointer<Int32>? { nil }
}
