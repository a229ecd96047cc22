import CTurboJPEG
import Foundation

/// Encodes pixel rows as a baseline JPEG with libjpeg-turbo (`tjCompress2`), at a quality, 4:2:0
/// chroma subsampling below quality 90 and none from 90 up (coloured text keeps its edges).
///
/// A layout taller than one strip is coded strip by strip (docs/ARCHITECTURE.md, "JPEG
/// encoding"): each strip — whole rows of MCUs (`stripRows`, from the width and quality alone) — is
/// compressed as a JPEG of its own by whichever thread is free (`StripQueue`), and the files are
/// joined (`join`): the first's header with the whole height and a restart interval of one strip's
/// MCUs, then each strip's entropy-coded data with a restart marker between. At a restart,
/// libjpeg resets the DC predictions and pads to a byte, as it does at a strip's end, so the joined
/// file is the one it writes for the whole image with that restart interval — the same bytes
/// whatever the thread count.
///
/// JPEG has no transparency: the rows must be opaque — the painter draws them over a white matte
/// (`Painter.matte`) — and every pixel is checked, in release builds too.
struct JPEGEncoder {
    var quality: ImageQuality
    /// Threads that may compress strips (the caller among them; `RenderOptions.encodingThreads`).
    var threads = 1

    /// JPEG's largest side, in pixels.
    static let maxSide = 65_535

    /// The subsampling used at `quality`: none (4:4:4) from 90 up, 4:2:0 below.
    static func subsampling(for quality: ImageQuality) -> TJSAMP {
        quality.value >= 90 ? TJSAMP_444 : TJSAMP_420
    }

    /// The side of an MCU, the block of pixels coded together: 8 without subsampling, 16 at 4:2:0.
    var mcuSide: Int { JPEGEncoder.subsampling(for: quality) == TJSAMP_444 ? 8 : 16 }

    /// MCUs in one row of MCUs of an image `width` pixels wide.
    func mcusPerRow(width: Int) -> Int { (max(1, width) + mcuSide - 1) / mcuSide }

    /// Cairo's bytes in one strip, about: the PNG's (`StripRows.stripBytes`), so a bubble is one
    /// strip and a chat about 21. Smaller strips let two threads share a bubble but cost a thread
    /// alone more (docs/performance.md, "JPEG"): at 512 KiB the bubble took 0.36–0.37 ms on two
    /// threads instead of 0.50–0.51, but 3.1 % more instructions (the chat 4.6 %), which a server
    /// rendering on one thread per request would pay.
    static let stripBytes = StripRows.stripBytes

    /// Rows of one strip of an image `width` pixels wide: whole rows of MCUs, about `stripBytes`
    /// of Cairo's pixels, and at most 65,535 MCUs — a restart interval (DRI) is 16 bits. From the
    /// width and quality alone, never the thread count.
    func stripRows(width: Int) -> Int {
        if JPEGEncoder.environmentShapesFiles { return (JPEGEncoder.maxSide / mcuSide + 1) * mcuSide }
        let byBytes = JPEGEncoder.stripBytes / (max(1, width) * 4 * mcuSide)
        return max(1, min(byBytes, 65_535 / mcusPerRow(width: width))) * mcuSide
    }

    /// Whether one of the environment variables `tjCompress2` reads (libjpeg-turbo 2.1's
    /// `TJ_OPTIMIZE`, `TJ_RESTART`, `TJ_PROGRESSIVE`, `TJ_ARITHMETIC`) is set: each strip's file
    /// could then have tables, restarts or a coding of its own and could not be joined, so the
    /// image is one strip and libjpeg-turbo writes it as they ask.
    static let environmentShapesFiles = ["TJ_OPTIMIZE", "TJ_RESTART", "TJ_PROGRESSIVE", "TJ_ARITHMETIC"].contains {
        ProcessInfo.processInfo.environment[$0] != nil
    }

    /// The layout, drawn in `stripRows` strips, as a JPEG file.
    ///
    /// - Throws: `RenderError.invariant` when a row holds a translucent pixel or the strips are
    ///   not `stripRows` tall, `RenderError.encoding` when libjpeg-turbo fails, and what drawing
    ///   throws.
    func encode(_ strips: StripRows) throws(RenderError) -> Data {
        let (width, height) = (strips.width, strips.height)
        try JPEGEncoder.checkSize(width: width, height: height)
        let windows = strips.windows, rows = stripRows(width: width)
        guard windows.dropLast().allSatisfy({ $0.count == rows }), strips.rowStride == width * 4 else {
            throw RenderError.invariant("a JPEG's strips are \(rows) rows of \(width) pixels")
        }
        let encoder = self
        let coded = try StripQueue<CodedStrip>.code(strips, threads: threads) { (strip) throws(RenderError) in
            let file = strip.withPixels { pixels, _ in
                Result { () throws(RenderError) in try encoder.compress(pixels, width: width, rows: windows[strip.index]) }
            }
            return CodedStrip(file: try file.get())
        }
        guard let coded else { throw RenderError.invariant("a JPEG strip was refused") }
        return try join(coded.map(\.file), width: width, height: height, stripRows: rows)
    }

    /// `pixels` — Cairo's ARGB32 words, `width` × `height`, opaque — as a JPEG coded in strips of
    /// `stripRows` rows (whole rows of MCUs) on the calling thread: how tests choose the strips.
    func encode(pixels: [UInt32], width: Int, height: Int, stripRows: Int) throws(RenderError) -> Data {
        try JPEGEncoder.checkSize(width: width, height: height)
        precondition(width > 0 && height > 0 && pixels.count == width * height, "\(width) × \(height) pixels")
        precondition(stripRows > 0 && stripRows % mcuSide == 0, "strips of whole rows of MCUs")
        var files: [Data] = []
        for rows in StripRows.windows(height: height, rows: stripRows) {
            files.append(try compress(pixels.span.extracting(rows.lowerBound * width..<rows.upperBound * width), width: width, rows: rows))
        }
        return try join(files, width: width, height: height, stripRows: stripRows)
    }

    /// A strip held as its own JPEG file.
    final class CodedStrip {
        let file: Data
        init(file: Data) { self.file = file }
    }

    /// Throws `RenderError.limit` unless both sides fit a JPEG.
    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width <= JPEGEncoder.maxSide, height <= JPEGEncoder.maxSide else {
            throw RenderError.limit(
                "the image would be \(width) × \(height) pixels; a JPEG can be at most \(JPEGEncoder.maxSide) on a side")
        }
    }

    /// Throws unless every pixel of the strip `rows` (`pixels`, `width` a row) is opaque.
    static func checkOpaque(_ pixels: Span<UInt32>, width: Int, rows: Range<Int>) throws(RenderError) {
        guard !CairoSurface.isOpaque(pixels) else { return }
        let row = (pixels.indices.first { pixels[$0] & 0xFF00_0000 != 0xFF00_0000 } ?? 0) / max(1, width) + rows.lowerBound
        throw RenderError.invariant("row \(row) of a JPEG has a translucent pixel; the matte should have made every pixel opaque")
    }

    /// libjpeg-turbo's flags: the fast integer DCT (docs/performance.md, "JPEG"), and no reallocation of
    /// the output buffer, which is sized by `tjBufSize`.
    static let flags = Int32(TJFLAG_NOREALLOC | TJFLAG_FASTDCT)

    /// The strip `rows` — `pixels`, Cairo's native-endian ARGB words, `width` a row — checked
    /// opaque and compressed as a JPEG of its own.
    private func compress(_ pixels: Span<UInt32>, width: Int, rows: Range<Int>) throws(RenderError) -> Data {
        precondition(pixels.count == width * rows.count, "the strip holds its rows")
        try JPEGEncoder.checkOpaque(pixels, width: width, rows: rows)
        let height = rows.count
        // Cairo's native-endian ARGB words: B, G, R, A in memory on little-endian machines.
        #if _endian(little)
            let format = Int32(TJPF_BGRX.rawValue)
        #else
            let format = Int32(TJPF_XRGB.rawValue)
        #endif
        let subsampling = Int32(JPEGEncoder.subsampling(for: quality).rawValue)
        let compressor = try JPEGEncoder.compressors.current()
        let capacity = Int(tjBufSize(Int32(width), Int32(height), subsampling))
        guard capacity > 0 else { throw RenderError.encoding("JPEG: libjpeg-turbo cannot size a \(width) × \(height) image") }
        // Allocated, not zero-filled (the worst case is 3 bytes a pixel and more), then shrunk
        // to the file and handed to `Data` without a copy.
        guard let buffer = malloc(capacity) else { throw RenderError.encoding("JPEG: no memory for a \(capacity)-byte file") }
        var target: UnsafeMutablePointer<UInt8>? = buffer.assumingMemoryBound(to: UInt8.self)
        var size: UInt = UInt(capacity)
        let status = pixels.withUnsafeBytes { source in
            tjCompress2(
                compressor.handle, source.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(width * 4),
                Int32(height), format, &target, &size, subsampling, Int32(quality.value), JPEGEncoder.flags)
        }
        guard status == 0, size > 0, Int(size) <= capacity, target == buffer.assumingMemoryBound(to: UInt8.self) else {
            free(buffer)
            throw RenderError.encoding(
                status == 0 ? "JPEG: libjpeg-turbo wrote \(size) bytes into \(capacity)" : "JPEG: \(compressor.lastError)")
        }
        let file = realloc(buffer, Int(size)) ?? buffer
        return Data(bytesNoCopy: file, count: Int(size), deallocator: .free)
    }

    /// One compressor per thread, kept between renders (as the PNG encoder keeps libdeflate's).
    static let compressors = ThreadLocal { () throws(RenderError) in try Compressor() }

    /// Owns a libjpeg-turbo compressor; destroyed in `deinit`.
    final class Compressor {
        /// Owned; destroyed in `deinit`.
        let handle: tjhandle

        init() throws(RenderError) {
            guard let handle = tjInitCompress() else { throw RenderError.encoding("JPEG: libjpeg-turbo could not start a compressor") }
            self.handle = handle
        }

        deinit { tjDestroy(handle) }

        var lastError: String { String(cString: tjGetErrorStr2(handle)) }
    }
}
