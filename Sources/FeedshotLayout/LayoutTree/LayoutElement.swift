/// One drawn thing inside an item.
public struct LayoutElement: Sendable, Hashable {
    public var role: ElementRole
    public var frame: Rect
    public var content: ElementContent

    public init(role: ElementRole, frame: Rect, content: ElementContent) {
        self.role = role
        self.frame = frame
        self.content = content
    }
}
