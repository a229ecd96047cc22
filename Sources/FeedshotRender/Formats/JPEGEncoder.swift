import CTurboJPEG
import Foundation

/// Encodes pixel rows as a baseline JPEG with libjpeg-turbo (`tjCompress2`), at a quality, 4:2:0
/// chroma subsampling below quality 90 and none from 90 up (coloured text keeps its edges).
///
/// JPEG has no transparency: the rows must be opaque — the painter draws them over a white matte
/// (`Painter.matte`) — and every pixel is checked, in release builds too.
struct JPEGEncoder {
    var quality: ImageQuality

    /// JPEG's largest side, in pixels.
    static let maxSide = 65_535

    /// The subsampling used at `quality`: none (4:4:4) from 90 up, 4:2:0 below.
    static func subsampling(for quality: ImageQuality) -> TJSAMP {
        quality.value >= 90 ? TJSAMP_444 : TJSAMP_420
    }

    /// The layout drawn strip by strip straight into the buffer libjpeg-turbo reads — Cairo's
    /// native-endian words are its BGRX pixels, so there is no conversion pass — each strip
    /// checked opaque while it is in the cache.
    ///
    /// - Throws: `RenderError.invariant` when a row holds a translucent pixel,
    ///   `RenderError.encoding` when libjpeg-turbo fails, and what drawing throws.
    func encode(_ strips: StripRows) throws(RenderError) -> Data {
        try JPEGEncoder.checkSize(width: strips.width, height: strips.height)
        let stride = strips.rowStride
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * strips.height)
        defer { pixels.deallocate() }
        for (index, rows) in strips.windows.enumerated() {
            try strips.draw(strip: index, into: pixels + rows.lowerBound * stride)
            for y in rows {
                try JPEGEncoder.checkOpaque(
                    UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self), width: strips.width, row: y)
            }
        }
        return try compress(pixels, width: strips.width, height: strips.height, pitch: stride)
    }

    /// Throws `RenderError.limit` unless both sides fit a JPEG.
    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width <= JPEGEncoder.maxSide, height <= JPEGEncoder.maxSide else {
            throw RenderError.limit(
                "the image would be \(width) × \(height) pixels; a JPEG can be at most \(JPEGEncoder.maxSide) on a side")
        }
    }

    /// Throws unless every pixel of the row is opaque.
    @inline(__always)
    static func checkOpaque(_ row: UnsafePointer<UInt32>, width: Int, row y: Int) throws(RenderError) {
        var alpha: UInt32 = 0xFF00_0000
        for x in 0..<width { alpha &= row[x] }
        guard alpha & 0xFF00_0000 == 0xFF00_0000 else {
            throw RenderError.invariant("row \(y) of a JPEG has a translucent pixel; the matte should have made every pixel opaque")
        }
    }

    /// libjpeg-turbo's flags: the fast integer DCT (docs/performance.md, "JPEG"), and no reallocation of
    /// the output buffer, which is sized by `tjBufSize`.
    static let flags = Int32(TJFLAG_NOREALLOC | TJFLAG_FASTDCT)

    /// Compresses `height` rows of Cairo's native-endian ARGB words, `pitch` bytes apart.
    private func compress(_ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int) throws(RenderError) -> Data {
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
        let status = tjCompress2(
            compressor.handle, source, Int32(width), Int32(pitch), Int32(height), format, &target, &size, subsampling,
            Int32(quality.value), JPEGEncoder.flags)
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
