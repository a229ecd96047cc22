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

    /// Writes row `y`, filter byte first, at `out`, and adds to `spans` the parts of it that may
    /// hold bytes other than zero; false if the row has a pixel the format cannot hold (a
    /// translucent pixel in an RGB image). `out` has 8 bytes of slack after the row.
    typealias RowFilter = (_ y: Int, _ out: UnsafeMutablePointer<UInt8>, _ spans: inout DirtySpans) throws(RenderError) -> Bool

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
        try pixels.withUnsafeBufferPointer { (pixels) throws(RenderError) -> Data in
            let base = pixels.baseAddress!
            if let png = try encode(
                width: width, height: height, channels: 3, rows: PNGEncoder.straightRows(base, width: width, channels: 3))
            {
                return png
            }
            return try encode(width: width, height: height, channels: 4, rows: PNGEncoder.straightRows(base, width: width, channels: 4))!
        }
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
            out.reserve(segment.bytes.count)
            memcpy(out.end, segment.bytes.base, segment.bytes.count)
            out.count += segment.bytes.count
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
        out.appendBigEndian(libdeflate_crc32(0, out.base + idat + 4, out.count - idat - 4))
        PNGEncoder.chunk("IEND", [], into: out)
    }

    /// Per thread: the fast deflater, a block of filtered rows with the stream's previous 32 KiB
    /// in front of it (matches reach back that far) and 8 bytes of slack after it, and the
    /// block's dirty spans.
    final class Scratch {
        let deflater = FastDeflater()
        /// Owned; freed in `deinit`.
        private(set) var buffer: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        /// Owned; freed in `deinit`.
        private(set) var spans: UnsafeMutablePointer<Int32>
        private(set) var spanCapacity: Int
        /// Where a block's rows go: after the window.
        var block: UnsafeMutablePointer<UInt8> { buffer + FastDeflater.window }

        init() {
            capacity = FastDeflater.window + PNGEncoder.blockBytes + 16
            buffer = .allocate(capacity: capacity)
            spanCapacity = 1024
            spans = .allocate(capacity: spanCapacity)
        }

        deinit {
            buffer.deallocate()
            spans.deallocate()
        }

        func reserve(blockBytes: Int, spanValues: Int) {
            if FastDeflater.window + blockBytes + 16 > capacity {
                buffer.deallocate()
                capacity = FastDeflater.window + blockBytes + 16
                buffer = .allocate(capacity: capacity)
            }
            if spanValues > spanCapacity {
                spans.deallocate()
                spanCapacity = spanValues
                spans = .allocate(capacity: spanCapacity)
            }
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
        let rowsPerBlock = max(1, blockBytes / rowBytes)
        scratch.reserve(blockBytes: rowsPerBlock * rowBytes, spanValues: rowsPerBlock * DirtySpans.maximumValues(rowBytes: rowBytes))
        let deflater = scratch.deflater
        deflater.beginSegment()
        let data = scratch.block
        var history = 0
        var y = range.lowerBound
        repeat {
            let count = min(rowsPerBlock, range.upperBound - y)
            var spans = DirtySpans(storage: scratch.spans, capacity: scratch.spanCapacity)
            for row in 0..<count {
                spans.base = row * rowBytes
                guard try rows(y + row, data + row * rowBytes, &spans) else { return nil }
            }
            let bytes = count * rowBytes
            deflater.compress(
                data, count: bytes, position: (y - range.lowerBound) * rowBytes, history: history, pixelBytes: channels,
                spans: UnsafeBufferPointer(start: scratch.spans, count: spans.count), isFinal: isLast && y + count == range.upperBound,
                into: out)
            // The window for the next block: the end of the segment so far.
            let kept = min(FastDeflater.window, history + bytes)
            memmove(data - kept, data + bytes - kept, kept)
            history = kept
            y += count
        } while y < range.upperBound
        deflater.endSegment(isLast: isLast, out)
        return deflater.checksum
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
        let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: rawBytes + 8)
        defer { raw.deallocate() }
        var spans = DirtySpans.discarding
        for y in 0..<height {
            guard try rows(y, raw + y * rowBytes, &spans) else { return false }
        }
        let bound = libdeflate_zlib_compress_bound(compressor, rawBytes)
        out.reserve(bound)
        let size = libdeflate_zlib_compress(compressor, raw, rawBytes, out.end, bound)
        guard size > 0 else { throw RenderError.encoding("PNG: libdeflate could not compress \(rawBytes) bytes") }
        out.count += size
        return true
    }

    /// Length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8], into out: ByteBuffer) {
        out.appendBigEndian(UInt32(data.count))
        let start = out.count
        out.append(Array(type.utf8) + data)
        out.appendBigEndian(libdeflate_crc32(0, out.base + start, out.count - start))
    }
}
