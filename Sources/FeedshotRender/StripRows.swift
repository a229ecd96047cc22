import CPangoCairo
import FeedshotLayout
import Foundation // TEMP

/// A layout's pixel rows for the PNG encoder, drawn a strip at a time into one small buffer.
///
/// A 50-message chat is 750 × 14,724 pixels: 44 MB, far larger than the cache, so drawing it
/// whole and then reading it back for the encoder goes to memory twice. Drawn in strips of about
/// `stripBytes`, each strip is filled, drawn on and compressed while it is still in the cache
/// (measured on the 2-core VM: drawing that chat took 13.5–14 ms whole, 6.0–7.6 ms in strips of
/// 512 to 2,048 rows). Each strip is a window of the whole image (`CairoSurface(window:…)`),
/// clipped to its rows, so every shape is rasterized in the same coordinates as on a whole
/// surface and the pixels are the same; elements are drawn in each strip their extent reaches.
/// Rows must be asked for in order; the last row of a strip is kept for the next strip's first.
final class StripRows: PixelRows {
    /// Bytes of one strip.
    static let stripBytes = Int(ProcessInfo.processInfo.environment["STRIP"] ?? "") ?? (2 << 20) // TEMP

    let width: Int
    let height: Int
    /// Rows per strip (the last strip may be shorter).
    let stripRows: Int
    /// Time spent drawing strips so far.
    private(set) var drawing: Duration = .zero
    private let layout: Layout
    private let painter: Painter
    private let extents: [[ClosedRange<Double>]]
    private let stride: Int
    /// One strip's pixels. Owned; freed in `deinit`.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// The first row of the strip now drawn; -1 before the first.
    private var top = -1
    /// The last row of the previous strip. Owned; freed in `deinit`.
    private let previousRow: UnsafeMutablePointer<UInt32>

    init(_ layout: Layout, painter: Painter, stripRows: Int? = nil) throws(RenderError) {
        self.layout = layout
        self.painter = painter
        width = layout.pixelWidth
        height = layout.pixelHeight
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0 else { throw RenderError.cairo("no surface can be \(width) pixels wide") }
        self.stripRows = min(height, max(1, stripRows ?? StripRows.stripBytes / stride))
        extents = painter.extents(of: layout)
        buffer = .allocate(capacity: self.stripRows * stride)
        previousRow = .allocate(capacity: width)
    }

    deinit {
        buffer.deallocate()
        previousRow.deallocate()
    }

    private func rowPointer(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(buffer + (y - top) * stride).assumingMemoryBound(to: UInt32.self)
    }

    func row(_ y: Int) throws(RenderError) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?) {
        if top < 0 || y >= top + stripRows {
            let next = top < 0 ? 0 : top + stripRows
            precondition(y == next, "strip rows are read in order")
            if top >= 0 { previousRow.update(from: rowPointer(y - 1), count: width) }
            top = next
            let clock = ContinuousClock()
            let start = clock.now
            let window = top..<min(height, top + stripRows)
            let surface = try CairoSurface(window: window, of: height, width: width, buffer: buffer, stride: stride)
            try painter.draw(layout, rows: window, into: surface, extents: extents)
            cairo_surface_flush(surface.pointer)
            drawing += clock.now - start
        }
        let row = rowPointer(y)
        return (UnsafePointer(row), y == 0 ? nil : y == top ? UnsafePointer(previousRow) : UnsafePointer(row - stride / 4))
    }
}
