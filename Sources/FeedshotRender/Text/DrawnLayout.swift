import CPangoCairo
import FeedshotLayout

/// The Pango layout a text element is drawn with, and where: one rule for the painter
/// (`Painter.drawnTextLayout`) and the tap boxes (`PangoTextMeasurer.extents`).
struct DrawnLayout {
    let layout: PangoLayoutRef
    /// How far left of its frame the layout is drawn (`PangoThreadContext.alignmentShift`).
    let shift: Double
    /// How the layout's lines differ from the layout tree's, or nil where they are the same.
    let difference: String?

    /// `text` drawn in a frame `frameWidth` points wide with the tree's `lines`, measured at
    /// `wrapWidth` (`LayoutElement.textWrapWidth`): laid out at the frame's width — or, where
    /// Pango breaks it otherwise there (its line breaking is not monotonic in the width), as it was
    /// measured, at `wrapWidth` (`makeLayout` widens it the same way), where that gives the tree's
    /// lines and they share one alignment, so the layout can be aligned to the frame. A text that
    /// has neither keeps the frame's layout and its `difference`. `layout` makes or finds the
    /// layout of `text` at a width.
    init(
        _ text: StyledText, lines: [String], frameWidth: Double, measuredAt wrapWidth: Double?,
        layout: (Double) -> PangoLayoutRef
    ) {
        let atFrame = layout(frameWidth)
        let difference = PaintPlan.difference(lines, PangoTextMeasurer.metrics(of: atFrame, text: text.string))
        if difference != nil, let wrapWidth, wrapWidth != frameWidth {
            let measured = layout(wrapWidth)
            let shift = withExtendedLifetime(measured) {
                PangoThreadContext.sharedAlignmentShift(of: measured.pointer, frameWidth: frameWidth)
            }
            if let shift, PaintPlan.difference(lines, PangoTextMeasurer.metrics(of: measured, text: text.string)) == nil {
                self.init(layout: measured, shift: shift, difference: nil)
                return
            }
        }
        let shift = withExtendedLifetime(atFrame) { PangoThreadContext.alignmentShift(of: atFrame.pointer, frameWidth: frameWidth) }
        self.init(layout: atFrame, shift: shift, difference: difference)
    }

    /// The layout and its shift.
    var placed: (layout: PangoLayoutRef, shift: Double) { (layout, shift) }

    private init(layout: PangoLayoutRef, shift: Double, difference: String?) {
        self.layout = layout
        self.shift = shift
        self.difference = difference
    }
}
