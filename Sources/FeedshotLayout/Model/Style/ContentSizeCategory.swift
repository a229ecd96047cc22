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
