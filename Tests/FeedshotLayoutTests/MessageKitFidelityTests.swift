import Foundation
import Testing

@testable import FeedshotLayout

/// MessageKit's dates, right-to-left behaviour, labels cut at their bounds and the payloads its
/// delegates are handed (docs/conformance/messagekit.md, "Dates", "Right to left", "Taps").
@Suite struct MessageKitFidelityTests {
    /// The cell top label's automatic text for a message sent at `sentAt`, the document's clock
    /// at 2026-11-29T12:00:00Z (a Sunday), in `locale`.
    func cellTop(sentAt: String, locale: String) throws -> String? {
        let message = #"{"id": "t", "from": "u2", "type": "text", "sentAt": "\#(sentAt)", "text": "Hi"}"#
        let json = MK.document([message], settings: #"{"labels": {"cellTop": {"height": 18}}}"#, extra: #", "locale": "\#(locale)""#)
        return MK.texts(try MK.item(json, "t"), .cellTopLabel).first
    }

    // Expected texts: ICU 76 (`udat_open` with `UDAT_SHORT_RELATIVE` and the UI-list
    // capitalisation `CFDateFormatter` asks for; the fixed patterns with `udat_open(UDAT_PATTERN)`),
    // the library iOS formats with — not Feedshot's code.
    @Test(arguments: [
        ("2026-11-29T11:02:00Z", "en_US", "Today, 11:02\u{202F}AM"),
        ("2026-11-28T18:30:00Z", "en_US", "Yesterday, 6:30\u{202F}PM"),
        ("2026-11-29T11:02:00Z", "de_DE", "Heute, 11:02"),
        // The short time is the region's: British English has a 24-hour clock.
        ("2026-11-29T11:02:00Z", "en_GB", "Today, 11:02"),
        ("2026-11-28T18:30:00Z", "en_GB", "Yesterday, 18:30"),
        ("2026-11-28T18:30:00Z", "fr_FR", "hier 18:30"),
        ("2026-11-29T11:02:00Z", "ja_JP", "今日 11:02"),
        ("2026-11-29T11:02:00Z", "ko_KR", "오늘 오전 11:02"),
        ("2026-11-29T11:02:00Z", "he_IL", "היום, 11:02"),
        ("2026-11-29T11:02:00Z", "ar_EG", "اليوم، ١١:٠٢\u{A0}ص"),
        // This week: en's starts on Sunday the 29th, de's on Monday the 23rd.
        ("2026-12-03T10:00:00Z", "en_US", "Thursday 10:00 AM"),
        ("2026-11-27T09:22:00Z", "de_DE", "Freitag 9:22 AM"),
        ("2026-12-03T10:00:00Z", "ja_JP", "木曜日 10:00 午前"),
        // This year, another week.
        ("2026-11-27T09:22:00Z", "en_US", "Fri, 27 Nov, 9:22 AM"),
        ("2026-11-27T09:22:00Z", "ar_EG", "جمعة, ٢٧ نوفمبر, ٩:٢٢ ص"),
        // Next week's first instant is not this week (`isDate(_:equalTo:toGranularity:)`).
        ("2026-12-06T00:00:00Z", "en_US", "Sun, 6 Dec, 12:00 AM"),
        // Another year.
        ("2025-11-05T10:02:00Z", "en_US", "Nov 5, 2025, 10:02 AM"),
    ])
    func theCellTopDateIsMessageKitDateFormatters(sentAt: String, locale: String, expected: String) throws {
        #expect(try cellTop(sentAt: sentAt, locale: locale) == expected)
    }

    @Test func everyBundledLanguageHasItsRelativeWords() {
        for language in ["en"] + StringCatalog.bundledLanguages {
            #expect(MessageKitDateFormat.relative[language] != nil, "\(language) has no relative words")
        }
    }

    @Test func aRightToLeftDocumentKeepsMessageKitsSidesUnlessItAsksForMirroring() throws {
        let messages = [MK.message("in"), MK.message("out", from: "u1")]
        let plain = try MK.layout(MK.document(messages, extra: #", "locale": "ar_EG""#))
        let incoming = try #require(plain.items.first { $0.id == "in" })
        // MessageKit places views by absolute frames: the incoming avatar stays on the left.
        #expect(MK.element(incoming, .avatar)?.frame.x == 8)
        let mirrored = try MK.layout(MK.document(messages, settings: #"{"mirror": true}"#, extra: #", "locale": "ar_EG""#))
        let flipped = try #require(mirrored.items.first { $0.id == "in" })
        #expect(abs(try #require(MK.element(flipped, .avatar)).frame.x - (375 - 8 - 30)) < 1e-9)
        // Left to right, the option changes nothing.
        let english = try MK.layout(MK.document(messages, settings: #"{"mirror": true}"#))
        #expect(try #require(english.items.first { $0.id == "in" }).elements == incoming.elements)
        #expect(MK.error(MK.document(messages, settings: #"{"mirror": "yes"}"#)) != nil)
    }

    @Test func aLabelsLeftAndRightAreItsSidesWhateverTheTextsDirection() throws {
        // NSTextAlignment.left is the label's left for every line, also an Arabic one: the tree's
        // `visualLeft` (its `.left` is the paragraph's start, Pango's automatic direction).
        let labels = #"{"labels": {"messageBottom": {"height": 16, "text": "أمس ١١:٠٢"}, "messageTop": {"height": 16, "text": "Ann"}}}"#
        let cell = try MK.item(MK.document([MK.message("t")], settings: labels), "t")
        #expect(MK.styled(MK.element(cell, .messageBottomLabel))?.alignment == .visualLeft)
        #expect(MK.styled(MK.element(cell, .messageTopLabel))?.alignment == .visualLeft)
        // An outgoing label's `.right`, a label's own `.left`; Feedshot's mirroring swaps the sides
        // (the mirroring of the whole layout leaves a side as it is).
        let own = #"""
            {"labels": {"messageTop": {"height": 34, "text": "أنا\nMe"}, "messageBottom": {"height": 16, "text": "x", "alignment": "left"}}}
            """#
        let mine = try MK.item(MK.document([MK.message("t", from: "u1")], settings: own), "t")
        #expect(MK.styled(MK.element(mine, .messageTopLabel))?.alignment == .visualRight)
        #expect(MK.styled(MK.element(mine, .messageBottomLabel))?.alignment == .visualLeft)
        let mirroring = #"{"mirror": true, "labels": {"messageTop": {"height": 34, "text": "أنا\nMe"}}}"#
        let mirrored = try MK.item(MK.document([MK.message("t", from: "u1")], settings: mirroring, extra: #", "locale": "ar_EG""#), "t")
        #expect(MK.styled(MK.element(mirrored, .messageTopLabel))?.alignment == .visualLeft)
        #expect(TextDirection.firstStrong(in: "١١:٠٢ م") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "١١:٠٢") == nil)
        #expect(TextDirection.firstStrong(in: "12:30 שלום") == .rightToLeft)
        // The marks are strong; an isolate's contents count, as Pango's pango_find_base_dir counts them.
        #expect(TextDirection.firstStrong(in: "\u{200F}1.2K إعجابًا") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "\u{200E}שלום") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "\u{2068}1.2K\u{2069} إعجابًا") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "\u{2067}שלום\u{2069} hi") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "Mixed: العربية") == .leftToRight)
    }

    @Test func aLabelTallerThanItsHeightIsCutAtItsBounds() throws {
        let json = MK.document(
            [MK.message("t")], settings: #"{"labels": {"messageBottom": {"height": 16}}}"#, textSize: "accessibilityXXXLarge")
        let cell = try MK.item(json, "t")
        let label = try #require(MK.element(cell, .messageBottomLabel))
        let clip = try #require(label.clip)
        #expect(clip.height == 16)
        #expect(clip.width == 359)
        #expect(label.frame.height > 16)
        #expect(abs(label.frame.midY - clip.midY) < 1e-9)
        // A label its text fits is not cut.
        let small = try MK.item(MK.document([MK.message("t")], settings: #"{"labels": {"messageBottom": {"height": 16}}}"#), "t")
        #expect(try #require(MK.element(small, .messageBottomLabel)).clip == nil)
    }

    /// A label with a height and no text still takes its taps: `MessageContentCell.handleTapGesture`
    /// tests the label's frame, not its text (`MessageContentCell.swift:180-187`). The cell bottom
    /// label has no automatic text; an empty stated text is none either.
    @Test func aLabelWithAHeightAndNoTextStillTakesItsTaps() throws {
        let settings = #"{"labels": {"cellBottom": {"height": 12}, "messageTop": {"height": 20, "text": ""}}}"#
        let cell = try MK.item(MK.document([MK.message("t", "text", #""text": "Hi""#)], settings: settings), "t")
        #expect(MK.element(cell, .cellBottomLabel) == nil && MK.element(cell, .messageTopLabel) == nil)
        let bottom = try #require(cell.actions.first { $0.event == "didTapCellBottomLabel" })
        #expect(bottom.frame.height == 12 && bottom.frame.maxY == cell.frame.maxY && bottom.arguments == ["messageId": "t"])
        #expect(cell.actions.first { $0.event == "didTapMessageTopLabel" }?.frame.height == 20)
    }

    /// `MessageLabel.handleGesture` acts only on a touched character inside a detected range: the
    /// range's tap covers its characters (a box per line), and the rest of the bubble is the cell's
    /// `didTapMessage`. The cell tests its views in one order — the container's content, the
    /// container, the avatar, the cell labels, the message labels, the accessory — and a tap in
    /// none is `didTapBackground`. (A fifth audit found a range's tap over the whole text, and no
    /// background tap.)
    @Test func aDetectedRangeTakesTapsOnItsCharactersAndTheCellsViewsTakeTheRestInTheKitsOrder() throws {
        let settings = #"""
            {"detectors": {"enabled": ["hashtag"]}, "accessoryView": {"size": 30, "color": "#FF0000"},
             "labels": {"cellTop": {"height": 18, "show": "always", "text": "top"}, "messageTop": {"height": 20, "text": "name"},
                        "messageBottom": {"height": 16, "text": "bottom"}, "cellBottom": {"height": 12, "text": "end"}}}
            """#
        let cell = try MK.item(MK.document([MK.message("t", "text", ##""text": "Hi #release""##)], settings: settings), "t")
        let text = try #require(MK.element(cell, .text)).frame
        let hashtag = try #require(cell.actions.first { $0.event == "didSelectHashtag" })
        // "Hi " then "#release": 3 and 8 characters of 8.5 (the fake measurer's, at 17 points).
        #expect(hashtag.frame == Rect(x: text.x + 3 * 8.5, y: text.y, width: 8 * 8.5, height: text.height))
        #expect(
            cell.actions.map(\.event.rawValue) == [
                "didSelectHashtag", "didTapMessage", "didTapAvatar", "didTapCellTopLabel", "didTapCellBottomLabel",
                "didTapMessageTopLabel", "didTapMessageBottomLabel", "didTapAccessoryView", "didTapBackground",
            ])
        #expect(cell.actions.last?.frame == cell.frame && cell.actions.last?.arguments == ["messageId": "t"])
    }

    @Test func aCentredAvatarTallerThanTheContainerLiftsTheMessageTopLabelOverTheCellTopLabel() throws {
        // MessageContentCell.layoutMessageContainerView centres container and padding in the cell;
        // the message top label sits above it, whatever is there (mk-avatar-positions).
        let settings = #"""
            {"avatar": {"size": 40, "position": "messageCenter"}, "incoming": {"messagePadding": {"top": 6, "left": 4, "bottom": 10, "right": 30}},
             "labels": {"cellTop": {"height": 18, "show": "always", "text": "cell top"}, "messageTop": {"height": 20, "text": "top"},
                        "messageBottom": {"height": 16, "text": "bottom"}, "cellBottom": {"height": 12, "text": "cell bottom"}}}
            """#
        let cell = try MK.item(MK.document([MK.message("t", "text", #""text": "Hi""#)], settings: settings), "t")
        let container = try #require(MK.container(cell))
        let top = try #require(MK.element(cell, .messageTopLabel)), cellTop = try #require(MK.element(cell, .cellTopLabel))
        // H = max(40, 18 + 20 + 36 + 16 + 16 + 12) = 118; y = 118 / 2 − (36 + 16) / 2 = 33.
        #expect(container.minY - cell.frame.minY == 33)
        #expect(top.frame.minY < cellTop.frame.maxY)
    }

    @Test func detectedRangesHandOverWhatMessageKitsDelegateIsHanded() throws {
        let text =
            "See example.com/a or www.b.io, mail ann@example.com, tomorrow at 5pm, 1 Infinite Loop, Cupertino, CA 95014 and flight UA 123"
        let settings = #"{"detectors": {"enabled": ["url", "date", "address", "transitInformation"]}}"#
        let cell = try MK.item(MK.document([MK.message("t", "text", #""text": "\#(text)""#)], settings: settings), "t")
        // A range over two lines has a tap box on each, with the same payload.
        func payloads(_ event: String) -> [[String: String]] {
            cell.actions.filter { $0.event.rawValue == event }.map { $0.arguments.filter { $0.key != "messageId" } }.uniqued()
        }
        #expect(
            Set(payloads("didSelectURL").compactMap { $0["url"] }) == ["http://example.com/a", "http://www.b.io", "mailto:ann@example.com"])
        #expect(payloads("didSelectDate") == [["date": "2026-11-30T17:00:00Z"]])
        #expect(payloads("didSelectAddress") == [["Street": "1 Infinite Loop", "City": "Cupertino", "State": "CA", "ZIP": "95014"]])
        #expect(payloads("didSelectTransitInformation") == [["Airline": "UA", "Flight": "123"]])
    }

    @Test(arguments: [
        ("today", "2026-11-29T12:00:00Z"), ("yesterday at 9:30 am", "2026-11-28T09:30:00Z"), ("Nov 30", "2026-11-30T12:00:00Z"),
        ("3 December 2027", "2027-12-03T12:00:00Z"), ("2026-12-24", "2026-12-24T12:00:00Z"), ("12/24/2026", "2026-12-24T12:00:00Z"),
        ("Friday", "2026-12-04T12:00:00Z"), ("last Friday", "2026-11-27T12:00:00Z"), ("next Sunday", "2026-12-06T12:00:00Z"),
        ("next Friday", "2026-12-11T12:00:00Z"), ("at 17:30", "2026-11-29T17:30:00Z"),
    ])
    func datesResolveInTheDocumentsCalendar(text: String, expected: String) throws {
        let formatting = ChatFormatting(
            now: try Date("2026-11-29T12:00:00Z", strategy: .iso8601), locale: Locale(identifier: "en_US"),
            timeZone: try #require(TimeZone(identifier: "UTC")), strings: Strings(locale: Locale(identifier: "en_US"), overrides: [:]))
        let date = try #require(MessageKitDetectors.date(text, formatting: formatting))
        #expect(MessageKitDetectors.iso8601(date, timeZone: formatting.timeZone) == expected)
    }

    /// "next Friday" is the Friday of the week after this one, whose weeks start on the locale's
    /// first weekday: not the same day as a bare "Friday" (a re-audit found it was).
    @Test(arguments: [
        ("2026-11-25T12:00:00Z", "en_US", "2026-12-04T12:00:00Z"),  // a Wednesday: this week's Friday is the 27th
        ("2026-11-29T12:00:00Z", "en_US", "2026-12-11T12:00:00Z"),  // a Sunday, the first day of an American week
        ("2026-11-29T12:00:00Z", "de_DE", "2026-12-04T12:00:00Z"),  // a Sunday, the last day of a German week
    ])
    func nextWeekdayIsInTheFollowingWeek(now: String, locale: String, expected: String) throws {
        let formatting = ChatFormatting(
            now: try Date(now, strategy: .iso8601), locale: Locale(identifier: locale),
            timeZone: try #require(TimeZone(identifier: "UTC")), strings: Strings(locale: Locale(identifier: "en_US"), overrides: [:]))
        let date = try #require(MessageKitDetectors.date("next Friday", formatting: formatting))
        #expect(MessageKitDetectors.iso8601(date, timeZone: formatting.timeZone) == expected)
    }
}

/// What a MessageKit app can set that the profile now expresses: the avatar view's background and
/// corner radius, a calculator's avatar padding, custom detectors (docs/messagekit.md).
@Suite struct MessageKitProfileOptionsTests {
    @Test func theAvatarTakesItsBackgroundColourAndCornerRadius() throws {
        let json = MK.document([MK.message("t")], settings: ##"{"avatar": {"color": "#FF0000", "cornerRadius": 4}}"##)
        let avatar = try #require(MK.element(try MK.item(json, "t"), .avatar))
        #expect(avatar.content == .box(fill: try #require(Color(hex: "#FF0000")), corners: .all(4)))
        // A radius past half the side is a circle, as a layer's corner radius is.
        let round = MK.document([MK.message("t")], settings: #"{"avatar": {"cornerRadius": 400}}"#)
        #expect(
            try #require(MK.element(try MK.item(round, "t"), .avatar)).content
                == .box(fill: try #require(Color(hex: "#8E8E93")), corners: .all(15)))
        #expect(MK.error(MK.document([MK.message("t")], settings: #"{"avatar": {"cornerRadius": -1}}"#))?.contains("cornerRadius") == true)
    }

    @Test func aKindsCalculatorHasItsOwnAvatarPadding() throws {
        let settings = #"{"avatarLeadingTrailingPadding": 2, "kinds": {"text": {"avatarLeadingTrailingPadding": 10}}}"#
        let json = MK.document([MK.message("t"), MK.message("e", "emoji", #""text": "🙂""#)], settings: settings)
        #expect(MK.element(try MK.item(json, "t"), .avatar)?.frame.x == 8 + 10)
        #expect(MK.element(try MK.item(json, "e"), .avatar)?.frame.x == 8 + 2)
    }

    @Test func customDetectorsFindTheirExpressionDrawTheirLookAndHandOverTheirMatch() throws {
        let settings = #"""
            {"detectors": {"enabled": ["hashtag"], "custom": [{"pattern": "PR-[0-9]+", "color": "#FF0000"}, {"pattern": "#offsite2026"}]}}
            """#
        let json = MK.document([MK.message("t", "text", #""text": "See PR-42 and #offsite2026 today""#)], settings: settings)
        let cell = try MK.item(json, "t")
        let text = try #require(MK.styled(MK.element(cell, .text)))
        let red = try #require(Color(hex: "#FF0000"))
        #expect(text.spans.contains { $0.start == 4 && $0.end == 9 && $0.color == red && $0.isUnderlined == nil })
        let custom = cell.actions.filter { $0.event == "didSelectCustom" }.map(\.arguments)
        #expect(custom.contains(["messageId": "t", "pattern": "PR-[0-9]+", "match": "PR-42"]))
        // The hashtag and the second expression find the same range: overlaps give way to the
        // longest, so one of them is kept, as `removeOverlappingResults` keeps one.
        let hashtagRanges = cell.actions.filter { $0.arguments["hashtag"] == "#offsite2026" || $0.arguments["match"] == "#offsite2026" }
        #expect(hashtagRanges.count == 1)
        #expect(
            MK.error(MK.document([MK.message("t")], settings: #"{"detectors": {"custom": [{"pattern": "("}]}}"#))?.contains(
                "detectors.custom[0].pattern") == true)
        #expect(MK.error(MK.document([MK.message("t")], settings: #"{"detectors": {"custom": [{"pattern": "a*"}]}}"#)) != nil)
    }
}
