import CPangoCairo
import CSpng
import CTurboJPEG
import Foundation

/// Decodes PNG (libspng), JPEG (libjpeg-turbo), WebP (libwebp) and GIF (giflib) into Cairo surfaces, refusing images whose
/// declared size exceeds the pixel limit before any pixel is decoded.
enum ImageDecoder {
    static func decode(_ data: Data, maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try decodePNG(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try decodeJPEG(bytes, maxPixels: maxPixels) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try decodeWebP(bytes, maxPixels: maxPixels)
        }
        if bytes.starts(with: Array("GIF8".utf8)) { return try decodeGIF(bytes, maxPixels: maxPixels) }
        throw ImageLoadError("not a PNG, JPEG, WebP or GIF image")
    }

    /// The Cairo MIME type under which a PDF or SVG can embed `bytes` as they are (JPEG, PNG), or nil.
    static func embeddableType(of bytes: Data) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return CAIRO_MIME_TYPE_JPEG }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return CAIRO_MIME_TYPE_PNG }
        return nil
    }

    static func checkSize(width: Int, height: Int, maxPixels: Int) throws(ImageLoadError) {
        guard width > 0, height > 0 else { throw ImageLoadError("image has no pixels") }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= 32767, height <= 32767 else {
            throw ImageLoadError("image is \(width) × \(height) pixels, more than the limit of \(maxPixels) pixels")
        }
    }

    static func decodePNG(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        guard let ctx = spng_ctx_new(0) else { throw ImageLoadError("libspng could not start") }
        defer { spng_ctx_free(ctx) }
        // The pixel limit is checked on the header below, with a clearer message than libspng's.
        spng_set_image_limits(ctx, UInt32(Int32.max), UInt32(Int32.max))
        spng_set_chunk_limits(ctx, 8 << 20, 16 << 20)
        spng_set_crc_action(ctx, Int32(SPNG_CRC_USE.rawValue), Int32(SPNG_CRC_USE.rawValue))
        var rgba: [UInt8] = []
        var ihdr = spng_ihdr()
        let status: Int32 = bytes.withUnsafeBytes { buffer in
            var result = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
            if result == 0 { result = spng_get_ihdr(ctx, &ihdr) }
            return result
        }
        guard status == 0 else { throw ImageLoadError("corrupt PNG: \(String(cString: spng_strerror(status)))") }
        try checkSize(width: Int(ihdr.width), height: Int(ihdr.height), maxPixels: maxPixels)
        var size = 0
        guard spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &size) == 0 else { throw ImageLoadError("corrupt PNG") }
        rgba = [UInt8](repeating: 0, count: size)
        let decoded = rgba.withUnsafeMutableBytes { out in
            spng_decode_image(ctx, out.baseAddress, size, Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_TRNS.rawValue))
        }
        guard decoded == 0 else { throw ImageLoadError("corrupt PNG: \(String(cString: spng_strerror(decoded)))") }
        let width = Int(ihdr.width), height = Int(ihdr.height)
        guard let surface = try? CairoSurface(width: width, height: height) else {
            throw ImageLoadError("out of memory for a \(width) × \(height) image")
        }
        surface.withPixels { pixels, stride in
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width {
                    let source = (y * width + x) * 4
                    let a = UInt32(rgba[source + 3])
                    let r = UInt32(rgba[source]) * a / 255, g = UInt32(rgba[source + 1]) * a / 255, b = UInt32(rgba[source + 2]) * a / 255
                    // Cairo ARGB32 is a native-endian 32-bit word: A in the high byte.
                    (row + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = a << 24 | r << 16 | g << 8 | b }
                }
            }
        }
        return surface
    }

    static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        guard let handle = tjInitDecompress() else { throw ImageLoadError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImageLoadError("corrupt JPEG: \(String(cString: tjGetErrorStr2(handle)))") }
        try checkSize(width: Int(width), height: Int(height), maxPixels: maxPixels)
        guard let surface = try? CairoSurface(width: Int(width), height: Int(height)) else {
            throw ImageLoadError("out of memory for a \(width) × \(height) image")
        }
        #if _endian(little)
            let format = Int32(TJPF_BGRA.rawValue)
        #else
            let format = Int32(TJPF_ARGB.rawValue)
        #endif
        let result = surface.withPixels { pixels, stride in
            bytes.withUnsafeBufferPointer { buffer in
                tjDecompress2(
                    handle, buffer.baseAddress, UInt(buffer.count), pixels, width, Int32(stride), height, format, TJFLAG_ACCURATEDCT)
            }
        }
        // tjDecompress2 returns -1 for warnings (e.g. truncated data) too; only fatal errors fail.
        if result != 0, tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw ImageLoadError("corrupt JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        return surface
    }
}
