/// What a measurer reports for a block of text.
public struct TextMetrics: Sendable, Hashable {
    public var lines: [TextLine]
    /// Logical height of all lines, unrounded.
    public var height: Double
    /// The widest line's logical width, unrounded.
    public var width: Double

    public init(lines: [TextLine], height: Double, width: Double) {
        self.lines = lines
        self.height = height
        self.width = width
    }
}
