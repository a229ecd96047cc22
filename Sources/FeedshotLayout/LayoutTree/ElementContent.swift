/// How an element is drawn.
public enum ElementContent: Sendable, Hashable {
    /// A text block, drawn from its frame's origin as Pango lays it out at the frame's width;
    /// `lines` are the lines the measurer found (the painter's layout has as many).
    case text(StyledText, lines: [String])
    /// A filled (and optionally stroked) rounded rectangle.
    case box(fill: Color, stroke: Color? = nil, corners: CornerRadii)
    /// A decoded image aspect-filled into the frame and clipped to its corners; `ref` is the
    /// document's reference, `cornerRadius` half the side makes a circle.
    case image(ref: String, cornerRadius: Double)
    /// A vector glyph drawn in `color`.
    case glyph(Glyph, color: Color)
    /// A MessageKit message bubble: rounded, with an optional tail, filled and/or outlined.
    case bubble(BubbleShape, fill: Color, stroke: Color?)
}
