import CPangoCairo
import Foundation

/// Owns one Cairo image surface (ARGB32, premultiplied; RGB24 for an image with no translucent
/// pixel; A8 for a mask) and frees it in `deinit`. Not `Sendable`: a surface is used by one thread
/// at a time.
final class CairoSurface {
    /// Owned: one reference, destroyed in `deinit`.
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// Takes ownership of `surface`, checking its status.
    private init(owning surface: OpaquePointer?, width: Int, height: Int) throws(RenderError) {
        guard let surface else { throw RenderError.cairo("could not create a \(width) × \(height) surface") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo("could not create a \(width) × \(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        self.pointer = surface
        self.width = width
        self.height = height
    }

    /// A new transparent surface; `opaque`, an RGB24 one (black), for pixels that will all be opaque.
    convenience init(width: Int, height: Int, opaque: Bool = false) throws(RenderError) {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        try self.init(owning: cairo_image_surface_create(format, Int32(width), Int32(height)), width: width, height: height)
    }

    /// A new transparent alpha-only surface (A8): a mask.
    convenience init(alphaWidth width: Int, height: Int) throws(RenderError) {
        try self.init(owning: cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)), width: width, height: height)
    }

    /// A `width` × `height` surface over `buffer` (`height` rows of `stride` bytes), which must
    /// outlive the surface: a strip of a larger image, drawn with a whole-pixel translation
    /// (`Painter.draw(_:rows:into:plan:)`).
    convenience init(width: Int, height: Int, buffer: UnsafeMutablePointer<UInt8>, stride: Int) throws(RenderError) {
        guard width > 0, height > 0, stride >= width * 4 else {
            throw RenderError.cairo("no \(width) × \(height) surface fits rows of \(stride) bytes")
        }
        let surface = cairo_image_surface_create_for_data(buffer, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        try self.init(owning: surface, width: width, height: height)
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Whether Cairo knows this surface has no alpha (RGB24).
    var isOpaqueFormat: Bool { cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_RGB24 }

    /// The key under which an RGB24 surface made by `opaqueView()` keeps the ARGB32 surface whose
    /// pixels it shows.
    nonisolated(unsafe) private static let pixelOwnerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// These ARGB32 pixels, every one opaque (`scanIsOpaque()`), as an RGB24 surface over the same
    /// memory, which keeps a reference to this surface until Cairo destroys it: no pixel is
    /// copied. Drawn, the two give the same pixels; but Cairo's PDF and SVG surfaces check every
    /// pixel of an ARGB32 image for transparency each time it is drawn (a 6000 × 6000 avatar in
    /// 160 messages took 5 s of PDF), and an RGB24 one not at all.
    func opaqueView() throws(RenderError) -> CairoSurface {
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 else { return self }
        cairo_surface_flush(pointer)
        let view = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(pointer), CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))
        let shared = try CairoSurface(owning: view, width: width, height: height)
        let status = cairo_surface_set_user_data(view, Self.pixelOwnerKey, UnsafeMutableRawPointer(cairo_surface_reference(pointer))) {
            cairo_surface_destroy(OpaquePointer($0))
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo did not take the reference (out of memory): give it back; `shared` is destroyed unused.
            cairo_surface_destroy(pointer)
            throw RenderError.cairo("could not share a \(width) × \(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        return shared
    }

    /// Whether every pixel of this ARGB32 surface is opaque (alpha 255), row by row
    /// (`CairoSurface.isOpaque(_:)`).
    func scanIsOpaque() -> Bool {
        cairo_surface_flush(pointer)
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(pointer) else {
            return cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_RGB24
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        for row in 0..<height {
            let words = UnsafeBufferPointer(start: UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self), count: width)
            if !CairoSurface.isOpaque(words.span) { return false }
        }
        return true
    }

    /// Whether every one of `pixels`, Cairo's ARGB32 words (native-endian, alpha in the top
    /// byte), is opaque: one AND over them all, which the compiler vectorizes.
    static func isOpaque(_ pixels: Span<UInt32>) -> Bool {
        var alpha: UInt32 = 0xFF00_0000
        for index in pixels.indices { alpha &= pixels[index] }
        return alpha & 0xFF00_0000 == 0xFF00_0000
    }

    /// Attaches an encoded file of these pixels (`mimeType`: Cairo's `image/jpeg` or
    /// `image/png`; `ImageDecoder.Embedded`), so that a PDF or SVG embeds the file rather than the
    /// pixels re-encoded: a photo stays a JPEG. Raster output ignores it. Cairo owns the copy and
    /// frees it with the surface.
    ///
    /// - Returns: Whether Cairo took it.
    @discardableResult
    func attachSource(_ bytes: [UInt8], mimeType: String) -> Bool {
        guard !bytes.isEmpty, let copy = malloc(bytes.count) else { return false }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(pointer, mimeType, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            return false
        }
        return true
    }

    /// Bytes per row.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Calls `body` with the pixel bytes (B, G, R, A in memory on little-endian machines).
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(cairo_image_surface_get_data(pointer), stride)
    }
}
