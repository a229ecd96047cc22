import Foundation

/// Which way an interface runs: a document's `layoutDirection` (`ltr`, `rtl`).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of `locale`'s language, as ICU gives it (`Locale.Language.characterDirection`).
    public init(locale: Locale) {
        if Self.isCommonLeftToRight(locale.identifier) {
            self = .leftToRight
            return
        }
        self = locale.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// Languages written left to right in every script ICU gives them by default; asking ICU costs
    /// a tenth of a small document's decoding, so these common ones are answered here
    /// (LayoutDirectionTests checks each against ICU).
    static let commonLeftToRightLanguages: Set<Substring> = [
        "en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "no", "fi", "pl", "cs", "sk", "hu", "ro", "el", "tr",
        "ru", "uk", "bg", "hr", "sr", "sl", "id", "ms", "vi", "th", "ja", "zh", "ko", "hi", "bn", "ta", "te", "mr", "fil",
    ]

    /// Whether `identifier` is a common left-to-right language with at most a region and no
    /// script or other subtag (`en`, `en_US`, `pt-BR`, `es_419`): a script subtag can change the
    /// direction (`pa_Arab`), so anything else is ICU's to answer.
    static func isCommonLeftToRight(_ identifier: String) -> Bool {
        let separator = identifier.utf8.firstIndex { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") } ?? identifier.endIndex
        guard commonLeftToRightLanguages.contains(identifier[..<separator]) else { return false }
        guard separator != identifier.endIndex else { return true }
        let region = identifier.utf8[identifier.utf8.index(after: separator)...]
        return (region.count == 2 && region.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            || (region.count == 3 && region.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    }
}
