/// Text with one base font and colour, and optional spans that restyle parts of it.
public struct StyledText: Sendable, Hashable {
    /// A restyled range, in UTF-8 byte offsets of `string` (Pango's unit).
    public struct Span: Sendable, Hashable {
        public var start: Int
        public var end: Int
        public var color: Color?
        public var weight: FontSpec.Weight?
        public var isItalic: Bool?

        public init(start: Int, end: Int, color: Color? = nil, weight: FontSpec.Weight? = nil, isItalic: Bool? = nil) {
            self.start = start
            self.end = end
            self.color = color
            self.weight = weight
            self.isItalic = isItalic
        }
    }

    public var string: String
    public var font: FontSpec
    public var color: Color
    public var spans: [Span]

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
