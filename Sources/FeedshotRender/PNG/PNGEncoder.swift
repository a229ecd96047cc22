import CDeflate
import FeedshotLayout
import Foundation

/// Writes PNG files directly: IHDR, one IDAT, IEND, into one buffer that becomes the `Data`.
///
/// Rows come from a `PixelRows` source — a whole surface, or a layout drawn in strips
/// (`StripRows`) — and are converted from Cairo's premultiplied BGRA and "Up"-filtered (each byte
/// minus the one above) in one pass, which also reports the byte ranges that may not be zero
/// (`DirtySpans`). Opaque images (the usual case: layouts paint a background) are written as 8-bit
/// RGB, others as 8-bit RGBA with alpha un-premultiplied; the RGB pass gives up at the first
/// translucent pixel and the image is written again as RGBA from a fresh source.
///
/// Compression levels: 1, the default, is `FastDeflater` — rows are filtered and compressed in
/// chunks of about 256 KiB that stay in the cache, zeros outside the dirty spans as runs without
/// reading them, runs of the previous pixel and one hash probe a pixel inside; 0 and 2–12 are
/// libdeflate's levels (0 stores, 12 is smallest and slowest) over the whole filtered image.
/// `feedshot bench` compares the default with Cairo's own writer.
struct PNGEncoder {
    var compressionLevel: Int32 = PNGEncoder.defaultLevel

    static let defaultLevel: Int32 = 1
    /// Bytes of filtered rows handed to `FastDeflater` at a time (a chunk that stays in the cache).
    static let blockBytes = 256 * 1024

    /// Writes row `y`, filter byte first, into `out`, and adds to `spans` the parts of it that may
    /// hold bytes other than zero; false if the row has a pixel the format cannot hold (a
    /// translucent pixel in an RGB image). `out` is the row and 8 bytes of slack after it, all
    /// zeros on entry: a filter may leave the bytes that are zero in its output untouched, and
    /// writes nothing but zeros outside the spans it adds.
    typealias RowFilter = (_ y: Int, _ out: inout MutableSpan<UInt8>, _ spans: inout DirtySpans) throws(RenderError) -> Bool

    /// The surface's pixels as a PNG.
    func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        let result = surface.withPixels { data, stride in
            Result { () throws(RenderError) -> Data in
                try encode { SurfaceRows(data, stride: stride, width: surface.width, height: surface.height) }
            }
        }
        return try result.get()
    }

    /// The layout drawn by `painter` as a PNG, a strip of rows at a time (`StripRows`): each
    /// strip is drawn and compressed while it is in the cache, and the whole image never exists.
    func encode(_ layout: Layout, painter: Painter) throws(RenderError) -> Data {
        try encode { () throws(RenderError) in try StripRows(layout, painter: painter) }
    }

    /// RGB from the rows `source` makes, or, at the first translucent pixel, RGBA from a second
    /// source (rows are read once, top to bottom).
    func encode(_ source: () throws(RenderError) -> any PixelRows) throws(RenderError) -> Data {
        let opaque = try source()
        if let png = try encode(width: opaque.width, height: opaque.height, channels: 3, rows: PNGEncoder.opaqueRows(opaque)) {
            return png
        }
        let translucent = try source()
        return try encode(width: translucent.width, height: translucent.height, channels: 4, rows: PNGEncoder.translucentRows(translucent))!
    }

    /// Straight (not premultiplied) RGBA pixels as a PNG: RGB when every pixel is opaque.
    func encode(rgba pixels: [UInt8], width: Int, height: Int) throws(RenderError) -> Data {
        precondition(pixels.count == width * height * 4, "\(width) × \(height) RGBA pixels")
        if let png = try encode(width: width, height: height, channels: 3, rows: PNGEncoder.straightRows(pixels, width: width, channels: 3))
        {
            return png
        }
        return try encode(width: width, height: height, channels: 4, rows: PNGEncoder.straightRows(pixels, width: width, channels: 4))!
    }

    /// The PNG for rows of `channels` bytes per pixel, or nil when `rows` refuses one.
    func encode(width: Int, height: Int, channels: Int, rows: RowFilter) throws(RenderError) -> Data? {
        let rowBytes = width * channels + 1
        let out = ByteBuffer(capacity: rowBytes * height / 16 + 1024)
        let idat = PNGEncoder.beginFile(width: width, height: height, channels: channels, into: out)
        let complete: Bool
        if compressionLevel == PNGEncoder.defaultLevel {
            complete = try PNGEncoder.fastCoded(width: width, height: height, rowBytes: rowBytes, channels: channels, rows: rows, into: out)
        } else {
            complete = try libdeflateCoded(height: height, rowBytes: rowBytes, rows: rows, into: out)
        }
        guard complete else { return nil }
        PNGEncoder.endFile(idat: idat, into: out)
        return out.takeData()
    }

    /// A PNG from segments of its zlib stream coded apart (`fastSegment`), in order: the zlib
    /// header, their bytes as they are, and their Adler-32s combined. `rows` is each segment's
    /// row count.
    static func assemble(width: Int, height: Int, channels: Int, segments: [(bytes: ByteBuffer, adler: UInt32, rows: Int)]) -> Data {
        let rowBytes = width * channels + 1
        let out = ByteBuffer(capacity: segments.reduce(1024) { $0 + $1.bytes.count })
        let idat = beginFile(width: width, height: height, channels: channels, into: out)
        out.append(FastDeflater.zlibHeader)
        var adler: UInt32 = 1
        for segment in segments {
            out.append(contentsOf: segment.bytes)
            adler = FastDeflater.adler32Combine(adler, segment.adler, secondLength: segment.rows * rowBytes)
        }
        out.appendBigEndian(adler)
        endFile(idat: idat, into: out)
        return out.takeData()
    }

    /// The signature, IHDR, and the IDAT chunk's length (written by `endFile`) and type; returns
    /// where the IDAT chunk starts.
    static func beginFile(width: Int, height: Int, channels: Int, into out: ByteBuffer) -> Int {
        out.append([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header: [UInt8] = []
        header.append(contentsOf: ByteBuffer.bigEndian(UInt32(width)))
        header.append(contentsOf: ByteBuffer.bigEndian(UInt32(height)))
        header.append(contentsOf: [8, channels == 4 ? 6 : 2, 0, 0, 0])  // depth, colour type, deflate, adaptive filters, no interlace
        PNGEncoder.chunk("IHDR", header, into: out)
        let idat = out.count
        out.append([0, 0, 0, 0] + Array("IDAT".utf8))
        return idat
    }

    /// Closes the IDAT chunk that starts at `idat` (its length and CRC-32) and appends IEND.
    static func endFile(idat: Int, into out: ByteBuffer) {
        out.putBigEndian(UInt32(out.count - idat - 8), at: idat)
        out.appendBigEndian(crc32(out, from: idat + 4))
        PNGEncoder.chunk("IEND", [], into: out)
    }

    /// Per thread: the fast deflater, a block of filtered rows with the stream's previous 32 KiB
    /// in front of it (matches reach back that far) and 8 bytes of slack after it — all zeros
    /// after those 32 KiB between blocks (`fastSegment` restores them) — and the block's dirty
    /// spans, kept from one image to the next.
    final class Scratch {
        let deflater = FastDeflater()
        var filtered: [UInt8] = []
        var spans = DirtySpans()

        /// Runs `body` with room for `bytes` filtered bytes, and the dirty spans.
        func withBuffers<R>(
            bytes: Int, _ body: (inout [UInt8], inout DirtySpans) throws(RenderError) -> R
        ) throws(RenderError) -> R {
            if filtered.count < bytes { filtered = [UInt8](repeating: 0, count: bytes) }
            return try body(&filtered, &spans)
        }
    }

    static let scratch = ThreadLocal { Scratch() }

    /// Rows of one segment of the zlib stream: those of a strip (`StripRows.stripBytes` of
    /// Cairo's pixels), so each strip can be compressed on its own thread
    /// (`PNGEncoder.encodeInParallel`). Depends on the width alone, never on the thread count.
    static func segmentRows(width: Int) -> Int {
        max(1, StripRows.stripBytes / max(1, width * 4))
    }

    /// The rows of each segment of an image `height` rows tall.
    static func segments(height: Int, width: Int) -> [Range<Int>] {
        StripRows.windows(height: height, rows: segmentRows(width: width))
    }

    /// The zlib stream of every segment in order, on the calling thread.
    static func fastCoded(
        width: Int, height: Int, rowBytes: Int, channels: Int, rows: RowFilter, into out: ByteBuffer
    ) throws(RenderError) -> Bool {
        out.append(FastDeflater.zlibHeader)
        var adler: UInt32 = 1
        let segments = PNGEncoder.segments(height: height, width: width)
        for range in segments {
            guard
                let checksum = try fastSegment(
                    range, isLast: range.upperBound == height, rowBytes: rowBytes, channels: channels, rows: rows, into: out)
            else { return false }
            adler = FastDeflater.adler32Combine(adler, checksum, secondLength: range.count * rowBytes)
        }
        out.appendBigEndian(adler)
        return true
    }

    /// Filters and compresses rows `range` as one segment of the zlib stream, coded from its own
    /// bytes alone and ending on a byte boundary (`FastDeflater.beginSegment`, `endSegment`):
    /// the same bytes on any thread. About `blockBytes` are filtered at a time and compressed
    /// while they are in the cache. Returns the segment's Adler-32, or nil when a row refuses.
    static func fastSegment(
        _ range: Range<Int>, isLast: Bool, rowBytes: Int, channels: Int, rows: RowFilter, into out: ByteBuffer
    ) throws(RenderError) -> UInt32? {
        let scratch = scratch.value
        let deflater = scratch.deflater
        deflater.beginSegment()
        let rowsPerBlock = max(1, blockBytes / rowBytes)
        let window = FastDeflater.window
        return try scratch.withBuffers(bytes: window + rowsPerBlock * rowBytes + 8) { (filtered, spans) throws(RenderError) -> UInt32? in
            // Rows are written over zeros (a row filter writes only where it differs from the row
            // above, `RowFilter`): each block's spans are zeroed again once it is compressed, and
            // the whole block after a refusal or an error.
            var clean = false
            defer { if !clean { zero(&filtered, from: window) } }
            var history = 0
            var y = range.lowerBound
            repeat {
                let count = min(rowsPerBlock, range.upperBound - y)
                spans.removeAll()
                guard try filter(y..<y + count, at: window, rowBytes: rowBytes, rows: rows, into: &filtered, spans: &spans) else {
                    return nil
                }
                let end = window + count * rowBytes
                deflater.compress(
                    filtered.span.extracting(window - history..<end), from: history, position: (y - range.lowerBound) * rowBytes,
                    pixelBytes: channels, spans: spans.values.span, isFinal: isLast && y + count == range.upperBound, into: out)
                y += count
                if y < range.upperBound {
                    // The window for the next block: the end of the segment so far.
                    let kept = min(window, history + count * rowBytes)
                    moveDown(&filtered, from: end - kept, to: window - kept, count: kept)
                    history = kept
                }
                zero(&filtered, spans: spans.values.span, from: window)
            } while y < range.upperBound
            clean = true
            deflater.endSegment(isLast: isLast, out)
            return deflater.checksum
        }
    }

    /// Zeroes the spans of `bytes` that `spans` lists (start, end pairs, offsets from `start`).
    static func zero(_ bytes: inout [UInt8], spans: Span<Int32>, from start: Int) {
        var span = bytes.mutableSpan
        var k = 0
        while k + 1 < spans.count {
            withPart(of: &span, start + Int(spans[k])..<start + Int(spans[k + 1])) { $0.update(repeating: 0) }
            k += 2
        }
    }

    /// Zeroes `bytes` from offset `start` on.
    static func zero(_ bytes: inout [UInt8], from start: Int) {
        var span = bytes.mutableSpan
        withPart(of: &span, start..<span.count) { $0.update(repeating: 0) }
    }

    /// `body` on the part `range` of `span`. Swift 6.3 deprecated MutableSpan's mutating
    /// `extracting` and named `_mutatingExtracting` its replacement; 6.2, the first toolchain with
    /// spans, has only the former.
    @inline(__always)
    static func withPart<Result, Failure: Error>(
        of span: inout MutableSpan<UInt8>, _ range: Range<Int>, _ body: (inout MutableSpan<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if compiler(>=6.3)
            var part = span._mutatingExtracting(range)
        #else
            var part = span.extracting(range)
        #endif
        return try body(&part)
    }

    /// Copies `count` bytes of `bytes` from offset `source` to the lower offset `target`, front to
    /// back, 16 at a time: each load is past every store before it, so the ranges may overlap.
    static func moveDown(_ bytes: inout [UInt8], from source: Int, to target: Int, count: Int) {
        precondition(0 <= target && target < source && source + count <= bytes.count, "a move down inside the buffer")
        var span = bytes.mutableSpan
        var raw = span.mutableBytes
        var offset = 0
        while offset + 16 <= count {
            let chunk = raw.unsafeLoadUnaligned(fromByteOffset: source + offset, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: chunk, toByteOffset: target + offset, as: SIMD16<UInt8>.self)
            offset += 16
        }
        while offset < count {
            span[target + offset] = span[source + offset]
            offset += 1
        }
    }

    /// Writes the filtered rows `ys` one after the other from byte `start` of `filtered`, each with
    /// its dirty spans (offsets from `start`); false when a row refuses.
    static func filter(
        _ ys: Range<Int>, at start: Int, rowBytes: Int, rows: RowFilter, into filtered: inout [UInt8], spans: inout DirtySpans
    ) throws(RenderError) -> Bool {
        var bytes = filtered.mutableSpan
        for (index, y) in ys.enumerated() {
            let offset = start + index * rowBytes
            spans.base = index * rowBytes
            guard try withPart(of: &bytes, offset..<offset + rowBytes + 8, { (row) throws(RenderError) in try rows(y, &row, &spans) })
            else { return false }
        }
        return true
    }

    /// One libdeflate compressor per level, kept by each thread (allocating one costs more than
    /// compressing a bubble).
    final class Compressors {
        /// Owned; freed in `deinit` when the thread exits.
        private var byLevel: [Int32: OpaquePointer] = [:]

        func compressor(level: Int32) -> OpaquePointer? {
            if let existing = byLevel[level] { return existing }
            let created = libdeflate_alloc_compressor(level)
            byLevel[level] = created
            return created
        }

        deinit { for compressor in byLevel.values { libdeflate_free_compressor(compressor) } }
    }

    static let compressors = ThreadLocal { Compressors() }

    /// Filters the whole image, then compresses it in one call to libdeflate.
    func libdeflateCoded(height: Int, rowBytes: Int, rows: RowFilter, into out: ByteBuffer) throws(RenderError) -> Bool {
        let level = max(0, min(12, compressionLevel))
        guard let compressor = PNGEncoder.compressors.value.compressor(level: level) else {
            throw RenderError.encoding("PNG: libdeflate could not allocate a compressor")
        }
        let rawBytes = rowBytes * height
        var raw = [UInt8](repeating: 0, count: rawBytes + 8)
        var spans = DirtySpans.discarding
        guard try PNGEncoder.filter(0..<height, at: 0, rowBytes: rowBytes, rows: rows, into: &raw, spans: &spans) else { return false }
        let bound = libdeflate_zlib_compress_bound(compressor, rawBytes)
        out.reserve(bound)
        let offset = out.count
        let size = raw.withUnsafeBytes { input in
            out.withBytes { target in
                target.withUnsafeMutableBytes {
                    libdeflate_zlib_compress(compressor, input.baseAddress, rawBytes, $0.baseAddress! + offset, bound)
                }
            }
        }
        guard size > 0 else { throw RenderError.encoding("PNG: libdeflate could not compress \(rawBytes) bytes") }
        out.count += size
        return true
    }

    /// Length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8], into out: ByteBuffer) {
        out.appendBigEndian(UInt32(data.count))
        let start = out.count
        out.append(Array(type.utf8) + data)
        out.appendBigEndian(crc32(out, from: start))
    }

    /// The CRC-32 of the bytes of `out` from `start` on.
    static func crc32(_ out: ByteBuffer, from start: Int) -> UInt32 {
        out.storage[start..<out.count].withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
    }
}
