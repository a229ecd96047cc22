import Foundation
import Testing

@testable import FeedshotLayout

/// The string catalogue: formats, plural categories, overrides from the document.
struct StringsTests {
    /// Numbers Feedshot writes itself (counts, relative dates, file sizes) in the locale's numerals,
    /// as `NumberFormatter` gives them.
    @Test func numbersUseTheLocalesNumerals() throws {
        #expect(Strings(locale: Locale(identifier: "en_US")).number("1,234.5K") == "1,234.5K")
        #expect(Strings(locale: Locale(identifier: "ar_EG")).number("1.2K") == "١٫٢K")
        #expect(Strings(locale: Locale(identifier: "de_DE")).number("1,234.5 MB") == "1.234,5 MB")
        let arabic = Strings(locale: Locale(identifier: "ar_EG"))
        #expect(FeedFormatting.count(1250, .likes, strings: arabic).contains("١٫٢K"))
        #expect(FeedFormatting.count(1250, .likes, strings: Strings(locale: Locale(identifier: "de_DE"))).contains("1,2K"))
    }

    @Test func formatsFillInOrderAndByPosition() {
        #expect(StringCatalog.format("%@ and %@", ["a", "b"]) == "a and b")
        #expect(StringCatalog.format("%2$@ before %1$@", ["a", "b"]) == "b before a")
        #expect(StringCatalog.format("100%% of %@", ["x"]) == "100% of x")
        #expect(StringCatalog.format("%@ %@", ["only"]) == "only ")
        // What is not a placeholder stays as written; a position past the arguments is empty.
        #expect(StringCatalog.format("%x 50% %1$ %0$@%5$@ %", ["a"]) == "%x 50% %1$  %")
    }

    /// A string may insert at most four arguments (the kit's insert two at most): 250 `%1$@`
    /// copied a 1,000-character relative time 250 times into each edited post's label. `%%` is
    /// no insertion.
    @Test func aStringInsertingManyArgumentsIsRefused() throws {
        func document(_ string: String) -> Data {
            Fixture.chat(Fixture.text("m1", from: "u2", "hi"), extra: #""strings": {"post_detail_comment_edited": "\#(string)"}"#)
        }
        #expect(throws: Never.self) { try Document.decode(document("%1$@ %@ %2$@ %@ %%%%%%")) }
        #expect(
            throws: DocumentError(
                path: "strings.post_detail_comment_edited",
                message: "inserts 5 arguments (%@, %1$@, …); a string may insert at most 4 (the kit's strings insert 2 at most)")
        ) {
            try Document.decode(document("%1$@%@%1$@%@%1$@"))
        }
        func insertions(_ template: String) -> Int {
            StringCatalog.pieces(of: template).count { if case .argument = $0 { true } else { false } }
        }
        #expect(StringCatalog.english.values.map(insertions).max() == 2)
        // A library caller's options are checked too, naming the key: once, when set.
        var options = DecodingOptions()
        #expect(options.stringsProblem == nil)
        options.strings = ["post_detail_comment_edited": "%@%@%@%@%@", "an_app_key": "%@%@%@%@%@"]
        #expect(options.stringsProblem?.hasPrefix(#""post_detail_comment_edited" inserts 5"#) == true)
        #expect(
            throws: DocumentError(
                path: "",
                message:
                    "the options' strings: \"post_detail_comment_edited\" inserts 5 arguments (%@, %1$@, …); a string may insert at most 4 (the kit's strings insert 2 at most)"
            )
        ) {
            try Document.decode(document("x"), options: options)
        }
    }

    /// The options' strings (`--strings`, a library caller's) are held to `--max-string-length`
    /// as a document's own are: a 1,000,000-character "Like" took 35 s and 1 GB for 20 posts.
    /// Keys Feedshot does not draw are not looked at.
    @Test func theOptionsStringsAreHeldToTheStringLimit() throws {
        var options = DecodingOptions()
        options.limits.maxStringLength = 25  // the dates are 20
        options.strings = ["general_like": "Like it a lot, and then more", "an_app_key": String(repeating: "x", count: 100)]
        #expect(
            throws: DocumentError(
                path: "",
                message:
                    "the options' strings: \"general_like\" is 28 Unicode scalars, more than the limit of 25 (raise it with --max-string-length)"
            )
        ) {
            try Document.decode(Fixture.chat(Fixture.text("m1", from: "u2", "hi")), options: options)
        }
        // Scalars, not bytes: 25 "é" are 50 bytes and within the limit.
        options.strings = ["general_like": String(repeating: "é", count: 25)]
        #expect(throws: Never.self) { try Document.decode(Fixture.chat(Fixture.text("m1", from: "u2", "hi")), options: options) }
    }

    /// CLDR cardinal categories of the bundled languages.
    @Test func pluralCategories() {
        #expect([0, 1, 2, 5].map { PluralCategory.of($0, language: "en") } == [.other, .one, .other, .other])
        #expect([0, 1, 2].map { PluralCategory.of($0, language: "fr") } == [.one, .one, .other])
        #expect(
            [0, 1, 2, 3, 10, 11, 99, 100, 103, 111].map { PluralCategory.of($0, language: "ar") } == [
                .zero, .one, .two, .few, .few, .many, .many, .other, .few, .many,
            ])
        #expect([1, 2, 3].map { PluralCategory.of($0, language: "he") } == [.one, .two, .other])
        #expect(PluralCategory.of(1, language: "ja") == .other)
    }

    @Test func englishAndOverrides() {
        let english = Strings(locale: Locale(identifier: "en_US"))
        #expect(english(.messageEdited, "11:58 AM") == "Edited • 11:58 AM")
        #expect(english.plural(.likes, count: 1, "1") == "1 like")
        #expect(english.plural(.likes, count: 2, "2") == "2 likes")
        let overridden = Strings(
            locale: Locale(identifier: "en_US"), overrides: ["unit_like.one": "%@ heart", "message_edit": "edited %@"])
        #expect(overridden.plural(.likes, count: 1, "1") == "1 heart")
        #expect(overridden(.messageEdited, "now") == "edited now")
    }

    /// A document's `strings` override by key; an unknown key is refused with the nearest one.
    @Test func documentStringsAreCheckedAndUsed() throws {
        let json = Fixture.chat(
            Fixture.text("m1", from: "u2", "hi"), extra: #""strings": {"feedshot_today": "Heute"}"#)
        let layout = try Fixture.layout(json)
        #expect(layout.items[0].elements.contains { if case .text(let text, _) = $0.content { text.string == "Heute" } else { false } })
        let bad = Fixture.chat(Fixture.text("m1", from: "u2", "hi"), extra: #""strings": {"feedshot_tody": "Heute"}"#)
        #expect(throws: DocumentError(path: "strings.feedshot_tody", message: #"unknown field; did you mean "feedshot_today"?"#)) {
            try Document.decode(bad)
        }
    }

    /// An app's `AmityLocalizable.strings` (the options' strings) goes under the document's own and
    /// over the catalogue; keys Feedshot does not draw are ignored, not refused.
    @Test func optionStringsGoUnderTheDocumentsOwn() throws {
        let appFile = try StringsFile.parse(
            """
            /* The app's file */
            "feedshot_today" = "Hoy mismo";
            "general_like" = "Me encanta";
            "some_screen_title" = "Not Feedshot's";
            """)
        let options = DecodingOptions(strings: appFile)
        let plain = try Document.decode(Fixture.chat(Fixture.text("m1", from: "u2", "hi")), options: options)
        #expect(plain.strings == ["feedshot_today": "Hoy mismo", "general_like": "Me encanta"])
        let own = try Document.decode(
            Fixture.chat(Fixture.text("m1", from: "u2", "hi"), extra: #""strings": {"feedshot_today": "Heute"}"#), options: options)
        #expect(own.strings == ["feedshot_today": "Heute", "general_like": "Me encanta"])
    }
}

/// docs/languages.md lists every key a document's `strings` may set, with its English text.
struct StringKeysDocumentationTests {
    @Test func theLanguagesPageListsEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/languages.md"), encoding: .utf8)
        for (key, english) in StringCatalog.english {
            let row = "| `\(key)` | \(english.replacingOccurrences(of: "|", with: "\\|")) |"
            #expect(page.contains(row), "docs/languages.md: no row for \(key)")
        }
    }
}
