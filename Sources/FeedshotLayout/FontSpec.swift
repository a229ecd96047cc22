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

/// Amity UIKit's `AmityFontSet` (system font, fixed sizes).
public enum AmityFont: String, Sendable, CaseIterable, Codable {
    case headerLine, title, bodyBold, body, captionBold, caption

    public var spec: FontSpec {
        switch self {
        case .headerLine: FontSpec(size: 20, weight: .bold)
        case .title: FontSpec(size: 17, weight: .semibold)
        case .bodyBold: FontSpec(size: 15, weight: .semibold)
        case .body: FontSpec(size: 15)
        case .captionBold: FontSpec(size: 13, weight: .semibold)
        case .caption: FontSpec(size: 13)
        }
    }
}

/// iOS content size categories (`UIContentSizeCategory`), with the body size each gives.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibilityMedium, accessibilityLarge, accessibilityXLarge, accessibilityXXLarge, accessibilityXXXLarge

    /// The `.body` text style's point size at this category.
    public var bodySize: Double {
        switch self {
        case .xSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .xLarge: 19
        case .xxLarge: 21
        case .xxxLarge: 23
        case .accessibilityMedium: 28
        case .accessibilityLarge: 33
        case .accessibilityXLarge: 40
        case .accessibilityXXLarge: 47
        case .accessibilityXXXLarge: 53
        }
    }
}
