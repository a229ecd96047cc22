import Dispatch
import FeedshotLayout
import Foundation

/// One strip's rows, drawn ahead into a buffer of their own, with the row above it and each
/// row's changed columns copied in: what a thread coding it reads (a PNG segment, WebP symbols,
/// a JPEG of its own).
final class DrawnStrip: PixelRows {
    let width: Int
    let height: Int
    private let stride: Int
    private let stripRows: Int
    /// `stripRows` rows, the memory Cairo draws into. Owned; freed in `deinit`.
    let buffer: UnsafeMutablePointer<UInt8>
    /// The last row of the strip above (nil for the first strip).
    private var above: [UInt32]?
    /// Which strip it holds, and its rows.
    private(set) var index = 0
    private(set) var rows = 0..<0
    /// Every row's changed columns, one after the other; row `y`'s start at
    /// `columnStarts[y - rows.lowerBound]`. Nil when the strips report none.
    private var columns: [Int32] = []
    private var columnStarts: [Int] = []
    private var reportsChangedColumns = false

    init(width: Int, height: Int, stride: Int, stripRows: Int) {
        self.width = width
        self.height = height
        self.stride = stride
        precondition(stride >= width * 4, "a row of \(width) pixels fits in \(stride) bytes")
        buffer = .allocate(capacity: stripRows * stride)
        self.stripRows = stripRows
    }

    deinit {
        buffer.deallocate()
    }

    /// Where row `y` of the strip starts, in Cairo's memory.
    private func rowStart(_ y: Int) -> UnsafePointer<UInt32> {
        precondition(rows.contains(y) && y - rows.lowerBound < stripRows, "row \(y) is in the strip")
        return UnsafeRawPointer(buffer + (y - rows.lowerBound) * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// A copy of the strip's last row (the next strip's row above).
    func lastRow() -> [UInt32] {
        let last = Span(_unsafeStart: rowStart(rows.upperBound - 1), count: width)
        return (0..<width).map { last[$0] }
    }

    /// After drawing strip `index`: keeps the row above it (nil for the first strip) and asks
    /// `strips` for each row's changed columns, in order.
    func prepare(index: Int, rows: Range<Int>, above: [UInt32]?, columnsFrom strips: StripRows) {
        precondition(above == nil || above?.count == width, "the row above is as wide as the strip")
        self.index = index
        self.rows = rows
        self.above = above
        reportsChangedColumns = strips.reportsChangedColumns
        columns.removeAll(keepingCapacity: true)
        columnStarts.removeAll(keepingCapacity: true)
        guard reportsChangedColumns else { return }
        for y in rows {
            columnStarts.append(columns.count)
            columns.append(contentsOf: strips.changedColumns(y)!)
        }
        columnStarts.append(columns.count)
    }

    /// Runs `body` with the strip's pixels — its rows one after the other, `width` pixels each
    /// (Cairo's ARGB32 rows hold nothing past their pixels) — and the row above it (nil for the
    /// first strip).
    func withPixels<R>(_ body: (Span<UInt32>, Span<UInt32>?) -> R) -> R {
        precondition(stride == width * 4, "rows of \(width) pixels are \(stride) bytes apart")
        let pixels = Span(_unsafeStart: rowStart(rows.lowerBound), count: rows.count * width)
        guard let above else { return body(pixels, nil) }
        return body(pixels, above.span)
    }

    /// Row `y`'s changed columns as (start, end) pairs, or nil when the strips report none.
    func changedColumns(_ y: Int) -> ArraySlice<Int32>? {
        guard reportsChangedColumns else { return nil }
        let offset = y - rows.lowerBound
        return columns[columnStarts[offset]..<columnStarts[offset + 1]]
    }

    func withRow(_ y: Int, _ body: PixelRowBody) throws(RenderError) -> Bool {
        let offset = y - rows.lowerBound
        let columns = self.columns
        let changed = reportsChangedColumns ? columns.span.extracting(columnStarts[offset]..<columnStarts[offset + 1]) : nil
        let row = Span(_unsafeStart: rowStart(y), count: width)
        if y > rows.lowerBound { return try body(row, Span(_unsafeStart: rowStart(y - 1), count: width), changed) }
        let above = self.above
        return try body(row, above?.span, changed)
    }
}

/// A tall layout's strips drawn on the calling thread — Pango and Cairo stay on the thread whose
/// caches they use — into buffers of their own, and coded by whichever of up to `threads` threads
/// is free (the caller among them): the PNG's segments (`StripSegments`), WebP's symbols
/// (`LosslessWebP`), JPEG's strip files (`JPEGEncoder`). The strips, the free buffers and the
/// coded strips are behind one lock. Helpers are Dispatch blocks: one that starts after the render
/// is over does nothing, and the render waits for those that started to let go of the queue, so
/// nothing the queue holds outlives the render.
final class StripQueue<Coded: AnyObject>: @unchecked Sendable {
    /// Why a strip has no result: a refusal (a pixel the format cannot hold: the rest is not
    /// coded), or an error.
    enum Problem {
        case refused
        case failed(RenderError)
    }

    /// Codes a strip — its result, or nil when the format refuses a pixel — on any of the
    /// threads, never touching Pango or Cairo.
    typealias Coder = @Sendable (DrawnStrip) throws(RenderError) -> Coded?

    /// Every strip of `strips` drawn here and coded by `coder` on up to `threads` threads, in
    /// order; nil when a strip was refused.
    static func code(_ strips: StripRows, threads: Int, coder: @escaping Coder) throws(RenderError) -> [Coded]? {
        let count = strips.windows.count
        let queue = StripQueue(
            width: strips.width, height: strips.height, stride: strips.rowStride, stripRows: strips.stripRows, count: count,
            slots: min(count, max(1, threads) + 1), coder: coder)
        // A helper holds the queue only while it helps: one that starts after the render is over
        // does nothing, so the strip buffers never wait for a thread; and the render waits for
        // those that started to let go of the queue, so nothing it made outlives it.
        let helpers = Helpers()
        defer {
            queue.stop()
            helpers.close()
        }
        for _ in 0..<max(0, min(threads - 1, count - 1)) {
            DispatchQueue.global(qos: .userInitiated).async { [weak queue] in
                guard helpers.enter() else { return }
                defer { helpers.leave() }
                queue?.help()
            }
        }
        var lastRow: [UInt32]? = nil
        do {
            for (index, rows) in strips.windows.enumerated() {
                guard let slot = try queue.takeSlot() else { break }
                try strips.draw(strip: index, into: slot.buffer)
                slot.prepare(index: index, rows: rows, above: lastRow, columnsFrom: strips)
                lastRow = slot.lastRow()
                queue.submit(slot)
            }
        } catch {
            queue.abandon()
            throw error
        }
        return try queue.finish()
    }

    /// The helpers of one render: how many are inside (may hold the queue), and whether the
    /// render is over — a helper starting after that returns at once.
    private final class Helpers: @unchecked Sendable {
        private let condition = NSCondition()
        // Guarded by `condition`:
        private var inside = 0
        private var closed = false

        /// Whether the helper may go on (the render is not over); if so it must `leave`.
        func enter() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard !closed else { return false }
            inside += 1
            return true
        }

        /// The helper has let go of the queue.
        func leave() {
            condition.lock()
            inside -= 1
            condition.broadcast()
            condition.unlock()
        }

        /// After the queue has finished or been abandoned (its helpers are leaving): no helper
        /// enters any more; waits for those inside to leave.
        func close() {
            condition.lock()
            closed = true
            while inside > 0 { condition.wait() }
            condition.unlock()
        }
    }

    private let coder: Coder
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var free: [DrawnStrip]
    private var waiting: [DrawnStrip] = []
    private var results: [Coded?]
    private var problems: [Problem?]
    private var helpersCoding = 0
    private var drawn = false
    private var stopped = false

    private init(width: Int, height: Int, stride: Int, stripRows: Int, count: Int, slots: Int, coder: @escaping Coder) {
        self.coder = coder
        free = (0..<slots).map { _ in DrawnStrip(width: width, height: height, stride: stride, stripRows: stripRows) }
        results = Array(repeating: nil, count: count)
        problems = Array(repeating: nil, count: count)
    }

    /// A free buffer for the next strip; while none is free the caller codes a waiting strip
    /// itself. Nil once a segment has refused a pixel or failed.
    func takeSlot() throws(RenderError) -> DrawnStrip? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { return nil }
            if let slot = free.popLast() { return slot }
            if !waiting.isEmpty {
                let strip = waiting.removeFirst()
                condition.unlock()
                let outcome = code(strip)
                condition.lock()
                record(outcome, of: strip)
                continue
            }
            condition.wait()
        }
    }

    /// A drawn strip, for the next free thread.
    func submit(_ strip: DrawnStrip) {
        condition.lock()
        waiting.append(strip)
        condition.signal()
        condition.unlock()
    }

    /// A helper's loop: codes waiting strips until every strip is drawn and taken.
    func help() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { return }
            if !waiting.isEmpty {
                let strip = waiting.removeFirst()
                helpersCoding += 1
                condition.unlock()
                let outcome = code(strip)
                condition.lock()
                helpersCoding -= 1
                record(outcome, of: strip)
                continue
            }
            if drawn { return }
            condition.wait()
        }
    }

    /// The render is over, whatever happened: helpers waiting for strips return.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drawing failed: helpers stop after the strip they are coding; waits for them.
    func abandon() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while helpersCoding > 0 { condition.wait() }
        condition.unlock()
    }

    /// After the last strip is submitted: codes what still waits, waits for the helpers, and
    /// returns every strip's result in order (nil when a strip was refused).
    func finish() throws(RenderError) -> [Coded]? {
        condition.lock()
        drawn = true
        condition.broadcast()
        while !stopped, !waiting.isEmpty {
            let strip = waiting.removeFirst()
            condition.unlock()
            let outcome = code(strip)
            condition.lock()
            record(outcome, of: strip)
        }
        while helpersCoding > 0 { condition.wait() }
        let (results, problems) = (self.results, self.problems)
        condition.unlock()
        // A refusal or a failure first: the strips after it were never coded.
        for problem in problems {
            switch problem {
            case .refused: return nil
            case .failed(let error): throw error
            case nil: continue
            }
        }
        var coded: [Coded] = []
        for result in results {
            guard let result else { throw RenderError.invariant("strip \(coded.count) of \(results.count) was never coded") }
            coded.append(result)
        }
        return coded
    }

    /// Codes one strip (no lock held): its result, or why there is none.
    private func code(_ strip: DrawnStrip) -> (result: Coded?, problem: Problem?) {
        do {
            guard let result = try coder(strip) else { return (nil, .refused) }
            return (result, nil)
        } catch {
            return (nil, .failed(error))
        }
    }

    /// Stores a strip's result or problem (lock held) and frees its buffer; a problem stops the
    /// rest.
    private func record(_ outcome: (result: Coded?, problem: Problem?), of strip: DrawnStrip) {
        results[strip.index] = outcome.result
        problems[strip.index] = outcome.problem
        if outcome.problem != nil { stopped = true }
        free.append(strip)
        condition.broadcast()
    }
}
