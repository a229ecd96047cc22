import Foundation

/// An app's fonts for the Amity kit's text roles, as `AmityUIKitManager.set(typography:)` sets
/// them (`AmityTypography`: `headerLine`, `title`, `bodyBold`, `body`, `captionBold`, `caption`):
/// a role not set keeps the kit's default (`AmityFont.spec`, the system font), and a role set in
/// part keeps the default's other parts.
public struct Typography: Sendable, Hashable {
    /// The roles set, by role.
    public var fonts: [AmityFont: FontSpec]

    /// Typography setting `fonts`; the others keep the kit's defaults.
    public init(_ fonts: [AmityFont: FontSpec] = [:]) {
        self.fonts = fonts
    }

    /// The font a role is drawn in.
    public subscript(_ role: AmityFont) -> FontSpec { fonts[role] ?? role.spec }
}

extension Typography {
    /// Decodes a typography object on its own — the document's `typography` field's shape, as
    /// `--typography FILE` and a server's default hold it: `{"body": {"family": "Lato", "size":
    /// 16}, …}`. Unknown roles and fields are refused.
    ///
    /// - Throws: `DocumentError` naming the path at fault (`body.size`).
    public static func decode(_ data: Data) throws(DocumentError) -> Typography {
        try DocumentError.decoding(data) { try JSONDecoder().decode(TypographyDecoding.self, from: data).typography }
    }
}

/// `"typography": {"body": {"family": "Lato", "size": 16, "weight": "regular"}, …}`: each role's
/// family, size, weight and italic, any omitted keeping the role's font in the options'
/// typography (`DecodingOptions.typography`, the kit's default unless an app's is set).
struct TypographyDecoding: Decodable {
    var typography: Typography

    enum Key: String, CodingKey, CaseIterable { case family, size, weight, italic }

    init(from decoder: any Decoder) throws {
        let roles = try decoder.container(keyedBy: AnyKey.self)
        try decoder.checkFields(known: AmityFont.allCases.map(\.rawValue))
        let base = decoder.context.options.typography
        var fonts = base.fonts
        for role in AmityFont.allCases {
            let key = AnyKey(role.rawValue)
            guard roles.contains(key) else { continue }
            let c = try roles.nestedContainer(keyedBy: Key.self, forKey: key)
            try roles.checkFields(Key.self, at: key, in: decoder)
            var font = base[role]
            if let family = try c.decodeIfPresent(String.self, forKey: .family) {
                guard Self.isFamilyName(family) else {
                    throw c.error(at: .family, "must be a font family's name (1 to 100 characters, no commas or control characters)")
                }
                font.family = family
            }
            if let size = try c.decodePositive(.size, max: 500) { font.size = size }
            if let weight = try c.decodeEnum(FontSpec.Weight.self, .weight) { font.weight = weight }
            if let italic = try c.decodeIfPresent(Bool.self, forKey: .italic) { font.isItalic = italic }
            fonts[role] = font
        }
        typography = Typography(fonts)
    }

    /// A family name Pango can be asked for: not empty, at most 100 characters, and without the
    /// comma that separates families in a font description, or control characters.
    static func isFamilyName(_ name: String) -> Bool {
        !name.trimmingCharacters(in: .whitespaces).isEmpty && name.count <= 100
            && !name.unicodeScalars.contains { $0 == "," || $0.properties.generalCategory == .control }
    }
}
