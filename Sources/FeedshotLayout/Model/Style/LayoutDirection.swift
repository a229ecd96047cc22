import Foundation

/// Which way an interface runs: a document's `layoutDirection` (`ltr`, `rtl`).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of `locale`'s language.
    public init(locale: Locale) {
        self = locale.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
