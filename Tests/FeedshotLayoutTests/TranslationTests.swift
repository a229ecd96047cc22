import Foundation
import Testing

@testable import FeedshotLayout

/// The bundled translations: whole for each language's plural rules, only known keys, the English
/// placeholders, and used by documents in their locale.
struct TranslationTests {
    /// The categories `language`'s rule gives the counts 0...200.
    static func categories(_ language: String) -> Set<PluralCategory> {
        Set((0...200).map { PluralCategory.of($0, language: language) })
    }

    /// The `%@` count and the set of `%n$@` positions in `template`.
    static func placeholders(_ template: String) -> (ordered: Int, positional: Set<Int>) {
        var ordered = 0
        var positional = Set<Int>()
        var rest = template[...]
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                rest = rest.dropFirst()
            } else if rest.first == "@" {
                ordered += 1
                rest = rest.dropFirst()
            } else {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, let position = Int(digits), rest.dropFirst(digits.count).hasPrefix("$@") {
                    positional.insert(position)
                    rest = rest.dropFirst(digits.count + 2)
                }
            }
        }
        return (ordered, positional)
    }

    @Test func theBundledLanguages() {
        #expect(Set(StringCatalog.tables.keys) == ["es", "fr", "de", "pt", "ja", "zh", "ko", "ar", "he"])
    }

    /// Every plain key, and every plural key in every category the language's rule produces.
    @Test(arguments: StringCatalog.tables.keys.sorted())
    func everyKeyIsTranslated(language: String) throws {
        let table = try #require(StringCatalog.tables[language])
        let categories = Self.categories(language)
        for key in StringKey.allCases {
            if key.isPlural {
                for category in categories {
                    #expect(table["\(key.rawValue).\(category.rawValue)"] != nil, "\(language): no \(key.rawValue).\(category.rawValue)")
                }
            } else {
                #expect(table[key.rawValue] != nil, "\(language): no \(key.rawValue)")
            }
        }
    }

    /// Nothing a document could not override, and no plural form the language never uses.
    @Test(arguments: StringCatalog.tables.keys.sorted())
    func onlyOverridableKeys(language: String) throws {
        let table = try #require(StringCatalog.tables[language])
        let overridable = Set(StringCatalog.overridableKeys)
        let categories = Set(Self.categories(language).map(\.rawValue))
        for key in table.keys {
            #expect(overridable.contains(key), "\(language): \(key) is not a string key")
            if let dot = key.lastIndex(of: ".") {
                #expect(categories.contains(String(key[key.index(after: dot)...])), "\(language): \(key) is never used")
            }
        }
    }

    /// Each translation takes the English string's arguments: as many `%@`, the same `%n$@` — but
    /// a plural's `one` or `two` form may name its count in words instead (Arabic "يومين", Hebrew
    /// "שעתיים": CLDR's forms, which write no digit), leaving out the count's only `%@`.
    @Test(arguments: StringCatalog.tables.keys.sorted())
    func placeholdersMatchEnglish(language: String) throws {
        let table = try #require(StringCatalog.tables[language])
        for (key, translation) in table {
            let base = key.split(separator: ".").first.map(String.init) ?? key
            // A plural form of a key that is one word in English reads "%@ word" there.
            let english = try #require(
                StringCatalog.english[key] ?? StringCatalog.english["\(base).other"]
                    ?? (key == base ? nil : StringCatalog.english[base].map { "%@ \($0)" }), "\(key)")
            let (want, got) = (Self.placeholders(english), Self.placeholders(translation))
            let countInWords = (key.hasSuffix(".one") || key.hasSuffix(".two")) && want == (1, []) && got == (0, [])
            #expect(
                countInWords || (got.ordered == want.ordered && got.positional == want.positional), "\(language) \(key): \(translation)")
        }
    }

    @Test func theParserCountsPlaceholders() {
        #expect(Self.placeholders("%1$@ and %2$@, %@ 100%%") == (1, [1, 2]))
    }

    static func texts(_ layout: Layout) -> [String] {
        layout.items.flatMap(\.elements).compactMap { if case .text(let text, _) = $0.content { text.string } else { nil } }
    }

    /// A German chat: the date pill and an edited message's metadata in German.
    @Test func aGermanChatIsInGerman() throws {
        let message =
            #"{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "#
            + #""editedAt": "2026-11-29T11:59:00Z", "text": "Hallo"}"#
        let texts = Self.texts(try Fixture.layout(Fixture.chat(message, extra: #""locale": "de_DE""#)))
        #expect(texts.contains("Heute"))
        #expect(texts.contains { $0.hasPrefix("Bearbeitet • ") })
        #expect(!texts.contains("Today"))
    }

    /// A German feed: a post two hours old reads "vor 2 Stunden", its counts in German.
    @Test func aGermanFeedIsInGerman() throws {
        let post =
            #"{"id": "p", "author": {"id": "u2", "displayName": "Ann"}, "createdAt": "2026-11-29T10:00:00Z", "#
            + #""text": "Hallo", "likes": 1, "comments": 3}"#
        let json = Data(#"{"kind": "feed", "viewer": "u1", "now": "2026-11-29T12:00:00Z", "locale": "de_DE", "posts": [\#(post)]}"#.utf8)
        let texts = Self.texts(try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer()))
        #expect(texts.contains("vor 2 Stunden"))
        #expect(texts.contains("1 Like"))
        #expect(texts.contains { $0.contains("3 Kommentare") })
        #expect(texts.contains("Gefällt mir"))
    }

    /// Arabic counts by its six categories: 3 few, 11 many, 100 other, 2 two. Right-to-left
    /// languages' counted labels open with U+200F (`Strings.label`).
    @Test func arabicPlurals() {
        let arabic = Strings(locale: Locale(identifier: "ar_EG"))
        #expect(arabic.language == "ar")
        #expect(arabic.plural(.likes, count: 3, "3") == "\u{200F}3 إعجابات")
        #expect(arabic.plural(.likes, count: 11, "11") == "\u{200F}11 إعجابًا")
        #expect(arabic.plural(.likes, count: 100, "100") == "\u{200F}100 إعجاب")
        #expect(arabic.plural(.minutesAgo, count: 5, "5") == "\u{200F}منذ 5 دقائق")
        // One and two name the count in words, with no digit, as CLDR's Arabic and Hebrew forms do
        // (ICU 72 on this machine: "قبل ساعتين", "قبل ساعة واحدة", "לפני שעתיים", "לפני שתי דקות").
        #expect(arabic.plural(.likes, count: 2, "2") == "\u{200F}إعجابان")
        #expect(arabic.plural(.likes, count: 1, "1") == "\u{200F}إعجاب واحد")
        #expect(arabic.plural(.hoursAgo, count: 2, "2") == "\u{200F}منذ ساعتين")
        #expect(arabic.plural(.hoursAgo, count: 1, "1") == "\u{200F}منذ ساعة واحدة")
        #expect(arabic.plural(.unitDays, count: 2, "2") == "\u{200F}يومين")
        let hebrew = Strings(locale: Locale(identifier: "he_IL"))
        #expect(hebrew.plural(.minutesAgo, count: 5, "5") == "\u{200F}לפני 5 דקות")
        #expect(hebrew.plural(.hoursAgo, count: 2, "2") == "\u{200F}לפני שעתיים")
        #expect(hebrew.plural(.minutesAgo, count: 2, "2") == "\u{200F}לפני שתי דקות")
        #expect(hebrew.plural(.hoursAgo, count: 1, "1") == "\u{200F}לפני שעה")
        #expect(Strings(locale: Locale(identifier: "en_US")).plural(.likes, count: 1250, "1.2K") == "1.2K likes")
        #expect(StringCatalog.rightToLeftLanguages == ["ar", "he"])
        // Votes agree with their number in Arabic and Hebrew (the kit writes "N votes" for any N).
        #expect(FeedFormatting.votes(1250, strings: arabic) == "\u{200F}١٫٢K صوتًا")
        #expect(FeedFormatting.votes(21, strings: arabic) == "\u{200F}٢١ صوتًا")
        #expect(FeedFormatting.votes(0, strings: arabic) == "\u{200F}٠ صوت")
        #expect(FeedFormatting.votes(2, strings: arabic) == "\u{200F}صوتان")
        #expect(FeedFormatting.votes(5, strings: arabic) == "\u{200F}٥ أصوات")
        #expect(FeedFormatting.votes(1, strings: hebrew) == "\u{200F}קול אחד")
        #expect(FeedFormatting.votes(7, strings: hebrew) == "\u{200F}7 קולות")
        #expect(FeedFormatting.votes(1, strings: Strings(locale: Locale(identifier: "en_US"))) == "1 votes")
        #expect(hebrew.plural(.comments, count: 1, "1") == "\u{200F}תגובה אחת")
        #expect(FeedFormatting.votes(1250, strings: Strings(locale: Locale(identifier: "en_US"))) == "1.2K votes")
        #expect(hebrew(.messageEdited, "11:58") == "נערכה • 11:58")
    }

    /// A document may give the vote count plural forms in any language; without them it is the
    /// kit's number and word.
    @Test func aDocumentMayGiveTheVoteCountPluralForms() throws {
        let json = Fixture.chat(
            Fixture.text("m1", from: "u2", "hi"),
            extra: #""strings": {"poll_vote_count_title.one": "%@ vote", "poll_vote_count_title.other": "%@ votes"}"#)
        let document = try Document.decode(json)
        let strings = Strings(locale: document.locale, overrides: document.strings)
        #expect(FeedFormatting.votes(1, strings: strings) == "1 vote")
        #expect(FeedFormatting.votes(1250, strings: strings) == "1.2K votes")
        #expect(FeedFormatting.votes(1, strings: Strings(locale: document.locale)) == "1 votes")
        // One form alone: the rest fall back to the plain word.
        let one = Strings(locale: document.locale, overrides: ["poll_vote_count_title.one": "%@ ballot"])
        #expect(FeedFormatting.votes(1, strings: one) == "1 ballot" && FeedFormatting.votes(2, strings: one) == "2 votes")
        // A plain word set over Arabic's bundled forms wins over them.
        let arabic = Strings(locale: Locale(identifier: "ar_EG"), overrides: ["poll_vote_count_title": "تصويتات"])
        #expect(FeedFormatting.votes(12, strings: arabic) == "\u{200F}١٢ تصويتات")
    }

    /// In Arabic the typing line, which opens with a (Latin) name, starts with U+200F so it is laid
    /// out right to left — the name on the right, the dots at the left end; in English it does not.
    @Test func theTypingLineIsARightToLeftLabelInArabic() throws {
        func typing(_ locale: String) throws -> String {
            let layout = try Fixture.layout(
                Fixture.chat(Fixture.text("m1", from: "u2", "Hi"), extra: #""typing": ["u2"], "locale": "\#(locale)""#))
            let item = try #require(layout.items.first { $0.type == "typingIndicator" })
            return try #require(item.elements.compactMap(\.content.styledText?.string).first)
        }
        #expect(try typing("ar") == "\u{200F}Ann يكتب...")
        #expect(try typing("en_US") == "Ann is typing...")
    }

    /// Simplified Chinese for `zh`, `zh-Hans` and `zh_CN`; a document's `strings` still wins.
    @Test func chineseLocalesAndOverrides() {
        for identifier in ["zh", "zh-Hans", "zh_CN", "zh-Hans-CN"] {
            let strings = Strings(locale: Locale(identifier: identifier))
            #expect(strings.language == "zh", "\(identifier)")
            #expect(strings.plural(.minutesAgo, count: 5, "5") == "5分钟前", "\(identifier)")
        }
        #expect(Strings(locale: Locale(identifier: "ja_JP")).plural(.minutesAgo, count: 5, "5") == "5分前")
        #expect(Strings(locale: Locale(identifier: "ko_KR")).plural(.minutesAgo, count: 5, "5") == "5분 전")
        #expect(Strings(locale: Locale(identifier: "es_MX")).plural(.minutesAgo, count: 5, "5") == "hace 5 minutos")
        #expect(Strings(locale: Locale(identifier: "fr_FR")).plural(.minutesAgo, count: 5, "5") == "il y a 5 minutes")
        let overridden = Strings(locale: Locale(identifier: "de_DE"), overrides: ["feedshot_today": "Heut'"])
        #expect(overridden(.today) == "Heut'")
        #expect(overridden(.yesterday) == "Gestern")
    }
}
