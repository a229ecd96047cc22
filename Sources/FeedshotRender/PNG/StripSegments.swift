import Dispatch
import FeedshotLayout
import Foundation

/// A tall layout drawn and compressed on several threads, pigz-style (docs/ARCHITECTURE.md, "PNG
/// encoding"): the calling thread draws the strips in order — Pango and Cairo stay on the thread
/// whose caches they use — into buffers of their own, and whichever of up to `threads` threads is
/// free (the caller among them) filters and compresses each drawn strip as one segment of the zlib
/// stream (`PNGEncoder.fastSegment`). A segment is coded from its own rows alone and ends on a
/// byte boundary, and the segments are those `PNGEncoder.segments` gives whatever the thread
/// count, so the file is byte for byte the one a single thread writes. The helpers run on
/// Dispatch's global pool and touch only pixel buffers, never Pango or Cairo.
enum StripSegments {
    /// The layout as an opaque PNG, or nil when a pixel is translucent (the caller writes RGBA).
    /// Only for `PNGEncoder.defaultLevel` and images of more than one strip.
    static func encode(_ strips: StripRows, threads: Int) throws(RenderError) -> Data? {
        let segments = strips.windows
        precondition(segments == PNGEncoder.segments(height: strips.height, width: strips.width), "strips are the PNG's segments")
        let queue = SegmentQueue(
            width: strips.width, height: strips.height, stride: strips.rowStride, stripRows: strips.stripRows, segments: segments,
            slots: min(segments.count, threads + 1))
        for _ in 0..<min(threads - 1, segments.count - 1) {
            DispatchQueue.global(qos: .userInitiated).async { queue.help() }
        }
        var lastRow: [UInt32]? = nil
        do {
            for index in segments.indices {
                guard let slot = try queue.takeSlot() else { break }
                try strips.draw(strip: index, into: slot.buffer)
                slot.prepare(index: index, rows: segments[index], above: lastRow, columnsFrom: strips)
                lastRow = slot.lastRow()
                queue.submit(slot)
            }
        } catch {
            queue.abandon()
            throw error
        }
        return try queue.finish()
    }
}

/// One strip's rows, drawn ahead into a buffer of their own, with the row above it and each
/// row's changed columns copied in: what a thread compressing it as a segment reads.
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

/// The strips drawn and waiting, the free buffers, and the coded segments, behind one lock.
/// Holds only pixels and bytes, so helpers may outlive the render that made it.
final class SegmentQueue: @unchecked Sendable {
    private enum Outcome {
        case coded(ByteBuffer, adler: UInt32)
        case refused
        case failed(RenderError)
    }

    private let width: Int
    private let height: Int
    private let segments: [Range<Int>]
    private let rowBytes: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var free: [DrawnStrip]
    private var waiting: [DrawnStrip] = []
    private var outcomes: [Outcome?]
    private var helpersCoding = 0
    private var drawn = false
    private var stopped = false

    init(width: Int, height: Int, stride: Int, stripRows: Int, segments: [Range<Int>], slots: Int) {
        self.width = width
        self.height = height
        self.segments = segments
        rowBytes = width * 3 + 1
        free = (0..<slots).map { _ in DrawnStrip(width: width, height: height, stride: stride, stripRows: stripRows) }
        outcomes = Array(repeating: nil, count: segments.count)
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

    /// Drawing failed: helpers stop after the strip they are coding; waits for them.
    func abandon() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while helpersCoding > 0 { condition.wait() }
        condition.unlock()
    }

    /// After the last strip is submitted: codes what still waits, waits for the helpers, and
    /// joins the segments into the PNG (nil when a pixel was translucent).
    func finish() throws(RenderError) -> Data? {
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
        let outcomes = self.outcomes
        condition.unlock()
        // A refusal or a failure first: the strips after it were never coded.
        for outcome in outcomes {
            switch outcome {
            case .refused: return nil
            case .failed(let error): throw error
            case .coded, nil: continue
            }
        }
        var parts: [(bytes: ByteBuffer, adler: UInt32, rows: Int)] = []
        for (outcome, rows) in zip(outcomes, segments) {
            guard case .coded(let bytes, let adler) = outcome else {
                throw RenderError.invariant("strip \(parts.count) of the PNG was never compressed")
            }
            parts.append((bytes, adler, rows.count))
        }
        return PNGEncoder.assemble(width: width, height: height, channels: 3, segments: parts)
    }

    /// Codes one strip as its segment (no lock held).
    private func code(_ strip: DrawnStrip) -> Outcome {
        let range = segments[strip.index]
        let out = ByteBuffer(capacity: rowBytes * range.count / 16 + 1024)
        do {
            guard
                let adler = try PNGEncoder.fastSegment(
                    range, isLast: range.upperBound == height, rowBytes: rowBytes, channels: 3, rows: PNGEncoder.opaqueRows(strip),
                    into: out)
            else { return .refused }
            return .coded(out, adler: adler)
        } catch {
            return .failed(error)
        }
    }

    /// Stores a strip's outcome (lock held) and frees its buffer; a refusal or failure stops the rest.
    private func record(_ outcome: Outcome, of strip: DrawnStrip) {
        outcomes[strip.index] = outcome
        if case .coded = outcome {} else { stopped = true }
        free.append(strip)
        condition.broadcast()
    }
}
