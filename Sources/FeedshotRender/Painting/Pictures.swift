import CPangoCairo
import FeedshotLayout

/// Pictures (photos, avatars, thumbnails, and the Amity kit's many-curved icons) as the painter
/// composites them: each drawn — a photo scaled to aspect-fill its frame and clipped to the
/// frame's rounded corners or its bubble mask — into a surface of its own whose origin is a whole
/// device pixel, then copied onto the target at that pixel.
///
/// Drawn straight onto the target, a scaled picture would not be translation-invariant: cairo
/// hands pixman a fixed-point transform whose rounding it pins at the centre of the destination,
/// so the same picture drawn into a strip (a surface moved by whole pixels) and into the whole
/// image samples a hair differently — one level in a few pixels. A picture's own surface
/// depends only on the picture, its frame's size, where the frame starts within its device
/// pixel and the scale, so every strip — and the plain, whole-image path — gets the same
/// pixels, and a strip may cut through a picture. The same inputs give the same surface, so a
/// render keeps each one (an avatar repeated down a chat is scaled once), up to `capacity` KiB.
/// Not `Sendable`: it belongs to one render.
final class Pictures {
    /// What a picture's surface is a function of.
    struct Key: Hashable {
        let ref: String
        let width: Double, height: Double, corners: CornerRadii
        let mask: BubbleShape?
        /// Where the frame's origin falls in the picture's surface, in device pixels (1 ..< 2).
        let offsetX: Double, offsetY: Double
        let scale: Double
    }

    /// A picture's surface and where its origin goes, in device pixels of the whole image.
    struct Placed {
        let surface: CairoSurface
        let x: Int, y: Int
    }

    /// KiB of surfaces one render keeps: every avatar of a chat, and a few photos.
    static let capacity = 16 * 1024

    private let kept = BoundedCache<Key, CairoSurface>(capacity: Pictures.capacity)
    /// The last picture too large for `kept` (a photo across a wide canvas), kept alone: the
    /// strips it spans are drawn one after another, and each drew it anew — a 10,200 × 3,900-pixel
    /// photo six times, 11 s. Each strip made and freed it anyway, and it is let go before another
    /// such picture is drawn, so keeping it costs no more memory at the peak.
    private var oversize: (key: Key, surface: CairoSurface)?
    /// Pixels a point of a bubble masked by an app's image on a vector page (PDF, SVG), where it —
    /// or, for a photo, its mask — is placed as an image: twice a 2× screen's.
    static let vectorMaskDensity = 4.0
    /// Most pixels such a picture or mask may have: a bubble larger than 1,000 × 1,000 points is
    /// drawn at fewer pixels a point (a 4,000 × 8,000-point photo made a 512-megapixel mask and
    /// took 1.5 GB).
    static let vectorMaskPixels = 16_000_000.0

    /// Most pixels all such pictures and masks of one layout may have together: Cairo keeps every
    /// image a page uses until the page is finished, and 32 bubbles of 16 megapixels (a 4,096-point
    /// canvas at the largest text size) held 2.2 GB, where plain bubbles took 54 MB. (A contact
    /// sheet's page holds several layouts, each within this.)
    static let vectorPagePixels = 32_000_000.0
    /// The pixels a point of the layout's such pictures and masks (`vectorPageDensity(maskedArea:)`),
    /// set by the painter for each layout it draws on a page.
    var vectorPageDensity = vectorMaskDensity

    /// The pixels a point that a layout whose bubbles masked by an app's image (and photos in them)
    /// cover `maskedArea` square points is drawn with on a page: `vectorMaskDensity`, or fewer to stay
    /// within `vectorPagePixels`.
    static func vectorPageDensity(maskedArea: Double) -> Double {
        min(vectorMaskDensity, (vectorPagePixels / max(1, maskedArea)).squareRoot())
    }

    /// The pixels a point a bubble of `frame`'s size is drawn at on a page: `vectorPageDensity`,
    /// or fewer to stay within `vectorMaskPixels`.
    func vectorDensity(for frame: Rect) -> Double {
        min(vectorPageDensity, (Pictures.vectorMaskPixels / max(1, frame.width * frame.height)).squareRoot())
    }
    private let reuses: Bool
    /// `vectorMaskSource`'s copies, by reference.
    private var maskSources: [String: CairoSurface] = [:]

    /// - Parameter reuses: keep surfaces for reuse within the render (`RenderOptions.usesCaches`);
    ///   either way the pixels are the same.
    init(reuses: Bool) {
        self.reuses = reuses
    }

    /// `image` aspect-filled into `frame` (points) with `corners` (or clipped to `mask`,
    /// through `maskImage` for an app's bubble image), over `fill` where given, at `scale`.
    func placed(
        _ image: CairoSurface, ref: String, frame: Rect, corners: CornerRadii, mask: BubbleShape? = nil, maskImage: CairoSurface? = nil,
        fill: Color? = nil, scale: Double
    ) throws(RenderError) -> Placed {
        let key = fill.map { "\(ref)\u{0}over:\($0.hex):\($0.alpha)" } ?? ref
        return try placed(ref: key, frame: frame, corners: corners, mask: mask, scale: scale) { cr, box in
            Pictures.aspectFill(image, in: box, corners: corners, mask: mask, maskImage: maskImage, fill: fill, cr)
        }
    }

    /// The mask a photo in `shape`, a bubble masked by an app's image, is drawn through on a vector
    /// page: `BubbleImageMask.rasterized` at `vectorMaskDensity`, made once per frame size in a
    /// render, so the page embeds it once for all the photos of that size.
    func vectorMask(_ shape: BubbleShape, maskImage: CairoSurface, frame: Rect) throws(RenderError) -> CairoSurface? {
        guard let stretched = shape.image else { return nil }
        let density = vectorDensity(for: frame)
        let key = Key(
            ref: "vector mask", width: frame.width, height: frame.height, corners: .none, mask: shape, offsetX: 0, offsetY: 0,
            scale: density)
        if reuses, let surface = kept[key] { return surface }
        let surface = try BubbleImageMask.rasterized(
            try vectorMaskSource(maskImage, ref: stretched.ref), stretched, size: Size(width: frame.width, height: frame.height),
            density: density)
        if reuses { kept.insert(surface, for: key, cost: max(1, surface.width * surface.height / 1024)) }
        return surface
    }

    /// The alpha of an app's bubble image (`ref`), copied once a render: what a vector page's
    /// masks and masked bubbles are cut from. Cut from the decoded image itself, each cut flushed
    /// it (a subsurface flushes its target when it is destroyed), and Cairo's PDF and SVG surfaces
    /// let go of their copy of a flushed image: a photo that was also the bubble image was written
    /// to the page again after every cut — twelve photos in bubbles of twelve sizes, 2 GB and a
    /// 1.7 MB PDF. The copy is never drawn on the page, so cutting it costs the page nothing.
    func vectorMaskSource(_ image: CairoSurface, ref: String) throws(RenderError) -> CairoSurface {
        if let copy = maskSources[ref] { return copy }
        let copy = try CairoSurface(alphaWidth: image.width, height: image.height)
        guard let cr = cairo_create(copy.pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_paint(cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        cairo_surface_flush(copy.pointer)
        maskSources[ref] = copy
        return copy
    }

    /// One of the Amity kit's icons (`Glyphs.drawKitIcon`): many curves and colours, drawn once per
    /// size, tint and sub-pixel position in a render, like a picture.
    func placedIcon(_ glyph: Glyph, color: Color, frame: Rect, scale: Double) throws(RenderError) -> Placed {
        let ref = "icon:\(glyph.rawValue):\(color.red),\(color.green),\(color.blue),\(color.alpha)"
        return try placed(ref: ref, frame: frame, corners: .none, mask: nil, scale: scale) { cr, box in
            _ = Glyphs.drawKitIcon(glyph, in: box, color: color, cr)
        }
    }

    /// What `draw` paints in a `frame`-sized box (points, from the origin), in a surface of its own
    /// kept under `ref` and the frame's size, corners, mask, sub-pixel position and scale.
    private func placed(
        ref: String, frame: Rect, corners: CornerRadii, mask: BubbleShape?, scale: Double, draw: (OpaquePointer, Rect) -> Void
    ) throws(RenderError) -> Placed {
        let left = (frame.minX * scale).rounded(.down) - 1, top = (frame.minY * scale).rounded(.down) - 1
        let key = Key(
            ref: ref, width: frame.width, height: frame.height, corners: corners, mask: mask, offsetX: frame.minX * scale - left,
            offsetY: frame.minY * scale - top, scale: scale)
        guard left.magnitude < 1e9, top.magnitude < 1e9 else { throw RenderError.cairo("a picture frame is out of range: \(frame)") }
        if reuses, let surface = kept[key] ?? (oversize?.key == key ? oversize?.surface : nil) {
            return Placed(surface: surface, x: Int(left), y: Int(top))
        }
        let width = Int((key.offsetX + frame.width * scale).rounded(.up)) + 1
        let height = Int((key.offsetY + frame.height * scale).rounded(.up)) + 1
        let cost = max(1, width * height * 4 / 1024)
        if cost > Pictures.capacity { oversize = nil }
        let surface = try CairoSurface(width: max(1, width), height: max(1, height))
        guard let cr = cairo_create(surface.pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, key.offsetX, key.offsetY)
        cairo_scale(cr, scale, scale)
        draw(cr, Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        cairo_surface_flush(surface.pointer)
        if reuses {
            if cost <= Pictures.capacity { kept.insert(surface, for: key, cost: cost) } else { oversize = (key, surface) }
        }
        return Placed(surface: surface, x: Int(left), y: Int(top))
    }

    /// An outlined MessageKit bubble (`Painter.drawBubble` with a stroke), or one masked by an
    /// app's image (`maskImage`), in a surface of its own, like a picture: its line is clipped by
    /// the bubble's outline, an image is scaled, and neither is translation-invariant in Cairo (a
    /// strip and the whole image would differ in a few pixels).
    func placedBubble(_ shape: BubbleShape, frame: Rect, fill: Color, stroke: Color?, maskImage: CairoSurface?, scale: Double)
        throws(RenderError) -> Placed
    {
        let ref = "bubble:\(fill.hex):\(fill.alpha):\(stroke.map { "\($0.hex):\($0.alpha)" } ?? "-")"
        return try placed(ref: ref, frame: frame, corners: .none, mask: shape, scale: scale) { cr, box in
            Painter.drawBubble(cr, box, shape, fill: fill, stroke: stroke, maskImage: maskImage)
        }
    }

    /// Draws `image` aspect-filling `frame` (user coordinates of `cr`), clipped to the frame with
    /// `corners` — or to `mask`, a MessageKit bubble stretched to the frame: into a
    /// picture's own surface here, and straight onto a vector page (PDF, SVG), where it becomes
    /// the image itself under a transform and a clip path.
    ///
    /// A bubble masked by an app's image (`BubbleShape.image`) clips the photo to the frame and
    /// lets it through that image's alpha (`BubbleImageMask`), as the container's mask does —
    /// in a picture's surface; a vector page takes `aspectFill(_:in:through:density:fill:_:)` instead.
    ///
    /// A `fill` is painted under the image as a view's background is. In pixels the two are
    /// clipped together: the image composited over the colour first, then cut once (cut apart,
    /// each edge pixel would show the colour through the image's cut edge). A vector page paints
    /// them one after the other under the clip (below).
    static func aspectFill(
        _ image: CairoSurface, in frame: Rect, corners: CornerRadii, mask: BubbleShape? = nil, maskImage: CairoSurface? = nil,
        fill: Color? = nil, _ cr: OpaquePointer
    ) {
        if let stretched = mask?.image {
            guard let maskImage else { return }
            cairo_push_group(cr)
            if let fill { fillFrame(frame, fill, cr) }
            aspectFill(image, in: frame, corners: .none, cr)
            cairo_pop_group_to_source(cr)
            BubbleImageMask.paint(through: maskImage, stretched, in: frame, cr)
            return
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let isVectorPage = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE
        if let fill, !isVectorPage {
            cairo_push_group(cr)
            fillFrame(frame, fill, cr)
            cairo_save(cr)
            setAspectFillSource(image, in: frame, cr)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_pop_group_to_source(cr)
        }
        cairo_new_path(cr)
        if let mask {
            Painter.append(mask.fillPath(in: frame), cr)
        } else {
            Painter.roundedRect(cr, frame, corners)
        }
        cairo_clip(cr)
        if let fill, isVectorPage {
            // A vector page paints the colour and then the picture under one clip, as
            // `aspectFill(_:in:through:density:fill:_:)` does: from a group, Cairo's SVG writer embedded
            // the picture again at every use (40 translucent 20-point photos of one 4 MB PNG made
            // a 214 MB file; opaque, 4 MB), and the viewer draws the clip's edge.
            Painter.setColor(cr, fill)
            cairo_paint(cr)
        }
        if fill == nil || isVectorPage { setAspectFillSource(image, in: frame, cr) }
        cairo_paint(cr)
    }

    /// `frame` filled with `color`, edge to edge (what is outside is cut off after).
    private static func fillFrame(_ frame: Rect, _ color: Color, _ cr: OpaquePointer) {
        Painter.setColor(cr, color)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_fill(cr)
    }

    /// Makes `image`, scaled to aspect-fill `frame` and centred on it, the source of `cr`; the
    /// transform is left on `cr` (a source keeps the user space it was set in).
    ///
    /// In pixels, the image's edge pixels extend past it (`CAIRO_EXTEND_PAD`), as a layer's
    /// contents scaled by Core Animation clamp to their edge: the filter samples beyond the image
    /// where its edge meets the frame's, and with nothing there (Cairo's default) the picture
    /// faded to transparent along those sides — across half a source pixel, so a 4 × 4 thumbnail
    /// in a 168 × 343-point gallery tile faded over 43 points at its top and bottom. A vector
    /// page keeps the default: the viewer scales the image, and Cairo would turn a padded one into
    /// a tiled pattern (SVG) or a new cropped image in place of the photo's JPEG (PDF).
    private static func setAspectFillSource(_ image: CairoSurface, in frame: Rect, _ cr: OpaquePointer) {
        let factor = max(frame.width / Double(image.width), frame.height / Double(image.height))
        cairo_translate(cr, frame.midX - Double(image.width) * factor / 2, frame.midY - Double(image.height) * factor / 2)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        if cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE {
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        }
    }

    /// Draws `image` aspect-filling `frame` through `alpha`, the frame's mask at `density` pixels
    /// a point (`vectorMask`, at `vectorDensity(for: frame)`): a photo in a bubble masked by an
    /// app's image, on a vector page, where the photo is embedded once as itself and the mask beside it.
    /// A `fill` goes under it through the same mask (a vector page keeps the photo and its mask
    /// apart rather than in a group, which Cairo would rasterize): masked twice, a pixel the mask
    /// covers in part shows a trace of the colour through the photo's edge there, which the
    /// pixel formats' group avoids — only under a translucent photo, the one case with a fill.
    static func aspectFill(
        _ image: CairoSurface, in frame: Rect, through alpha: CairoSurface, density: Double, fill: Color? = nil, _ cr: OpaquePointer
    ) {
        if let fill {
            cairo_save(cr)
            Painter.setColor(cr, fill)
            maskPlaced(alpha, in: frame, density: density, cr)
            cairo_restore(cr)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var page = cairo_matrix_t()
        cairo_get_matrix(cr, &page)
        setAspectFillSource(image, in: frame, cr)
        // The source stays in the photo's space; the mask is placed in the page's.
        cairo_set_matrix(cr, &page)
        maskPlaced(alpha, in: frame, density: density, cr)
    }

    /// Paints the source through `alpha`, a vector mask of `frame` at `density` pixels a point
    /// (`vectorMask`), placed on it.
    private static func maskPlaced(_ alpha: CairoSurface, in frame: Rect, density: Double, _ cr: OpaquePointer) {
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, 1 / density, 1 / density)
        let border = -Double(BubbleImageMask.vectorMaskBorder)
        cairo_mask_surface(cr, alpha.pointer, border, border)
    }
}
