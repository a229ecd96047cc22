/// A finished layout: every frame in points, every text with its lines — the one description of
/// what is drawn. The painter adds nothing and measures nothing: it fills, strokes and copies
/// what the elements say, and draws each text from the same Pango layout the measurer made
/// (`PangoThreadContext.makeLayout` of the element's text at its frame's width, usually the
/// measurer's own object, lent through the thread's cache), checking in every build that it has
/// the lines the tree lists (docs/ARCHITECTURE.md, "Text"). `feedshot layout` prints it as JSON.
public struct Layout: Sendable, Hashable {
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points: the sum of the items' heights (and section insets).
    public var height: Double
    /// Pixels per point.
    public var scale: Int
    /// Painted under every item.
    public var background: Color
    /// The rows, top to bottom.
    public var items: [LayoutItem]
    /// What was drawn in place of something that could not be (missing images, unknown fields when lenient).
    public var warnings: [String]
    /// Which font file drew each text role (filled in by the renderer; empty from a bare layout engine).
    public var fonts: [FontUse] = []

    /// A layout of `items` on a canvas of `width` × `height` points.
    public init(width: Double, height: Double, scale: Int, background: Color, items: [LayoutItem], warnings: [String] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.items = items
        self.warnings = warnings
    }

    /// The PNG's size: `ceil(width × scale)` × `ceil(height × scale)`.
    public var pixelWidth: Int { Int((width * Double(scale)).rounded(.up)) }
    /// The image's height in pixels.
    public var pixelHeight: Int { Int((height * Double(scale)).rounded(.up)) }
}
