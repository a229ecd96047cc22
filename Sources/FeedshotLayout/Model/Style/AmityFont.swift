/// Amity UIKit's `AmityFontSet` (system font, fixed sizes).
public enum AmityFont: String, Sendable, CaseIterable, Codable {
    case headerLine, title, bodyBold, body, captionBold, caption

    /// Its size and weight.
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
