/// Lays text out at a constrained width and reports its lines: the one seam between layout and fonts.
///
/// Feedshot's implementation is Pango (`PangoTextMeasurer` in FeedshotRender); tests use a fake with
/// fixed glyph sizes. Implementations return logical (unrounded) sizes in points; rounding is
/// `TextBlock`'s job, in one place.
public protocol TextMeasuring: Sendable {
    /// Lays `text` out wrapping words at `width` points (characters inside words too long for a line).
    func measure(_ text: StyledText, width: Double) -> TextMetrics
}

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
    /// The line's characters (a trailing newline not included).
    public var text: String
    /// Where the line starts in the measured string, in UTF-8 bytes.
    public var start: Int
    /// Logical width in points.
    public var width: Double

    public init(text: String, start: Int, width: Double) {
        self.text = text
        self.start = start
        self.width = width
    }
}

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
