/// A font as the layout asks for it: the UI face (Inter, standing in for SF Pro) at a size and weight.
/// Scripts Inter lacks fall back to the bundled Noto and CJK faces; emoji to Noto Color Emoji.
public struct FontSpec: Sendable, Hashable, Codable {
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable {
        case regular, semibold, bold
    }

    /// Size in points.
    public var size: Double
    public var weight: Weight
    public var isItalic: Bool

    public init(size: Double, weight: Weight = .regular, isItalic: Bool = false) {
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
    }
}
