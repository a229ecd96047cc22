import FeedshotLayout
import Foundation
import Testing

/// Every string has a length limit, counted in Unicode scalars and checked before decoding.
struct StringLimitsTests {
    func refusal(_ json: String, limits: DocumentLimits = .default) -> DocumentError? {
        do {
            _ = try Document.decode(Data(json.utf8), options: DecodingOptions(limits: limits))
            return nil
        } catch {
            return error
        }
    }

    func chat(users: String = "{}", text: String = "hi") -> String {
        #"{"kind": "chat", "me": "u1", "users": \#(users), "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\#(text)"}]}"#
    }

    @Test func aLongNameIsRefusedNamingItsPath() {
        let name = String(repeating: "n", count: 1_001)
        let error = refusal(chat(users: #"{"u2": {"displayName": "\#(name)"}}"#))
        #expect(error?.path == "users.u2.displayName")
        #expect(
            error?.message == "is 1001 Unicode scalars, more than the limit of 1000 (raise it with --max-string-length)")
        #expect(refusal(chat(users: #"{"u2": {"displayName": "\#(name.dropLast())"}}"#)) == nil)
    }

    @Test func combiningMarksCountOneEach() {
        // One grapheme: "a" and 100,000 combining acute accents.
        let zalgo = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect(zalgo.count == 1)
        let error = refusal(chat(text: zalgo))
        #expect(error?.path == "messages[0].text")
        #expect(error?.message == "is 100001 Unicode scalars, more than the limit of 100000 (raise it with --max-text-length)")
    }

    @Test func aCharacterCarryingMoreThanThirtyCombiningMarksIsRefused() {
        // Issue 23's zalgo: ten letters with 9,999 marks each drew other lines than it measured.
        let zalgo = "abcdefghij".map { "\($0)" + String(repeating: "\u{301}", count: 9_999) }.joined()
        let error = refusal(chat(text: zalgo))
        #expect(error?.path == "messages[0].text")
        #expect(
            error?.message
                == "has a character carrying 9999 combining marks in a row, more than 30 (Unicode's Stream-Safe Text Format, UAX #15)")
        // Thirty is the Stream-Safe bound, and is accepted; so is real text with marks.
        #expect(refusal(chat(text: "a" + String(repeating: "\u{301}", count: 30))) == nil)
        #expect(refusal(chat(text: "שָׁלוֹם नमस्ते Việt Nam ❤️ 👍🏽")) == nil)
        // A grapheme joiner every 30 marks is a mark too; escapes count as what they encode.
        let joined = "a" + Array(repeating: String(repeating: "\u{301}", count: 30), count: 3).joined(separator: "\u{34F}")
        #expect(refusal(chat(text: joined))?.message.hasPrefix("has a character carrying 92 combining marks") == true)
        #expect(refusal(chat(text: "a" + String(repeating: #"\u0301"#, count: 31)))?.path == "messages[0].text")
        // Names too, not only texts.
        let name = "x" + String(repeating: "\u{489}", count: 40)
        #expect(refusal(chat(users: #"{"u2": {"displayName": "\#(name)"}}"#))?.path == "users.u2.displayName")
    }

    @Test func moreThanTwoThousandTabsInOneTextAreRefused() {
        // Pango lays each tab out as a run of its own, then styles every run from the text's
        // start: 77,000 tabs on one line took 20 s to draw; 90,000 on 500 lines with 2,000
        // mentions among them 27 s.
        let tab = #"\t"#
        let error = refusal(chat(text: String(repeating: tab, count: 2_001)))
        #expect(error?.path == "messages[0].text")
        #expect(
            error?.message
                == "has 2001 tabs, more than 2000 (Pango's time to lay them out grows with their number times the text's styles)")
        #expect(refusal(chat(text: String(repeating: tab, count: 2_000))) == nil)
        // Whatever stands between them, line breaks included, and however they are written.
        for between in ["\u{200B}", #"\u0301"#, "x", " ", #"\n"#, #"\r"#, "\u{2029}"] {
            #expect(refusal(chat(text: Array(repeating: tab, count: 2_001).joined(separator: between)))?.path == "messages[0].text")
        }
        #expect(refusal(chat(text: String(repeating: #"\u0009"#, count: 2_001)))?.path == "messages[0].text")
        // Names too, not only texts (with room for them).
        var limits = DocumentLimits()
        limits.maxStringLength = 5_000
        let name = "Ann" + String(repeating: tab, count: 2_001)
        #expect(refusal(chat(users: #"{"u2": {"displayName": "\#(name)"}}"#), limits: limits)?.path == "users.u2.displayName")
    }

    @Test func aMessageKitTextsRunsAreOneTextForItsLimits() throws {
        func runs(_ first: String, _ second: String) -> Data {
            MK.document([MK.message("a", "attributedText", #""runs": [{"text": "\#(first)"}, {"text": "\#(second)", "bold": true}]"#)])
        }
        let tabs = String(repeating: #"\t"#, count: 1_500)
        let error = try #require(MK.error(runs(tabs, tabs)))
        #expect(error.contains("messages[0].runs") && error.contains("has 3000 tabs, more than 2000"), "\(error)")
        #expect(MK.error(runs(tabs, String(repeating: #"\t"#, count: 500))) == nil)
        // Their text together is held to the text limit (100,000 scalars), as a message's text is.
        let long = String(repeating: "x", count: 60_000)
        let length = try #require(MK.error(runs(long, long)))
        #expect(
            length.contains("messages[0].runs")
                && length.contains("hold 120000 Unicode scalars together, more than the limit of 100000 (raise it with --max-text-length)"),
            "\(length)")
        #expect(MK.error(runs(long, String(repeating: "x", count: 40_000))) == nil)
        // At most 2,000 runs (Pango styles them run by run from the text's start).
        let many = (0..<2_001).map { _ in #"{"text": "ab", "bold": true}"# }.joined(separator: ", ")
        let manyRuns = try #require(MK.error(MK.document([MK.message("a", "attributedText", #""runs": [\#(many)]"#)])))
        #expect(manyRuns.contains("messages[0].runs") && manyRuns.contains("has 2001 runs, more than 2000"), "\(manyRuns)")
        let enough = (0..<2_000).map { _ in #"{"text": "ab", "bold": true}"# }.joined(separator: ", ")
        #expect(MK.error(MK.document([MK.message("a", "attributedText", #""runs": [\#(enough)]"#)])) == nil)
        // A label's runs likewise.
        let label = #"{"labels": {"cellTop": {"height": 18, "runs": [{"text": "\#(tabs)"}, {"text": "\#(tabs)"}]}}}"#
        let labelError = try #require(MK.error(MK.document([MK.message("a")], settings: label)))
        #expect(labelError.contains("has 3000 tabs"), "\(labelError)")
    }

    @Test func escapesAndSurrogatePairsCountAsTheScalarsTheyEncode() {
        var limits = DocumentLimits()
        limits.maxStringLength = 20  // the dates are 20
        // \u00e9, a surrogate pair (one emoji), then 18 letters: 20 scalars.
        let name = #"\u00e9\ud83d\ude00"# + String(repeating: "x", count: 18)
        #expect(refusal(chat(users: #"{"u2": {"displayName": "\#(name)"}}"#), limits: limits) == nil)
        let error = refusal(chat(users: #"{"u2": {"displayName": "\#(name)y"}}"#), limits: limits)
        #expect(
            error?.description
                == "users.u2.displayName: is 21 Unicode scalars, more than the limit of 20 (raise it with --max-string-length)")
    }

    @Test func keysAreLimitedTooAndDataURIsAreNot() {
        let key = String(repeating: "k", count: 2_000)
        let error = refusal(chat(users: #"{"\#(key)": {"displayName": "x"}}"#))
        #expect(
            error?.description
                == #"users: has a key of 2000 Unicode scalars ("kkkkkkkkkkkkkkkkkkkk…"), more than the limit of 1000 (raise it with --max-string-length)"#
        )
        // At the top level there is no path: the key's start names it, as the document writes it,
        // and never cut inside a character.
        let top = refusal(#"{"kind": "chat", "ééééééééééé\#(key)": 1, "messages": []}"#)
        #expect(top?.description.hasPrefix(#"has a key of 2011 Unicode scalars ("éééééééééé…")"#) == true, "\(String(describing: top))")
        var short = DocumentLimits()
        short.maxStringLength = 1
        #expect(refusal(#"{"ab\n": 1}"#, limits: short)?.description.hasPrefix(#"has a key of 3 Unicode scalars ("ab\n…")"#) == true)
        let uri = "data:image/png;base64," + String(repeating: "A", count: 20_000)
        #expect(refusal(chat(users: #"{"u2": {"avatar": "\#(uri)"}}"#)) == nil)
        // Only in an image field: a name that starts "data:" is a name (it went through whole,
        // 800,000 characters of it, to the typing line).
        #expect(
            refusal(chat(users: #"{"u2": {"displayName": "\#(uri)"}}"#))?.description
                == "users.u2.displayName: is 20022 Unicode scalars, more than the limit of 1000 (raise it with --max-string-length)")
        let image = #"{"id": "m", "from": "u2", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "\#(uri)"}}"#
        #expect(refusal(#"{"kind": "chat", "messages": [\#(image)]}"#) == nil)
        let id = #"{"id": "\#(uri)", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "hi"}"#
        #expect(refusal(#"{"kind": "chat", "messages": [\#(id)]}"#)?.path == "messages[0].id")
    }

    @Test func nullIsRefusedWherever() {
        #expect(
            refusal(chat(users: #"{"u2": {"avatar": null}}"#))?.description
                == "users.u2.avatar: must not be null (leave the field out for its default)")
        #expect(refusal(#"{"kind": "chat", "typing": [null], "messages": []}"#)?.path == "typing[0]")
    }

    @Test func aLocaleIsAnIdentifierNotAnyText() {
        // "Ü" made Foundation's date formatter trap.
        let error = refusal(#"{"kind": "chat", "locale": "Ü", "messages": []}"#)
        #expect(error?.description == #"locale: must be a locale identifier like "en_US" (letters, digits and _ - @ = . ; +)"#)
        #expect(refusal(#"{"kind": "chat", "locale": "ar@numbers=arab", "messages": []}"#) == nil)
    }
}
