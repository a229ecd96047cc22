/// A finished layout: every frame in points, every text block with its lines. The painter draws
/// exactly this; `feedshot layout` prints it as JSON.
public struct Layout: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public var background: Color
    public var items: [LayoutItem]
    public var warnings: [String]

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
    public var pixelHeight: Int { Int((height * Double(scale)).rounded(.up)) }
}
