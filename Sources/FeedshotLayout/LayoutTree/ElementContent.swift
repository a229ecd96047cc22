/// How an element is drawn.
public enum ElementContent: Sendable, Hashable {
    /// A text block, drawn from its frame's origin as Pango lays it out at the frame's width;
    /// `lines` are the lines the measurer found (the painter's layout has as many).
    case text(StyledText, lines: [String])
    /// A filled (and optionally stroked) rounded rectangle.
    case box(fill: Color, stroke: Color? = nil, corners: CornerRadii)
    /// A decoded image aspect-filled into the frame and clipped to its corners; `ref` is the
    /// document's reference, `cornerRadius` half the side makes a circle. With a `mask`, the
    /// image is clipped to that bubble shape stretched to the frame instead (MessageKit masks a
    /// photo's container with the message's bubble).
    case image(ref: String, cornerRadius: Double, mask: BubbleShape? = nil)
    /// A vector glyph drawn in `color`.
    case glyph(Glyph, color: Color)
    /// A MessageKit message bubble: the shape filled with `fill` and, for the outlined styles, a
    /// 1-pt line of `stroke` inside its edge (both clipped to the shape).
    case bubble(BubbleShape, fill: Color, stroke: Color?)
}
