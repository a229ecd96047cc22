import Foundation

/// `"labels": {"cellTop": {…}, "messageTop": {…}, "messageBottom": {…}, "cellBottom": {…}}`.
struct LabelsDecoding: Decodable {
    var value = MessageKitOptions.Labels()

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(known: MessageKitOptions.LabelKind.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: AnyKey.self)
        for kind in MessageKitOptions.LabelKind.allCases {
            if let label = try c.decodeIfPresent(LabelDecoding.self, forKey: AnyKey(kind.rawValue)) { value[kind] = label.value }
        }
    }
}

/// One label: `{"height", "show", "alignment", "textInsets", "text" | "runs", "font", "color"}`.
struct LabelDecoding: Decodable {
    var value = MessageKitOptions.Label()

    enum Key: String, CodingKey, CaseIterable { case height, show, alignment, textInsets, text, runs, font, color }
    /// What a document may name: `NSTextAlignment`'s cases the label takes (`visualLeft` is the
    /// layout tree's own).
    enum Alignment: String, CaseIterable { case natural, left, center, right }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        value.height = try c.decodeNonNegative(.height, max: 1000)
        value.show = try c.decodeEnum(MessageKitOptions.LabelRule.self, .show)
        value.alignment = try c.decodeEnum(Alignment.self, .alignment).flatMap { StyledText.Alignment(rawValue: $0.rawValue) }
        value.textInsets = try c.decodeIfPresent(SignedInsetsDecoding.self, forKey: .textInsets)?.insets
        if c.contains(.text), c.contains(.runs) { throw c.error(at: .runs, "cannot be given with \"text\" (give one)") }
        if let text = try c.decodeText(.text, in: decoder) { value.text = .plain(text) }
        if let runs = try c.decodeRuns(.runs, in: decoder) { value.text = .runs(runs) }
        value.font = try c.decodeIfPresent(FontDecoding.self, forKey: .font)?.font
        value.color = try c.decodeIfPresent(Color.self, forKey: .color)
    }
}

/// `{"size": 12, "weight": "semibold", "italic": true, "family": "Lato"}` (size required; the
/// system font unless a family is named).
struct FontDecoding: Decodable {
    var font: FontSpec

    enum Key: String, CodingKey, CaseIterable { case size, weight, italic, family }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        guard let size = try c.decodePositive(.size, max: 500) else { throw c.error(at: .size, "is required") }
        font = FontSpec(
            size: size, weight: try c.decodeEnum(FontSpec.Weight.self, .weight) ?? .regular,
            isItalic: try c.decodeIfPresent(Bool.self, forKey: .italic) ?? false)
        if let family = try c.decodeIfPresent(String.self, forKey: .family) {
            guard TypographyDecoding.isFamilyName(family) else {
                throw c.error(at: .family, "must be a font family's name (1 to 100 characters, no commas or control characters)")
            }
            font.family = family
        }
    }
}

/// One run of an attributed string: `{"text", "bold", "italic", "font", "color", "link", "mention"}`.
struct RunDecoding: Decodable {
    var run: MessageKitContent.Run

    /// The most runs one text may have; see `StyledText.tooManySpansReason`.
    static let maxPerText = 2_000

    enum Key: String, CodingKey, CaseIterable { case text, bold, italic, font, color, link, mention }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        run = MessageKitContent.Run(
            text: try c.decodeText(.text, in: decoder) ?? "", isBold: try c.decodeIfPresent(Bool.self, forKey: .bold) ?? false,
            isItalic: try c.decodeIfPresent(Bool.self, forKey: .italic) ?? false,
            link: try c.decodeIfPresent(String.self, forKey: .link), mention: try c.decodeIfPresent(String.self, forKey: .mention),
            color: try c.decodeIfPresent(Color.self, forKey: .color), font: try c.decodeIfPresent(FontDecoding.self, forKey: .font)?.font)
        guard c.contains(.text) else { throw c.error(at: .text, "is required") }
    }
}

extension KeyedDecodingContainer {
    /// A text's runs, or nil when absent: at most `RunDecoding.maxPerText` of them, whose text,
    /// drawn one after another, holds at most `maxTextLength` Unicode scalars and
    /// `StringLimits.maxTabs` tabs — one text, as a message's `text` is (each string alone was
    /// checked by `StringLimits` before decoding).
    func decodeRuns(_ key: Key, in decoder: any Decoder) throws -> [MessageKitContent.Run]? {
        guard let runs = try decodeIfPresent([RunDecoding].self, forKey: key)?.map(\.run) else { return nil }
        guard runs.count <= RunDecoding.maxPerText else {
            throw error(at: key, "has \(runs.count) runs, more than \(RunDecoding.maxPerText) (\(StyledText.tooManySpansReason))")
        }
        let limit = decoder.limits.maxTextLength
        let scalars = runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        if scalars > limit {
            throw error(
                at: key, "hold \(scalars) Unicode scalars together, more than the limit of \(limit) (raise it with --max-text-length)")
        }
        let tabs = StringLimits.tabs(in: runs.lazy.map(\.text))
        if tabs > StringLimits.maxTabs { throw error(at: key, StringLimits.tooManyTabs(tabs)) }
        return runs
    }
}

/// `"detectors": {"enabled": ["url", …], "styles": {"url": {"color", "underline", "underlineColor"}}}`.
struct DetectorsDecoding: Decodable {
    var value = MessageKitOptions.Detectors()

    enum Key: String, CodingKey, CaseIterable { case enabled, styles, custom }
    enum StyleKey: String, CodingKey, CaseIterable { case color, underline, underlineColor }

    /// `{"pattern", "color", "underline", "underlineColor"}`: a custom detector and its look.
    struct CustomDecoding: Decodable {
        var value: MessageKitOptions.CustomDetector

        enum Key: String, CodingKey, CaseIterable { case pattern, color, underline, underlineColor }

        init(from decoder: any Decoder) throws {
            let c = try decoder.checkedContainer(keyedBy: Key.self)
            let pattern = try c.decode(String.self, forKey: .pattern)
            guard !pattern.isEmpty, pattern.utf8.count <= 1000 else { throw c.error(at: .pattern, "must be 1 to 1000 bytes") }
            let stated = c.contains(.color) || c.contains(.underline) || c.contains(.underlineColor)
            let style =
                stated
                ? MessageKitOptions.DetectorStyle(
                    color: try c.decodeIfPresent(Color.self, forKey: .color),
                    isUnderlined: try c.decodeIfPresent(Bool.self, forKey: .underline) ?? false,
                    underlineColor: try c.decodeIfPresent(Color.self, forKey: .underlineColor)) : nil
            do {
                value = try MessageKitOptions.CustomDetector(pattern: pattern, style: style)
            } catch {
                throw c.error(at: .pattern, "is not a regular expression (NSRegularExpression): \(pattern)")
            }
            if value.expression.firstMatch(in: "", range: NSRange(location: 0, length: 0)) != nil {
                throw c.error(at: .pattern, "matches the empty string; a detector needs at least one character")
            }
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        let names = MessageKitOptions.DetectorType.allCases.map(\.rawValue)
        if let enabled = try c.decodeIfPresent([String].self, forKey: .enabled) {
            value.enabled = try enabled.map { name in
                guard let type = MessageKitOptions.DetectorType(rawValue: name) else {
                    throw c.error(at: .enabled, "unknown detector \"\(name)\" (use \(names.joined(separator: ", ")))")
                }
                return type
            }
        }
        if let custom = try c.decodeIfPresent([CustomDecoding].self, forKey: .custom) {
            guard custom.count <= 16 else { throw c.error(at: .custom, "has \(custom.count) detectors; at most 16") }
            value.custom = custom.map(\.value)
        }
        guard c.contains(.styles) else { return }
        try c.checkFields(known: names, at: .styles, in: decoder)
        let styles = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .styles)
        for type in MessageKitOptions.DetectorType.allCases where styles.contains(AnyKey(type.rawValue)) {
            try styles.checkFields(StyleKey.self, at: AnyKey(type.rawValue), in: decoder)
            let s = try styles.nestedContainer(keyedBy: StyleKey.self, forKey: AnyKey(type.rawValue))
            value.styles[type] = MessageKitOptions.DetectorStyle(
                color: try s.decodeIfPresent(Color.self, forKey: .color),
                isUnderlined: try s.decodeIfPresent(Bool.self, forKey: .underline) ?? false,
                underlineColor: try s.decodeIfPresent(Color.self, forKey: .underlineColor))
        }
    }
}

extension KeyedDecodingContainer {
    /// Checks the fields of the object at `key` (when present) against `known`.
    func checkFields(known: [String], at key: Key, in decoder: any Decoder) throws {
        guard contains(key) else { return }
        let object = try nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try KnownFields.check(object, known: known, context: decoder.context)
    }
}
