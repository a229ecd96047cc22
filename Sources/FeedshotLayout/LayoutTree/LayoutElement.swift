/// One drawn thing inside an item.
public struct LayoutElement: Sendable, Hashable {
    /// What the element is for.
    public var role: ElementRole
    /// Where it is drawn, in canvas points.
    public var frame: Rect
    /// How it is drawn.
    public var content: ElementContent
    /// Where its drawing is cut off, if anywhere: a `UILabel` draws into its layer, so a text
    /// taller than the label is cut at the label's bounds.
    public var clip: Rect?
    /// For a text: the width it was measured at, where that is not its frame's (a bubble hugging
    /// its text). Pango's line breaking is not monotonic in the width, so a text whose lines all
    /// fit its frame can break otherwise there; the painter then lays it out as it was measured,
    /// aligned to the frame (docs/ARCHITECTURE.md, "Text").
    package var textWrapWidth: Double?

    /// An element of `role` drawn as `content` in `frame`, cut at `clip` if given.
    public init(role: ElementRole, frame: Rect, content: ElementContent, clip: Rect? = nil) {
        self.role = role
        self.frame = frame
        self.content = content
        self.clip = clip
    }
}

extension LayoutElement {
    /// `wrapWidth` where it is not `frame`'s width (`textWrapWidth`), else nil.
    package static func wrapWidth(_ wrapWidth: Double?, frame: Rect) -> Double? {
        guard let wrapWidth, wrapWidth != frame.width else { return nil }
        return wrapWidth
    }
}
