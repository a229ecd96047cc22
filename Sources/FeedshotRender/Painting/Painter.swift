import CPangoCairo
import FeedshotLayout

/// Draws a finished layout tree with Cairo. It never measures: every frame comes from the tree,
/// and text is laid out by the same `PangoThreadContext.makeLayout` the measurer uses, at the
/// element's frame width (through the thread's layout cache unless caches are off).
///
/// It draws on two kinds of surface (`Target`): device pixels, for PNG, WebP and JPEG, with the
/// fast paths that only make sense for pixels; and the page of a vector surface, for SVG and PDF,
/// in points, where every shape is a path, every picture the image itself and text is text.
struct Painter {
    /// What the painter draws on.
    enum Target {
        /// An image surface, `scale` device pixels to a point, whose row 0 is image row
        /// `stripTop`: small shapes through coverage masks (`CoverageMasks`), pictures from
        /// surfaces of their own at whole device pixels (`Pictures`), each element clipped to its
        /// planned pixels (`PaintPlan`).
        case pixels(scale: Double, stripTop: Int)
        /// A vector surface (PDF, SVG) in points: shapes as paths, pictures as the images
        /// themselves, scaled and clipped to their rounded frames; no pixel fast path applies.
        case vector
    }

    let images: ImageStore
    let pango: PangoThreadContext
    var deadline: ContinuousClock.Instant? = nil
    /// Draws with the thread's caches (`RenderOptions.usesCaches`): text layouts, coverage
    /// masks of small shapes (`CoverageMasks`), and the render's pictures (`Pictures`).
    let usesCaches: Bool
    /// The colour under the layout's background, for formats without transparency (JPEG): the
    /// background is composited over it, so every pixel is opaque. Nil: the background is the
    /// first thing drawn.
    let matte: Color?
    /// The render's pictures, each drawn once into a surface of its own.
    let pictures: Pictures

    init(
        images: ImageStore, pango: PangoThreadContext, deadline: ContinuousClock.Instant? = nil, usesCaches: Bool = true,
        matte: Color? = nil
    ) {
        self.images = images
        self.pango = pango
        self.deadline = deadline
        self.usesCaches = usesCaches
        self.matte = matte
        self.pictures = Pictures(reuses: usesCaches)
    }

    /// Draws `layout` into a new surface of `layout.pixelWidth` × `layout.pixelHeight` pixels.
    func draw(_ layout: Layout) throws(RenderError) -> CairoSurface {
        let surface = try CairoSurface(width: layout.pixelWidth, height: layout.pixelHeight)
        try draw(layout, rows: 0..<layout.pixelHeight, into: surface, plan: nil)
        return surface
    }

    /// The layout `text` is drawn with at `width`: the thread's cached one, or (caches off) a new one.
    func textLayout(_ text: StyledText, width: Double) -> PangoLayoutRef {
        usesCaches ? pango.cachedLayout(text, width: width) : pango.makeLayout(text, width: width)
    }

    /// The layout a text element with `lines` is drawn with, where, and whether it has those lines
    /// (`DrawnLayout`: at the frame's width, or as measured where Pango breaks it otherwise there).
    func drawnTextLayout(_ element: LayoutElement, text: StyledText, lines: [String]) -> DrawnLayout {
        DrawnLayout(text, lines: lines, frameWidth: element.frame.width, measuredAt: element.textWrapWidth) {
            textLayout(text, width: $0)
        }
    }

    /// Draws pixel rows `rows` of `layout` into `surface`, whose row 0 is image row
    /// `rows.lowerBound` (the whole image, or a strip of it): the background over every pixel,
    /// then — without a plan — every element, or each element whose planned area reaches those
    /// rows, clipped to that area. A strip is drawn with a whole-pixel translation, so every
    /// shape, glyph and picture lands on the same pixels, with the same coverage, as on the whole
    /// image (tests compare the two for every golden).
    func draw(_ layout: Layout, rows: Range<Int>, into surface: CairoSurface, plan: PaintPlan?) throws(RenderError) {
        guard let cr = cairo_create(surface.pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        if rows.lowerBound != 0 { cairo_translate(cr, 0, -Double(rows.lowerBound)) }
        let scale = Double(layout.scale)
        cairo_scale(cr, scale, scale)
        try paint(layout, cr, plan: plan, target: .pixels(scale: scale, stripTop: rows.lowerBound), rows: rows)
    }

    /// Draws `layout` on a vector surface's page through `cr`, in points, with its top left at
    /// the current user-space origin: the background over the layout's rectangle, then every
    /// element with the plan's text layouts (the plan's pixel areas do not apply to a page).
    func drawPage(_ layout: Layout, _ cr: OpaquePointer, plan: PaintPlan) throws(RenderError) {
        try paint(layout, cr, plan: plan, target: .vector, rows: nil)
    }

    /// The square points that bubbles masked by an app's image, and photos in them, cover in
    /// `layout`: what a vector page draws as pictures of its own (`Pictures.vectorPageDensity`).
    private func maskedArea(of layout: Layout) -> Double {
        func isMasked(_ content: ElementContent) -> Bool {
            let shape: BubbleShape? =
                switch content {
                case .bubble(let shape, _, _): shape
                case .image(_, _, let shape, _): shape
                default: nil
                }
            return shape?.image.map { images.surfaces[$0.ref] != nil } ?? false
        }
        return layout.items.flatMap(\.elements).filter { isMasked($0.content) }.reduce(0) { $0 + $1.frame.width * $1.frame.height }
    }

    /// The background, then the elements in order; on pixels with a plan, each element whose
    /// area reaches `rows` is clipped to it.
    private func paint(_ layout: Layout, _ cr: OpaquePointer, plan: PaintPlan?, target: Target, rows: Range<Int>?) throws(RenderError) {
        var transform = cairo_matrix_t()
        cairo_get_matrix(cr, &transform)
        cairo_new_path(cr)
        switch target {
        case .pixels:
            // SOURCE: a strip's memory is reused, so the background (or the matte under it)
            // replaces what was there — the same as painting it over a new transparent surface.
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            if let matte {
                Painter.setColor(cr, matte)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            Painter.setColor(cr, layout.background)
            cairo_paint(cr)
        case .vector:
            pictures.vectorPageDensity = Pictures.vectorPageDensity(maskedArea: maskedArea(of: layout))
            // A page starts empty; the layout's rectangle only, so a page can hold several layouts.
            cairo_rectangle(cr, 0, 0, layout.width, layout.height)
            if let matte {
                Painter.setColor(cr, matte)
                cairo_fill_preserve(cr)
            }
            Painter.setColor(cr, layout.background)
            cairo_fill(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        var index = 0
        for item in layout.items {
            if let deadline, ContinuousClock.now > deadline { throw RenderError.deadlineExceeded }
            for element in item.elements {
                defer { index += 1 }
                guard let plan else {
                    try draw(element, cr, target: target)
                    continue
                }
                let planned = plan.elements[index]
                guard case .pixels = target, let rows else {
                    try draw(element, cr, text: planned.text, target: target)
                    continue
                }
                let area = planned.area
                guard !area.isEmpty, area.top < rows.upperBound, area.bottom > rows.lowerBound else { continue }
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_rectangle(
                    cr, Double(area.left), Double(area.top - rows.lowerBound), Double(area.right - area.left),
                    Double(area.bottom - area.top))
                cairo_clip(cr)
                cairo_set_matrix(cr, &transform)
                try draw(element, cr, text: planned.text, target: target)
                cairo_restore(cr)
            }
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Draws `element` on `target`; a text element as `drawnText` places it, when given (from a
    /// `PaintPlan`).
    func draw(_ element: LayoutElement, _ cr: OpaquePointer, text drawnText: DrawnLayout? = nil, target: Target) throws(RenderError) {
        // No current point carried over from the element before (text leaves one where it
        // started): an arc would otherwise be joined to it by a line.
        cairo_new_path(cr)
        if let clip = element.clip {
            // Cut at the element's clip (a label's bounds), on every target and path alike.
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
            cairo_new_path(cr)
            var unclipped = element
            unclipped.clip = nil
            try draw(unclipped, cr, text: drawnText, target: target)
            return
        }
        let frame = element.frame
        switch element.content {
        case .box(let fill, let stroke, let corners):
            if case .pixels = target, stroke == nil, fill.alpha == 255 {
                Painter.setColor(cr, fill)
                let shape = CoverageMasks.Shape.box(width: frame.width, height: frame.height, corners: corners)
                if CoverageMasks.paint(
                    shape, at: frame, cr, cached: usesCaches,
                    fill: {
                        Painter.roundedRect($0, frame, corners); cairo_fill($0)
                    })
                {
                    return
                }
            }
            Painter.roundedRect(cr, frame, corners)
            Painter.setColor(cr, fill)
            if let stroke {
                cairo_fill(cr)
                Painter.roundedRect(cr, Rect(x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1), corners)
                Painter.setColor(cr, stroke)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            } else {
                cairo_fill(cr)
            }
        case .text:
            // A text with no lines is not drawn: Pango would lay it out unwrapped, past its frame.
            guard let (text, lines) = element.content.drawnText else { return }
            // The plan's layout, or (drawing without a plan) the one the plan would choose.
            let drawn = drawnText ?? drawnTextLayout(element, text: text, lines: lines)
            Painter.setColor(cr, text.color)
            // On a PDF page a text with an emoji run is drawn as glyphs alone (`TextOnVectorPages`).
            let mapsText =
                !TextOnVectorPages.mapsGlyphsToText(cr)
                || !withExtendedLifetime(drawn.layout) { TextOnVectorPages.hasEmojiRun(drawn.layout.pointer) }
            drawn.show(cr, x: frame.x, y: frame.y, mapsText: mapsText)
        case .image(let ref, let corners, let mask, let fill):
            guard let image = images.surfaces[ref] else { return }
            let maskImage = mask?.image.flatMap { images.surfaces[$0.ref] }
            // An opaque picture covers its fill: drawn without it, to the same pixels.
            let fill = images.translucent.contains(ref) ? fill : nil
            guard case .pixels(let scale, let stripTop) = target else {
                if let mask, let maskImage, let alpha = try pictures.vectorMask(mask, maskImage: maskImage, frame: frame) {
                    // On a vector page the photo stays itself (its JPEG, once) under a mask of pixels;
                    // as a group, Cairo replaced it with a 300-dpi fallback image each time.
                    Pictures.aspectFill(image, in: frame, through: alpha, density: pictures.vectorDensity(for: frame), fill: fill, cr)
                    return
                }
                Pictures.aspectFill(image, in: frame, corners: corners, mask: mask, maskImage: maskImage, fill: fill, cr)
                return
            }
            let picture = try pictures.placed(
                image, ref: ref, frame: frame, corners: corners, mask: mask, maskImage: maskImage, fill: fill, scale: scale)
            Painter.copy(picture, stripTop: stripTop, cr)
        case .glyph(let glyph, let color):
            // The kit's icons (hundreds of curves, several colours) are drawn once each and copied (`Pictures`).
            if case .pixels(let scale, let stripTop) = target, Glyphs.isKitIcon(glyph) {
                Painter.copy(try pictures.placedIcon(glyph, color: color, frame: frame, scale: scale), stripTop: stripTop, cr)
                return
            }
            // The silhouette is one fill, so its coverage is one mask (other glyphs overlap fills and strokes).
            if case .pixels = target, glyph == .person, color.alpha == 255 {
                Painter.setColor(cr, color)
                let shape = CoverageMasks.Shape.glyph(glyph, width: frame.width, height: frame.height)
                if CoverageMasks.paint(shape, at: frame, cr, cached: usesCaches, fill: { Glyphs.draw(glyph, in: frame, color: color, $0) })
                {
                    return
                }
            }
            Glyphs.draw(glyph, in: frame, color: color, cr)
        case .bubble(let shape, let fill, let stroke):
            let maskImage = shape.image.flatMap { images.surfaces[$0.ref] }
            if case .vector = target, let maskImage, let ref = shape.image?.ref {
                // An app's bubble image masks through a group, which a vector surface cannot keep:
                // Cairo replaced each such bubble with a fallback image of its own at 300 dpi,
                // ~140 MB and 1.5 s a bubble for a 6000 × 6000 mask. The masked bubble is drawn
                // once as a picture at `vectorMaskDensity` pixels a point and placed as an image.
                let density = pictures.vectorDensity(for: frame)
                let picture = try pictures.placedBubble(
                    shape, frame: frame, fill: fill, stroke: stroke, maskImage: try pictures.vectorMaskSource(maskImage, ref: ref),
                    scale: density)
                cairo_save(cr)
                cairo_scale(cr, 1 / density, 1 / density)
                cairo_set_source_surface(cr, picture.surface.pointer, Double(picture.x), Double(picture.y))
                cairo_paint(cr)
                cairo_restore(cr)
                return
            }
            guard case .pixels(let scale, let stripTop) = target, stroke != nil || maskImage != nil else {
                Painter.drawBubble(cr, frame, shape, fill: fill, stroke: stroke, maskImage: maskImage)
                return
            }
            let picture = try pictures.placedBubble(shape, frame: frame, fill: fill, stroke: stroke, maskImage: maskImage, scale: scale)
            Painter.copy(picture, stripTop: stripTop, cr)
        }
    }

    /// Copies `picture` onto a strip `stripTop` device pixels down the whole image, at its device
    /// pixel, with no transform (`Pictures`: the same pixels in every strip).
    static func copy(_ picture: Pictures.Placed, stripTop: Int, _ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, picture.surface.pointer, Double(picture.x), Double(picture.y - stripTop))
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A MessageKit bubble as `MessageContainerView` shows it: the container's colour through the
    /// style's mask, and for an outlined style the outline image's 1-pt line over it, the line
    /// clipped by the same mask (docs/conformance/messagekit.md, "Bubbles"); an app's image
    /// (`.customImageTail`, `maskImage`) masks the colour by its alpha (`BubbleImageMask`).
    static func drawBubble(
        _ cr: OpaquePointer, _ frame: Rect, _ shape: BubbleShape, fill: Color, stroke: Color?, maskImage: CairoSurface? = nil
    ) {
        if let stretched = shape.image {
            guard let maskImage, fill.alpha > 0 else { return }
            setColor(cr, fill)
            BubbleImageMask.paint(through: maskImage, stretched, in: frame, cr)
            return
        }
        let mask = shape.fillPath(in: frame)
        if fill.alpha > 0 {
            append(mask, cr)
            setColor(cr, fill)
            cairo_fill(cr)
        }
        guard let stroke else { return }
        cairo_save(cr)
        append(mask, cr)
        cairo_clip(cr)
        append(shape.outlinePath(in: frame), cr)
        setColor(cr, stroke)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Adds `path` to the current path of `cr`.
    static func append(_ path: BubblePath, _ cr: OpaquePointer) {
        cairo_new_sub_path(cr)
        for segment in path.segments {
            switch segment {
            case .move(let x, let y): cairo_move_to(cr, x, y)
            case .line(let x, let y): cairo_line_to(cr, x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    static func setColor(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    /// A rectangle path with each corner rounded by its own radius (clamped to half the shorter side).
    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, _ corners: CornerRadii) {
        let limit = min(r.width, r.height) / 2
        let tl = min(corners.topLeft, limit), tr = min(corners.topRight, limit)
        let br = min(corners.bottomRight, limit), bl = min(corners.bottomLeft, limit)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - tr, r.minY + tr, tr, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - br, r.maxY - br, br, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + bl, r.maxY - bl, bl, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + tl, r.minY + tl, tl, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
