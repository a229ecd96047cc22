import CPangoCairo
import Foundation

/// Pixel memory for large canvases, kept after a render for the next one.
///
/// A 750 × 14,724 chat canvas is 44 MB: more than glibc's largest mmap threshold (32 MiB), so
/// malloc maps fresh pages for every render and unmaps them after, and the first paint pays a
/// page fault and a kernel clear per 4 KiB (measured on the 2-core VM: 28 ms for the first paint
/// of a fresh 44 MB surface, 3.2 ms for the same paint on memory touched before; unmapping 3.6 ms).
/// Canvases of at least `minimumBytes` take their memory from here; when Cairo finalizes the
/// surface the memory comes back (through the surface's user data, so a surface still referenced
/// elsewhere keeps its pixels). Bounded: at most `maximumCount` buffers and `maximumBytes` kept;
/// beyond that the oldest are freed.
final class CanvasMemory: @unchecked Sendable {
    static let shared = CanvasMemory(
        minimumBytes: 8 << 20, maximumCount: max(2, ProcessInfo.processInfo.activeProcessorCount), maximumBytes: 512 << 20)

    /// Smaller canvases are recycled well by malloc itself.
    let minimumBytes: Int
    let maximumCount: Int
    let maximumBytes: Int

    private let lock = NSLock()
    /// Free buffers, oldest first. Owned: each is freed here or handed to exactly one surface.
    private var free: [Buffer] = []

    struct Buffer {
        var pointer: UnsafeMutableRawPointer
        var bytes: Int
    }

    init(minimumBytes: Int, maximumCount: Int, maximumBytes: Int) {
        self.minimumBytes = minimumBytes
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    deinit {
        for buffer in free { Foundation.free(buffer.pointer) }
    }

    /// Bytes and buffers kept for reuse now.
    var kept: (count: Int, bytes: Int) {
        lock.withLock { (free.count, free.reduce(0) { $0 + $1.bytes }) }
    }

    /// A buffer of at least `bytes`: the smallest kept one that fits and is at most twice as
    /// large (a small canvas should not hold a huge buffer), else a new one. Contents undefined.
    func take(bytes: Int) -> Buffer? {
        let reused: Buffer? = lock.withLock {
            var best: Int?
            for (index, buffer) in free.enumerated() where buffer.bytes >= bytes && buffer.bytes <= 2 * bytes {
                if best.map({ buffer.bytes < free[$0].bytes }) ?? true { best = index }
            }
            return best.map { free.remove(at: $0) }
        }
        if let reused { return reused }
        guard let pointer = malloc(bytes) else { return nil }
        return Buffer(pointer: pointer, bytes: bytes)
    }

    /// Keeps `buffer` for a later canvas, freeing the oldest kept ones beyond the bounds.
    func give(_ buffer: Buffer) {
        var dropped: [Buffer] = []
        lock.withLock {
            free.append(buffer)
            var total = free.reduce(0) { $0 + $1.bytes }
            while free.count > maximumCount || total > maximumBytes {
                let oldest = free.removeFirst()
                total -= oldest.bytes
                dropped.append(oldest)
            }
        }
        for buffer in dropped { Foundation.free(buffer.pointer) }
    }

    /// Frees every kept buffer.
    func drain() {
        let dropped = lock.withLock {
            defer { free.removeAll() }
            return free
        }
        for buffer in dropped { Foundation.free(buffer.pointer) }
    }

    /// An ARGB32 image surface of `width` × `height` whose pixels come from this pool (when large
    /// enough to be worth it) and go back to it when Cairo finalizes the surface. Its pixels are
    /// undefined: paint every pixel (with `CAIRO_OPERATOR_SOURCE`) before drawing over them.
    /// Nil when the canvas is small; the caller then makes an ordinary surface.
    func surface(width: Int, height: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, height > 0, stride * height >= minimumBytes, let buffer = take(bytes: stride * height) else { return nil }
        let surface = cairo_image_surface_create_for_data(
            buffer.pointer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        let ticket = Unmanaged.passRetained(ReturnTicket(buffer: buffer, pool: self)).toOpaque()
        let attached =
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            && cairo_surface_set_user_data(surface, &CanvasMemory.ticketKey, ticket) { ticket in
                Unmanaged<ReturnTicket>.fromOpaque(ticket!).takeRetainedValue().giveBack()
            } == CAIRO_STATUS_SUCCESS
        guard attached else {
            cairo_surface_destroy(surface)
            Unmanaged<ReturnTicket>.fromOpaque(ticket).release()
            give(buffer)
            return nil
        }
        return surface
    }

    /// Identifies the user data that returns a surface's pixels.
    nonisolated(unsafe) private static var ticketKey = cairo_user_data_key_t()

    /// What a surface carries to give its pixels back when Cairo finalizes it.
    private final class ReturnTicket {
        let buffer: Buffer
        let pool: CanvasMemory
        init(buffer: Buffer, pool: CanvasMemory) {
            self.buffer = buffer
            self.pool = pool
        }
        func giveBack() { pool.give(buffer) }
    }
}
