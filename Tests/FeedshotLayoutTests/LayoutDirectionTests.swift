import Foundation
import Testing

@testable import FeedshotLayout

/// A document's default direction is its locale's as ICU gives it; the common left-to-right
/// languages are answered without asking ICU, and must agree with it.
struct LayoutDirectionTests {
    /// Every locale Foundation knows that the shortcut answers is left to right in ICU too.
    @Test func theShortcutAgreesWithICUForEveryAvailableLocale() {
        var answered = 0
        for identifier in Locale.availableIdentifiers where LayoutDirection.isCommonLeftToRight(identifier) {
            answered += 1
            #expect(Locale(identifier: identifier).language.characterDirection == .leftToRight, "\(identifier)")
        }
        // The shortcut is used: most of ICU's locales of these languages are plain language_REGION.
        #expect(answered > 100, "only \(answered) locales take the shortcut")
    }

    /// Each listed language, bare and with a region, is left to right in ICU.
    @Test func everyListedLanguageIsLeftToRightInICU() {
        for language in LayoutDirection.commonLeftToRightLanguages {
            #expect(Locale(identifier: String(language)).language.characterDirection == .leftToRight, "\(language)")
        }
    }

    /// What the shortcut leaves to ICU: scripts, other subtags, unlisted languages.
    @Test(arguments: [
        ("ar", LayoutDirection.rightToLeft), ("he_IL", .rightToLeft), ("fa-IR", .rightToLeft), ("pa_Arab", .rightToLeft),
        ("ur", .rightToLeft), ("en", .leftToRight), ("en_US", .leftToRight), ("es_419", .leftToRight), ("pt-BR", .leftToRight),
        ("az_Cyrl", .leftToRight),
    ])
    func localesGetTheirLanguagesDirection(identifier: String, direction: LayoutDirection) {
        #expect(LayoutDirection(locale: Locale(identifier: identifier)) == direction)
    }

    @Test func identifiersWithAScriptOrVariantAreNotTheShortcuts() {
        for identifier in ["pa_Arab", "sr_Latn", "en_US_POSIX", "en@calendar=gregorian", "zh_Hant_TW", "xx", "", "en_us", "en_1234"] {
            #expect(!LayoutDirection.isCommonLeftToRight(identifier), "\(identifier)")
        }
        for identifier in ["en", "en_GB", "de-CH", "es_419", "ja_JP"] {
            #expect(LayoutDirection.isCommonLeftToRight(identifier), "\(identifier)")
        }
    }
}
