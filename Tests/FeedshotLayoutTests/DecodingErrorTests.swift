import Foundation
import Testing

@testable import FeedshotLayout

/// Bad input is refused with the JSON path at fault.
struct DecodingErrorTests {
    func error(_ json: String) -> String? {
        do {
            _ = try Document.decode(Data(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    static let message =
        #"{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.png", "width": -3}}"#

    @Test(arguments: [
        (#"{"kind": "chat", "messages": [\#(message)]}"#, "messages[0].image.width: must be a positive number (got -3)"),
        (#"{"kind": "chat", "width": 0, "messages": []}"#, "width: must be a positive number (got 0)"),
        (#"{"kind": "chat", "width": -1, "messages": []}"#, "width: must be a positive number (got -1)"),
        (
            #"{"kind": "chat", "width": 1e300, "messages": []}"#,
            "width: must be at most 4096 (got 1e+300; raise the limit with --max-width)"
        ),
        (#"{"kind": "chat", "width": "wide", "messages": []}"#, "width: must be a number"),
        (#"{"kind": "chat", "scale": 4, "messages": []}"#, "scale: must be 1, 2 or 3 (got 4)"),
        (#"{"kind": "chat", "scale": 2.5, "messages": []}"#, "scale: must be 1, 2 or 3 (got 2.5)"),
        (#"{"kind": "poster"}"#, #"kind: unknown kind "poster" (supported: chat, message, feed, post, shareSheet)"#),
        (#"{"width": 375}"#, "kind: is required"),
        (
            "--X\r\nContent-Disposition: form-data; name=\"document\"\r\n\r\n{}\r\n--X--\r\n",
            "the body is a multipart/form-data upload, not a JSON document: send the JSON itself as the body, with Content-Type: application/json"
        ),
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z"}]}"#,
            "messages[0].text: is required for text messages"
        ),
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "yesterday", "text": "x"}]}"#,
            #"messages[0].sentAt: must be an RFC 3339 date-time like "2026-11-29T12:00:00Z" (got "yesterday": the date must be YYYY-MM-DD)"#
        ),
        (#"{"kind": "chat", "messages": [{"id": 5}]}"#, "messages[0].id: must be a string"),
        (#"{"kind": "chat", "messages": {}}"#, "messages: must be an array"),
        (
            #"{"kind": "chat", "theme": "sepia", "messages": []}"#,
            #"theme: unknown theme "sepia" (use "light", "dark" or an object of colours)"#
        ),
        (
            #"{"kind": "chat", "theme": {"primary": "blue"}, "messages": []}"#,
            ##"theme.primary: must be a colour like "#1054DE" (got "blue")"##
        ),
        (
            #"{"kind": "chat", "textSize": "huge", "messages": []}"#,
            #"textSize: unknown text size "huge" (use xSmall … xxxLarge or accessibilityMedium … accessibilityXXXLarge)"#
        ),
        (
            #"{"kind": "chat", "cells": {"textIncoming": {"layout": "dynamic", "reservedWidth": {"leeding": 1}, "reservedHeight": {}}}, "messages": []}"#,
            "cells.textIncoming.reservedWidth.leeding: unknown field; did you mean \"leading\"?"
        ),
        (
            #"{"kind": "chat", "cells": {"x": {"layout": "flex"}}, "messages": []}"#,
            #"cells.x.layout: must be "static" or "dynamic" (got "flex")"#
        ),
        // The other profile's fields and types say which profile has them.
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "read": true}]}"#,
            #"messages[0].read: is a MessageKit message's field; a MessageKit chat says "style": "messagekit""#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "editedAt": "2026-11-29T11:01:00Z"}]}"#,
            #"messages[0].editedAt: is an Amity message's field; an Amity chat leaves "style" out (or says "amity")"#
        ),
        (
            #"{"kind": "chat", "me": "u", "messages": [{"id": "m", "from": "u", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.jpg"}}]}"#,
            #"messages[0].type: unknown message type "photo": built-in types are text, image, audio, file, video, deleted; a custom type needs a cell in "cells" ("photoOutgoing" or "photo"); "photo" is a MessageKit kind (a MessageKit chat says "style": "messagekit")"#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.jpg"}}]}"#,
            #"messages[0].type: unknown message kind "image": MessageKit kinds are attributedText, audio, contact, custom, emoji, linkPreview, location, photo, text, video; a custom kind needs "messageKit": {"kinds": {"image": {"size": …}}} (or a fontSize for a text-driven one); "image" is an Amity chat's type (an Amity chat leaves "style" out)"#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "attributedText", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "runs": [{"text": "y"}]}]}"#,
            #"messages[0].text: an attributedText message draws its "runs", and its text only where it has none; leave one out"#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "custom": {"width": 100, "height": 40}}]}"#,
            #"messages[0].custom: a text message does not draw "custom" (it draws "text"); leave it out, or use the type whose content it is"#
        ),
        (
            #"{"kind": "post", "post": {"id": "p", "author": {"id": "u"}, "createdAt": "2026-11-29T11:00:00Z", "type": "poll"}}"#,
            #"post.type: unknown field; did you mean "dataType"?"#
        ),
        // A field of another type's content is refused, not ignored (a caption on an image).
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "text": "Beach!", "image": {"src": "a.jpg"}}]}"#,
            #"messages[0].text: an image message does not draw "text" (it draws "image"); leave it out, or use the type whose content it is"#
        ),
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "audio", "sentAt": "2026-11-29T11:00:00Z", "audio": {"duration": 3}, "file": {"name": "a.m4a", "size": 1}}]}"#,
            #"messages[0].file: an audio message does not draw "file" (it draws "audio"); leave it out, or use the type whose content it is"#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.jpg"}, "text": "Beach!"}]}"#,
            #"messages[0].text: a photo message does not draw "text" (it draws "image"); leave it out, or use the type whose content it is"#
        ),
        (
            #"{"kind": "chat", "style": "messagekit", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "location": {"latitude": 1, "longitude": 2}}]}"#,
            #"messages[0].location: a text message does not draw "location" (it draws "text"); leave it out, or use the type whose content it is"#
        ),
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "state": "lost"}]}"#,
            #"messages[0].state: unknown value "lost" (use synced, syncing, error)"#
        ),
        (
            #"{"kind": "chat", "width": 320, "cells": {"textIncoming": {"layout": "dynamic", "reservedWidth": {"leading": 100, "avatar": 40, "trailing": 200}, "reservedHeight": {}}}, "messages": []}"#,
            "cells.textIncoming.reservedWidth: reserves 340 of the 320 points of width: no room is left for the text (reserve less, or draw wider)"
        ),
        (
            #"{"kind": "chat", "cells": {"poll": {"layout": "static", "height": {"top": 20, "content": 0, "bottom": 20}}}, "messages": []}"#,
            "cells.poll.height: leaves the message no room: the content slot, which holds it, is 0 points tall"
        ),
        (
            #"{"kind": "chat", "width": 100, "cells": {"poll": {"layout": "static", "height": 80}}, "messages": []}"#,
            "cells.poll: a static cell's content slot is the width less 140 points of margins: no room at 100 points (draw wider)"
        ),
    ])
    func namesThePathAndTheProblem(json: String, expected: String) {
        #expect(error(json) == expected)
    }

    /// Decoded leniently, content a type does not draw is a warning, as an unknown field is, and
    /// the document decodes.
    @Test func contentATypeDoesNotDrawIsAWarningWhenLenient() throws {
        var options = DecodingOptions()
        options.unknownFields = .warn
        let chat =
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "text": "Beach!", "image": {"src": "a.jpg"}}]}"#
        let warnings = try Document.decode(Data(chat.utf8), options: options).warnings
        #expect(
            warnings == [
                #"messages[0].text: an image message does not draw "text" (it draws "image"); leave it out, or use the type whose content it is"#
            ])
        let poll =
            #"{"kind": "post", "post": {"id": "p", "author": {"id": "u"}, "createdAt": "2026-11-29T11:00:00Z", "dataType": "poll", "text": "Vote!", "poll": {"answers": [{"text": "A"}, {"text": "B"}]}}}"#
        let pollWarnings = try Document.decode(Data(poll.utf8), options: options).warnings
        #expect(
            pollWarnings.count == 1 && pollWarnings[0].hasPrefix("post.text: a poll post draws its poll's question, not its text"),
            "\(pollWarnings)")
        // A deleted message keeps its content undrawn, without a word.
        let deleted =
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x", "isDeleted": true, "file": {"name": "a", "size": 1}}]}"#
        #expect(try Document.decode(Data(deleted.utf8)).warnings.isEmpty)
    }

    @Test func malformedJSONSaysSo() throws {
        let message = try #require(error(#"{"kind": "chat", "#))
        #expect(message.hasPrefix("malformed JSON"))
        let utf8 = try #require(
            { () -> String? in
                do { _ = try Document.decode(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])); return nil } catch {
                    return "\(error)"
                }
            }())
        #expect(utf8.hasPrefix("malformed JSON"))
    }

    /// A number too small to hold (it would read as 0) is named where it is — it was "not a JSON
    /// document", naming nothing; a number too large to hold is cut to 40 digits in the message —
    /// a 900 KB number came back whole.
    @Test func numbersThatCannotBeHeldAreNamedWhereTheyAre() throws {
        #expect(
            error(#"{"kind": "chat", "width": 1e-400, "messages": []}"#)
                == "malformed JSON: Number 1e-400 around character 26 (line 1, column 27) is too small to hold: it would read as 0 (write 0)."
        )
        // In a string it is text, not a number: the one after it is named.
        let named = error(#"{"kind": "chat", "users": {"u": {"displayName": "1e-400"}}, "width": 2e-400, "messages": []}"#)
        #expect(named?.contains("Number 2e-400 around character") == true, "\(named ?? "")")
        let huge = try #require(error(#"{"kind": "chat", "width": 1"# + String(repeating: "0", count: 100_000) + #", "messages": []}"#))
        #expect(huge.count < 200 && huge.contains("Number 1000000000000000000000000000000000000000… is not representable"), "\(huge)")
    }

    /// A text that is not JSON — a word, a Python dictionary, a form field — is malformed JSON,
    /// with a hint for the usual slips, not "must not be null" at no path (the null check stopped
    /// at their first "n").
    @Test(arguments: [
        ("nope", ""),
        ("{'kind': 'chat'}", "JSON strings and keys take double quotes"),
        (#"document={"kind": "chat"}"#, "looks like a form field (name=value"),
    ])
    func textThatIsNotJSONIsMalformedWithAHint(text: String, hint: String) throws {
        let message = try #require(error(text))
        #expect(message.hasPrefix("malformed JSON") && (hint.isEmpty || message.contains(hint)), "\(message)")
        #expect(!message.contains("null"))
    }

    /// An empty document (an empty request body, an empty file) is said to be empty (it was
    /// "malformed JSON: Unexpected end of file").
    @Test func anEmptyDocumentIsSaidToBeEmpty() {
        for empty in ["", " \n\t "] {
            do {
                _ = try Document.decode(Data(empty.utf8))
                Issue.record("\(empty.debugDescription) decoded")
            } catch {
                #expect(error.description == #"the document is empty: send one JSON object, such as {"kind": "chat", …}"#)
            }
        }
    }

    /// A time zone is a tz database name: one Foundation does not know is refused, and so is one
    /// with a control character or a space ("UTC\u0000anything" was taken for UTC: Foundation reads
    /// the identifier as a C string).
    @Test func aTimeZoneIsATzDatabaseName() throws {
        func refusal(_ zone: String) -> String? {
            do {
                _ = try Document.decode(Data(#"{"kind": "chat", "timeZone": "\#(zone)", "messages": []}"#.utf8))
                return nil
            } catch { return error.description }
        }
        #expect(refusal(#"UTC\u0000"#) == #"timeZone: unknown time zone "UTC\0" (a tz database name like "Europe/Berlin")"#)
        #expect(refusal("Mars/Base") == #"timeZone: unknown time zone "Mars/Base" (a tz database name like "Europe/Berlin")"#)
        #expect(refusal("UTC ")?.hasPrefix("timeZone: unknown time zone") == true)
        for zone in ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "EST", "GMT-14:59", "UTC+05:30"] {
            #expect(refusal(zone) == nil, "\(zone)")
        }
        // Names ICU takes and CoreFoundation cannot make, on which Foundation's date formatter
        // trapped (a worker lost, a whole `--out-dir` batch ended): refused, each saying why.
        #expect(
            refusal("US/Pacific-New")
                == #"timeZone: "US/Pacific-New" is an old alias the tz database no longer has (a tz database name like "Europe/Berlin")"#)
        for zone in ["ACT", "SystemV/AST4", "Canada/East-Saskatchewan", "SST"] {
            #expect(refusal(zone)?.contains("is an old alias the tz database no longer has") == true, "\(zone)")
        }
        #expect(refusal("PDT") == #"timeZone: "PDT" is an abbreviation: name the zone, like "America/Los_Angeles""#)
        #expect(refusal("GMT+15") == #"timeZone: "GMT+15" is more than 14:59 from GMT"#)
        #expect(refusal("UTC-18:00") == #"timeZone: "UTC-18:00" is more than 14:59 from GMT"#)
        // On a machine without the tz database every name is refused, saying so; offsets are kept.
        guard case .failure(let missing) = TimeZoneName.zone("Europe/Berlin", zoneInfo: "/nonexistent/zoneinfo/") else {
            Issue.record("a name was taken without the tz database")
            return
        }
        #expect(missing.description.contains("this machine has no tz database"))
        #expect((try? TimeZoneName.zone("GMT+0530", zoneInfo: "/nonexistent/zoneinfo/").get())?.secondsFromGMT() == 19_800)
    }

    /// Every zone a document may name formats a time and a day: each name of the tz database's
    /// folder that `TimeZoneName` takes, through the formatters the layout uses (a name it let through
    /// that CoreFoundation cannot make would end this test process).
    @Test func everyZoneTakenFormatsATime() throws {
        let root = URL(fileURLWithPath: "/usr/share/zoneinfo")
        let names = try #require(FileManager.default.subpathsOfDirectory(atPath: root.path) as [String]?)
        var taken = 0
        for name in names {
            guard case .success(let zone) = TimeZoneName.zone(name) else { continue }
            let time = DateFormatters.shared.string(
                from: Date(timeIntervalSince1970: 1_780_000_000), pattern: "h:mm a", locale: Locale(identifier: "en_US"), timeZone: zone)
            #expect(time.hasSuffix("M"), "\(name): \(time)")
            taken += 1
        }
        #expect(taken >= 500, "\(taken) zones taken")
    }

    /// A locale naming no language ICU knows is drawn, with a warning (a bad time zone is refused).
    @Test func aLocaleWithAnUnknownLanguageIsWarnedAbout() throws {
        func warnings(_ locale: String) throws -> [String] {
            try Document.decode(Data(#"{"kind": "chat", "locale": "\#(locale)", "messages": []}"#.utf8)).warnings
        }
        #expect(try warnings("english").first?.hasPrefix(#"locale: "english" names no language ICU knows"#) == true)
        #expect(try warnings("xx_YY").count == 1)
        // No language at all: ICU's root locale, "M10 29, 2026", with no word.
        for empty in ["", "@", "_"] { #expect(try warnings(empty).count == 1, "\(empty)") }
        for known in ["en_US", "de", "zh-Hant-TW", "ar_EG@numbers=latn", "haw", "fil", "iw", "in", "tl_PH", "C", "POSIX", "root"] {
            #expect(try warnings(known).isEmpty, "\(known)")
        }
        // A deprecated code is read as ICU reads it: "iw_IL" is Hebrew, strings and direction too.
        let hebrew = try Document.decode(Data(#"{"kind": "chat", "locale": "iw_IL", "messages": []}"#.utf8))
        #expect(hebrew.locale.language.languageCode?.identifier == "he" && hebrew.layoutDirection == .rightToLeft)
    }

    /// A numbering system ICU does not have trapped Foundation's NumberFormatter (a worker crash
    /// per request): refused naming the field. One it has, asked for in BCP 47's form (which
    /// trapped for Arabic), is read in ICU's form and drawn in its digits.
    @Test func aLocalesNumberingSystemIsCheckedAndReadAsICUReadsIt() throws {
        for identifier in ["ar-u-nu-zzzz", "ar-u-nu", "en@numbers=zzzz", "en-u-nu-arab-zzzz"] {
            let message = try #require(error(#"{"kind": "chat", "locale": "\#(identifier)", "messages": []}"#), "\(identifier)")
            #expect(message.hasPrefix("locale: asks for the numbering system"), "\(message)")
        }
        let arabic = try Document.decode(Data(#"{"kind": "chat", "locale": "ar-u-nu-arab", "messages": []}"#.utf8))
        #expect(arabic.locale.identifier == "ar@numbers=arab")
        #expect(Strings(locale: arabic.locale).number("12") == "١٢")
    }

    /// Limits read as whole numbers in messages: 10¹⁵ and 10¹⁸ without ".0" or an exponent.
    @Test func limitsAreWrittenAsWholeNumbers() {
        #expect((1e15).compactDescription == "1000000000000000" && (1e18).compactDescription == "1000000000000000000")
        #expect((12.5).compactDescription == "12.5" && (1e300).compactDescription == "1e+300" && (-3.0).compactDescription == "-3")
    }

    @Test func aNullIsRefusedAtItsPathAndOnlyANull() throws {
        #expect(
            error(#"{"kind": "chat", "messages": [], "width": null}"#) == "width: must not be null (leave the field out for its default)")
        #expect(
            error(#"{"kind": "chat", "messages": [], "width":null}"#) == "width: must not be null (leave the field out for its default)")
        #expect(try #require(error(#"{"kind": "chat", "messages": [], "width": nul}"#)).hasPrefix("malformed JSON"))
        #expect(try #require(error(#"{"kind": "chat", "messages": [], "width": nullx}"#)).hasPrefix("malformed JSON"))
        // A null after the document, or as the document, is no field's: not "must not be null".
        #expect(try #require(error(#"{"kind": "chat", "messages": []} null"#)).hasPrefix("malformed JSON"))
        #expect(try #require(error("null")).contains("must not be null") == false)
    }

    @Test func tooManyMessagesNamesTheLimit() {
        var limits = DocumentLimits()
        limits.maxItems = 2
        let messages = (0..<3).map { Fixture.text("m\($0)", from: "u1", "x") }.joined(separator: ",")
        #expect(throws: DocumentError(path: "messages", message: "has 3 messages, more than the limit of 2 (raise it with --max-items)")) {
            try Document.decode(Fixture.chat(messages), options: DecodingOptions(limits: limits))
        }
    }
}

/// Warnings: each distinct one once with a count; elements past the canvas named.
struct LayoutWarningTests {
    @Test func repeatedWarningsAreCounted() {
        #expect(Layout.deduplicated(["a", "b", "a", "a"]) == ["a (3 times)", "b"])
    }

    @Test func aMissingAvatarIsWarnedOnceWithACount() throws {
        let messages = (0..<3).map { Fixture.text("m\($0)", from: "u2", "hi") }.joined(separator: ",")
        let json = Data(
            #"{"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann", "avatar": "assets/nope.png"}}, "messages": [\#(messages)]}"#
                .utf8)
        let layout = try Fixture.layout(json)
        let avatar = layout.warnings.filter { $0.hasPrefix("users.u2.avatar") }
        #expect(avatar.count == 1, "\(layout.warnings)")
        #expect(avatar.first?.hasSuffix("(3 times)") == true, "\(layout.warnings)")
    }

    /// A MessageKit custom cell 300 wide at width 320 reaches past the canvas: warned, naming it.
    @Test func anElementPastTheCanvasIsWarned() throws {
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 320, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "messages": [{"id": "c1", "from": "u1", "type": "custom", "sentAt": "2026-11-29T11:00:00Z", "custom": {"width": 300, "height": 130}}]}
            """#.utf8)
        let layout = try Fixture.layout(json)
        #expect(
            layout.warnings.contains { $0.hasPrefix("c1: its bubble reaches") && $0.contains("past the canvas's left edge") },
            "\(layout.warnings)")
    }

    /// Instants in the OpenAPI document's spelling (`Instant`'s pattern) and no other: Foundation's
    /// parser alone took 30 February, 24:00, `+05:60`, a trailing space and `UTC`, and refused
    /// nothing the pattern allows.
    @Test(arguments: [
        ("2026-11-29T12:00:00Z", true), ("2026-11-29T12:00:00.123456789+05:30", true), ("2024-02-29T23:59:59-18:00", true),
        ("2026-11-29T12:00:00+17:59", true), ("2026-02-30T12:00:00Z", false), ("2026-11-29T24:00:00Z", false),
        ("2026-11-29T12:00:00+05:60", false), ("2026-11-29T12:00:00Z ", false), ("2026-11-29T12:00:00UTC", false),
        ("2026-11-29T12:00:00z", false), ("2026-11-29T12:00:00+0530", false), ("2026-11-29T12:00:60Z", false),
        ("2026-11-29T12:00:00+18:30", false), ("2026-11-29T12:00:00.1234567890Z", false),
    ])
    func instantsAreTheDocumentsSpelling(_ text: String, accepted: Bool) {
        #expect((ISO8601.parse(text) != nil) == accepted, "\(text)")
    }

    /// A refused instant's message says what is wrong with it: every text `parse` refuses has
    /// its own reason, the first part that is not RFC 3339's.
    @Test(arguments: [
        ("yesterday", "the date must be YYYY-MM-DD"), ("2026-02-30T12:00:00Z", "the calendar has no day 2026-02-30"),
        ("0000-01-01T12:00:00Z", "the year must be 0001 or later (0000 is 1 BC, which a date label cannot tell from AD 1)"),
        // 1 BC in UTC, and in a time zone behind it: a date label read "December 31, 0001".
        (
            "0001-01-01T00:00:00+18:00",
            "the instant must be 0001-01-02T00:00:00Z or later (an earlier one is 1 BC in some time zone, which a date label cannot tell from AD 1)"
        ),
        (
            "0001-01-01T23:59:59Z",
            "the instant must be 0001-01-02T00:00:00Z or later (an earlier one is 1 BC in some time zone, which a date label cannot tell from AD 1)"
        ),
        ("2026-11-29 12:00:00Z", "the date must be followed by an upper-case T and the time"),
        ("2026-11-29T12:00Z", "the time must be HH:MM:SS"), ("2026-11-29T12:00:60Z", "hours go up to 23, minutes and seconds to 59"),
        ("2026-11-29T24:00:00Z", "hours go up to 23, minutes and seconds to 59"),
        ("2026-11-29T12:00:00.Z", "a fraction of a second has 1 to 9 digits"),
        ("2026-11-29T12:00:00+0530", "an offset must be ±HH:MM, like +05:30"), ("2026-11-29T12:00:00+19:00", "an offset is at most ±18:00"),
        ("2026-11-29T12:00:00z", "the time must end in an upper-case Z or an offset ±HH:MM"),
        ("2026-11-29T12:00:00", "the time must end in an upper-case Z or an offset ±HH:MM"),
        ("2026-11-29T12:00:00Z ", "nothing may follow the time zone"),
    ])
    func aRefusedInstantSaysWhatIsWrong(_ text: String, problem: String) {
        #expect(ISO8601.parse(text) == nil, "\(text)")
        #expect(ISO8601.problem(with: text) == problem, "\(text)")
    }

    /// Each accepted instant is the one Foundation's ISO-8601 parser reads (to the microsecond),
    /// across eras, leap days, offsets and fractions.
    @Test func instantsAreTheOnesFoundationReads() throws {
        let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for text in [
            "1970-01-01T00:00:00.000Z", "2026-11-29T12:00:00.000Z", "2024-02-29T23:59:59.500-18:00", "2000-03-01T00:00:00.250+05:30",
            "1900-02-28T13:14:15.000+01:00", "1601-01-01T00:00:00.000Z", "2100-12-31T23:59:59.999+17:59", "0001-01-02T00:00:00.000Z",
        ] {
            let ours = try #require(ISO8601.parse(text), "\(text)")
            let theirs = try Date(text, strategy: foundation)
            #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 1e-6, "\(text): \(ours) against \(theirs)")
        }
        let whole = try #require(ISO8601.parse("2026-11-29T12:00:00+05:30"))
        #expect(whole == (try Date("2026-11-29T12:00:00+05:30", strategy: .iso8601)))
    }
}

/// What a JSON parser would drop in silence is refused naming its path, or warned with
/// `--lenient`: a misspelt `kind`, a key given twice, two messages with one id.
struct SilentDropTests {
    static let message = #"{"id": "a", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}"#

    func decode(_ json: String, lenient: Bool = false) throws(DocumentError) -> Document {
        var options = DecodingOptions()
        options.unknownFields = lenient ? .warn : .refuse
        return try Document.decode(Data(json.utf8), options: options)
    }

    func refusal(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMisspeltKindIsNamedWithTheFieldItMeant() {
        #expect(refusal(#"{"knid": "chat", "me": "u1", "users": {}, "messages": []}"#) == #"knid: unknown field; did you mean "kind"?"#)
        #expect(refusal(#"{"width": 375}"#) == "kind: is required")
    }

    @Test func aKeyGivenTwiceIsRefusedOrWarned() throws {
        let json =
            #"{"kind": "chat", "me": "u1", "users": {"u1": {"displayName": "A", "displayName": "B"}}, "messages": [\#(Self.message)]}"#
        #expect(refusal(json) == "users.u1.displayName: appears twice in its object (JSON keeps only one of the two)")
        let document = try decode(json, lenient: true)
        #expect(document.warnings == ["users.u1.displayName: appears twice in its object (JSON keeps only one of the two)"])
        // Written with escapes it is the same key: a gateway's parser keeps the last "width", Feedshot kept the first.
        #expect(
            refusal(#"{"kind": "chat", "width": 4096, "w\u0069dth": 100, "messages": []}"#)
                == "width: appears twice in its object (JSON keeps only one of the two)")
        #expect(refusal(#"{"kind": "chat", "\u0077idth": 375, "messages": []}"#) == nil)
        #expect(
            refusal(#"{"kind": "chat", "users": {"\ud83d\ude00": {}, "😀": {}}, "messages": []}"#)
                == "users.😀: appears twice in its object (JSON keeps only one of the two)")
        // "a\nb" and "a\u000ab" are one key (the path shows its line feed); "a\\nb" is another.
        #expect(
            refusal(#"{"kind": "chat", "users": {"a\nb": {}, "a\\nb": {}, "a\u000ab": {}}, "messages": []}"#)
                == "users.a\nb: appears twice in its object (JSON keeps only one of the two)")
        #expect(refusal(#"{"kind": "chat", "users": {"a\nb": {}, "a\\nb": {}}, "messages": []}"#) == nil)
        // Keys the decoder cannot read are not compared: it says what is wrong with them.
        for bad in [#""a\udc00": {}, "a\udc01": {}"#, #""a\x": {}, "ax": {}"#, #""a\u00zz": {}, "a\u00zy": {}"#] {
            let message = refusal(#"{"kind": "chat", "users": {\#(bad)}, "messages": []}"#)
            #expect(message?.hasPrefix("malformed JSON") == true, "\(bad): \(message ?? "accepted")")
        }
        // The same key in two objects is no repeat.
        #expect(
            refusal(#"{"kind": "chat", "me": "u1", "users": {"u1": {"displayName": "A"}, "u2": {"displayName": "B"}}, "messages": []}"#)
                == nil)
    }

    @Test func twoMessagesWithOneIDAreRefusedOrWarned() throws {
        let second = Self.message.replacingOccurrences(of: #""text": "x""#, with: #""text": "y""#)
        let json = #"{"kind": "chat", "me": "u1", "users": {"u1": {"displayName": "A"}}, "messages": [\#(Self.message), \#(second)]}"#
        #expect(refusal(json) == #"messages[1].id: "a" is already the id of messages[0]; ids must differ"#)
        #expect(try decode(json, lenient: true).warnings == [#"messages[1].id: "a" is already the id of messages[0]; ids must differ"#])
    }

    /// One user typing twice drew "Ann Lee and Ann Lee are typing...": refused, or warned and
    /// counted once.
    @Test func aUserTypingTwiceIsRefusedOrWarnedAndCountedOnce() throws {
        let json = #"{"kind": "chat", "me": "u1", "typing": ["u2", "u3", "u2", "u2"], "messages": []}"#
        #expect(refusal(json) == #"typing[2]: "u2" is already typing[0]; each user is listed once"#)
        let lenient = try decode(json, lenient: true)
        #expect(lenient.warnings.count == 2 && lenient.warnings[1] == #"typing[3]: "u2" is already typing[0]; each user is listed once"#)
        guard case .chat(let chat) = lenient.content else {
            Issue.record("not a chat: \(lenient.content)")
            return
        }
        #expect(chat.typing == ["u2", "u3"])
    }

    /// A post's comments, a post detail's replies, a feed's posts and a poll's answers each name
    /// one cell and one tap: two with one id were drawn as two cells with one identity — tapping
    /// "No" voted for "Yes" where the second answer's default id ("a1") was the first's. Refused,
    /// or warned with `--lenient`.
    @Test func postsCommentsRepliesAndAnswersWithOneIDAreRefusedOrWarned() throws {
        let author = #""author": {"id": "u2", "displayName": "B"}"#
        func post(_ id: String, _ more: String = "") -> String {
            #"{"id": "\#(id)", \#(author), "createdAt": "2026-11-29T11:00:00Z", "dataType": "text", "text": "x"\#(more)}"#
        }
        let posts = #"{"kind": "feed", "posts": [\#(post("p1")), \#(post("p1"))]}"#
        #expect(refusal(posts) == #"posts[1].id: "p1" is already the id of posts[0]; ids must differ"#)
        #expect(try decode(posts, lenient: true).warnings == [#"posts[1].id: "p1" is already the id of posts[0]; ids must differ"#])
        let comment = #"{"id": "c1", \#(author), "createdAt": "2026-11-29T11:00:00Z", "text": "x"}"#
        let comments = #"{"kind": "feed", "posts": [\#(post("p1", #", "previewComments": [\#(comment), \#(comment)]"#))]}"#
        #expect(
            refusal(comments) == #"posts[0].previewComments[1].id: "c1" is already the id of posts[0].previewComments[0]; ids must differ"#)
        let reply = #"{"id": "r1", \#(author), "createdAt": "2026-11-29T11:00:00Z", "text": "x"}"#
        func listed(_ id: String) -> String {
            #"{"id": "\#(id)", \#(author), "createdAt": "2026-11-29T11:00:00Z", "text": "x", "replyCount": 1, "replies": [\#(reply)]}"#
        }
        let detail = #"{"kind": "post", "post": \#(post("p9", #", "commentList": [\#(listed("c1")), \#(listed("c2"))]"#))}"#
        #expect(
            refusal(detail)
                == #"post.commentList[1].replies[0].id: "r1" is already the id of post.commentList[0].replies[0]; a post's replies' ids must differ"#
        )
        #expect(try decode(detail, lenient: true).warnings.count == 1)
        let poll = #", "dataType": "poll", "poll": {"question": "Q", "answers": [{"id": "a1", "text": "Yes"}, {"text": "No"}]}"#
        let polled =
            #"{"kind": "feed", "posts": [\#(post("p1").replacingOccurrences(of: #", "dataType": "text", "text": "x""#, with: poll))]}"#
        #expect(refusal(polled) == #"posts[0].poll.answers[1].id: "a1" is already the id of posts[0].poll.answers[0]; ids must differ"#)
    }

    /// A chat's own items are named in the layout tree too: a message called "typing" beside the
    /// typing indicator, or "date-2026-11-29" in an Amity chat, shared its item's id.
    @Test func aMessageNamedLikeTheLayoutsOwnItemsIsRefusedOrWarned() throws {
        func chat(_ id: String, typing: Bool = false, style: String = "amity") -> String {
            let message = Self.message.replacingOccurrences(of: #""id": "a""#, with: #""id": "\#(id)""#)
            return #"{"kind": "chat", "style": "\#(style)", "me": "u1", "typing": [\#(typing ? #""u2""# : "")], "messages": [\#(message)]}"#
        }
        #expect(
            refusal(chat("typing", typing: true))
                == #"messages[0].id: "typing" is the typing indicator's id in the layout; give the message another"#)
        #expect(refusal(chat("typing")) == nil)
        #expect(
            refusal(chat("date-2026-11-29"))
                == #"messages[0].id: "date-2026-11-29" is a date pill's id in the layout; give the message another"#)
        #expect(refusal(chat("date-2026-11-29", style: "messagekit")) == nil)
        #expect(refusal(chat("date-night")) == nil)
        #expect(try decode(chat("typing", typing: true), lenient: true).warnings.count == 1)
    }

    /// An empty user id was the viewer's where a document names none (`me`, `viewer`: none by
    /// default): another's message was drawn as sent by the viewer, and a pending post by "" got
    /// the option button only the viewer's own have. Refused naming the field.
    @Test func anEmptyUserIDIsRefused() {
        let message = Self.message.replacingOccurrences(of: #""from": "u1""#, with: #""from": """#)
        #expect(refusal(#"{"kind": "chat", "messages": [\#(message)]}"#) == #"messages[0].from: is empty (give the sender's user id)"#)
        #expect(refusal(#"{"kind": "chat", "me": "", "messages": []}"#) == #"me: is empty (give the viewer's user id, or leave it out)"#)
        #expect(
            refusal(#"{"kind": "feed", "viewer": "", "posts": []}"#) == #"viewer: is empty (give the viewer's user id, or leave it out)"#)
        let post = #"{"id": "p1", "author": {"id": ""}, "createdAt": "2026-11-29T11:00:00Z", "dataType": "text", "text": "x"}"#
        #expect(refusal(#"{"kind": "feed", "posts": [\#(post)]}"#) == #"posts[0].author.id: is empty (give the author's user id)"#)
    }
}
