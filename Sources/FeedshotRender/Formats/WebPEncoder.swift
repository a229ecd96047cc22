import CWebP
import Foundation

/// Encodes pixel rows as WebP with libwebp's encoder (`WebPEncode`): lossless by default —
/// with `exact`, so decoded pixels are the PNG's exactly, transparent ones included — or lossy
/// at a quality.
///
/// The rows (Cairo's premultiplied words, drawn in strips by `StripRows`) are un-premultiplied
/// as the PNG encoder does (`PNGEncoder.unpremultiplied`) into the picture's ARGB plane.
struct WebPEncoder {
    /// Nil: lossless. Otherwise lossy at this quality.
    var quality: ImageQuality?

    /// WebP's largest side, in pixels (`WEBP_MAX_DIMENSION`).
    static let maxSide = Int(WEBP_MAX_DIMENSION)

    /// The rows as a WebP file.
    ///
    /// - Throws: `RenderError.limit` for an image wider or taller than WebP allows,
    ///   `RenderError.encoding` when libwebp fails, and what reading the rows throws.
    func encode(_ rows: any PixelRows) throws(RenderError) -> Data {
        try WebPEncoder.checkSize(width: rows.width, height: rows.height)
        let picture = try Picture(width: rows.width, height: rows.height)
        let plane = picture.pointer.pointee.argb!
        let stride = Int(picture.pointer.pointee.argb_stride)
        for y in 0..<rows.height {
            let row = try rows.row(y).row
            let out = plane + y * stride
            for x in 0..<rows.width { out[x] = PNGEncoder.unpremultiplied(row[x]) }
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw RenderError.encoding("WebP: libwebp's configuration version does not match") }
        if let quality {
            // libwebp's defaults otherwise (method 4): method 2 halves the time for 3–5 % more bytes.
            config.quality = Float(quality.value)
        } else {
            config.lossless = 1
            config.exact = 1
            guard WebPConfigLosslessPreset(&config, WebPEncoder.losslessLevel) != 0 else {
                throw RenderError.encoding("WebP: libwebp refused lossless level \(WebPEncoder.losslessLevel)")
            }
        }
        guard WebPValidateConfig(&config) != 0 else { throw RenderError.encoding("WebP: libwebp refused the configuration") }
        let output = Output()
        picture.pointer.pointee.writer = WebPMemoryWrite
        picture.pointer.pointee.custom_ptr = UnsafeMutableRawPointer(output.writer)
        guard withExtendedLifetime(output, { WebPEncode(&config, picture.pointer) }) != 0 else {
            throw RenderError.encoding("WebP: libwebp failed (error \(picture.pointer.pointee.error_code.rawValue))")
        }
        return output.data
    }

    /// libwebp's lossless effort level, 0 (fastest) … 9 (smallest). Measured on the bench
    /// documents (release build, 2-core VM): level 3 writes the bubble in 7,074 B and the 50-message
    /// chat in 376,852 B, 30–38 % less than level 1 (10,136 B, 608,192 B) in twice its time (8 ms
    /// and 312 ms against 2.7 ms and 162 ms); levels above 3 save under 2 % more. For chats —
    /// flat colour and text — it is also smaller than lossy WebP at 80.
    static let losslessLevel: Int32 = 3

    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width <= maxSide, height <= maxSide else {
            throw RenderError.limit(
                "the image would be \(width) × \(height) pixels; a WebP image can be at most \(maxSide) on a side (render fewer messages, a lower scale, or another format)"
            )
        }
    }

    /// Owns a `WebPPicture` with an ARGB plane libwebp allocated; freed in `deinit`.
    final class Picture {
        /// Owned; the struct and its planes freed in `deinit`.
        let pointer: UnsafeMutablePointer<WebPPicture>

        init(width: Int, height: Int) throws(RenderError) {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: WebPPicture())
            guard WebPPictureInit(pointer) != 0 else {
                pointer.deallocate()
                throw RenderError.encoding("WebP: libwebp's picture version does not match")
            }
            pointer.pointee.use_argb = 1
            pointer.pointee.width = Int32(width)
            pointer.pointee.height = Int32(height)
            guard WebPPictureAlloc(pointer) != 0, pointer.pointee.argb != nil else {
                WebPPictureFree(pointer)
                pointer.deallocate()
                throw RenderError.encoding("WebP: libwebp could not allocate a \(width) × \(height) picture")
            }
        }

        deinit {
            WebPPictureFree(pointer)
            pointer.deallocate()
        }
    }

    /// Owns the memory writer libwebp appends the file to; cleared in `deinit`.
    final class Output {
        /// Owned; its buffer freed with `WebPMemoryWriterClear` in `deinit`.
        let writer: UnsafeMutablePointer<WebPMemoryWriter>

        init() {
            writer = .allocate(capacity: 1)
            writer.initialize(to: WebPMemoryWriter())
            WebPMemoryWriterInit(writer)
        }

        deinit {
            WebPMemoryWriterClear(writer)
            writer.deallocate()
        }

        /// A copy of what was written.
        var data: Data { writer.pointee.mem.map { Data(bytes: $0, count: writer.pointee.size) } ?? Data() }
    }
}
