import CPangoCairo
import FeedshotLayout

/// The Pango layout a text element is drawn with, and where: one rule for the painter
/// (`Painter.drawnTextLayout`) and the tap boxes (`PangoTextMeasurer.extents`).
struct DrawnLayout {
    let layout: PangoLayoutRef
    /// How far left of its frame the layout is drawn (`PangoThreadContext.alignmentShift`).
    let shift: Double
    /// How far to move each line right of where Pango placed it, in points, or nil where every
    /// line stays: a text set against one side of its frame whatever its direction
    /// (`StyledText.Alignment.visualLeft` and `.visualRight`, UIKit's `.left` and `.right`) whose
    /// paragraphs mix directions, which no alignment of Pango's gives (it swaps the sides of a
    /// right-to-left line), has every line moved to that side; and a text laid out wider than its
    /// frame whose lines do not share one alignment has each aligned to the frame by its own
    /// (`lineShifts(of:shift:frameWidth:toSide:)`).
    let lineShifts: [Double]?
    /// How the layout's lines differ from the layout tree's, or nil where they are the same.
    let difference: String?

    /// `text` drawn in a frame `frameWidth` points wide with the tree's `lines`, measured at
    /// `wrapWidth` (`LayoutElement.textWrapWidth`): laid out at the frame's width — or, where
    /// Pango breaks it otherwise there (its line breaking is not monotonic in the width), as it was
    /// measured, at `wrapWidth` (`makeLayout` widens it the same way), where that gives the tree's
    /// lines, aligned to the frame: by one shift where the lines share an alignment, else line by
    /// line (a text mixing directions: each line by its own alignment). A text that has neither
    /// keeps the frame's layout and its `difference`. `layout` makes or finds the layout of `text`
    /// at a width.
    init(
        _ text: StyledText, lines: [String], frameWidth: Double, measuredAt wrapWidth: Double?,
        layout: (Double) -> PangoLayoutRef
    ) {
        let atFrame = layout(frameWidth)
        let difference = PaintPlan.difference(lines, PangoTextMeasurer.metrics(of: atFrame, text: text.string))
        let side = Side(text)
        if difference != nil, let wrapWidth, wrapWidth != frameWidth {
            let measured = layout(wrapWidth)
            let shared = withExtendedLifetime(measured) {
                PangoThreadContext.sharedAlignmentShift(of: measured.pointer, frameWidth: frameWidth)
            }
            if PaintPlan.difference(lines, PangoTextMeasurer.metrics(of: measured, text: text.string)) == nil {
                // Lines set against a side are each moved there; lines of other alignments that
                // do not share one are each aligned to the frame by their own.
                let shift = shared ?? 0
                let lineShifts =
                    side != nil || shared == nil
                    ? withExtendedLifetime(measured) {
                        DrawnLayout.lineShifts(of: measured.pointer, shift: shift, frameWidth: frameWidth, toSide: side)
                    } : nil
                self.init(layout: measured, shift: shift, lineShifts: lineShifts, difference: nil)
                return
            }
        }
        let shift = withExtendedLifetime(atFrame) { PangoThreadContext.alignmentShift(of: atFrame.pointer, frameWidth: frameWidth) }
        let lineShifts = side.flatMap { side in
            withExtendedLifetime(atFrame) {
                DrawnLayout.lineShifts(of: atFrame.pointer, shift: shift, frameWidth: frameWidth, toSide: side)
            }
        }
        self.init(layout: atFrame, shift: shift, lineShifts: lineShifts, difference: difference)
    }

    /// How far right of the frame's left line `index` is drawn beyond where Pango places it in the
    /// layout: `shift` and the line's own shift.
    func offset(ofLine index: Int) -> Double {
        shift + (lineShifts.map { index < $0.count ? $0[index] : 0 } ?? 0)
    }

    /// Draws the layout with its top left at (`x`, `y`), `shift` further right, and each line
    /// moved by its `lineShifts`; without `mapsText`, as glyphs alone: each line handed to Pango
    /// without its layout, so that Pango gives the surface no text for its glyphs
    /// (`pango_renderer_draw_glyph_item` with no text; `TextOnVectorPages`), and restored after.
    func show(_ cr: OpaquePointer, x: Double, y: Double, mapsText: Bool = true) {
        withExtendedLifetime(layout) {
            guard lineShifts != nil || !mapsText else {
                cairo_move_to(cr, x + shift, y)
                pango_cairo_show_layout(cr, layout.pointer)
                return
            }
            // As `pango_cairo_show_layout` draws each line — at its logical left and baseline — moved.
            let scale = Double(feedshot_pango_scale)
            DrawnLayout.forEachLine(of: layout.pointer) { index, line, logical, _, baseline in
                cairo_move_to(cr, x + Double(logical.x) / scale + offset(ofLine: index), y + Double(baseline) / scale)
                let owner = line.pointee.layout
                if !mapsText { line.pointee.layout = nil }
                pango_cairo_show_layout_line(cr, line)
                line.pointee.layout = owner
            }
        }
    }

    /// The ink of the drawn glyphs, in points from the frame's top left: where the layout's lines
    /// are drawn, moved lines included.
    var ink: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let scale = Double(feedshot_pango_scale)
        return withExtendedLifetime(layout) {
            guard lineShifts != nil else {
                var ink = PangoRectangle()
                pango_layout_get_extents(layout.pointer, &ink, nil)
                return (
                    shift + Double(ink.x) / scale, shift + Double(ink.x + ink.width) / scale, Double(ink.y) / scale,
                    Double(ink.y + ink.height) / scale
                )
            }
            var bounds = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
            DrawnLayout.forEachLine(of: layout.pointer) { index, _, _, ink, _ in
                guard ink.width > 0, ink.height > 0 else { return }
                let x = offset(ofLine: index) + Double(ink.x) / scale
                bounds.minX = min(bounds.minX, x)
                bounds.maxX = max(bounds.maxX, x + Double(ink.width) / scale)
                bounds.minY = min(bounds.minY, Double(ink.y) / scale)
                bounds.maxY = max(bounds.maxY, Double(ink.y + ink.height) / scale)
            }
            return bounds.minX <= bounds.maxX ? bounds : (shift, shift, 0, 0)
        }
    }

    private init(layout: PangoLayoutRef, shift: Double, lineShifts: [Double]?, difference: String?) {
        self.layout = layout
        self.shift = shift
        self.difference = difference
        self.lineShifts = lineShifts
    }

    /// How far to move each line of `layout`, drawn `shift` points right of the left of a frame
    /// `frameWidth` points wide: to that frame's `side`, or else, where the layout is wider than
    /// the frame, to where its own alignment sets it in the frame (all of the widening for a
    /// right-aligned line, half for a centred one, none for a left-aligned one:
    /// `PangoThreadContext.sharedAlignmentShift` line by line). Nil where no line moves.
    static func lineShifts(of layout: OpaquePointer, shift: Double, frameWidth: Double, toSide side: Side?) -> [Double]? {
        let scale = Double(feedshot_pango_scale)
        let width = Double(pango_layout_get_width(layout))
        let widening = width > 0 ? max(0, width / scale - frameWidth) : 0
        var shifts = [Double](repeating: 0, count: Int(pango_layout_get_line_count(layout)))
        forEachLine(of: layout) { index, _, logical, _, _ in
            guard index < shifts.count else { return }
            let room = width - Double(logical.width)
            switch side {
            case .left: shifts[index] = -(shift + Double(logical.x) / scale)
            case .right: shifts[index] = frameWidth - shift - Double(logical.x + logical.width) / scale
            case nil: if room > 0 { shifts[index] = -(Double(logical.x) / room) * widening }
            }
        }
        return shifts.contains { abs($0) > 1e-9 } ? shifts : nil
    }

    /// The side of its frame a text is set against whatever its paragraphs' directions.
    enum Side {
        case left, right

        /// `visualLeft`'s and `visualRight`'s side where `text`'s paragraphs mix directions; nil
        /// where Pango's alignment gives the lines their places itself (`makeLayout` sets a text
        /// of one direction to the side), and for the other alignments.
        init?(_ text: StyledText) {
            switch text.alignment {
            case .visualLeft: self = .left
            case .visualRight: self = .right
            case .natural, .left, .center, .right: return nil
            }
            guard TextDirection.paragraphDirections(in: text.string).isMixed else { return nil }
        }
    }

    /// Calls `body` with each line of `layout` (alive for the call) first to last: its index, the
    /// line, its logical and ink extents and its baseline, in the layout's Pango units.
    private static func forEachLine(
        of layout: OpaquePointer, _ body: (Int, UnsafeMutablePointer<PangoLayoutLine>, PangoRectangle, PangoRectangle, Int32) -> Void
    ) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        var index = 0
        repeat {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            if let line = pango_layout_iter_get_line_readonly(iterator) {
                body(index, line, logical, ink, pango_layout_iter_get_baseline(iterator))
            }
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
    }
}
