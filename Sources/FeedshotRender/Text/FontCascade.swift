import Foundation

/// The faces that draw what the system font does not, in order, by the app's language: on an
/// iPhone the system font's cascade list follows the preferred languages, and with it the glyph
/// forms of the Chinese characters Chinese and Japanese share (Unicode unifies them; 直, 骨, 写, 令
/// and 述 are drawn differently in Japan, in Taiwan and in mainland China): Hiragino Sans for
/// Japanese, PingFang TC for Traditional Chinese, Apple SD Gothic Neo for Korean, PingFang SC
/// otherwise (docs/conformance/amity.md, "The system font's vertical metrics", the glyph forms row).
///
/// A document's `locale` is its app's language (its UI strings, dates and numbers), so it
/// decides the cascade too (docs/fonts.md, "Glyph forms of Chinese characters"). A character
/// none of a cascade's faces has is drawn by any bundled face that has it, in fontconfig's order
/// (〜 U+301C, which WenQuanYi Micro Hei lacks, by the Japanese or Traditional Chinese face in
/// every cascade), and only then as a box. The raw values are the cases' places in `allCases`,
/// which index each thread's contexts (`PangoThreadContext.current`).
package enum FontCascade: Int, Hashable, Sendable, CaseIterable {
    /// Chinese characters, kana and Hangul from WenQuanYi Micro Hei (Simplified Chinese forms),
    /// standing in for PingFang SC.
    case standard
    /// Kanji and kana from Feedshot Noto Sans JP (Noto Sans CJK JP, subset by
    /// `scripts/make-cjk-fonts.py`), standing in for Hiragino Sans; what it lacks (a rare kanji
    /// beyond JIS X 0213, Hangul) from WenQuanYi Micro Hei, as in `standard`.
    case japanese
    /// Hanzi, bopomofo and kana from Feedshot Noto Sans TC (Noto Sans CJK TC, subset to Big5 and
    /// GB 2312), standing in for PingFang TC; Hangul and rarer hanzi from WenQuanYi Micro Hei.
    case traditionalChinese
    /// Hangul and hanja from Apple SD Gothic Neo where a team supplies it, as an iPhone in Korean
    /// draws them; Feedshot bundles no face of its own for Korean, so without it, as in `standard`.
    case korean

    /// The cascade of an app whose language is `locale`'s: Japanese for "ja" ("ja", "ja_JP",
    /// "ja-JP-u-ca-japanese"); Traditional Chinese for any language written in Traditional
    /// characters, named ("zh-Hant", "und-Hant") or implied by the region or the language
    /// ("zh_TW", "zh_HK", "yue", as ICU's likely subtags give them); Korean for "ko"; the standard
    /// one otherwise ("zh", "zh_CN", "yue-Hans").
    package init(locale: Locale) {
        switch locale.language.languageCode?.identifier {
        case "ja": self = .japanese
        case "ko": self = .korean
        default:
            self = locale.language.script?.identifier == "Hant" ? .traditionalChinese : .standard
        }
    }

    /// The family of the bundled face this cascade puts before WenQuanYi Micro Hei, if any.
    var bundledHanFamily: String? {
        switch self {
        case .standard, .korean: nil
        case .japanese: "Feedshot Noto Sans JP"
        case .traditionalChinese: "Feedshot Noto Sans TC"
        }
    }

    /// The iPhone's own face for this cascade's Chinese characters, which draws them where a team
    /// adds its files (`--font-dir`; docs/fonts.md, "Glyph forms of Chinese characters"), as SF
    /// Pro draws for its stand-in; Apple's fonts cannot be bundled.
    var appleHanFamily: String {
        switch self {
        case .standard: "PingFang SC"
        case .japanese: "Hiragino Sans"
        case .traditionalChinese: "PingFang TC"
        case .korean: FontLibrary.appleHangulFamily
        }
    }

    /// The families after SF Pro's, in fallback order, comma-separated: the stand-in for the
    /// system font, the script faces, this cascade's Chinese, Japanese and Korean faces (Apple's
    /// for Chinese characters, the bundled one, Apple's for Hangul, WenQuanYi Micro Hei), then the
    /// emoji (Apple's, the bundled one). Made once a cascade: every font description and every span
    /// in an app's family asks for it.
    var fallbackFamilyList: String { FontCascade.fallbackFamilyLists[rawValue] }

    /// The families Pango is asked for, comma-separated: SF Pro first, so that where the user adds
    /// its files (`--font-dir`) it draws and Feedshot Inter does not, then `fallbackFamilyList`.
    var familyList: String { FontCascade.familyLists[rawValue] }

    /// This cascade's Chinese, Japanese and Korean faces in fallback order: Apple's for Chinese
    /// characters, the bundled one, Apple's for Hangul, WenQuanYi Micro Hei.
    var hanFaces: [String] {
        let hangul = appleHanFamily == FontLibrary.appleHangulFamily ? [] : [FontLibrary.appleHangulFamily]
        return [appleHanFamily] + (bundledHanFamily.map { [$0] } ?? []) + hangul + [FontLibrary.fallbackHanFamily]
    }

    /// Every cascade's Chinese, Japanese and Korean faces, bundled and Apple's.
    static let allHanFaces = Set(allCases.flatMap(\.hanFaces))

    private static let fallbackFamilyLists = allCases.map { cascade in
        "\(FontLibrary.standInFamily), Noto Sans Arabic UI, Noto Sans Hebrew, Noto Sans Thai, "
            + FontLibrary.scriptFamilies.map { "Noto Sans \($0), " }.joined() + cascade.hanFaces.joined(separator: ", ")
            + ", \(FontLibrary.emojiFamilies)"
    }
    private static let familyLists = fallbackFamilyLists.map { "SF Pro, SF Pro Text, \($0)" }

    /// `familyList` after an app's `family` (a document's `typography`, a MessageKit font's
    /// `family`), so the scripts it lacks still fall back to the bundled faces.
    func familyList(first family: String?) -> String {
        guard let family else { return familyList }
        return "\(family), \(familyList)"
    }
}
