import Foundation
import Synchronization
import Testing

@testable import FeedshotLayout

/// `MessageLabel`'s detectors (docs/conformance/messagekit.md, "Detectors"): MessageKit's own
/// mention and hashtag expressions exactly, Feedshot's patterns for `NSDataDetector`'s types.
struct MessageKitDetectorTests {
    func found(_ text: String, _ types: [MessageKitOptions.DetectorType]) -> [String] {
        MessageKitDetectors.matches(in: text, enabled: types).matches.map { "\($0.type?.rawValue ?? "custom"): \($0.value)" }
    }

    /// Hosts and addresses are matched within DNS's and e-mail's limits — labels of up to 63
    /// characters, 20 of them, a local part of 64 — which bound how far a failing match scans, so
    /// hostile runs of dotted labels ("a.1.a.1.…", 10 KB took 10 s) find nothing in linear time.
    @Test func urlsAreMatchedWithinDNSAndEMailLimits() {
        let label = String(repeating: "a", count: 63)
        #expect(found("see \(label).example.com now", [.url]) == ["url: \(label).example.com"])
        let deep = (1...19).map { "l\($0)" }.joined(separator: ".") + ".com"
        #expect(found("at \(deep)", [.url]) == ["url: \(deep)"])
        let local = String(repeating: "b", count: 64)
        #expect(found("mail \(local)@mail.example.org", [.url]) == ["url: \(local)@mail.example.org"])
        #expect(found(String(repeating: "a.1.", count: 500), [.url]).isEmpty)
        #expect(found(String(repeating: ".a", count: 500), [.url]).isEmpty)
    }

    /// Matches come in the order their attributes apply: detector by detector as `enabled` lists
    /// them (`MessageLabel.configure` ends with `updateAttributes(for: enabledDetectors)`), the
    /// custom detectors last.
    @Test func matchesComeInTheOrderTheDocumentEnablesTheirDetectors() throws {
        let text = "see #release https://a.io/#release now"
        #expect(MessageKitDetectors.matches(in: text, enabled: [.hashtag, .url]).matches.map(\.type) == [.hashtag, .hashtag, .url])
        #expect(MessageKitDetectors.matches(in: text, enabled: [.url, .hashtag]).matches.map(\.type) == [.url, .hashtag, .hashtag])
        // Listed twice, a type applies where it is listed last.
        #expect(
            MessageKitDetectors.matches(in: text, enabled: [.url, .hashtag, .url]).matches.map(\.type) == [.hashtag, .hashtag, .url])
        let custom = try [MessageKitOptions.CustomDetector(pattern: "see")]
        #expect(
            MessageKitDetectors.matches(in: text, enabled: [.hashtag, .url], custom: custom).matches.map(\.detector) == [
                .type(.hashtag), .type(.hashtag), .type(.url), .custom(0),
            ])
    }

    /// A hashtag inside a URL is drawn in the style of whichever of the two the document enables
    /// last, as MessageKit adds each detector's attributes over the earlier ones'. (Appended as
    /// spans, the hashtag's colour won whatever the order: Pango draws the span that starts last.)
    @Test func whereDetectedRangesOverlapTheDetectorEnabledLastIsDrawn() throws {
        let text = #""text": "see https://a.io/#release now""#
        func drawnColours(_ enabled: String) throws -> (hashtag: [Color], url: [Color]) {
            let settings =
                ##"{"detectors": {"enabled": \##(enabled), "styles": {"url": {"color": "#FF0000"}, "hashtag": {"color": "#00AA00"}}}}"##
            let cell = try MK.item(MK.document([MK.message("t", "text", text)], settings: settings), "t")
            let styled = try #require(MK.styled(MK.element(cell, .text)))
            // Laid over one another, one span at most sets a byte's colour.
            func colours(at byte: Int) -> [Color] { styled.spans.filter { $0.start <= byte && byte < $0.end }.compactMap(\.color) }
            return (colours(at: 18), colours(at: 6))  // "#release" starts at byte 17; "https" at 4
        }
        let red = try #require(Color(hex: "#FF0000")), green = try #require(Color(hex: "#00AA00"))
        let urlLast = try drawnColours(#"["hashtag", "url"]"#)
        #expect(urlLast.hashtag == [red] && urlLast.url == [red])
        let hashtagLast = try drawnColours(#"["url", "hashtag"]"#)
        #expect(hashtagLast.hashtag == [green] && hashtagLast.url == [red])
    }

    @Test func mentionsAndHashtagsAreMessageKitsExpressions() {
        #expect(
            found("Ping @steven123 and @bob about #release #ios #café", [.mention, .hashtag]) == [
                "mention: @steven123", "hashtag: #release",
            ])
        // No word boundary: an e-mail address holds a mention.
        #expect(found("bob@example.com", [.mention]) == ["mention: @example"])
        #expect(found("@ann_lee", [.mention]).isEmpty)  // "_" is not in [a-zA-Z0-9]
    }

    @Test func overlappingExpressionsGiveWayToTheLongest() {
        let matches = MessageKitDetectors.longest([
            .init(detector: .type(.mention), start: 0, end: 5, value: "a", units: 5),
            .init(detector: .type(.hashtag), start: 2, end: 9, value: "b", units: 7),
            .init(detector: .type(.mention), start: 12, end: 15, value: "c", units: 3),
        ])
        #expect(matches.map(\.value) == ["b", "c"])
    }

    /// A text is drawn with at most 2,000 detected ranges, the first in it, and the layout says
    /// so: a custom "." over 100,000 characters styled every one and ran past the deadline.
    @Test func atMostTwoThousandDetectedRangesAreStyledAndTappable() throws {
        let settings = ##"{"detectors": {"custom": [{"pattern": "[0-9]", "color": "#FF0000"}]}}"##
        let text = String(repeating: "1 ", count: 2_500)
        let layout = try MK.layout(
            MK.document([MK.message("t", "text", #""text": "\#(text)""#)], settings: settings, width: 4096))
        let cell = try #require(layout.items.first { $0.id == "t" })
        let taps = cell.actions.filter { $0.event == "didSelectCustom" }
        #expect(taps.count == 2_000 && Set(taps.compactMap { $0.arguments["match"] }) == ["1"])
        let styled = try #require(MK.styled(MK.element(cell, .text)))
        let red = try #require(Color(hex: "#FF0000"))
        let spans = styled.spans.filter { $0.color == red }
        #expect(spans.count == 2_000 && spans.map(\.start).max() == 2 * 1_999)
        #expect(layout.warnings.contains { $0.hasPrefix("messages[0]: the detectors found 2500 ranges in this text, more than 2000") })
    }

    /// The kit compares `NSRange` lengths, UTF-16 units: "abcde" (5) outlasts "日本a" (3 units,
    /// 7 bytes; Feedshot kept it when it compared bytes). Of two equal matches the first listed
    /// is kept: mentions and hashtags, then the custom detectors.
    @Test func overlapsAreMeasuredInUTF16UnitsAndTiesGoToTheFirstListed() throws {
        let custom = try [#"\p{Han}+a"#, "abcde"].map { try MessageKitOptions.CustomDetector(pattern: $0) }
        let found = MessageKitDetectors.matches(in: "日本abcde", enabled: [], custom: custom).matches
        #expect(found.map(\.value) == ["abcde"])
        // A custom expression finding a hashtag's very range: the hashtag, listed before it, stays.
        let hashFirst = MessageKitDetectors.matches(
            in: "#abcd", enabled: [.hashtag],
            custom: try [MessageKitOptions.CustomDetector(pattern: "#[a-z]{4}")]
        ).matches
        #expect(hashFirst.map(\.detector) == [.type(.hashtag)])
    }

    @Test(arguments: [
        ("Agenda: https://example.com/offsite.", "url: https://example.com/offsite"),
        ("see www.example.org/a?b=1, then", "url: www.example.org/a?b=1"),
        ("example.com/offsite is up", "url: example.com/offsite"),
        ("mail ann@example.co.uk!", "url: ann@example.co.uk"),
        ("Call me at 202-555-0114", "phoneNumber: 202-555-0114"),
        ("or (202) 555 0114 tonight", "phoneNumber: (202) 555 0114"),
        ("+44 20 7946 0958", "phoneNumber: +44 20 7946 0958"),
        ("Lunch tomorrow at 12:30 pm?", "date: tomorrow at 12:30 pm"),
        ("Due Nov 29, 2026.", "date: Nov 29, 2026"),
        ("on 2026-11-29", "date: 2026-11-29"),
        ("next Friday works", "date: next Friday"),
        ("Meet at 1 Infinite Loop, Cupertino, CA 95014 at noon", "address: 1 Infinite Loop, Cupertino, CA 95014"),
        ("I'm on flight UA 123 today", "transitInformation: UA 123"),
    ])
    func dataDetectorTypesFindWhatTheREADMEDocuments(text: String, expected: String) {
        let all = MessageKitOptions.DetectorType.allCases.filter { !$0.isRegularExpression }
        #expect(found(text, all).contains(expected))
    }

    @Test func datesAndNumbersAreNotPhoneNumbers() {
        #expect(found("on 2026-11-29 or 11/29/2026 at 12:30, room 12", [.phoneNumber]).isEmpty)
    }

    @Test func linkRunsCountAsURLsWhenTheURLDetectorIsOn() {
        let links = [(start: 0, end: 4, url: "https://a.io")]
        #expect(MessageKitDetectors.matches(in: "here", enabled: [.url], links: links).matches.map(\.value) == ["https://a.io"])
        #expect(MessageKitDetectors.matches(in: "here", enabled: [.phoneNumber], links: links).matches.isEmpty)
    }

    @Test func detectedRangesGetTheDefaultAttributesOrTheDocumentsStyle() throws {
        let text = #""text": "Ping @steven123 at https://a.io""#
        let json = MK.document(
            [MK.message("t", "text", text), MK.message("s", from: "u1", "text", text)],
            settings:
                ##"{"detectors": {"enabled": ["url", "mention"]}, "outgoing": {"detectors": {"styles": {"mention": {"color": "#0000FF"}}}}}"##
        )
        let layout = try MK.layout(json)
        let incoming = try #require(MK.styled(MK.element(layout.items[0], .text)))
        // MessageLabel.defaultAttributes: darkText, underlined in darkText (on a dark-mode-proof black).
        #expect(incoming.spans.contains(StyledText.Span(start: 19, end: 31, color: .black, isUnderlined: true, underlineColor: .black)))
        #expect(incoming.spans.contains(StyledText.Span(start: 5, end: 15, color: .black, isUnderlined: true, underlineColor: .black)))
        let outgoing = try #require(MK.styled(MK.element(layout.items[1], .text)))
        // The document's style replaces the defaults.
        #expect(outgoing.spans.contains(StyledText.Span(start: 5, end: 15, color: Color(hex: "#0000FF"))))
        #expect(layout.items[0].actions.contains { $0.event == "didSelectMention" && $0.arguments["mention"] == "@steven123" })
        #expect(layout.items[0].actions.contains { $0.event == "didSelectURL" && $0.arguments["url"] == "https://a.io" })
    }

    /// The detectors run on every message `TextMessageCell` draws: emoji and link-preview
    /// messages too (`LinkPreviewMessageCell` is a `TextMessageCell`), not on other kinds' labels.
    @Test func emojiAndLinkPreviewMessagesRunTheDetectorsToo() throws {
        let link = #""link": {"url": "https://example.com/x", "title": "Example"}"#
        let json = MK.document(
            [
                MK.message("e", "emoji", #""text": "🎉 #party""#),
                MK.message("l", "linkPreview", #""text": "See #release at https://a.io", \#(link)"#),
                MK.message("c", "contact", ##""contact": {"displayName": "#party"}"##),
            ],
            settings: #"{"detectors": {"enabled": ["hashtag", "url"]}}"#)
        let layout = try MK.layout(json)
        let emoji = try #require(MK.styled(MK.element(layout.items[0], .text)))
        // "🎉 " is 5 UTF-8 bytes.
        #expect(emoji.spans.contains(StyledText.Span(start: 5, end: 11, color: .black, isUnderlined: true, underlineColor: .black)))
        #expect(layout.items[0].actions.contains { $0.event == "didSelectHashtag" && $0.arguments["hashtag"] == "#party" })
        let preview = try #require(MK.styled(MK.element(layout.items[1], .text)))
        #expect(preview.spans.contains(StyledText.Span(start: 4, end: 12, color: .black, isUnderlined: true, underlineColor: .black)))
        #expect(layout.items[1].actions.contains { $0.event == "didSelectHashtag" && $0.arguments["hashtag"] == "#release" })
        #expect(layout.items[1].actions.contains { $0.event == "didSelectURL" && $0.arguments["url"] == "https://a.io" })
        #expect(!layout.items[2].actions.contains { $0.event == "didSelectHashtag" })
    }

    @Test func noDetectorIsOnByDefault() throws {
        let cell = try MK.item(MK.document([MK.message("t", "text", #""text": "Ping @steven123 at https://a.io""#)]), "t")
        #expect(MK.styled(MK.element(cell, .text))?.spans == [])
    }

    @Test func aMessageEnablesItsOwnDetectors() throws {
        let own = #""text": "Call 202-555-0114", "messageKit": {"detectors": {"enabled": ["phoneNumber"]}}"#
        let cell = try MK.item(MK.document([MK.message("t", "text", own)]), "t")
        #expect(cell.actions.contains { $0.event == "didSelectPhoneNumber" && $0.arguments["phoneNumber"] == "202-555-0114" })
    }

    /// In dark appearance the default dark text of a detected range all but vanishes on the dark
    /// incoming bubble: the layout lists the kit behaviour on that message only — not on the green
    /// outgoing bubble, not in light appearance, not where the document styles the detector.
    @Test func darkTextOnADarkBubbleIsListedAsTheKitsBehaviour() throws {
        let own = #""text": "Call 202-555-0114", "messageKit": {"detectors": {"enabled": ["phoneNumber"]}}"#
        let messages = [MK.message("in", "text", own), MK.message("out", from: "u1", "text", own)]
        let dark = try MK.layout(MK.document(messages, theme: "dark"))
        #expect(dark.kitBehaviours == [KitBehaviourNote(behaviour: .messageKitDarkDetectedText, itemId: "in")])
        #expect(KitBehaviour.messageKitDarkDetectedText.conformance == "docs/conformance/messagekit.md#bug-mk-dark-detected-text")
        #expect(try MK.layout(MK.document(messages)).kitBehaviours.isEmpty)
        let styled = ##"{"detectors": {"styles": {"phoneNumber": {"color": "#0A84FF"}}}}"##
        #expect(try MK.layout(MK.document(messages, settings: styled, theme: "dark")).kitBehaviours.isEmpty)
    }

    /// A custom detector built in Swift is refused when its pattern is not an expression (it was
    /// skipped in silence at layout), and finds its matches with the expression compiled once.
    @Test func aCustomDetectorCompilesItsExpressionWhenMade() throws {
        #expect(throws: (any Error).self) { try MessageKitOptions.CustomDetector(pattern: "([unclosed") }
        let detector = try MessageKitOptions.CustomDetector(pattern: "#[0-9]+")
        let same = try MessageKitOptions.CustomDetector(pattern: "#[0-9]+")
        #expect(detector.pattern == "#[0-9]+" && detector == same)
        let matches = MessageKitDetectors.matches(in: "see #42 and #7", enabled: [], custom: [detector]).matches
        #expect(matches.map(\.value) == ["#42", "#7"])
    }

    /// An app's expression that backtracks without bound is stopped by a count of its own work:
    /// `(a+)+b` over forty `a`s took 12 s; it now gives up (nil) at the budget, and the same
    /// pattern on a text it does not blow up on still finds its matches.
    @Test func aCustomExpressionThatBacktracksWithoutBoundGivesUp() throws {
        let detector = try MessageKitOptions.CustomDetector(pattern: "(a+)+b")
        let text = String(repeating: "a", count: 40) + "c"
        guard case .overBudget = MessageKitDetectors.boundedSearch(detector.expression, in: text, as: .custom(0)) else {
            Issue.record("(a+)+b over 40 a's was not stopped")
            return
        }
        let found = MessageKitDetectors.matches(in: text, enabled: [], custom: [detector])
        #expect(found.matches.isEmpty && found.abandoned == [0])
        #expect(MessageKitDetectors.matches(in: "aab ab", enabled: [], custom: [detector]).matches.map(\.value) == ["aab", "ab"])
        #expect(MessageKitDetectors.matches(in: text, enabled: [], custom: [detector], skipping: ["(a+)+b"]).abandoned.isEmpty)
    }

    /// An expression in linear time takes nothing from the budget, however long the text: all
    /// 10,000 matches in a text of 130,000 characters are found.
    @Test func aLinearExpressionOverALongTextIsNotStopped() throws {
        let detector = try MessageKitOptions.CustomDetector(pattern: "PR-[0-9]+")
        let text = String(repeating: "look at PR-1 ", count: 10_000)
        let found = MessageKitDetectors.matches(in: text, enabled: [], custom: [detector])
        #expect(found.abandoned.isEmpty && found.matches.count == 10_000)
    }

    /// In a document, the detector that gave up says so once, naming the message and the
    /// pattern, and is not run on the other messages; the other detectors go on.
    @Test func aDetectorThatGaveUpIsDroppedForTheDocumentWithOneWarning() throws {
        let settings = #"{"detectors": {"enabled": ["hashtag"], "custom": [{"pattern": "(a+)+b"}, {"pattern": "PR-[0-9]+"}]}}"#
        let text = String(repeating: "a", count: 40)
        let messages = (0..<3).map { MK.message("m\($0)", "text", #""text": "\#(text) PR-7 #release""#) }
        let layout = try MK.layout(MK.document(messages, settings: settings))
        #expect(
            layout.warnings == [
                #"messages[0]: the custom detector "(a+)+b" backtracks too much on this text (more than 1000 progress reports beyond one a character); it detects nothing in this document"#
            ])
        let cells = layout.items.filter { $0.id.hasPrefix("m") }
        #expect(cells.count == 3)
        for cell in cells {
            #expect(
                cell.actions.contains { $0.arguments["match"] == "PR-7" } && cell.actions.contains { $0.arguments["hashtag"] == "#release" }
            )
        }
    }

    /// `longest` keeps what `MessageLabel.removeOverlappingResults` keeps — the kit's loop, as it
    /// is written at b4493fe (`Sources/Views/MessageLabel.swift:406-426`), is the reference — on
    /// 2,000 random sets of up to 29 matches, overlapping and repeated ranges among them.
    @Test func overlapsAreResolvedAsTheKitsOwnLoopDoes() {
        func kit(_ results: [MessageKitDetectors.Match]) -> [MessageKitDetectors.Match] {
            var filtered: [MessageKitDetectors.Match] = []
            for result in results {
                let overlapping = results.filter { min($0.end, result.end) - max($0.start, result.start) > 0 }
                if overlapping.count <= 1 {
                    filtered.append(result)
                    continue
                }
                guard !filtered.contains(where: { $0.start == result.start && $0.end == result.end }) else { continue }
                if let widest = overlapping.max(by: { $0.units < $1.units }) { filtered.append(widest) }
            }
            return filtered
        }
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let matches = (0..<next(30)).map { index -> MessageKitDetectors.Match in
                let (start, bytes) = (next(40), 1 + next(10))
                // UTF-16 units: as many as the bytes (ASCII) down to a third of them (CJK).
                return MessageKitDetectors.Match(
                    detector: .custom(index), start: start, end: start + bytes, value: "\(index)", units: max(1, bytes - next(bytes)))
            }
            #expect(MessageKitDetectors.longest(matches) == kit(matches), "\(matches)")
        }
    }

    /// The kit's list repeats the longest of a group once for every shorter match it beats;
    /// Feedshot keeps each match once, where it is last applied, and draws the same: on 2,000
    /// random sets, the attributes applied in `attributeOrder`, each setting its range as
    /// `addAttributes` does, leave the same match on top at every byte.
    @Test func repeatsAreDroppedWithoutChangingWhatIsDrawn() {
        var seed: UInt64 = 0xD0_0B1E
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func onTop(_ matches: [MessageKitDetectors.Match]) -> [MessageKitDetectors.Match?] {
            var bytes = [MessageKitDetectors.Match?](repeating: nil, count: 64)
            for match in MessageKitDetectors.attributeOrder(matches, enabled: []) {
                for byte in match.start..<match.end { bytes[byte] = match }
            }
            return bytes
        }
        var repeated = 0
        for _ in 0..<2_000 {
            let matches = (0..<next(12)).map { index -> MessageKitDetectors.Match in
                let (start, bytes) = (next(40), 1 + next(10))
                return MessageKitDetectors.Match(
                    detector: .custom(next(3)), start: start, end: start + bytes, value: "\(index)", units: max(1, bytes - next(bytes)))
            }
            let kits = MessageKitDetectors.longest(matches)
            let kept = MessageKitDetectors.longestIndices(matches).uniquedKeepingLast().map { matches[$0] }
            repeated += kits.count - kept.count
            #expect(Set(kept).count == kept.count)
            #expect(onTop(kept) == onTop(kits), "\(matches)")
        }
        #expect(repeated > 1_000, "the sets repeat matches")
    }

    /// Below the budget on each text, an expression's work still adds up over a document: fifty
    /// messages of twenty `a`s under `(a+)+b` took 50 s. Past `documentBudget` it is dropped for
    /// the messages after, with one warning.
    @Test func workBelowTheBudgetOnEachTextAddsUpOverTheDocument() throws {
        let settings = #"{"detectors": {"custom": [{"pattern": "(a+)+b"}]}}"#
        let text = String(repeating: "a", count: 20)
        let messages = (0..<50).map { MK.message("m\($0)", "text", #""text": "\#(text)""#) }
        let warnings = try MK.layout(MK.document(messages, settings: settings)).warnings
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains(#"the custom detector "(a+)+b" backtracks too much over this document"#) == true)
    }

    /// The deadline is checked inside a search as it goes: a render cancelled while an expression
    /// backtracks ends with `DeadlineExceeded`, not with a layout missing that expression's matches.
    @Test func aSearchPastTheDeadlineEndsTheLayout() throws {
        let settings = #"{"detectors": {"custom": [{"pattern": "(a+)+b"}]}}"#
        let json = MK.document([MK.message("m", "text", #""text": "\#(String(repeating: "a", count: 40))""#)], settings: settings)
        let checks = Mutex(0)
        // The check before the message passes; the first one inside the search does not.
        let deadline = Deadline(
            nil,
            isCancelled: {
                checks.withLock {
                    $0 += 1; return $0 > 1
                }
            })
        #expect(throws: DeadlineExceeded.self) {
            try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer(), deadline: deadline)
        }
        #expect(checks.withLock { $0 } == 2)
    }
}
