import Foundation

/// The UI strings of one document: the catalogue of its locale's language, over English, with the
/// document's own `strings` over both (as an app overrides `AmityLocalizable.strings`).
package struct Strings: Sendable {
    /// The language the strings are in (ISO 639: `en`, `ar`, …).
    package let language: String
    private let table: [String: String]

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
