import CPangoCairo
import FeedshotLayout

/// Draws a finished layout tree with Cairo. It never measures: every frame comes from the tree,
/// and text is laid out by the same `PangoThreadContext.makeLayout` the measurer uses, at the
/// element's frame width (through the thread's layout cache unless caches are off).
struct Painter {
    let images: ImageStore
    let pango: PangoThreadContext
    var deadline: ContinuousClock.Instant? = nil
    /// Draws with the thread's caches (`RenderOptions.usesCaches`): text layouts, and coverage
    /// masks of small shapes (`CoverageMasks`).
    var usesCaches = true

    /// Draws `layout` into a new surface of `layout.pixelWidth` × `layout.pixelHeight` pixels.
    func draw(_ layout: Layout) throws(RenderError) -> CairoSurface {
        let surface = try CairoSurface(width: layout.pixelWidth, height: layout.pixelHeight)
        try draw(layout, rows: 0..<layout.pixelHeight, into: surface, plan: nil)
        return surface
    }

    /// What drawing a layout in strips needs once per render rather than once per strip: for
    /// each element of each item, the area it can paint (`reach`), in points — its frame, for text
    /// also the ink of its glyphs (tall emoji and marks can leave the line box, italics and marks
    /// the sides, and text is drawn whole from the frame's origin whatever the frame's height),
    /// widened by a point for antialiasing — and, for text, its Pango layout. Nothing else paints:
    /// every other pixel is the background.
    struct Plan {
        let reach: [[Rect]]
        let textLayouts: [[PangoLayoutRef?]]
    }

    func plan(_ layout: Layout) -> Plan {
        var reach: [[Rect]] = []
        var textLayouts: [[PangoLayoutRef?]] = []
        for item in layout.items {
            var itemReach: [Rect] = []
            var itemLayouts: [PangoLayoutRef?] = []
            for element in item.elements {
                var top = element.frame.minY, bottom = element.frame.maxY
                var left = element.frame.minX, right = element.frame.maxX
                var textLayout: PangoLayoutRef? = nil
                if case .text(let text, _) = element.content {
                    let shaped = self.textLayout(text, width: element.frame.width)
                    var ink = PangoRectangle()
                    withExtendedLifetime(shaped) { pango_layout_get_extents(shaped.pointer, &ink, nil) }
                    top = min(top, element.frame.minY + Double(ink.y) / Double(PANGO_SCALE))
                    bottom = max(bottom, element.frame.minY + Double(ink.y + ink.height) / Double(PANGO_SCALE))
                    left = min(left, element.frame.minX + Double(ink.x) / Double(PANGO_SCALE))
                    right = max(right, element.frame.minX + Double(ink.x + ink.width) / Double(PANGO_SCALE))
                    textLayout = shaped
                }
                itemReach.append(Rect(x: left - 1, y: top - 1, width: right - left + 2, height: bottom - top + 2))
                itemLayouts.append(textLayout)
            }
            reach.append(itemReach)
            textLayouts.append(itemLayouts)
        }
        return Plan(reach: reach, textLayouts: textLayouts)
    }

    /// The layout `text` is drawn with at `width`: the thread's cached one, or (caches off) a new one.
    func textLayout(_ text: StyledText, width: Double) -> PangoLayoutRef {
        usesCaches ? pango.cachedLayout(text, width: width) : PangoLayoutRef(pango.makeLayout(text, width: width))
    }

    /// Draws pixel rows `rows` of `layout` into `surface` (the layout's size, or a window of it:
    /// `CairoSurface(window:…)`), clipped to those rows: the background over every pixel, then
    /// each element whose reach in `plan` (nil draws every element) comes down to them.
    /// Coordinates are the whole image's whatever the rows, so a pixel comes out the same
    /// whichever strip draws it.
    func draw(_ layout: Layout, rows: Range<Int>, into surface: CairoSurface, plan: Plan?) throws(RenderError) {
        guard let cr = cairo_create(surface.pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        if rows != 0..<surface.height {
            cairo_rectangle(cr, 0, Double(rows.lowerBound), Double(surface.width), Double(rows.count))
            cairo_clip(cr)
        }
        let scale = Double(layout.scale)
        cairo_scale(cr, scale, scale)
        // SOURCE: a strip's memory is reused, so the background replaces what was there — the
        // same as painting it over a new transparent surface.
        Painter.setColor(cr, layout.background)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let visible = (Double(rows.lowerBound) / scale)...(Double(rows.upperBound) / scale)
        for (i, item) in layout.items.enumerated() {
            if let deadline, ContinuousClock.now > deadline { throw RenderError.deadlineExceeded }
            for (j, element) in item.elements.enumerated() {
                if let plan, !(plan.reach[i][j].minY...plan.reach[i][j].maxY).overlaps(visible) { continue }
                draw(element, cr, textLayout: plan?.textLayouts[i][j])
            }
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Draws `element`; a text element with `textLayout` when given (from a `Plan`).
    func draw(_ element: LayoutElement, _ cr: OpaquePointer, textLayout: PangoLayoutRef? = nil) {
        // No current point carried over from the element before (text leaves one where it
        // started): an arc would otherwise be joined to it by a line.
        cairo_new_path(cr)
        let frame = element.frame
        switch element.content {
        case .box(let fill, let stroke, let corners):
            if stroke == nil, fill.alpha == 255 {
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
        case .text(let text, _):
            let layout = textLayout ?? self.textLayout(text, width: frame.width)
            Painter.setColor(cr, text.color)
            cairo_move_to(cr, frame.x, frame.y)
            withExtendedLifetime(layout) { pango_cairo_show_layout(cr, layout.pointer) }
        case .image(let ref, let radius):
            guard let image = images.surfaces[ref] else { return }
            drawImage(image, frame: frame, radius: radius, cr)
        case .glyph(let glyph, let color):
            // The silhouette is one fill, so its coverage is one mask (other glyphs overlap fills and strokes).
            if glyph == .person, color.alpha == 255 {
                Painter.setColor(cr, color)
                let shape = CoverageMasks.Shape.glyph(glyph, width: frame.width, height: frame.height)
                if CoverageMasks.paint(shape, at: frame, cr, cached: usesCaches, fill: { Glyphs.draw(glyph, in: frame, color: color, $0) })
                {
                    return
                }
            }
            Glyphs.draw(glyph, in: frame, color: color, cr)
        case .bubble(let shape, let fill, let stroke):
            if fill.alpha > 0 {
                Painter.bubblePath(cr, frame, shape)
                Painter.setColor(cr, fill)
                cairo_fill(cr)
            }
            if let stroke {
                Painter.bubblePath(cr, Rect(x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1), shape)
                Painter.setColor(cr, stroke)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            }
        }
    }

    /// A MessageKit bubble: the body is a rounded rectangle; a tail leaves `BubbleShape.tailWidth`
    /// on its side and curves (or points) from the body's bottom corner out to the frame's.
    static func bubblePath(_ cr: OpaquePointer, _ frame: Rect, _ shape: BubbleShape) {
        let t = shape.tail == nil ? 0 : BubbleShape.tailWidth
        var body = frame
        if shape.tail == .bottomLeft { body.x += t }
        body.width -= t
        let r = min(shape.radius, body.height / 2, body.width / 2)
        guard let tail = shape.tail else {
            roundedRect(cr, body, .all(r))
            return
        }
        // The body with a square bottom corner on the tail's side, then the tail.
        let corners =
            tail == .bottomLeft
            ? CornerRadii(topLeft: r, topRight: r, bottomRight: r, bottomLeft: 0)
            : CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: r)
        roundedRect(cr, body, corners)
        let bottom = body.maxY
        let inner = tail == .bottomLeft ? body.minX : body.maxX
        let outer = tail == .bottomLeft ? frame.minX : frame.maxX
        let rise = min(r, 14.0)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, inner, bottom - rise)
        if shape.isPointed {
            cairo_line_to(cr, outer, bottom)
            cairo_line_to(cr, inner + (tail == .bottomLeft ? r : -r), bottom)
        } else {
            cairo_curve_to(cr, inner, bottom - rise / 3, outer + (inner - outer) / 3, bottom, outer, bottom)
            cairo_curve_to(
                cr, inner, bottom, inner + (tail == .bottomLeft ? r / 2 : -r / 2), bottom - 1, inner + (tail == .bottomLeft ? r : -r),
                bottom - 2)
            cairo_line_to(cr, inner + (tail == .bottomLeft ? r : -r), bottom)
        }
        cairo_line_to(cr, inner, bottom)
        cairo_close_path(cr)
    }

    /// Aspect-fills `frame` with `image`, clipped to the rounded frame.
    func drawImage(_ image: CairoSurface, frame: Rect, radius: Double, _ cr: OpaquePointer) {
        cairo_save(cr)
        Painter.roundedRect(cr, frame, .all(radius))
        cairo_clip(cr)
        let factor = max(frame.width / Double(image.width), frame.height / Double(image.height))
        cairo_translate(cr, frame.midX - Double(image.width) * factor / 2, frame.midY - Double(image.height) * factor / 2)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
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
