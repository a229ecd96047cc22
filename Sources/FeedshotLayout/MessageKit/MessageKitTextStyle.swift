/// The `UIFont.TextStyle`s MessageKit's default fonts come from (`preferredFont(forTextStyle:)`),
/// with their point sizes per content size category: Apple's Human Interface Guidelines,
/// "Dynamic Type sizes" for iOS (docs/conformance/messagekit.md).
enum MessageKitTextStyle: CaseIterable {
    case body, footnote, caption1, caption2

    /// The style's size at `category`.
    func size(at category: ContentSizeCategory) -> Double {
        let column: Int
        switch self {
        case .body: return category.bodySize
        case .footnote: column = 0
        case .caption1: column = 1
        case .caption2: column = 2
        }
        return MessageKitTextStyle.sizes[category]![column]
    }

    /// footnote, caption1, caption2 by category.
    static let sizes: [ContentSizeCategory: [Double]] = [
        .xSmall: [12, 11, 11], .small: [12, 11, 11], .medium: [12, 11, 11], .large: [13, 12, 11],
        .xLarge: [15, 14, 13], .xxLarge: [17, 16, 15], .xxxLarge: [19, 18, 17],
        .accessibilityMedium: [23, 22, 20], .accessibilityLarge: [27, 26, 24], .accessibilityXLarge: [33, 32, 29],
        .accessibilityXXLarge: [38, 37, 34], .accessibilityXXXLarge: [44, 43, 40],
    ]

    /// `UIFontMetrics(forTextStyle: self).scaledFont(for:)` of a `base`-point font: scaled by the
    /// style's size at `category` over its size at Large.
    func scaled(_ base: Double, at category: ContentSizeCategory) -> Double {
        base * size(at: category) / size(at: .large)
    }
}
