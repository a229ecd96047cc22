import CPangoCairo

/// Owns one Cairo image surface (ARGB32, premultiplied) and frees it in `deinit`.
/// Not `Sendable`: a surface is used by one thread at a time.
final class CairoSurface {
    /// Owned: one reference, destroyed in `deinit`.
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// A new transparent surface.
    init(width: Int, height: Int) throws(RenderError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError.cairo("could not create a \(width) × \(height) surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo("could not create a \(width) × \(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        self.pointer = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Bytes per row.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Calls `body` with the pixel bytes (B, G, R, A in memory on little-endian machines).
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(cairo_image_surface_get_data(pointer), stride)
    }
}
