import CSpng
import Foundation

/// Decoded pixels, 8-bit straight RGBA, row by row: what snapshot comparison works on.
public struct RGBAImage: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes.
    public var pixels: [UInt8]

    /// An image of straight (not premultiplied) RGBA bytes, row by row.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer size does not match \(width) × \(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// `RGBAImage(w × h)`.
    public var description: String { "RGBAImage(\(width) × \(height))" }

    /// A `width` × `height` image filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        self.init(width: width, height: height, pixels: Array((0..<width * height).map { _ in [fill.0, fill.1, fill.2, fill.3] }.joined()))
    }

    /// Decodes a PNG file's bytes.
    ///
    /// - Throws: `RGBAImage.DecodeError` when the bytes are not a readable PNG.
    public init(png data: Data, maxPixels: Int = 100_000_000) throws(DecodeError) {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw DecodeError(message: "not a PNG file") }
        guard let ctx = spng_ctx_new(0) else { throw DecodeError(message: "libspng could not start") }
        defer { spng_ctx_free(ctx) }
        spng_set_image_limits(ctx, 32767, 32767)
        var ihdr = spng_ihdr()
        var size = 0
        var pixels: [UInt8] = []
        let status: Int32 = data.withUnsafeBytes { buffer in
            var result = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
            if result == 0 { result = spng_get_ihdr(ctx, &ihdr) }
            if result == 0, Int(ihdr.width) * Int(ihdr.height) > maxPixels { return Int32(SPNG_EWIDTH.rawValue) }
            if result == 0 { result = spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &size) }
            if result == 0 {
                pixels = [UInt8](repeating: 0, count: size)
                result = pixels.withUnsafeMutableBytes { out in
                    spng_decode_image(ctx, out.baseAddress, size, Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_TRNS.rawValue))
                }
            }
            return result
        }
        guard status == 0 else { throw DecodeError(message: "unreadable PNG (\(String(cString: spng_strerror(status))))") }
        self.init(width: Int(ihdr.width), height: Int(ihdr.height), pixels: pixels)
    }

    /// PNG bytes of this image (RGBA, or RGB when every pixel is opaque).
    public func pngData(compressionLevel: Int = 1) throws(RenderError) -> Data {
        try PNGEncoder(compressionLevel: Int32(compressionLevel)).encode(rgba: pixels, width: width, height: height)
    }

    /// Why bytes did not decode as a PNG.
    public struct DecodeError: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// `RGBAImage(w × h)`.
        public var description: String { message }
    }
}
