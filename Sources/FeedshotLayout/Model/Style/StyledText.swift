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
        /// The span's font size in points, if it changes it (an attributed string's own font).
        public var size: Double?
        /// The span's font family, if it changes it (an app's bold font that is another family).
        public var family: String?
        /// A single underline (UIKit's `.underlineStyle: .single`), if it changes it (drawn only:
        /// metrics do not change).
        public var isUnderlined: Bool?
        /// The underline's colour (the text's when nil).
        public var underlineColor: Color?
        /// An inline image's box (`NSTextAttachment`): the span's characters — one U+FFFC OBJECT
        /// REPLACEMENT CHARACTER — take this size on the line and draw nothing; the layout draws
        /// the image in their place.
        public var attachment: Attachment?

        /// A span over bytes `start..<end`.
        public init(
            start: Int, end: Int, color: Color? = nil, weight: FontSpec.Weight? = nil, isItalic: Bool? = nil, size: Double? = nil,
            isUnderlined: Bool? = nil, underlineColor: Color? = nil, attachment: Attachment? = nil, family: String? = nil
        ) {
            self.start = start
            self.end = end
            self.color = color
            self.weight = weight
            self.isItalic = isItalic
            self.size = size
            self.isUnderlined = isUnderlined
            self.underlineColor = underlineColor
            self.attachment = attachment
            self.family = family
        }

        /// A span restyling bytes `start..<end` from `base` to `font`: its weight, and its size and
        /// family where they differ from `base`'s.
        public init(start: Int, end: Int, color: Color?, font: FontSpec, over base: FontSpec) {
            self.init(
                start: start, end: end, color: color, weight: font.weight, isItalic: font.isItalic != base.isItalic ? font.isItalic : nil,
                size: font.size != base.size ? font.size : nil, family: font.family != base.family ? font.family : nil)
        }
    }

    /// How lines sit in the width the text is drawn at (`NSTextAlignment`); measuring is the same
    /// for all of them.
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// Left for left-to-right text, right for right-to-left (Pango's automatic direction).
        case natural
        /// The paragraph's start, middle or end.
        case left, center, right
        /// The frame's left edge whatever the paragraph's or the layout's direction, as UIKit
        /// draws `NSTextAlignment.left` (the Amity kit's expandable label, MessageKit's labels): right-to-left
        /// paragraphs too, and mirroring leaves it. Pango aligns a layout, not a paragraph: of a
        /// text that mixes right-to-left and left-to-right paragraphs, the painter moves each
        /// right-to-left line to the left.
        case visualLeft
        /// The frame's right edge whatever the paragraph's or the layout's direction, as UIKit draws
        /// `NSTextAlignment.right` (MessageKit's labels): left-to-right paragraphs too, and
        /// mirroring leaves it. Of a text that mixes directions, the painter moves each
        /// left-to-right line to the right.
        case visualRight
    }

    /// An inline box's size, as `NSTextAttachment.bounds` gives it: `width` × `height`, its bottom
    /// `descent` below the baseline (bounds `y` = −`descent`).
    public struct Attachment: Sendable, Hashable, Codable {
        /// Width in points.
        public var width: Double
        /// Height in points.
        public var height: Double
        /// How far its bottom sits below the baseline, in points.
        public var descent: Double

        /// A box of `width` × `height`, `descent` below the baseline.
        public init(width: Double, height: Double, descent: Double) {
            self.width = width
            self.height = height
            self.descent = descent
        }
    }

    /// The character an attachment stands on.
    public static let attachmentCharacter = "\u{FFFC}"

    /// The text.
    public var string: String
    /// The font of the whole text.
    public var font: FontSpec
    /// The colour of the whole text.
    public var color: Color
    /// Parts styled differently.
    public var spans: [Span]
    /// How lines sit in the drawn width.
    public var alignment: Alignment

    /// Text in one font and colour, with optional spans.
    public init(_ string: String, font: FontSpec, color: Color = .black, spans: [Span] = [], alignment: Alignment = .natural) {
        self.string = string
        self.font = font
        self.color = color
        self.spans = spans
        self.alignment = alignment
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

    /// This text with `suffix` added in `font` (its weight, and its size and family where they
    /// differ from the text's) and `color`.
    func appending(_ suffix: String, color: Color?, font: FontSpec) -> StyledText {
        var result = self
        let start = string.utf8.count
        result.string += suffix
        result.spans.append(Span(start: start, end: start + suffix.utf8.count, color: color, font: font, over: self.font))
        return result
    }

    /// This text followed by an attachment of `size`.
    func appendingAttachment(_ attachment: Attachment) -> StyledText {
        var result = self
        let start = string.utf8.count
        result.string += StyledText.attachmentCharacter
        result.spans.append(Span(start: start, end: result.string.utf8.count, attachment: attachment))
        return result
    }
}

extension StyledText {
    /// Why a text's mentions and runs are bounded (`Mention.maxPerText`, `RunDecoding.maxPerText`):
    /// Pango 1.50 applies a text's colours and underlines run by run, walking the text's
    /// attributes from its start for each run (`pango_glyph_item_apply_attrs`), so n styled
    /// stretches cost n² — 20,000 mentions took 6.9 s, 40,000 runs 22 s; 2,000 take 0.1 s.
    static let tooManySpansReason = "Pango's time to style them grows with the square of their number"
}
