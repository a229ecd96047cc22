/// A font as the layout asks for it: the system font (SF Pro; Feedshot Inter, with SF Pro's line
/// heights, stands in for it) or an app's own `family`, at a size and weight. Scripts it lacks fall
/// back to the bundled Noto and CJK faces; emoji to Noto Color Emoji.
public struct FontSpec: Sendable, Hashable, Codable {
    /// The weights the bundled fonts have.
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable {
        case regular, semibold, bold
    }

    /// Size in points.
    public var size: Double
    /// The weight.
    public var weight: Weight
    /// Italic.
    public var isItalic: Bool
    /// A font family by name (an app's font, added with `--font-dir`), or nil for the system font.
    public var family: String?

    /// A font of `size` points, the system font unless a `family` is named.
    public init(size: Double, weight: Weight = .regular, isItalic: Bool = false, family: String? = nil) {
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.family = family
    }
}
