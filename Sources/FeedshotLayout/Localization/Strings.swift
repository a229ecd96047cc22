import Foundation

/// The UI strings of one document: the catalogue of its locale's language, over English, with the
/// document's own `strings` over both (as an app overrides `AmityLocalizable.strings`).
package struct Strings: Sendable {
    /// The language the strings are in (ISO 639: `en`, `ar`, …).
    package let language: String
    private let table: [String: String]
    /// The locale's digits 0–9, decimal and grouping separators (`NumberFormatter`'s), or nil
    /// when they are the ASCII ones.
    private let numerals: (digits: [Character], decimal: String, grouping: String)?

    /// The strings for `locale`, with `overrides` by key (`StringKey` raw values; plural forms as
    /// `key.category`).
    package init(locale: Locale, overrides: [String: String] = [:]) {
        let code = locale.language.languageCode?.identifier ?? "en"
        let bundled = StringCatalog.tables[code]
        language = bundled == nil ? "en" : code
        var table = StringCatalog.english
        for (key, value) in bundled ?? [:] { table[key] = value }
        for (key, value) in overrides { table[key] = value }
        self.table = table
        numerals = Strings.numerals(of: locale)
    }

    /// What `NumberFormatter` writes for `locale`: its digits (Arabic-Indic for `ar_EG`), decimal
    /// and grouping separators; nil when they are ASCII's.
    static func numerals(of locale: Locale) -> (digits: [Character], decimal: String, grouping: String)? {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.usesGroupingSeparator = false
        let digits = (0...9).compactMap { formatter.string(from: NSNumber(value: $0)).flatMap(\.first) }
        let decimal = formatter.decimalSeparator ?? "."
        let grouping = formatter.groupingSeparator ?? ","
        guard digits.count == 10 else { return nil }
        if digits == Array("0123456789"), decimal == ".", grouping == "," { return nil }
        return (digits, decimal, grouping)
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

    /// The plural form of `key` for `count` in the language's rules (falling back to `other`),
    /// filled with `arguments`.
    package func plural(_ key: StringKey, count: Int, _ arguments: String...) -> String {
        let category = PluralCategory.of(count, language: language)
        let template = table["\(key.rawValue).\(category.rawValue)"] ?? table["\(key.rawValue).other"] ?? key.rawValue
        return StringCatalog.format(template, arguments)
    }
}
