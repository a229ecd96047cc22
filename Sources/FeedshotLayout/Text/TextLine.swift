/// One laid-out line.
package struct TextLine: Sendable, Hashable {
    /// The line's characters (a trailing newline not included).
    package var text: String
    /// Where the line starts in the measured string, in UTF-8 bytes.
    package var start: Int
    /// Logical width in points.
    package var width: Double

    package init(text: String, start: Int, width: Double) {
        self.text = text
        self.start = start
        self.width = width
    }
}
