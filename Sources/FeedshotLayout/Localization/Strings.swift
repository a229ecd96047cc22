import Foundation

/// The UI strings of one document: the catalogue of its locale's language, over English, with the
/// document's own `strings` over both (as an app overrides `AmityLocalizable.strings`).
package struct Strings: Sendable {
    /// The language the strings are in (ISO 639: `en`, `ar`, …).
    package let language: String
    /// The language of the document's locale, whether or not a catalogue is bundled for it.
    private let localeLanguage: String
    private let table: [String: String]
    /// The locale's digits and separators, or nil when they are the ASCII ones.
    private let numerals: Numerals?

    /// The strings for `locale`, with `overrides` by key (`StringKey` raw values; plural forms as
    /// `key.category`).
    package init(locale: Locale, overrides: [String: String] = [:]) {
        let code = locale.language.languageCode?.identifier ?? "en"
        localeLanguage = code
        language = StringCatalog.tables[code] == nil ? "en" : code
        var table = LocaleData.shared.table(language: language)
        // A plain string set over a key the bundled table gives plural forms (Arabic's vote count)
        // wins over those forms unless the same overrides give forms of their own.
        for key in StringKey.allCases where key.mayHavePluralForms && overrides[key.rawValue] != nil {
            let forms = PluralCategory.allCases.map { "\(key.rawValue).\($0.rawValue)" }
            if !forms.contains(where: { overrides[$0] != nil }) { forms.forEach { table[$0] = nil } }
        }
        for (key, value) in overrides { table[key] = value }
        self.table = table
        numerals = LocaleData.shared.numerals(locale)
        isRightToLeft = StringCatalog.rightToLeftLanguages.contains(language)
    }

    /// Whether the strings' language is written right to left (Arabic, Hebrew).
    package let isRightToLeft: Bool

    /// `text` as a label of the strings' language. In a right-to-left language it starts with
    /// U+200F RIGHT-TO-LEFT MARK: a label that opens with a number abbreviated with a Latin letter
    /// ("١٫٢K إعجابًا") would otherwise be laid out left to right, since its first strong character
    /// decides a paragraph's direction (Unicode bidi rules P2–P3, as TextKit and Pango apply them),
    /// putting the number at the far end from the badge it counts. In a left-to-right language a
    /// label that would open right to left — an Arabic name first, "أحمد is typing..." — starts with
    /// U+200E LEFT-TO-RIGHT MARK, or it read "...is typing أحمد", the dots first. The marks are invisible.
    package func label(_ text: String) -> String {
        if isRightToLeft { return "\u{200F}" + text }
        return TextDirection.firstStrong(in: text) == .rightToLeft ? "\u{200E}" + text : text
    }

    /// `text`, a number Feedshot wrote with ASCII digits, "." and "," ("1.2K", "1,234.5"), in the
    /// locale's numerals: "١٫٢K" in Arabic (Egypt), "1,2K" in German. Letters pass through.
    package func number(_ text: String) -> String {
        guard let numerals else { return text }
        var result = ""
        for character in text {
            if let value = character.wholeNumberValue, character.isASCII {
                result.append(numerals.digits[value])
            } else if character == "." {
                result += numerals.decimal
            } else if character == "," {
                result += numerals.grouping
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The string for `key`, its `%@` (or `%1$@`, `%2$@`) filled with `arguments` in order.
    package func callAsFunction(_ key: StringKey, _ arguments: String...) -> String {
        StringCatalog.format(table[key.rawValue] ?? key.rawValue, arguments)
    }

    /// Whether `key` reads as in English in a document whose locale is another language (no
    /// bundled catalogue for it, or the document's `strings` say so).
    package func isEnglishInAnotherLanguage(_ key: StringKey) -> Bool {
        localeLanguage != "en" && table[key.rawValue] == LocaleData.shared.table(language: "en")[key.rawValue]
    }

    /// Whether the strings give `key` a form per plural category (a plural key, or one that
    /// `mayHavePluralForms` and has any form here).
    package func hasPluralForms(_ key: StringKey) -> Bool {
        key.isPlural || PluralCategory.allCases.contains { table["\(key.rawValue).\($0.rawValue)"] != nil }
    }

    /// The plural form of `key` for `count` in the language's rules (falling back to `other`),
    /// filled with `arguments`, as a `label` (most open with their number; the mark is harmless
    /// in the rest, already right to left).
    package func plural(_ key: StringKey, count: Int, _ arguments: String...) -> String {
        let category = PluralCategory.of(count, language: language)
        // A key whose plain string is one word after the number ("votes") falls back to "%@ word".
        let template =
            table["\(key.rawValue).\(category.rawValue)"] ?? table["\(key.rawValue).other"] ?? table[key.rawValue].map { "%@ \($0)" }
            ?? key.rawValue
        return label(StringCatalog.format(template, arguments))
    }
}

/// A locale's digits 0–9 and decimal and grouping separators, as `NumberFormatter` writes them.
struct Numerals: Sendable {
    var digits: [Character]
    var decimal: String
    var grouping: String

    /// What `NumberFormatter` writes for `locale` (Arabic-Indic digits for `ar_EG`), or nil when
    /// it is ASCII's digits, "." and ",".
    init?(_ locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.usesGroupingSeparator = false
        digits = (0...9).compactMap { formatter.string(from: NSNumber(value: $0)).flatMap(\.first) }
        decimal = formatter.decimalSeparator ?? "."
        grouping = formatter.groupingSeparator ?? ","
        guard digits.count == 10, digits != Array("0123456789") || decimal != "." || grouping != "," else { return nil }
    }
}

/// The catalogue merged for each bundled language (English under the language's table), each
/// locale's numerals and each locale identifier as read (`LocaleIdentifier`), made once per
/// process: a `NumberFormatter` costs about 0.1 ms to make (ICU loads the locale), a merged table
/// a copy of every string, reading an identifier about 1 µs of a small document's 19. At most 64
/// locales (and 64 identifiers) are kept.
final class LocaleData: @unchecked Sendable {
    static let shared = LocaleData()
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var tables: [String: [String: String]] = [:]
    /// Guarded by `lock`; an entry of nil means ASCII numerals.
    private var numeralsByLocale: [String: Numerals?] = [:]
    /// Guarded by `lock`.
    private var identifiers: [String: Result<Locale, LocaleProblem>] = [:]

    /// `LocaleIdentifier.resolve(identifier)`, made once.
    func locale(_ identifier: String) -> Result<Locale, LocaleProblem> {
        lock.lock()
        defer { lock.unlock() }
        if let known = identifiers[identifier] { return known }
        if identifiers.count >= 64 { identifiers.removeAll() }
        let resolved = LocaleIdentifier.resolve(identifier)
        identifiers[identifier] = resolved
        return resolved
    }

    /// English with `language`'s bundled table over it.
    func table(language: String) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[language] { return table }
        var table = StringCatalog.english
        for (key, value) in StringCatalog.tables[language] ?? [:] { table[key] = value }
        tables[language] = table
        return table
    }

    /// `locale`'s numerals, or nil for ASCII's.
    func numerals(_ locale: Locale) -> Numerals? {
        lock.lock()
        defer { lock.unlock() }
        if let known = numeralsByLocale[locale.identifier] { return known }
        if numeralsByLocale.count >= 64 { numeralsByLocale.removeAll() }
        let numerals = Numerals(locale)
        numeralsByLocale[locale.identifier] = numerals
        return numerals
    }
}
