import CSpng
import Foundation

/// Encodes a Cairo surface as PNG with libspng: 8-bit RGB when every pixel is opaque (the usual
/// case: layouts paint a background), otherwise 8-bit RGBA with alpha un-premultiplied.
struct PNGEncoder {
    /// zlib level 0...9.
    var compressionLevel: Int32 = 6

    func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        let (pixels, hasAlpha) = PNGEncoder.straightRGB(surface)
        return try encode(rgb: pixels, width: surface.width, height: surface.height, hasAlpha: hasAlpha)
    }

    /// Encodes 8-bit RGB (or RGBA when `hasAlpha`) rows.
    func encode(rgb pixels: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(RenderError) -> Data {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw RenderError.encoding("libspng could not start") }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, compressionLevel)
        let env = ProcessInfo.processInfo.environment
        if let f = env["PNG_FILTER"].flatMap(Int32.init) { spng_set_option(ctx, SPNG_FILTER_CHOICE, f) }
        if let f = env["PNG_STRATEGY"].flatMap(Int32.init) { spng_set_option(ctx, SPNG_IMG_COMPRESSION_STRATEGY, f) }
        var ihdr = spng_ihdr()
        ihdr.width = UInt32(width)
        ihdr.height = UInt32(height)
        ihdr.bit_depth = 8
        ihdr.color_type = UInt8(hasAlpha ? SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue : SPNG_COLOR_TYPE_TRUECOLOR.rawValue)
        var status = spng_set_ihdr(ctx, &ihdr)
        if status == 0 {
            status = pixels.withUnsafeBytes { buffer in
                spng_encode_image(ctx, buffer.baseAddress, buffer.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
            }
        }
        guard status == 0 else { throw RenderError.encoding(String(cString: spng_strerror(status))) }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error) else { throw RenderError.encoding(String(cString: spng_strerror(error))) }
        defer { free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The surface's pixels as straight RGB (or RGBA when any pixel is not opaque).
    static func straightRGB(_ surface: CairoSurface) -> (pixels: [UInt8], hasAlpha: Bool) {
        let (width, height) = (surface.width, surface.height)
        return surface.withPixels { data, stride in
            var opaque = true
            for y in 0..<height where opaque {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width where row[x] >> 24 != 0xFF {
                    opaque = false
                    break
                }
            }
            let channels = opaque ? 3 : 4
            var out = [UInt8](repeating: 0, count: width * height * channels)
            out.withUnsafeMutableBufferPointer { out in
                var o = 0
                for y in 0..<height {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let p = row[x]
                        let a = p >> 24
                        var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                        if opaque {
                            out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b)
                            o += 3
                        } else {
                            if a != 0 && a != 255 {
                                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
                            }
                            out[o] = UInt8(min(r, 255)); out[o + 1] = UInt8(min(g, 255)); out[o + 2] = UInt8(min(b, 255)); out[o + 3] = UInt8(a)
                            o += 4
                        }
                    }
                }
            }
            return (out, !opaque)
        }
    }
}
