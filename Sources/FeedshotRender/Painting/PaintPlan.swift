import CPangoCairo
import FeedshotLayout

/// What drawing a layout needs once per render rather than once per strip: for each element,
/// the device pixels it may paint, and for text its Pango layout.
///
/// An element's area is its frame — for text also the ink of its glyphs (tall emoji and marks can
/// leave the line box, italics and marks the sides, and text is drawn whole from the frame's
/// origin whatever the frame's height) — widened by a point for antialiasing and strokes, in
/// whole device pixels, clamped to the image. The painter clips every element to its area, so
/// no element paints outside it, in any build: that is the invariant the PNG row filter relies
/// on when it compares only the columns areas cover (`StripRows.changedColumns`;
/// docs/ARCHITECTURE.md, "Painting: plan, strips and changed columns"). A vector page (SVG, PDF) uses the plan's
/// text layouts, and so its line check, but not its areas: nothing there is in pixels.
struct PaintPlan {
    /// One element's share of the plan.
    struct Element {
        let area: PixelArea
        /// For a text element: the layout it is drawn with, and where (`DrawnLayout`).
        let text: DrawnLayout?
    }

    /// Every element of every item, in drawing order.
    let elements: [Element]

    /// Plans `layout` for `painter`.
    ///
    /// - Throws: `RenderError.invariant` when a text element's Pango layout — at its frame's width,
    ///   or as it was measured (`DrawnLayout`) — does not have the lines the layout tree gives it,
    ///   to the byte (the painter would draw other lines than the tree says).
    init(_ layout: Layout, painter: Painter) throws(RenderError) {
        let scale = Double(layout.scale)
        var elements: [Element] = []
        for item in layout.items {
            for element in item.elements {
                var top = element.frame.minY, bottom = element.frame.maxY
                var left = element.frame.minX, right = element.frame.maxX
                var drawnText: DrawnLayout?
                if let (text, lines) = element.content.drawnText {
                    let drawn = painter.drawnTextLayout(element, text: text, lines: lines)
                    if let difference = drawn.difference {
                        throw RenderError.invariant("\(item.id): the painter's layout of a text \(difference)")
                    }
                    let ink = drawn.ink
                    top = min(top, element.frame.minY + ink.minY)
                    bottom = max(bottom, element.frame.minY + ink.maxY)
                    left = min(left, element.frame.minX + ink.minX)
                    right = max(right, element.frame.minX + ink.maxX)
                    drawnText = drawn
                }
                if let clip = element.clip {
                    top = max(top, clip.minY)
                    bottom = max(top, min(bottom, clip.maxY))
                    left = max(left, clip.minX)
                    right = max(left, min(right, clip.maxX))
                }
                let reach =
                    element.clip == nil
                    ? Rect(x: left - 1, y: top - 1, width: right - left + 2, height: bottom - top + 2)
                    : Rect(x: left, y: top, width: right - left, height: bottom - top)
                let area = PixelArea(points: reach, scale: scale, width: layout.pixelWidth, height: layout.pixelHeight)
                elements.append(Element(area: area, text: drawnText))
            }
        }
        self.elements = elements
    }
}

extension PaintPlan {
    /// How the lines of `drawn` differ from the layout tree's `lines`, or nil where they are the same.
    static func difference(_ lines: [String], _ drawn: TextMetrics) -> String? {
        guard drawn.lines.count == lines.count else {
            return "has \(drawn.lines.count) lines where the layout tree has \(lines.count)"
        }
        guard let index = lines.indices.first(where: { !lines[$0].utf8.elementsEqual(drawn.lines[$0].text.utf8) }) else { return nil }
        let bytes = (drawn: drawn.lines[index].text.utf8.count, tree: lines[index].utf8.count)
        return "breaks line \(index + 1) after \(bytes.drawn) bytes where the layout tree has \(bytes.tree)"
    }
}

/// Device pixels: rows `top..<bottom`, columns `left..<right`.
struct PixelArea: Equatable {
    var top: Int, bottom: Int, left: Int, right: Int

    /// The whole device pixels `points` touches at `scale`, clamped to a `width` × `height` image.
    init(points: Rect, scale: Double, width: Int, height: Int) {
        func clamped(_ value: Double, _ limit: Int) -> Int {
            guard value.isFinite else { return value > 0 ? limit : 0 }
            return Int(min(max(value, 0), Double(limit)))
        }
        top = clamped((points.minY * scale).rounded(.down), height)
        bottom = clamped((points.maxY * scale).rounded(.up), height)
        left = clamped((points.minX * scale).rounded(.down), width)
        right = clamped((points.maxX * scale).rounded(.up), width)
    }

    init(top: Int, bottom: Int, left: Int, right: Int) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    var isEmpty: Bool { top >= bottom || left >= right }
}
