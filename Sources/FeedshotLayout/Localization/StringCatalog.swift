import Foundation

/// The bundled string tables, one `.strings` file per language in the Amity kit's own format
/// (`Resources/Localization/<lang>.lproj/AmityLocalizable.strings`, read by `StringsFile`):
/// English (the Amity UIKit's own strings, from
/// `UpstraUIKit/UpstraUIKit/Localization/AmityLocalizable.strings` at 429fcec where the kit has
/// them) and the other languages by ISO 639 code. docs/languages.md lists every key.
package enum StringCatalog {
    /// The languages bundled besides English, by ISO 639 code. `zh` is Simplified Chinese, for
    /// every `zh` locale (`zh-Hans`, `zh_CN`, and also `zh-Hant`, `zh_TW`).
    package static let bundledLanguages = ["es", "fr", "de", "pt", "ja", "zh", "ko", "ar", "he"]

    /// The bundled languages written right to left (`ar`, `he`), asked of ICU once, not per document.
    package static let rightToLeftLanguages = Set(
        bundledLanguages.filter { Locale.Language(identifier: $0).characterDirection == .rightToLeft })

    /// Every bundled table by language code, English (`en`) included, read once; the failure names
    /// the file (`BundledResource.Missing`: where it looked, or `StringsFile.Failure`: the line).
    package static let bundled: Result<[String: [String: String]], any Error> = Result {
        var tables: [String: [String: String]] = [:]
        for language in ["en"] + bundledLanguages {
            let path = "Resources/Localization/\(language).lproj/AmityLocalizable.strings"
            do {
                tables[language] = try StringsFile.parse(BundledResource.text(path, target: "FeedshotLayout"))
            } catch let failure as StringsFile.Failure {
                throw StringsFile.Failure(line: failure.line, message: "\(path): \(failure.message)")
            }
        }
        return tables
    }

    /// The bundled tables. A build without its resource files stops here, naming where it looked;
    /// the CLI and the server check `bundled` at start and refuse to run instead.
    private static var loaded: [String: [String: String]] {
        switch bundled {
        case .success(let tables): return tables
        case .failure(let error): fatalError("\(error)")
        }
    }

    /// English, the fallback for every key. Plural strings have a form per category
    /// (`key.one`, `key.other`).
    package static let english: [String: String] = loaded["en"] ?? [:]

    /// Other bundled languages, by ISO 639 code: only the keys they translate (English fills the rest).
    /// Feedshot's own translations; the kit ships English only.
    package static let tables: [String: [String: String]] = loaded.filter { $0.key != "en" }

    /// Every key a document's `strings` may set: plain keys, and plural keys with each category
    /// (both for a key that `mayHavePluralForms`).
    package static let overridableKeys: [String] = StringKey.allCases.flatMap { key in
        let forms = PluralCategory.allCases.map { "\(key.rawValue).\($0.rawValue)" }
        return key.isPlural ? forms : key.mayHavePluralForms ? [key.rawValue] + forms : [key.rawValue]
    }

    /// `overridableKeys` as a set.
    package static let overridableKeySet = Set(overridableKeys)

    /// `template` with `%@` filled in order and `%1$@`, `%2$@`, … by position; `%%` is a percent sign.
    package static func format(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        for piece in pieces(of: template) {
            switch piece {
            case .text(let text): result += text
            case .argument(let index): result += arguments.indices.contains(index) ? arguments[index] : ""
            }
        }
        return result
    }

    /// The most arguments one string of a document's `strings` or of `--strings` may insert; the
    /// catalogue's insert two at most. Each insertion copies an argument — a name, another string
    /// — so 250 `%1$@` over a 1,000-character argument made a 250,000-character label, measured
    /// about 19 times to fit it (32 posts: 33 s).
    package static let maxInsertions = 4

    /// Why `template` cannot be one of the strings (it inserts more than `maxInsertions`
    /// arguments), or nil.
    package static func insertionProblem(_ template: String) -> String? {
        let count = pieces(of: template).count { if case .argument = $0 { true } else { false } }
        guard count > maxInsertions else { return nil }
        return "inserts \(count) arguments (%@, %1$@, …); a string may insert at most \(maxInsertions) (the kit's strings insert 2 at most)"
    }

    /// Why one of `strings` cannot be used, naming its key (the first in order), or nil: only the
    /// keys Feedshot draws are looked at.
    package static func insertionProblem(in strings: [String: String]) -> String? {
        for key in strings.keys.sorted() where overridableKeySet.contains(key) {
            if let problem = insertionProblem(strings[key] ?? "") { return "\"\(key)\" \(problem)" }
        }
        return nil
    }

    /// Why one of `strings` is too long to draw — more than `limit` Unicode scalars, the
    /// `--max-string-length` a document's own strings are held to — naming its key (the first in
    /// order), or nil: only the keys Feedshot draws are looked at. A 1,000,000-character "Like"
    /// from `--strings` took 35 s and 1 GB for 20 posts.
    package static func lengthProblem(in strings: [String: String], limit: Int) -> String? {
        func isTooLong(_ key: String, _ value: String) -> Bool {
            value.utf8.count > limit && overridableKeySet.contains(key) && value.unicodeScalars.count > limit
        }
        guard strings.contains(where: isTooLong) else { return nil }
        let key = strings.keys.sorted().first { isTooLong($0, strings[$0] ?? "") } ?? ""
        let scalars = strings[key]?.unicodeScalars.count ?? 0
        return "\"\(key)\" is \(scalars) Unicode scalars, more than the limit of \(limit) (raise it with --max-string-length)"
    }

    /// A piece of a template: text as it is, or the argument inserted there, by index from 0.
    enum Piece: Equatable {
        case text(Substring)
        case argument(Int)
    }

    /// `template` in pieces, as `format` reads it: `%@` the next argument, `%n$@` the nth, `%%`
    /// a percent sign, any other `%` itself.
    static func pieces(of template: String) -> [Piece] {
        var pieces: [Piece] = []
        var next = 0
        var characters = template[...]
        while let percent = characters.firstIndex(of: "%") {
            if percent > characters.startIndex { pieces.append(.text(characters[..<percent])) }
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                pieces.append(.text(rest.prefix(1)))
                characters = rest.dropFirst()
                continue
            }
            if rest.first == "@" {
                pieces.append(.argument(next))
                next += 1
                characters = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, let position = Int(digits), rest.dropFirst(digits.count).hasPrefix("$@") {
                pieces.append(.argument(position - 1))
                rest = rest.dropFirst(digits.count + 2)
                characters = rest
                continue
            }
            pieces.append(.text(characters[percent..<rest.startIndex]))
            characters = rest
        }
        if !characters.isEmpty { pieces.append(.text(characters)) }
        return pieces
    }
}
