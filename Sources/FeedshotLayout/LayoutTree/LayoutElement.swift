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

    /// An element of `role` drawn as `content` in `frame`, cut at `clip` if given.
    public init(role: ElementRole, frame: Rect, content: ElementContent, clip: Rect? = nil) {
        self.role = role
        self.frame = frame
        self.content = content
        self.clip = clip
    }
}
