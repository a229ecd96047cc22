/// Which font files drew a text role: what `feedshot layout` lists under `fonts`, one entry per
/// role and font: the face of the text's own font, and the faces of other families that drew some
/// of its characters (a script, Chinese characters or emoji the font lacks, a span's own family).
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
    /// The faces of other families that drew some of these texts' characters, by family and file
    /// (`Feedshot Noto Sans JP` for the kanji of a Japanese message, standing in for Hiragino Sans).
    public var otherFaces: [Face]

    /// A face that drew part of a text, and the iPhone's face it stands in for, if any.
    public struct Face: Sendable, Hashable, Comparable, Encodable {
        /// Its family (`WenQuanYi Micro Hei`).
        public var family: String
        /// Its file, without its folder (`wqy-microhei.ttc`).
        public var file: String
        /// The iPhone's face for the characters it drew (`PingFang SC`), when it stands in for one.
        public var standsInFor: String?

        /// A face of `family` from `file`, standing in for `standsInFor`.
        public init(family: String, file: String, standsInFor: String? = nil) {
            self.family = family
            self.file = file
            self.standsInFor = standsInFor
        }

        /// By family, then file, then the face it stands in for.
        public static func < (a: Face, b: Face) -> Bool {
            (a.family, a.file, a.standsInFor ?? "") < (b.family, b.file, b.standsInFor ?? "")
        }
    }

    /// A font use of `family` from `file` for `role` at `font`.
    public init(
        role: ElementRole, font: FontSpec, family: String, file: String, standsInFor: String? = nil, otherFaces: [Face] = []
    ) {
        self.role = role
        self.font = font
        self.family = family
        self.file = file
        self.standsInFor = standsInFor
        self.otherFaces = otherFaces
    }

    /// The face of this use that stands in for `face` (`SF Pro`): its own, else another.
    public func standIn(for face: String) -> Face? {
        if standsInFor == face { return Face(family: family, file: file, standsInFor: standsInFor) }
        return otherFaces.first { $0.standsInFor == face }
    }
}

extension FontUse: Encodable {
    enum Key: String, CodingKey { case role, size, weight, italic, family, file, standsInFor, otherFaces }

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
        if !otherFaces.isEmpty { try c.encode(otherFaces, forKey: .otherFaces) }
    }
}
