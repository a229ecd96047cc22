import Foundation

/// A locale identifier as a document, `feedshot preview --locales` or a snapshot matrix names it,
/// checked and read the one way Foundation formats it safely: Foundation on Linux traps on some
/// identifiers — a non-ASCII letter, and a numbering system ICU does not have
/// (`ar-u-nu-zzzz`, `en@numbers=zzzz`) or one asked for in BCP 47's form on some languages
/// (`ar-u-nu-arab`), which ICU's own form (`ar@numbers=arab`) formats.
package enum LocaleIdentifier {
    /// The ISO 639 language codes ICU knows ("en", "haw"), which an identifier should open with,
    /// and the names of ICU's root locale ("root", "C", "POSIX").
    package static let knownLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier)).union(["root", "c", "posix"])

    /// Whether `locale`'s language is one ICU knows: "english" and "xx_YY" parse, and draw with
    /// English strings and a fallback's dates, which is warned about.
    package static func namesKnownLanguage(_ locale: Locale) -> Bool {
        locale.language.languageCode.map { knownLanguages.contains($0.identifier) } ?? false
    }

    /// The numbering systems ICU has ("arab", "latn", "thai", …).
    static let numberingSystems = Set(Locale.NumberingSystem.availableNumberingSystems.map(\.identifier))

    /// The locale `identifier` names, or why it cannot be used (a sentence to follow the field's
    /// name). Read in ICU's canonical form where it has a BCP 47 extension (`-u-nu-arab`) or
    /// names a deprecated language ("iw_IL" → "he_IL", "in" → "id", "tl" → "fil", so its UI
    /// strings and direction follow the language ICU formats it in); otherwise as written.
    package static func locale(_ identifier: String) -> Result<Locale, LocaleProblem> {
        guard identifier.utf8.count <= 100, identifier.utf8.allSatisfy(isLocaleByte) else {
            return .failure(LocaleProblem("must be a locale identifier like \"en_US\" (letters, digits and _ - @ = . ; +)"))
        }
        // Reading one asks ICU four times (about 1 µs): once per identifier (`LocaleData`).
        return LocaleData.shared.locale(identifier)
    }

    /// `locale(_:)` for an identifier of the allowed characters, made afresh.
    static func resolve(_ identifier: String) -> Result<Locale, LocaleProblem> {
        if let numbering = Locale.Components(identifier: identifier).numberingSystem?.identifier, !numberingSystems.contains(numbering) {
            return .failure(
                LocaleProblem(
                    "asks for the numbering system \"\(numbering)\", which ICU does not have (\"arab\", \"latn\", \"thai\", \"deva\", …)"))
        }
        let written = Locale(identifier: identifier)
        let canonical = Locale(identifier: Locale.identifier(.icu, from: identifier))
        if identifier.lowercased().contains("-u-") { return .success(canonical) }
        guard let language = canonical.language.languageCode?.identifier, language != written.language.languageCode?.identifier,
            knownLanguages.contains(language)
        else { return .success(written) }
        return .success(canonical)
    }

    /// ASCII letters and digits, and `_ - @ = . ; +`.
    package static func isLocaleByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "_-@=.;+".utf8.contains(byte)
        }
    }
}

/// Why a locale identifier cannot be used: a sentence to follow the field's or option's name.
package struct LocaleProblem: Error, Equatable, CustomStringConvertible {
    package var description: String

    init(_ description: String) { self.description = description }
}
