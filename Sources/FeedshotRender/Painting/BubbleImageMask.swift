import CPangoCairo
import FeedshotLayout

/// An app's bubble image as `MessageContainerView` uses it for `.customImageTail`
/// (`Sources/Views/MessageContainerView.swift:57-63` at b4493fe): the image, turned to the tail's
/// corner (`MessageStyle.TailCorner.imageOrientation`) and made resizable with cap insets of half
/// its size (`MessageStyle.stretch`, `Sources/Models/MessageStyle.swift:88-92,152-156`), is the
/// container's `mask`: its alpha lets the container's colour — or its photo — through. The
/// image's own colours never show (docs/messagekit.md, "Custom bubbles").
enum BubbleImageMask {
    /// Paints the current source of `cr` through `image` stretched to `frame` as `stretched` says.
    static func paint(through image: CairoSurface, _ stretched: BubbleShape.StretchedImage, in frame: Rect, _ cr: OpaquePointer) {
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        drawStretched(image, stretched, in: frame, cr)
        let mask = cairo_pop_group(cr)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
    }

    /// The clear pixels around a vector page's mask. Without them a photo that fills its frame
    /// exactly has the extents of its mask, and Cairo 1.16's PDF surface writes the pair as one
    /// image with the mask as its soft mask (`_cairo_pdf_surface_emit_combined_smask`); the image
    /// is written once per source surface, so another bubble drawing the same photo took that
    /// mask too (an outgoing photo in an incoming thought bubble's shape), or the masked one lost
    /// its mask when the photo was drawn plainly first. One pixel puts the extents a whole mask
    /// pixel apart, past that path's half-pixel tolerance, and Cairo writes the mask as a soft
    /// mask of its own.
    static let vectorMaskBorder = 1

    /// The mask `image` stretched to a `size`-point frame, as pixels (alpha only) at `density`
    /// pixels a point, inside a clear border of `vectorMaskBorder` pixels: what a vector page (PDF,
    /// SVG) masks a photo with, placed `vectorMaskBorder` pixels up and left of the frame. Drawn as
    /// a group there, the stretched mask made Cairo put a 300-dpi fallback image of the whole photo
    /// in its place, every time (docs/formats.md, "bubbles masked by an app's image").
    static func rasterized(
        _ image: CairoSurface, _ stretched: BubbleShape.StretchedImage, size: Size, density: Double
    ) throws(RenderError)
        -> CairoSurface
    {
        let border = 2 * vectorMaskBorder
        let width = max(1, Int((size.width * density).rounded(.up))) + border
        let height = max(1, Int((size.height * density).rounded(.up))) + border
        let mask = try CairoSurface(alphaWidth: width, height: height)
        guard let cr = cairo_create(mask.pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, Double(vectorMaskBorder), Double(vectorMaskBorder))
        cairo_scale(cr, density, density)
        drawStretched(image, stretched, in: Rect(x: 0, y: 0, width: size.width, height: size.height), cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        cairo_surface_flush(mask.pointer)
        return mask
    }

    /// Draws `image` turned to its corner and stretched to `frame`: each quarter at its own size
    /// in its corner of the frame, and the centre row and column of pixels stretched across what
    /// is between (a frame smaller than the image along an axis scales it down along it, as the
    /// built-in bubbles do: `BubbleShape.stretch`). The parts are cut on whole device pixels
    /// (no antialiasing at the cuts), so they meet without seams.
    static func drawStretched(_ image: CairoSurface, _ stretched: BubbleShape.StretchedImage, in frame: Rect, _ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, frame.x, frame.y)
        let corner = stretched.corner
        if corner == .bottomLeft || corner == .topLeft {
            cairo_translate(cr, frame.width, 0)
            cairo_scale(cr, -1, 1)
        }
        if corner == .topLeft || corner == .topRight {
            cairo_translate(cr, 0, frame.height)
            cairo_scale(cr, 1, -1)
        }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let columns = parts(pixels: image.width, points: stretched.width, to: frame.width)
        let rows = parts(pixels: image.height, points: stretched.height, to: frame.height)
        for column in columns {
            for row in rows {
                draw(
                    image, source: (column.source, row.source),
                    into: Rect(x: column.target.lowerBound, y: row.target.lowerBound, width: column.target.width, height: row.target.width),
                    cr)
            }
        }
    }

    /// A span of source pixels and the span of points it is drawn across.
    struct Part: Equatable {
        var source: Range<Int>
        var target: ClosedRange<Double>
    }

    /// One axis of the nine-part image: an image of `pixels` (`points` wide) drawn across `size`
    /// points. Its first half keeps its size at the start, its second half at the end, and the
    /// pixel at the centre fills the gap; an image larger than `size` is scaled down whole.
    static func parts(pixels: Int, points: Double, to size: Double) -> [Part] {
        guard pixels > 1, points > 0, size > points else { return [Part(source: 0..<max(1, pixels), target: 0...size)] }
        let head = pixels / 2
        let perPixel = points / Double(pixels)
        let headEnd = Double(head) * perPixel, tailStart = size - Double(pixels - head) * perPixel
        return [
            Part(source: 0..<head, target: 0...headEnd),
            Part(source: head - 1..<head, target: headEnd...tailStart),
            Part(source: head..<pixels, target: tailStart...size),
        ]
    }

    /// Draws the `source` pixels of `image` scaled to fill `target` (user space), clipped to it.
    private static func draw(_ image: CairoSurface, source: (x: Range<Int>, y: Range<Int>), into target: Rect, _ cr: OpaquePointer) {
        guard target.width > 0, target.height > 0, !source.x.isEmpty, !source.y.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, target.x, target.y, target.width, target.height)
        cairo_clip(cr)
        guard
            let part = cairo_surface_create_for_rectangle(
                image.pointer, Double(source.x.lowerBound), Double(source.y.lowerBound), Double(source.x.count), Double(source.y.count))
        else { return }
        defer { cairo_surface_destroy(part) }
        let pattern = cairo_pattern_create_for_surface(part)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        // The pattern's matrix maps user space onto the part's pixels.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(source.x.count) / target.width, Double(source.y.count) / target.height)
        cairo_matrix_translate(&matrix, -target.x, -target.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }
}

extension ClosedRange<Double> {
    /// The range's length.
    fileprivate var width: Double { upperBound - lowerBound }
}
