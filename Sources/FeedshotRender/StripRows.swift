import CPangoCairo
import FeedshotLayout
import Foundation

/// A layout's pixel rows for the PNG encoder, drawn a strip at a time into one small surface.
///
/// A 50-message chat is 750 × 14,724 pixels: 44 MB, far larger than the cache, so drawing it
/// whole and then reading it back for the encoder goes to memory twice. Drawn in strips of about
/// `stripBytes`, each strip is filled, drawn on and compressed while it is still in the cache
/// (measured on the 2-core VM: drawing that chat took 13.5–14 ms whole, 6.0–7.6 ms in strips of
/// 512 to 2,048 rows). Elements are drawn in each strip their extent reaches; Cairo clips the rest.
/// Rows must be asked for in order; the last row of a strip is kept for the next strip's first.
final class StripRows: PixelRows {
    /// Bytes of one strip.
    static let stripBytes = Int(ProcessInfo.processInfo.environment["STRIP"] ?? "") ?? (2 << 20)

    let width: Int
    let height: Int
    /// Rows per strip (the last strip may be partly unused).
    let stripRows: Int
    /// Time spent drawing strips so far.
    private(set) var drawing: Duration = .zero
    private let layout: Layout
    private let painter: Painter
    private let extents: [[ClosedRange<Double>]]
    private let strip: CairoSurface
    /// The first row of the strip now drawn; -1 before the first.
    private var top = -1
    /// The last row of the previous strip. Owned; freed in `deinit`.
    private let previousRow: UnsafeMutablePointer<UInt32>

    init(_ layout: Layout, painter: Painter, stripRows: Int? = nil) throws(RenderError) {
        self.layout = layout
        self.painter = painter
        width = layout.pixelWidth
        height = layout.pixelHeight
        self.stripRows = min(height, max(1, stripRows ?? StripRows.stripBytes / max(1, width * 4)))
        strip = try CairoSurface(width: width, height: self.stripRows)
        extents = painter.extents(of: layout)
        previousRow = .allocate(capacity: width)
    }

    deinit { previousRow.deallocate() }

    func row(_ y: Int) throws(RenderError) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?) {
        if top < 0 || y >= top + stripRows {
            let next = top < 0 ? 0 : top + stripRows
            precondition(y == next, "strip rows are read in order")
            if top >= 0 {
                strip.withPixels { data, stride in
                    previousRow.update(from: UnsafeRawPointer(data + (stripRows - 1) * stride).assumingMemoryBound(to: UInt32.self), count: width)
                }
            }
            top = next
            let clock = ContinuousClock()
            let start = clock.now
            try painter.draw(layout, rowsFrom: top, into: strip, extents: extents)
            drawing += clock.now - start
        }
        return strip.withPixels { data, stride in
            let row = UnsafeRawPointer(data + (y - top) * stride).assumingMemoryBound(to: UInt32.self)
            let above = y == 0 ? nil : y == top ? UnsafePointer(previousRow) : row - stride / 4
            return (row, above)
        }
    }
}
