import CPangoCairo
import FeedshotLayout

/// A layout's pixel rows for the PNG encoder, drawn a strip at a time into one small buffer.
///
/// A 50-message chat is 750 × 14,724 pixels: 44 MB, far larger than the cache, so drawing it
/// whole and then reading it back for the encoder goes to memory twice. Drawn in strips of about
/// `stripBytes`, each strip is filled, drawn on and compressed while it is still in the cache
/// (measured on the 2-core VM: drawing that chat took 13.5–14 ms whole, 6.0–7.6 ms in strips of
/// 512 to 2,048 rows). Each strip is a surface of its own rows, drawn with a whole-pixel
/// translation, so every shape is rasterized at the same place within its pixels as on a whole
/// surface and the pixels are the same; elements are drawn in each strip their area reaches.
/// Rows must be asked for in order; the last row of a strip is kept for the next strip's first.
///
/// The plan says where each element may paint (`PaintPlan`; the painter clips each element to
/// its area), so each row comes with the columns in which it can differ from the row above —
/// those of the elements painting either row; everywhere else both are the background. The
/// encoder looks only there (a chat's rows are about half background at the sides, and a sixth
/// are background all across).
final class StripRows: PixelRows {
    /// Bytes of one strip.
    static let stripBytes = 2 << 20

    let width: Int
    let height: Int
    /// Rows of the tallest strip.
    let stripRows: Int
    /// Time spent drawing strips so far.
    private(set) var drawing: Duration = .zero
    private let layout: Layout
    private let painter: Painter
    /// Extents and text layouts, found once for all strips.
    private let plan: PaintPlan
    private let stride: Int
    /// One strip's pixels, the memory Cairo draws into. Owned; freed in `deinit`.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// The last row of the previous strip.
    private var previousRow: [UInt32]

    /// The strips: consecutive row ranges covering the image.
    let windows: [Range<Int>]
    /// Each element's device pixels, ordered by top row (`PaintPlan`).
    private let areas: [PixelArea]
    /// The next of `areas` not yet reached, and those reaching the current row or the one above.
    private var nextArea = 0
    private var activeAreas: [Int] = []
    /// `changedColumns` of the current row (two values per range, at most one range per area),
    /// and the row it was made for.
    private var columns: [Int32] = []
    private var columnsRow = -1

    /// Whether rows come with their changed columns (off: the encoder compares whole rows — the
    /// plain twin tests compare the fast path with).
    let reportsChangedColumns: Bool

    init(_ layout: Layout, painter: Painter, stripRows: Int? = nil, reportsChangedColumns: Bool = true) throws(RenderError) {
        self.reportsChangedColumns = reportsChangedColumns
        self.layout = layout
        self.painter = painter
        width = layout.pixelWidth
        height = layout.pixelHeight
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0 else { throw RenderError.cairo("no surface can be \(width) pixels wide") }
        plan = try PaintPlan(layout, painter: painter)
        windows = StripRows.windows(height: height, rows: max(1, stripRows ?? StripRows.stripBytes / stride))
        self.stripRows = windows.map(\.count).max() ?? 1
        buffer = .allocate(capacity: self.stripRows * stride)
        previousRow = [UInt32](repeating: 0, count: width)
        areas = plan.elements.map(\.area).filter { !$0.isEmpty }.sorted { $0.top < $1.top }
    }

    /// The columns of row `y` that may differ from row `y - 1`: those of every element painting
    /// either row, merged. Rows must be asked for in order.
    func changedColumns(_ y: Int) -> [Int32]? {
        guard reportsChangedColumns else { return nil }
        precondition(y >= columnsRow, "changed columns are asked for in order")
        if y != columnsRow {
            // An area paints rows top..<bottom, so it can make rows top...bottom differ from the one above.
            var changed = false
            while nextArea < areas.count && areas[nextArea].top <= y {
                activeAreas.append(nextArea)
                nextArea += 1
                changed = true
            }
            let before = activeAreas.count
            activeAreas.removeAll { areas[$0].bottom < y }
            changed = changed || activeAreas.count != before || columnsRow < 0
            columnsRow = y
            if changed { columns = StripRows.merged(activeAreas.map { areas[$0].left..<areas[$0].right }) }
        }
        return columns
    }

    /// `ranges` as (start, end) pairs, ascending, overlapping and touching ones joined.
    static func merged(_ ranges: [Range<Int>]) -> [Int32] {
        var pairs: [Int32] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let end = pairs.last, Int(end) >= range.lowerBound {
                pairs[pairs.count - 1] = max(end, Int32(range.upperBound))
            } else {
                pairs += [Int32(range.lowerBound), Int32(range.upperBound)]
            }
        }
        return pairs
    }

    /// Strips of `rows` rows from the top (the last one shorter).
    static func windows(height: Int, rows: Int) -> [Range<Int>] {
        Swift.stride(from: 0, to: height, by: rows).map { $0..<min(height, $0 + rows) }
    }

    deinit {
        buffer.deallocate()
    }

    /// The strip now drawn: an index into `windows`; -1 before the first.
    private var current = -1

    private func rowPointer(_ y: Int) -> UnsafePointer<UInt32> {
        precondition(windows[current].contains(y), "row \(y) is in the strip drawn")
        return UnsafeRawPointer(buffer + (y - windows[current].lowerBound) * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Bytes between rows of a strip.
    var rowStride: Int { stride }

    /// Draws strip `index` of `windows` into `target` (`stripRows` rows of `rowStride` bytes),
    /// adding the time to `drawing`. Strips may be drawn into buffers of their own, in order,
    /// while other threads read earlier ones (`StripSegments`).
    func draw(strip index: Int, into target: UnsafeMutablePointer<UInt8>) throws(RenderError) {
        let clock = ContinuousClock()
        let start = clock.now
        let surface = try CairoSurface(width: width, height: windows[index].count, buffer: target, stride: stride)
        try painter.draw(layout, rows: windows[index], into: surface, plan: plan)
        cairo_surface_flush(surface.pointer)
        drawing += clock.now - start
    }

    /// Draws strip `index` into the strips' own buffer and runs `body` with its pixels, its rows
    /// one after the other (Cairo's ARGB32 rows hold nothing past their pixels). Not for strips
    /// read with `withRow`, which keeps its own place in the buffer.
    func withDrawnStrip<R>(_ index: Int, _ body: (Span<UInt32>) -> R) throws(RenderError) -> R {
        precondition(stride == width * 4, "rows of \(width) pixels are \(stride) bytes apart")
        try draw(strip: index, into: buffer)
        let pixels = Span(_unsafeStart: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt32.self), count: windows[index].count * width)
        return body(pixels)
    }

    func withRow(_ y: Int, _ body: PixelRowBody) throws(RenderError) -> Bool {
        if current < 0 || y >= windows[current].upperBound {
            precondition(y == (current < 0 ? 0 : windows[current].upperBound), "strip rows are read in order")
            if current >= 0 {
                let last = Span(_unsafeStart: rowPointer(y - 1), count: width)
                for x in 0..<width { previousRow[x] = last[x] }
            }
            current += 1
            try draw(strip: current, into: buffer)
        }
        let row = Span(_unsafeStart: rowPointer(y), count: width)
        let columns = changedColumns(y)
        if y == 0 { return try body(row, nil, columns?.span) }
        if y == windows[current].lowerBound {
            let previous = previousRow
            return try body(row, previous.span, columns?.span)
        }
        return try body(row, Span(_unsafeStart: rowPointer(y - 1), count: width), columns?.span)
    }
}
