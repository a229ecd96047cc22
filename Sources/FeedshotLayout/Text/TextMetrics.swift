/// What a measurer reports for a block of text.
package struct TextMetrics: Sendable, Hashable {
    package var lines: [TextLine]
    /// Logical height of all lines, unrounded.
    package var height: Double
    /// The widest line's logical width, unrounded.
    package var width: Double

    package init(lines: [TextLine], height: Double, width: Double) {
        self.lines = lines
        self.height = height
        self.width = width
    }
}
