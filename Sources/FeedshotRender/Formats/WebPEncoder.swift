import CWebP
import Foundation

/// Encodes pixel rows as WebP: lossless by default, with Feedshot's own encoder (`LosslessWebP`;
/// decoded pixels are the PNG's exactly), or lossy at a quality with libwebp's (`WebPEncode`).
///
/// A layout's strips (`StripRows`) are drawn straight into the picture's ARGB plane: Cairo's
/// ARGB32 words are libwebp's ARGB words, so opaque pixels need no conversion, and the few
/// translucent ones are un-premultiplied in place (`PNGEncoder.unpremultiplied`) while their
/// strip is in the cache. Other rows are copied in and un-premultiplied.
struct WebPEncoder {
    /// Nil: lossless. Otherwise lossy at this quality.
    var quality: ImageQuality?
    /// Threads the encoder may use (`RenderOptions.encodingThreads`; the same bytes either way):
    /// the lossless encoder's strips, or libwebp's second thread (`thread_level` 1).
    var threads = 1

    /// WebP's largest side, in pixels (`WEBP_MAX_DIMENSION`).
    static let maxSide = Int(WEBP_MAX_DIMENSION)

    /// The layout drawn strip by strip into the picture, as a WebP file.
    ///
    /// - Throws: `RenderError.limit` for an image wider or taller than WebP allows,
    ///   `RenderError.encoding` when libwebp fails, and what drawing throws.
    func encode(_ strips: StripRows) throws(RenderError) -> Data {
        guard let quality else { return try LosslessWebP(threads: threads).encode(strips) }
        try WebPEncoder.checkSize(width: strips.width, height: strips.height)
        let picture = try Picture(width: strips.width, height: strips.height)
        let plane = picture.pointer.pointee.argb!
        let stride = Int(picture.pointer.pointee.argb_stride)
        guard stride * 4 == strips.rowStride else {
            throw RenderError.invariant("libwebp's ARGB rows (\(stride) pixels) are not Cairo's (\(strips.rowStride) bytes)")
        }
        for (index, rows) in strips.windows.enumerated() {
            let first = plane + rows.lowerBound * stride
            try strips.draw(strip: index, into: UnsafeMutableRawPointer(first).assumingMemoryBound(to: UInt8.self))
            WebPEncoder.unpremultiply(first, count: rows.count * stride)
        }
        return try compress(picture, quality: quality)
    }

    /// Cairo's premultiplied words as straight ARGB, in place; opaque words are left alone.
    static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        for index in 0..<count where pixels[index] < 0xFF00_0000 { pixels[index] = PNGEncoder.unpremultiplied(pixels[index]) }
    }

    /// The picture encoded lossy at `quality` (`configuration`).
    private func compress(_ picture: Picture, quality: ImageQuality) throws(RenderError) -> Data {
        var config = try configuration(quality: quality)
        let output = Output()
        picture.pointer.pointee.writer = WebPMemoryWrite
        picture.pointer.pointee.custom_ptr = UnsafeMutableRawPointer(output.writer)
        guard withExtendedLifetime(output, { WebPEncode(&config, picture.pointer) }) != 0 else {
            throw RenderError.encoding("WebP: libwebp failed (error \(picture.pointer.pointee.error_code.rawValue))")
        }
        return output.data
    }

    /// libwebp's settings for a lossy file at `quality`, with `lossyMethod`; a second thread
    /// when `threads` allows one.
    func configuration(quality: ImageQuality) throws(RenderError) -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw RenderError.encoding("WebP: libwebp's configuration version does not match") }
        config.quality = Float(quality.value)
        config.method = WebPEncoder.lossyMethod
        config.thread_level = threads > 1 ? 1 : 0
        guard WebPValidateConfig(&config) != 0 else { throw RenderError.encoding("WebP: libwebp refused the configuration") }
        return config
    }

    /// libwebp's lossy method (0 fastest … 6), chosen on the bench documents
    /// (docs/performance.md, "WebP"): method 1 writes the bubble at quality 80 in 11,216 B
    /// (method 0: 13,752 B, over half the PNG) at a fifth of the time of libwebp's default,
    /// method 4 (8,086 B).
    static let lossyMethod: Int32 = 1

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

        /// Owns the picture only once it is allocated: a class whose initialiser throws after
        /// every stored property is set runs its `deinit`, which would free it a second time.
        init(width: Int, height: Int) throws(RenderError) {
            let picture = UnsafeMutablePointer<WebPPicture>.allocate(capacity: 1)
            picture.initialize(to: WebPPicture())
            guard WebPPictureInit(picture) != 0 else {
                picture.deallocate()
                throw RenderError.encoding("WebP: libwebp's picture version does not match")
            }
            picture.pointee.use_argb = 1
            picture.pointee.width = Int32(clamping: width)
            picture.pointee.height = Int32(clamping: height)
            guard WebPPictureAlloc(picture) != 0, picture.pointee.argb != nil else {
                WebPPictureFree(picture)
                picture.deallocate()
                throw RenderError.encoding("WebP: libwebp could not allocate a \(width) × \(height) picture")
            }
            pointer = picture
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
