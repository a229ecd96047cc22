/// One drawn thing inside an item.
public struct LayoutElement: Sendable, Hashable {
    /// What the element is for.
    public var role: ElementRole
    /// Where it is drawn, in canvas points.
    public var frame: Rect
    /// How it is drawn.
    public var content: ElementContent

    /// An element of `role` drawn as `content` in `frame`.
    public init(role: ElementRole, frame: Rect, content: ElementContent) {
        self.role = role
        self.frame = frame
        self.content = content
    }
}
