import CTurboJPEG
import Foundation

/// Encodes pixel rows as a baseline JPEG with libjpeg-turbo (`tjCompress2`), at a quality, 4:2:0
/// chroma subsampling below quality 90 and none from 90 up (coloured text keeps its edges).
///
/// JPEG has no transparency: the rows must be opaque — the painter draws them over a white matte
/// (`Painter.matte`) — and every pixel is checked as it is copied, in release builds too.
struct JPEGEncoder {
    var quality: ImageQuality

    /// JPEG's largest side, in pixels.
    static let maxSide = 65_535

    /// The subsampling used at `quality`: none (4:4:4) from 90 up, 4:2:0 below.
    static func subsampling(for quality: ImageQuality) -> TJSAMP {
        quality.value >= 90 ? TJSAMP_444 : TJSAMP_420
    }

    /// The rows as a JPEG file.
    ///
    /// - Throws: `RenderError.invariant` when a row holds a translucent pixel,
    ///   `RenderError.encoding` when libjpeg-turbo fails, and what reading the rows throws.
    func encode(_ rows: any PixelRows) throws(RenderError) -> Data {
        let width = rows.width, height = rows.height
        guard width <= JPEGEncoder.maxSide, height <= JPEGEncoder.maxSide else {
            throw RenderError.limit(
                "the image would be \(width) × \(height) pixels; a JPEG can be at most \(JPEGEncoder.maxSide) on a side")
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        defer { pixels.deallocate() }
        for y in 0..<height {
            let row = try rows.row(y).row
            let out = pixels + y * width
            var alpha: UInt32 = 0xFF00_0000
            for x in 0..<width {
                let pixel = row[x]
                alpha &= pixel
                out[x] = pixel
            }
            guard alpha == 0xFF00_0000 else {
                throw RenderError.invariant("row \(y) of a JPEG has a translucent pixel; the matte should have made every pixel opaque")
            }
        }
        // Cairo's native-endian ARGB words: B, G, R, A in memory on little-endian machines.
        #if _endian(little)
            let format = Int32(TJPF_BGRX.rawValue)
        #else
            let format = Int32(TJPF_XRGB.rawValue)
        #endif
        let subsampling = Int32(JPEGEncoder.subsampling(for: quality).rawValue)
        let compressor = try Compressor()
        let capacity = Int(tjBufSize(Int32(width), Int32(height), subsampling))
        guard capacity > 0 else { throw RenderError.encoding("JPEG: libjpeg-turbo cannot size a \(width) × \(height) image") }
        var output = Data(count: capacity)
        var size: UInt = UInt(capacity)
        let status = output.withUnsafeMutableBytes { buffer -> Int32 in
            var target = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return UnsafeRawPointer(pixels).withMemoryRebound(to: UInt8.self, capacity: width * height * 4) { source in
                tjCompress2(
                    compressor.handle, source, Int32(width), Int32(width * 4), Int32(height), format, &target, &size, subsampling,
                    Int32(quality.value), TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT)
            }
        }
        guard status == 0 else { throw RenderError.encoding("JPEG: \(compressor.lastError)") }
        guard size > 0, Int(size) <= capacity else {
            throw RenderError.encoding("JPEG: libjpeg-turbo wrote \(size) bytes into \(capacity)")
        }
        output.count = Int(size)
        return output
    }

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
