import CDeflate
import CPangoCairo
import CSpng
import CTurboJPEG
import Foundation

/// Decodes PNG (libspng), JPEG (libjpeg-turbo), WebP (libwebp) and GIF (giflib) into Cairo surfaces, refusing images whose
/// declared size exceeds the pixel limit before any pixel is decoded. `probe` reads only the header.
enum ImageDecoder {
    /// The formats Feedshot decodes.
    enum Format { case png, jpeg, webp, gif }

    /// An image's header: its format, its size as drawn (a JPEG's turned upright by its EXIF
    /// orientation, as `UIImage.size` is) and that orientation.
    struct Header: Equatable {
        var format: Format
        var width: Int
        var height: Int
        var orientation = ImageOrientation.up
        var pixels: Int { width * height }
        /// Bytes the decoded pixels take, and while a photo is turned upright, its stored pixels too.
        var decodedBytes: Int { pixels * 4 * (orientation == .up ? 1 : 2) }
    }

    /// A file a PDF or SVG can embed in place of the pixels (Cairo's MIME data): a JPEG stays a
    /// JPEG on the page.
    struct Embedded: Equatable {
        var bytes: [UInt8]
        /// `CAIRO_MIME_TYPE_JPEG` or `CAIRO_MIME_TYPE_PNG`.
        var mimeType: String
    }

    /// Decoded pixels — RGB24 when none is translucent (`opaqueWhereItIs()`) — the damage the
    /// decoder reported while still producing them (a truncated JPEG, a PNG chunk whose CRC does
    /// not match: drawn, with a warning), and the file a PDF or SVG embeds instead, if any (none
    /// for a damaged image: every format draws what decoded).
    struct Decoded {
        var surface: CairoSurface
        var damage: String?
        var embedded: Embedded?

        /// The same, its surface RGB24 (`CairoSurface.opaqueView()`) when every pixel is opaque.
        func opaqueWhereItIs() throws(ImageLoadError) -> Decoded {
            guard !surface.isOpaqueFormat, surface.scanIsOpaque() else { return self }
            var opaque = self
            do {
                opaque.surface = try surface.opaqueView()
            } catch {
                throw ImageLoadError("out of memory for a \(surface.width) × \(surface.height) image")
            }
            return opaque
        }
    }

    static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        return nil
    }

    /// The format and size declared in the header, without decoding a pixel; the size is checked
    /// against `maxPixels` and Cairo's largest side.
    ///
    /// - Throws: `ImageLoadError` when the header is unreadable or the image too large.
    static func probe(_ data: Data, maxPixels: Int) throws(ImageLoadError) -> Header {
        let bytes = [UInt8](data.prefix(1 << 20))
        guard let format = format(of: bytes) else { throw ImageLoadError("not a PNG, JPEG, WebP or GIF image") }
        let size: (Int, Int)
        var orientation = ImageOrientation.up
        switch format {
        case .png: size = try pngSize([UInt8](data))
        case .jpeg:
            let all = [UInt8](data)
            let stored = try jpegSize(all)
            orientation = JPEGSegments.orientation(all)
            size = orientation.size(width: stored.0, height: stored.1)
        case .webp: size = try webpSize(bytes)
        case .gif:
            let canvas = try gifCanvas([UInt8](data))
            size = (canvas.width, canvas.height)
        }
        try checkSize(width: size.0, height: size.1, maxPixels: maxPixels)
        return Header(format: format, width: size.0, height: size.1, orientation: orientation)
    }

    /// The pixels of `data`, upright, RGB24 when none is translucent.
    static func decode(_ data: Data, maxPixels: Int) throws(ImageLoadError) -> Decoded {
        let bytes = [UInt8](data)
        let decoded: Decoded
        switch format(of: bytes) {
        case .png: decoded = try decodePNG(bytes, maxPixels: maxPixels)
        case .jpeg: decoded = try decodeJPEG(bytes, maxPixels: maxPixels)
        case .webp: decoded = Decoded(surface: try decodeWebP(bytes, maxPixels: maxPixels))
        case .gif: decoded = Decoded(surface: try decodeGIF(bytes, maxPixels: maxPixels))
        case nil: throw ImageLoadError("not a PNG, JPEG, WebP or GIF image")
        }
        return try decoded.opaqueWhereItIs()
    }

    /// Refuses sizes that are empty, wider or taller than Cairo draws, or over `maxPixels`.
    static func checkSize(width: Int, height: Int, maxPixels: Int) throws(ImageLoadError) {
        guard width > 0, height > 0 else { throw ImageLoadError("image has no pixels") }
        let area = width.multipliedReportingOverflow(by: height)
        guard !area.overflow, area.partialValue <= maxPixels else {
            throw ImageLoadError("image is \(width) × \(height) pixels, more than the limit of \(maxPixels) pixels")
        }
        guard width <= 32767, height <= 32767 else {
            throw ImageLoadError("image is \(width) × \(height) pixels; each side can be at most 32767")
        }
    }

    /// A libspng context over `bytes`, which must outlive it.
    private static func pngContext(_ buffer: UnsafeRawBufferPointer) throws(ImageLoadError) -> OpaquePointer {
        guard let ctx = spng_ctx_new(0) else { throw ImageLoadError("libspng could not start") }
        // The pixel limit is checked on the header, with a clearer message than libspng's.
        spng_set_image_limits(ctx, UInt32(Int32.max), UInt32(Int32.max))
        spng_set_chunk_limits(ctx, 8 << 20, 16 << 20)
        // CRCs are checked by `firstChunkWithBadCRC`; a mismatch is damage to report, not a refusal.
        spng_set_crc_action(ctx, Int32(SPNG_CRC_USE.rawValue), Int32(SPNG_CRC_USE.rawValue))
        let status = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
        guard status == 0 else {
            spng_ctx_free(ctx)
            throw ImageLoadError("corrupt PNG: \(String(cString: spng_strerror(status)))")
        }
        return ctx
    }

    /// `bytes.withUnsafeBytes`, keeping the body's error type.
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ImageLoadError) -> R) throws(ImageLoadError) -> R {
        let result: Result<R, ImageLoadError> = bytes.withUnsafeBytes { buffer in
            do throws(ImageLoadError) {
                return .success(try body(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func pngSize(_ bytes: [UInt8]) throws(ImageLoadError) -> (Int, Int) {
        try withBytes(bytes) { buffer throws(ImageLoadError) -> (Int, Int) in
            let ctx = try pngContext(buffer)
            defer { spng_ctx_free(ctx) }
            var ihdr = spng_ihdr()
            let status = spng_get_ihdr(ctx, &ihdr)
            guard status == 0 else { throw ImageLoadError("corrupt PNG: \(String(cString: spng_strerror(status)))") }
            return (Int(ihdr.width), Int(ihdr.height))
        }
    }

    static func jpegSize(_ bytes: [UInt8]) throws(ImageLoadError) -> (Int, Int) {
        guard let handle = tjInitDecompress() else { throw ImageLoadError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        let header = try jpegHeader(bytes, handle: handle)
        return (header.width, header.height)
    }

    /// The width and height a JPEG's header states, read by the decompressor `handle`, and whether
    /// it holds CMYK (or YCCK) ink rather than colour.
    private static func jpegHeader(_ bytes: [UInt8], handle: tjhandle) throws(ImageLoadError) -> (width: Int, height: Int, isCMYK: Bool) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImageLoadError("corrupt JPEG: \(String(cString: tjGetErrorStr2(handle)))") }
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return (Int(width), Int(height), isCMYK)
    }

    /// Decodes a PNG; a chunk whose CRC does not match its data (checked here, chunk by chunk:
    /// libspng stops reading once the image data is inflated) is reported as damage, and the
    /// image is drawn as far as it decodes. An SVG embeds the file without its metadata
    /// (`PNGChunks.embeddable`) when it is whole.
    static func decodePNG(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> Decoded {
        let surface = try decodePNGPixels(bytes, maxPixels: maxPixels)
        guard let chunk = firstChunkWithBadCRC(bytes) else {
            return Decoded(
                surface: surface, embedded: PNGChunks.embeddable(bytes).map { Embedded(bytes: $0, mimeType: CAIRO_MIME_TYPE_PNG) })
        }
        return Decoded(surface: surface, damage: "damaged PNG: the \(chunk) chunk's CRC does not match its data; drew what decoded")
    }

    /// The type of the first chunk whose CRC-32 (over type and data, PNG §5.3) is wrong, if any.
    static func firstChunkWithBadCRC(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }  // truncated: libspng reports it
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 8 + length
            let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
            let computed = bytes.withUnsafeBytes { buffer in
                libdeflate_crc32(0, buffer.baseAddress! + offset + 4, length + 4)
            }
            if computed != stored { return type }
            if type == "IEND" { return nil }
            offset = end + 4
        }
        return nil
    }

    static func decodePNGPixels(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> CairoSurface {
        var rgba: [UInt8] = []
        var ihdr = spng_ihdr()
        try withBytes(bytes) { buffer throws(ImageLoadError) in
            let ctx = try pngContext(buffer)
            defer { spng_ctx_free(ctx) }
            let status = spng_get_ihdr(ctx, &ihdr)
            guard status == 0 else { throw ImageLoadError(png: status) }
            try checkSize(width: Int(ihdr.width), height: Int(ihdr.height), maxPixels: maxPixels)
            var size = 0
            guard spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &size) == 0 else { throw ImageLoadError("corrupt PNG") }
            rgba = [UInt8](repeating: 0, count: size)
            let decoded = rgba.withUnsafeMutableBytes { out in
                spng_decode_image(ctx, out.baseAddress, size, Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_TRNS.rawValue))
            }
            guard decoded == 0 else { throw ImageLoadError(png: decoded) }
        }
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

    /// Scans a JPEG may have at most. Each scan of a progressive JPEG passes over the whole image,
    /// so a small file of thousands (480 KB of 5,000 scans at 6000 × 6000) kept libjpeg-turbo busy
    /// for 26 s; encoders write about ten. libjpeg-turbo 2.1 has no limit of its own (3.0's
    /// `TJPARAM_SCANLIMIT`, `djpeg -maxscans`), so the file's start-of-scan markers are counted
    /// first, against `maxJPEGScans(width:height:)`.
    static let maxJPEGScans = 256

    /// Scans a `width` × `height` JPEG may have: `maxJPEGScans`, and for an image over 4
    /// megapixels at most 1,000 scans × megapixels — but never fewer than 16. A 4.7 KB
    /// arithmetic-coded 6000 × 6000 file of 256 scans took 3 s to decode; it may have 27.
    static func maxJPEGScans(width: Int, height: Int) -> Int {
        min(maxJPEGScans, max(16, 1_000_000_000 / max(1, width * height)))
    }

    /// The start-of-scan markers (FF DA) in `bytes`. Entropy-coded data never holds one (an FF
    /// there is followed by 00 or a restart marker), so this is the scans, plus any in an
    /// embedded thumbnail.
    static func jpegScans(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = bytes.startIndex
        while let marker = bytes[index...].firstIndex(of: 0xFF), marker + 1 < bytes.endIndex {
            if bytes[marker + 1] == 0xDA { count += 1 }
            index = marker + 1
        }
        return count
    }

    /// libjpeg's warning (`JWRN_BOGUS_PROGRESSION`) for a progressive scan that repeats or skips a
    /// step of the coefficients' refinement: the image has no sensible pixels past it.
    static let bogusProgression = "Inconsistent progression sequence"

    /// Decodes a JPEG, turned upright by its EXIF orientation (`ImageOrientation`); libjpeg-turbo's
    /// warnings (a truncated file, a corrupt segment) leave the pixels it could decode, drawn with
    /// the damage reported. A PDF or SVG embeds the file without its metadata
    /// (`JPEGSegments.embeddable`) when it decoded whole, is stored upright and is not CMYK.
    ///
    /// A progressive file (`JPEGSegments.isProgressive`) is decoded stopping at libjpeg's first
    /// warning (`TJFLAG_STOPONWARNING`, the only choice TurboJPEG 2.1 gives): a scan out of
    /// progression (`bogusProgression`) refuses the image — the repeated refinement scans of the
    /// 3-second file above — and any other warning decodes it again without stopping, to draw
    /// what decodes.
    static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) throws(ImageLoadError) -> Decoded {
        guard let handle = tjInitDecompress() else { throw ImageLoadError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        let (width, height, isCMYK) = try jpegHeader(bytes, handle: handle)
        try checkSize(width: width, height: height, maxPixels: maxPixels)
        let (scans, maxScans) = (jpegScans(bytes), maxJPEGScans(width: width, height: height))
        guard scans <= maxScans else {
            throw ImageLoadError("corrupt JPEG: \(scans) scans, more than the limit of \(maxScans) for \(width) × \(height) pixels")
        }
        // TJPF_BGRA and TJPF_ARGB write 255 in the byte RGB24 leaves unused.
        guard let surface = try? CairoSurface(width: width, height: height, opaque: true) else {
            throw ImageLoadError("out of memory for a \(width) × \(height) image")
        }
        #if _endian(little)
            let colour = Int32(TJPF_BGRA.rawValue)
        #else
            let colour = Int32(TJPF_ARGB.rawValue)
        #endif
        // A CMYK (or YCCK) file is decoded as ink, four bytes a pixel like Cairo's, then turned
        // into colour in place.
        let format = isCMYK ? Int32(TJPF_CMYK.rawValue) : colour
        let decompress = { (flags: Int32) in
            surface.withPixels { pixels, stride in
                bytes.withUnsafeBufferPointer { buffer in
                    tjDecompress2(
                        handle, buffer.baseAddress, UInt(buffer.count), pixels, Int32(width), Int32(stride), Int32(height), format, flags)
                }
            }
        }
        let progressive = JPEGSegments.isProgressive(bytes)
        var result = decompress(TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_STOPONWARNING : 0))
        if progressive, result != 0, tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) {
            let warning = String(cString: tjGetErrorStr2(handle))
            if warning.hasPrefix(bogusProgression) { throw ImageLoadError("corrupt JPEG: \(warning)") }
            result = decompress(TJFLAG_ACCURATEDCT)
        }
        if isCMYK { colourFromInk(surface, inverted: hasAdobeMarker(bytes)) }
        // tjDecompress2 returns -1 for warnings (e.g. truncated data) too; only fatal errors fail.
        var damage: String?
        if result != 0 {
            let message = String(cString: tjGetErrorStr2(handle))
            if tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) { throw ImageLoadError("corrupt JPEG: \(message)") }
            damage = "damaged JPEG: \(message); drew what decoded"
        }
        let orientation = JPEGSegments.orientation(bytes)
        let embeds = damage == nil && orientation == .up && !isCMYK
        return Decoded(
            surface: try orientation.applied(to: surface), damage: damage,
            embedded: embeds ? JPEGSegments.embeddable(bytes).map { Embedded(bytes: $0, mimeType: CAIRO_MIME_TYPE_JPEG) } : nil)
    }

    /// `surface`'s pixels, CMYK ink as libjpeg-turbo decodes a CMYK (or YCCK) JPEG — as print
    /// workflows save photos — turned into opaque colour in place: red = (1 − cyan)(1 − black),
    /// and so on. `inverted`: the ink is stored 255 for none, as in files with Adobe's APP14
    /// marker (Photoshop's, and nearly every CMYK JPEG), as browsers and Pillow read them. No
    /// colour profile is applied: an embedded ICC profile, which iOS would honour, is not read.
    static func colourFromInk(_ surface: CairoSurface, inverted: Bool) {
        surface.withPixels { pixels, stride in
            for y in 0..<surface.height {
                let ink = pixels + y * stride
                let row = UnsafeMutableRawPointer(ink).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.width {
                    var (c, m, yellow, k) = (UInt32(ink[4 * x]), UInt32(ink[4 * x + 1]), UInt32(ink[4 * x + 2]), UInt32(ink[4 * x + 3]))
                    if !inverted { (c, m, yellow, k) = (255 - c, 255 - m, 255 - yellow, 255 - k) }
                    let (r, g, b) = ((c * k + 127) / 255, (m * k + 127) / 255, (yellow * k + 127) / 255)
                    row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
    }

    /// Whether the JPEG has an APP14 segment beginning "Adobe" among the segments before its first
    /// scan.
    static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA { return false }  // start of scan: no more headers
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xEE, offset + 9 <= bytes.count, bytes[(offset + 4)..<(offset + 9)].elementsEqual("Adobe".utf8) { return true }
            offset += 2 + length
        }
        return false
    }
}
