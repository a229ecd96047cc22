/// Text with one base font and colour, and optional spans that restyle parts of it.
public struct StyledText: Sendable, Hashable {
    /// A restyled range, in UTF-8 byte offsets of `string` (Pango's unit).
    public struct Span: Sendable, Hashable {
        /// Where the span starts, in UTF-8 bytes.
        public var start: Int
        /// Where it ends, in UTF-8 bytes (exclusive).
        public var end: Int
        /// The span's colour, if it changes it.
        public var color: Color?
        /// The span's weight, if it changes it.
        public var weight: FontSpec.Weight?
        /// Italic, if it changes it.
        public var isItalic: Bool?
        /// A single underline, if it changes it (links, as `AmityExpandableLabel` draws them).
        public var isUnderlined: Bool?

        /// A span over bytes `start..<end`.
        public init(
            start: Int, end: Int, color: Color? = nil, weight: FontSpec.Weight? = nil, isItalic: Bool? = nil, isUnderlined: Bool? = nil
        ) {
            self.start = start
            self.end = end
            self.color = color
            self.weight = weight
            self.isItalic = isItalic
            self.isUnderlined = isUnderlined
        }
    }

    /// The text.
    public var string: String
    /// The font of the whole text.
    public var font: FontSpec
    /// The colour of the whole text.
    public var color: Color
    /// Parts styled differently.
    public var spans: [Span]

    /// Text in one font and colour, with optional spans.
    public init(_ string: String, font: FontSpec, color: Color = .black, spans: [Span] = []) {
        self.string = string
        self.font = font
        self.color = color
        self.spans = spans
    }

    /// This text followed by `suffix`, styled by `span` (offsets relative to the suffix).
    func appending(_ suffix: String, color: Color? = nil, weight: FontSpec.Weight? = nil) -> StyledText {
        var result = self
        let start = string.utf8.count
        result.string += suffix
        if color != nil || weight != nil {
            result.spans.append(Span(start: start, end: start + suffix.utf8.count, color: color, weight: weight))
        }
        return result
    }
}
