/// How an element is drawn.
public enum ElementContent: Sendable, Hashable {
    /// A text block, drawn from its frame's origin as Pango lays it out at the frame's width;
    /// `lines` are the lines the measurer found (the painter's layout has them, to the byte). A
    /// text with no lines — empty, or given no width by a narrow canvas — is not drawn.
    case text(StyledText, lines: [String])
    /// A filled (and optionally stroked) rounded rectangle.
    case box(fill: Color, stroke: Color? = nil, corners: CornerRadii)
    /// A decoded image aspect-filled into the frame and clipped to its corners; `ref` is the
    /// document's reference, a radius of half the side makes a circle. With a `mask`, the
    /// image is clipped to that bubble shape stretched to the frame instead (MessageKit masks a
    /// photo's container with the message's bubble). A `fill` is painted under the image, inside
    /// the same corners or mask, where the image is transparent: the background of the view that
    /// shows it (MessageKit's container colour, the avatar view's).
    case image(ref: String, corners: CornerRadii, mask: BubbleShape? = nil, fill: Color? = nil)
    /// A vector glyph drawn in `color`.
    case glyph(Glyph, color: Color)
    /// A MessageKit message bubble: the shape filled with `fill` and, for the outlined styles, a
    /// 1-pt line of `stroke` inside its edge (both clipped to the shape).
    case bubble(BubbleShape, fill: Color, stroke: Color?)
}

extension ElementContent {
    /// An image with the same radius on every corner (`cornerRadius` half the side: a circle).
    public static func image(ref: String, cornerRadius: Double, mask: BubbleShape? = nil, fill: Color? = nil) -> ElementContent {
        .image(ref: ref, corners: .all(cornerRadius), mask: mask, fill: fill)
    }

    /// The text this element draws and its lines; nil for other content and for a text with no
    /// lines, which is not drawn (docs/layout-tree.md).
    package var drawnText: (text: StyledText, lines: [String])? {
        guard case .text(let text, let lines) = self, !lines.isEmpty else { return nil }
        return (text, lines)
    }
}
