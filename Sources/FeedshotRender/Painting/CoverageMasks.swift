import CPangoCairo
import FeedshotLayout

/// Small shapes that a layout repeats — avatar circles, their silhouettes, date pills — drawn as
/// their colour through an 8-bit coverage mask, kept per thread, so each is rasterized once.
///
/// Cairo's scan converter costs ~15 µs for a 40 pt circle at 2×, whatever it covers; compositing
/// through a mask of the same coverage costs ~4 µs. The mask is the shape filled with the same
/// user coordinates and the same transform moved by whole device pixels, so every edge falls at
/// the same place within its pixel; the key holds the shape, the scale and where the shape starts
/// within its device pixel. Pixman blends a mask with its own rounding, so an edge pixel can come
/// out one level from a direct fill (11 of the 51 goldens had 1 to 15 such pixels; the 50-message
/// chat none) — which is why these shapes are always drawn this way, cached or not, and a render
/// with caches off is the same as one with them.
enum CoverageMasks {
    /// A shape drawn with one fill, so that its coverage is one mask.
    enum Shape: Hashable {
        case box(width: Double, height: Double, corners: CornerRadii)
        case glyph(Glyph, width: Double, height: Double)
    }

    struct Key: Hashable {
        let shape: Shape
        let scale: Double
        /// The shape's origin within its device pixel (0 ..< 1).
        let phaseX: Double, phaseY: Double
    }

    /// The largest mask kept, in pixels (an avatar at 3× is 120 × 120).
    static let largestMask = 128 * 128
    /// Pixels of margin around a shape's frame (antialiasing and strokes reach past it).
    static let margin = 2

    /// At most 2 MiB of masks per thread (cost: KiB of mask, at least 1).
    static let cache = ThreadLocal { BoundedCache<Key, Mask>(capacity: 2_048) }

    /// An 8-bit coverage surface. Owns it: destroyed in `deinit`.
    final class Mask {
        let pointer: OpaquePointer

        init?(width: Int, height: Int) {
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
                cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            else { return nil }
            pointer = surface
        }

        deinit { cairo_surface_destroy(pointer) }
    }

    /// Paints the current source of `cr` through the coverage of `shape`, drawn at `frame` by
    /// `fill` (which fills the shape in user coordinates), from the thread's cache when `cached`;
    /// false, drawing nothing, when the transform is not a plain scale and move or the shape is
    /// too large.
    static func paint(_ shape: Shape, at frame: Rect, _ cr: OpaquePointer, cached: Bool, fill: (OpaquePointer) -> Void) -> Bool {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard ctm.xy == 0, ctm.yx == 0, ctm.xx == ctm.yy, ctm.xx > 0 else { return false }
        let scale = ctm.xx
        var x = frame.minX, y = frame.minY
        cairo_user_to_device(cr, &x, &y)
        let left = x.rounded(.down) - Double(margin), top = y.rounded(.down) - Double(margin)
        let across = (frame.width * scale).rounded(.up) + Double(2 * margin + 1)
        let down = (frame.height * scale).rounded(.up) + Double(2 * margin + 1)
        // Also false for frames that are not finite or not positive (no integer conversion traps).
        guard across > 0, down > 0, across * down <= Double(largestMask), abs(left) < 1e9, abs(top) < 1e9 else { return false }
        let width = Int(across), height = Int(down)
        let key = Key(shape: shape, scale: scale, phaseX: x - x.rounded(.down), phaseY: y - y.rounded(.down))
        let masks = cached ? cache.value : nil
        let mask: Mask
        if let hit = masks?[key] {
            mask = hit
        } else {
            guard let made = Mask(width: width, height: height), let mc = cairo_create(made.pointer) else { return false }
            // The same transform, moved by whole pixels so that the frame's device pixel is the mask's (margin, margin).
            var moved = ctm
            moved.x0 -= left
            moved.y0 -= top
            cairo_set_matrix(mc, &moved)
            cairo_set_source_rgba(mc, 0, 0, 0, 1)
            fill(mc)
            cairo_destroy(mc)
            cairo_surface_flush(made.pointer)
            masks?.insert(made, for: key, cost: max(1, width * height / 1_024))
            mask = made
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask.pointer, left, top)
        cairo_restore(cr)
        return true
    }
}
