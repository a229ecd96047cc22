import Foundation

/// One row of premultiplied ARGB words (Cairo's native-endian), the row above it (nil for the
/// first), and the columns of the row that may differ from the one above, as (start, end) pairs,
/// ascending and disjoint (nil when any column may).
typealias PixelRowBody = (_ row: Span<UInt32>, _ above: Span<UInt32>?, _ changedColumns: Span<Int32>?) throws(RenderError) -> Bool

/// Premultiplied ARGB rows, asked for in order from the top. The memory is Cairo's (a surface,
/// or a strip drawn into a buffer of our own): each source turns it into spans at that boundary,
/// and the encoder reads only the spans.
protocol PixelRows: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Runs `body` with row `y`, the row above it and the row's changed columns; its result.
    func withRow(_ y: Int, _ body: PixelRowBody) throws(RenderError) -> Bool
}
