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
