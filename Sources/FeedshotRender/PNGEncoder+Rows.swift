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

    /// The most values one row can add: its filter byte and every other pixel (a span per
    /// changed pixel of an RGB row, merged when they touch; an RGBA row is one span).
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

/// Premultiplied ARGB rows (Cairo's native-endian words), asked for in order from the top.
protocol PixelRows: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Row `y` and the row above it (nil for the first), valid until the next call.
    func row(_ y: Int) throws(RenderError) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?)
}

/// The rows of a whole surface.
final class SurfaceRows: PixelRows {
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int
    let width: Int
    let height: Int

    /// Valid while `surface` lives and is not drawn on (see `CairoSurface.withPixels`).
    init(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) {
        self.data = data
        self.stride = stride
        self.width = width
        self.height = height
    }

    func row(_ y: Int) -> (row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?) {
        func at(_ y: Int) -> UnsafePointer<UInt32> { UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) }
        return (at(y), y > 0 ? at(y - 1) : nil)
    }
}

/// The row filters: pixels in, PNG rows out, each with filter byte 2 ("Up": every byte minus the
/// byte above it, zero above the first row), and the row's dirty spans.
extension PNGEncoder {
    /// RGB rows straight from Cairo's native-endian ARGB words; refuses a row with a pixel that is
    /// not opaque (premultiplied and straight colour agree only for opaque pixels).
    static func opaqueRows(_ pixels: any PixelRows) -> RowFilter {
        let width = pixels.width
        return { y, out, spans throws(RenderError) in
            out[0] = 2
            spans.add(0, 1)
            let (row, above) = try pixels.row(y)
            let target = UnsafeMutableRawPointer(out + 1)
            if let above {
                if memcmp(row, above, width * 4) == 0 {
                    // The row above was already found opaque: every difference is zero.
                    memset(target, 0, width * 3)
                    return true
                }
                var x = 0
                while x < width {
                    // Eight, then four pixels at a time where they equal those above (most of a row).
                    if x + 8 <= width {
                        let here = UnsafeRawPointer(row + x), there = UnsafeRawPointer(above + x)
                        let difference =
                            (here.loadUnaligned(as: UInt64.self) ^ there.loadUnaligned(as: UInt64.self))
                            | (here.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ there.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                            | (here.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ there.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                            | (here.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ there.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
                        if difference == 0 {
                            target.storeBytes(of: 0, toByteOffset: x * 3, as: UInt64.self)
                            target.storeBytes(of: 0, toByteOffset: x * 3 + 8, as: UInt64.self)
                            target.storeBytes(of: 0, toByteOffset: x * 3 + 16, as: UInt64.self)
                            x += 8
                            continue
                        }
                    }
                    if x + 4 <= width {
                        let here = UnsafeRawPointer(row + x), there = UnsafeRawPointer(above + x)
                        if here.loadUnaligned(as: UInt64.self) == there.loadUnaligned(as: UInt64.self)
                            && here.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == there.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        {
                            target.storeBytes(of: 0, toByteOffset: x * 3, as: UInt64.self)
                            target.storeBytes(of: 0, toByteOffset: x * 3 + 8, as: UInt32.self)
                            x += 4
                            continue
                        }
                    }
                    let end = min(width, x + 4)
                    while x < end {
                        let p = row[x]
                        guard p >= 0xFF00_0000 else { return false }
                        // Four bytes written, three kept: the next pixel overwrites the fourth.
                        let difference = rgbBytes(bytewiseDifference(p, above[x]))
                        target.storeBytes(of: difference, toByteOffset: x * 3, as: UInt32.self)
                        if difference & 0xFF_FFFF != 0 { spans.add(1 + x * 3, 4 + x * 3) }
                        x += 1
                    }
                }
            } else {
                spans.add(1, 1 + width * 3)
                for x in 0..<width {
                    let p = row[x]
                    guard p >= 0xFF00_0000 else { return false }
                    target.storeBytes(of: rgbBytes(p), toByteOffset: x * 3, as: UInt32.self)
                }
            }
            return true
        }
    }

    /// RGBA rows from Cairo's premultiplied ARGB words, alpha un-premultiplied. Keeps the
    /// previous row's straight pixels in a buffer, so rows must be asked for in order.
    static func translucentRows(_ pixels: any PixelRows) -> RowFilter {
        let width = pixels.width
        var above = [UInt32](repeating: 0, count: width)
        return { y, out, spans throws(RenderError) in
            out[0] = 2
            spans.add(0, 1 + width * 4)
            let row = try pixels.row(y).row
            let target = UnsafeMutableRawPointer(out + 1)
            above.withUnsafeMutableBufferPointer { above in
                for x in 0..<width {
                    let straight = unpremultiplied(row[x])
                    let q = y > 0 ? above[x] : 0
                    target.storeBytes(of: rgbaBytes(bytewiseDifference(straight, q)), toByteOffset: x * 4, as: UInt32.self)
                    above[x] = straight
                }
            }
            return true
        }
    }

    /// Rows from straight RGBA bytes, written as RGB (`channels` 3, refusing translucent
    /// pixels) or RGBA (`channels` 4).
    static func straightRows(_ pixels: UnsafePointer<UInt8>, width: Int, channels: Int) -> RowFilter {
        return { y, out, spans in
            out[0] = 2
            spans.add(0, 1 + width * channels)
            let row = pixels + y * width * 4
            let above = y > 0 ? pixels + (y - 1) * width * 4 : nil
            var o = 1
            for x in 0..<width {
                if channels == 3 && row[x * 4 + 3] != 255 { return false }
                for c in 0..<channels {
                    out[o] = row[x * 4 + c] &- (above?[x * 4 + c] ?? 0)
                    o += 1
                }
            }
            return true
        }
    }

    /// Each byte of `a` minus the same byte of `b`, modulo 256, without borrowing between bytes.
    @inline(__always)
    static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
    }

    /// An ARGB word as the bytes R, G, B (then a fourth, ignored) in memory.
    @inline(__always)
    static func rgbBytes(_ argb: UInt32) -> UInt32 {
        (argb.byteSwapped >> 8).littleEndian
    }

    /// An ARGB word as the bytes R, G, B, A in memory.
    @inline(__always)
    static func rgbaBytes(_ argb: UInt32) -> UInt32 {
        ((argb.byteSwapped >> 8) | (argb & 0xFF00_0000)).littleEndian
    }

    /// A premultiplied ARGB word with its colour divided by its alpha (rounded, at most 255).
    @inline(__always)
    static func unpremultiplied(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        guard a != 0 && a != 255 else { return argb }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((argb >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return argb & 0xFF00_0000 | channel(16) | channel(8) | channel(0)
    }
}
