/// Which font file drew a text role: what `feedshot layout` lists under `fonts`, one entry per
/// role and font (the text's own font; script faces that fill in for other scripts are not listed).
public struct FontUse: Sendable, Hashable {
    /// The elements' role.
    public var role: ElementRole
    /// The font the layout asked for.
    public var font: FontSpec
    /// The family that drew it (`Feedshot Inter`).
    public var family: String
    /// The file it came from, without its folder (`FeedshotInter-Regular.otf`).
    public var file: String
    /// The font it stands in for (`SF Pro`), when it is a stand-in.
    public var standsInFor: String?

    /// A font use of `family` from `file` for `role` at `font`.
    public init(role: ElementRole, font: FontSpec, family: String, file: String, standsInFor: String? = nil) {
        self.role = role
        self.font = font
        self.family = family
        self.file = file
        self.standsInFor = standsInFor
    }
}

extension FontUse: Encodable {
    enum Key: String, CodingKey { case role, size, weight, italic, family, file, standsInFor }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(role, forKey: .role)
        try c.encode(font.size, forKey: .size)
        try c.encode(font.weight, forKey: .weight)
        if font.isItalic { try c.encode(true, forKey: .italic) }
        try c.encode(family, forKey: .family)
        try c.encode(file, forKey: .file)
        try c.encodeIfPresent(standsInFor, forKey: .standsInFor)
    }
}
