import Foundation
import Testing

@testable import FeedshotLayout

/// The layout reports the kit behaviours that look like bugs where it reproduces them, once per
/// item, and not where it does not (docs/conformance/amity.md, "Kit behaviour that looks like a bug").
struct KitBehaviourTests {
    typealias F = FeedFixture

    /// A text that collapses after eight lines in a post (45 characters a line at 343 pt): line 8
    /// is "abcdefghi abcdefghi abcdefghi abcdefghi" and keeps 27 characters, "…abcdefg".
    static let long = (1...100).map { _ in "abcdefghi" }.joined(separator: " ")

    func behaviours(_ layout: Layout, _ itemId: String) -> [KitBehaviour] {
        layout.kitBehaviours.filter { $0.itemId == itemId }.map(\.behaviour)
    }

    func chatMessage(_ type: String, from: String, _ fields: String) -> String {
        #"{"id": "m1", "from": "\#(from)", "type": "\#(type)", "sentAt": "2026-11-29T11:58:00Z", \#(fields)}"#
    }

    // MARK: The expandable label

    @Test func aCutMidWordIsReportedAndACutAtANewlineIsNot() {
        let label = AmityExpandableLabel(textColor: .black, readMoreColor: .white, collapsedLines: 8, link: "...Read more")
        let measure = { (text: String, width: Double) in
            label.measure(StyledText(text, font: label.font), width: width, measurer: FakeMeasurer())
        }
        let midWord = measure(ExpandableLabelTests.nineLines, 300)
        #expect(midWord.text.string.hasSuffix("abcdefg ...Read more"))
        #expect(midWord.kitBehaviours == [.readMoreMidWord])
        // Line 8 is "short", kept whole: the cut is at its newline.
        let atNewline = measure(ExpandableLabelTests.sevenLines + "short\nmore text that is not shown", 300)
        #expect(atNewline.text.string.hasSuffix("short ...Read more"))
        #expect(atNewline.kitBehaviours.isEmpty)
        #expect(measure("a few words", 300).kitBehaviours.isEmpty)
    }

    @Test func aReadMoreWrappedPastTheLastLineIsReported() {
        let label = AmityExpandableLabel(textColor: .black, readMoreColor: .white, collapsedLines: 8, link: "...Read more")
        // As `ExpandableLabelTests.whatWrapsPastTheEighthLineIsNotDrawn`: line 8 is kept whole
        // (a cut between words), and "...Read more" wraps onto a ninth line.
        let text = (1...12).map { _ in "abcdefghij" }.joined(separator: " ")
        let block = label.measure(StyledText(text, font: label.font), width: 75, measurer: FakeMeasurer())
        #expect(!block.text.string.contains("Read"))
        #expect(block.kitBehaviours == [.readMoreClipped])
        let fits = label.measure(StyledText(ExpandableLabelTests.nineLines, font: label.font), width: 300, measurer: FakeMeasurer())
        #expect(!fits.kitBehaviours.contains(.readMoreClipped))
        // All of what is drawn is the text's own, so all of it keeps its taps: eight links on
        // eight lines, each 75 wide (the suffix's length taken off, the last lost 13 bytes' taps).
        #expect(block.keptBytes == block.text.string.utf8.count)
        let linking = AmityExpandableLabel(
            textColor: .black, readMoreColor: .white, hyperLinkColor: .black, collapsedLines: 8, link: "...Read more")
        let styled = linking.styled((1...12).map { _ in "a.io/abcde" }.joined(separator: " "))
        let linked = linking.measure(styled.text, width: 75, measurer: FakeMeasurer())
        #expect(linked.kitBehaviours == [.readMoreClipped])
        var canvas = CellCanvas(canvasWidth: 75, top: 0, isMirrored: false)
        canvas.addLinkAndMentionTaps(
            links: styled.links, mentions: [], in: styled.text.string, block: linked,
            frame: Rect(x: 0, y: 0, width: 75, height: linked.height),
            isMirrored: false, measurer: FakeMeasurer())
        #expect(canvas.actions.map(\.frame.width) == Array(repeating: 75, count: 8))
    }

    @Test func aPostsCollapsedTextReportsItsCutOnItsItem() throws {
        let layout = try F.layout([F.post("p", #""text": "\#(Self.long)""#), F.post("q", #""text": "short""#)])
        #expect(behaviours(layout, "p.text") == [.readMoreMidWord])
        #expect(behaviours(layout, "q.text").isEmpty)
    }

    /// English "...Read more" in a document of a language Feedshot has no catalogue for is the
    /// kit's; a bundled or the document's own translation is not, nor English in English.
    @Test(arguments: [
        ("it_IT", "", true), ("en_US", "", false), ("de_DE", "", false),
        ("it_IT", #", "strings": {"message_readmore": "...Altro"}"#, false),
    ])
    func englishReadMoreInAnotherLanguageIsReported(locale: String, strings: String, isReported: Bool) throws {
        let comment =
            #"{"id": "c1", "author": {"id": "u3", "displayName": "Bob"}, "text": "\#(Self.long)", "createdAt": "2026-11-29T11:00:00Z"}"#
        let layout = try F.layout(
            [F.post("p", #""text": "\#(Self.long)", "previewComments": [\#(comment)]"#)],
            extra: #", "locale": "\#(locale)", "layoutDirection": "ltr"\#(strings)"#)
        #expect(behaviours(layout, "p.text").contains(.readMoreEnglish) == isReported)
        #expect(behaviours(layout, "p.comment.c1").contains(.readMoreEnglish) == isReported)
        let chat = try Fixture.layout(
            Fixture.chat(Fixture.text("m1", from: "u2", Self.long), extra: #""locale": "\#(locale)", "layoutDirection": "ltr"\#(strings)"#))
        #expect(behaviours(chat, "m1").contains(.readMoreEnglish) == isReported)
    }

    // MARK: Chat images

    @Test func anIncomingImagesClippedTimeIsReportedAndAnOutgoingOnesIsNot() throws {
        let images = ImageCatalog(entries: ["beach.jpg": .loaded(width: 800, height: 600)])
        let incoming = try Fixture.layout(Fixture.chat(chatMessage("image", from: "u2", #""image": {"src": "beach.jpg"}"#)), images: images)
        #expect(behaviours(incoming, "m1") == [.incomingImageTime])
        let outgoing = try Fixture.layout(Fixture.chat(chatMessage("image", from: "u1", #""image": {"src": "beach.jpg"}"#)), images: images)
        #expect(behaviours(outgoing, "m1").isEmpty)
        // Feedshot's own video cell is not the kit's.
        let video = try Fixture.layout(Fixture.chat(chatMessage("video", from: "u2", #""image": {"src": "beach.jpg"}"#)), images: images)
        #expect(behaviours(video, "m1").isEmpty)
    }

    @Test func aBrokenIncomingImageIsReportedAndALoadedOrOwnOneIsNot() throws {
        let images = ImageCatalog(entries: ["beach.jpg": .loaded(width: 800, height: 600)])
        let broken = try Fixture.layout(Fixture.chat(chatMessage("image", from: "u2", #""image": {"src": "missing.png"}"#)), images: images)
        #expect(behaviours(broken, "m1") == [.incomingImageTime, .brokenIncomingImage])
        let loaded = try Fixture.layout(Fixture.chat(chatMessage("image", from: "u2", #""image": {"src": "beach.jpg"}"#)), images: images)
        #expect(!behaviours(loaded, "m1").contains(.brokenIncomingImage))
        let own = try Fixture.layout(Fixture.chat(chatMessage("image", from: "u1", #""image": {"src": "missing.png"}"#)), images: images)
        #expect(behaviours(own, "m1").isEmpty)
    }

    /// The kit tests "edited" before the sync state, so an own edited message that failed has no
    /// failed button, and one sending says "Edited", not "Sending..."; not edited, or another's, it does not apply.
    @Test(arguments: [
        ("u1", #", "state": "error", "editedAt": "2026-11-29T11:59:00Z""#, true),
        ("u1", #", "state": "syncing", "editedAt": "2026-11-29T11:59:00Z""#, true),
        ("u1", #", "editedAt": "2026-11-29T11:59:00Z""#, false),
        ("u1", #", "state": "error""#, false),
        ("u2", #", "state": "error", "editedAt": "2026-11-29T11:59:00Z""#, false),
    ])
    func anEditedOwnMessageHidingItsStateIsReported(from: String, fields: String, isReported: Bool) throws {
        for (type, content) in [("text", #""text": "Hi""#), ("image", #""image": {"src": "beach.jpg"}"#), ("audio", #""audio": {}"#)] {
            let images = ImageCatalog(entries: ["beach.jpg": .loaded(width: 800, height: 600)])
            let layout = try Fixture.layout(Fixture.chat(chatMessage(type, from: from, content + fields)), images: images)
            #expect(behaviours(layout, "m1").contains(.editedHidesState) == isReported, "\(type) \(fields)")
            let failedButton = layout.items.flatMap(\.elements).contains {
                $0.content == .glyph(.messageFailed, color: KitColors.failedIcon)
            }
            #expect(!(isReported && failedButton), "\(type): reported, yet the failed button is drawn")
        }
    }

    /// The link preview card is UIKit's literal white with black text: on a dark feed it is listed.
    @Test func aLinkPreviewOnADarkFeedIsListed() throws {
        let post = F.post("l", #""text": "https://example.com", "linkPreview": {"state": "loaded", "title": "Falls"}"#)
        #expect(behaviours(try F.layout([post], extra: #", "theme": "dark""#), "l.linkPreview") == [.whiteLinkPreview])
        #expect(behaviours(try F.layout([post]), "l.linkPreview").isEmpty)
    }

    // MARK: Feed counts

    @Test func onlyOneRemainingPollAnswerIsReported() throws {
        func poll(_ count: Int, closed: Bool = false) throws -> [KitBehaviour] {
            let answers = (1...count).map { #"{"id": "a\#($0)", "text": "Answer \#($0)", "votes": \#($0)}"# }.joined(separator: ",")
            let fields =
                #""dataType": "poll", "poll": {"question": "Where?", "answers": [\#(answers)]\#(closed ? #", "isClosed": true"# : "")}"#
            return behaviours(try F.layout([F.post("q", fields)]), "q.poll")
        }
        #expect(try poll(3) == [.oneMoreOptions])
        #expect(try poll(4).isEmpty)
        #expect(try poll(2).isEmpty)
        // Closed, the row says "View full results".
        #expect(try poll(3, closed: true).isEmpty)
    }

    @Test func sharesFromAThousandOnAreReported() throws {
        let layout = try F.layout([F.post("a", #""likes": 1234, "shares": 1000"#), F.post("b", #""likes": 1234, "shares": 999"#)])
        #expect(behaviours(layout, "a.footer") == [.unabbreviatedShares])
        #expect(behaviours(layout, "b.footer").isEmpty)
    }

    // MARK: Right to left

    /// The expandable label's text is set `.left` (`copyWithParagraphAttribute`): a right-to-left
    /// text is drawn `visualLeft` and says so, in chat and posts, as is a text mixing directions
    /// (every line at the left); English is natural and does not.
    @Test func rightToLeftLabelTextSitsLeftAndSaysIt() throws {
        let chat = try Fixture.layout(
            Fixture.chat(
                [
                    Fixture.text("m1", from: "u2", "مرحبا"), Fixture.text("m2", from: "u2", "hello"),
                    Fixture.text("m3", from: "u2", #"hi\nمرحبا"#),
                ]
                .joined(separator: ",")))
        #expect(behaviours(chat, "m1") == [.rtlTextLeft] && behaviours(chat, "m2").isEmpty && behaviours(chat, "m3") == [.rtlTextLeft])
        let text = try #require(chat.items.first { $0.id == "m1" }?.elements.first { $0.role == .text })
        guard case .text(let styled, _) = text.content else {
            Issue.record("m1's text is \(text.content)")
            return
        }
        #expect(styled.alignment == .visualLeft)
        let feed = try F.layout([F.post("p", #""text": "שלום לכולם""#)])
        #expect(behaviours(feed, "p.text") == [.rtlTextLeft])
        // A paragraph opened by a right-to-left override is right to left to Pango (fribidi counts
        // embeddings and overrides as strong), so it is set against the left too; one whose
        // override Feedshot keeps from the bidi engine (a paragraph holding U+0085) is not.
        let overridden = try Fixture.layout(
            Fixture.chat(
                [
                    Fixture.text("o", from: "u2", #"The agenda is online\n\u202Eabc def"#),
                    Fixture.text("k", from: "u2", #"\u202Eabc\u0085def"#),
                ]
                .joined(separator: ",")))
        #expect(behaviours(overridden, "o") == [.rtlTextLeft] && behaviours(overridden, "k").isEmpty)
        #expect(
            TextDirection.firstStrong(in: "\u{202B}1 abc") == .rightToLeft
                && TextDirection.firstStrong(in: "\u{202D}1 مرحبا") == .leftToRight)
    }

    @Test func rightToLeftBubblesKeepTheirSquareCornerAndSayIt() throws {
        let chat = { (direction: String, style: String) in
            try Fixture.layout(
                Fixture.chat(
                    [Fixture.text("m1", from: "u2", "hi"), Fixture.text("m2", from: "u1", "hello")].joined(separator: ","),
                    extra: #""style": "\#(style)", "locale": "he_IL", "layoutDirection": "\#(direction)""#
                        + (style == "messagekit" ? #", "messageKit": {"mirror": true}"# : "")))
        }
        let rtl = try chat("rtl", "amity")
        #expect(behaviours(rtl, "m1") == [.rtlSquareCorner] && behaviours(rtl, "m2") == [.rtlSquareCorner])
        #expect(rtl.kitBehaviours.allSatisfy { $0.behaviour == .rtlSquareCorner && $0.itemId.hasPrefix("m") })
        #expect(try chat("ltr", "amity").kitBehaviours.isEmpty)
        // MessageKit's mirroring (Feedshot's own) flips corners with the bubbles.
        #expect(try chat("rtl", "messagekit").kitBehaviours.isEmpty)
        let comment = #"{"id": "c1", "author": {"id": "u3", "displayName": "Bob"}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}"#
        let feed = try F.layout([F.post("p", #""text": "hi", "previewComments": [\#(comment)]"#)], extra: #", "locale": "he_IL""#)
        #expect(feed.kitBehaviours.map(\.itemId) == ["p.comment.c1"])
    }

    // MARK: The tree

    @Test func eachBehaviourIsListedOncePerItemWithItsNoteAndRow() throws {
        var item = LayoutItem(id: "m1", type: "imageIncoming", frame: Rect(x: 0, y: 0, width: 375, height: 202))
        item.note(.incomingImageTime)
        item.note(.incomingImageTime)
        let layout = Layout(width: 375, height: 202, scale: 2, background: .white, items: [item])
        #expect(layout.kitBehaviours == [KitBehaviourNote(behaviour: .incomingImageTime, itemId: "m1")])
        let json = try #require(try JSONSerialization.jsonObject(with: layout.jsonData()) as? [String: Any])
        let notes = try #require(json["kitBehaviours"] as? [[String: String]])
        #expect(
            notes == [
                [
                    "id": "bug-incoming-image-time", "itemId": "m1", "note": KitBehaviour.incomingImageTime.note,
                    "conformance": "docs/conformance/amity.md#bug-incoming-image-time",
                ]
            ])
        let plain = Layout(width: 375, height: 202, scale: 2, background: .white, items: [])
        let plainJSON = try #require(try JSONSerialization.jsonObject(with: plain.jsonData()) as? [String: Any])
        #expect(plainJSON["kitBehaviours"] == nil)
    }

    /// Every id is an anchor of the conformance table's section.
    @Test func everyIdIsAnAnchorOfTheConformanceTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for behaviour in KitBehaviour.allCases {
            let file = try #require(behaviour.conformance.split(separator: "#").first.map(String.init))
            let table = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(table.contains(#"<a id="\#(behaviour.id)"></a>"#), "\(behaviour.id)")
            #expect(behaviour.conformance.hasSuffix("#\(behaviour.id)"))
        }
        #expect(KitBehaviour.allCases.count == 17)
    }

    /// docs/layout-tree.md, which says what each id means, names every one (it had left out two).
    @Test func theLayoutTreePageNamesEveryId() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/layout-tree.md"), encoding: .utf8)
        let missing = KitBehaviour.allCases.map(\.id).filter { !page.contains("`\($0)`") }
        #expect(missing.isEmpty, "docs/layout-tree.md does not name \(missing)")
    }
}
