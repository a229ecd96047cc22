import Foundation
import Testing

@testable import FeedshotLayout

/// Right-to-left documents are laid out mirrored, as UIKit mirrors leading and trailing edges.
struct MirroringTests {
    static func layout(_ extra: String, style: String = "amity") throws -> Layout {
        try Fixture.layout(
            Fixture.chat(
                [Fixture.text("m1", from: "u2", "hi there"), Fixture.text("m2", from: "u1", "hello")].joined(separator: ","),
                extra: #""style": "\#(style)"\#(extra.isEmpty ? "" : ", " + extra)"#))
    }

    /// Every frame of an Arabic-locale layout is the left-to-right one's mirrored; actions follow.
    /// MessageKit mirrors only when the document asks for Feedshot's mirroring (docs/messagekit.md).
    @Test(arguments: ["amity", "messagekit"])
    func anArabicLocaleMirrorsEveryFrame(style: String) throws {
        // The same locale both ways, so that the times are formatted alike.
        let mirror = style == "messagekit" ? #", "messageKit": {"mirror": true, "bubble": {"style": "bubbleTail"}}"# : ""
        let ltr = try Self.layout(#""locale": "ar_EG", "layoutDirection": "ltr""# + mirror, style: style)
        let rtl = try Self.layout(#""locale": "ar_EG", "layoutDirection": "rtl""# + mirror, style: style)
        #expect(ltr.items.count == rtl.items.count)
        for (a, b) in zip(ltr.items, rtl.items) {
            #expect(b.frame == a.frame.mirrored(inWidth: ltr.width))
            for (x, y) in zip(a.elements, b.elements) {
                #expect(y.frame == x.frame.mirrored(inWidth: ltr.width), "\(a.id) \(x.role.rawValue)")
            }
            #expect(b.actions.map(\.frame) == a.actions.map { $0.frame.mirrored(inWidth: ltr.width) })
        }
    }

    /// The locale decides by default; `layoutDirection` overrides it either way.
    @Test func theLocaleDecidesUnlessTheDocumentSays() throws {
        let width = 375.0
        func avatarX(_ layout: Layout) -> Double? {
            layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .avatar }?.frame.minX
        }
        let ltr = try #require(avatarX(try Self.layout("")))
        #expect(ltr < width / 2)
        #expect(try #require(avatarX(try Self.layout(#""locale": "he_IL""#))) > width / 2)
        #expect(try #require(avatarX(try Self.layout(#""locale": "ar_EG", "layoutDirection": "ltr""#))) == ltr)
        #expect(try #require(avatarX(try Self.layout(#""layoutDirection": "rtl""#))) > width / 2)
    }

    @Test func leftAndRightAlignedTextsSwapSides() {
        let left = StyledText("12:30", font: AmityFont.caption.spec, alignment: .left)
        guard case .text(let text, _) = ElementContent.text(left, lines: ["12:30"]).mirrored() else {
            Issue.record("not text")
            return
        }
        #expect(text.alignment == .right)
        let natural = StyledText("مرحبا", font: AmityFont.caption.spec)
        #expect(ElementContent.text(natural, lines: ["مرحبا"]).mirrored() == .text(natural, lines: ["مرحبا"]))
    }

    /// A poll answer is a `UILabel` with natural alignment, which UIKit resolves by the interface's
    /// direction: an English answer of two lines in a right-to-left feed is set against the right,
    /// beside the radio; left to right it stays natural (the left); an Arabic one keeps its own
    /// direction (natural). One line fills its frame either way.
    @Test func aSeveralLineAnswerIsSetAgainstItsLabelsLeadingEdge() throws {
        let english = String(repeating: "Beach house ", count: 8)
        let answers = #"[{"id": "a1", "text": "\#(english)"}, {"id": "a2", "text": "مرحبا بالجميع"}]"#
        func alignments(_ locale: String) throws -> [String: StyledText.Alignment] {
            let layout = try FeedFixture.layout(
                [FeedFixture.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(answers)}"#)],
                extra: #", "locale": "\#(locale)""#)
            let poll = try #require(layout.item("q.poll"))
            var found: [String: StyledText.Alignment] = [:]
            for element in poll.elements {
                if case .text(let text, _) = element.content, text.string == english || text.string == "مرحبا بالجميع" {
                    found[text.string] = text.alignment
                }
            }
            return found
        }
        #expect(try alignments("en_US") == [english: .natural, "مرحبا بالجميع": .natural])
        #expect(try alignments("ar_EG") == [english: .right, "مرحبا بالجميع": .natural])
    }

    /// A right-to-left text in a `.natural` label is set against the label's right edge in a
    /// left-to-right feed too (docs/languages.md): an Arabic poll answer and link preview title
    /// end where their labels end; a Latin one starts where its label starts. They were drawn
    /// right-aligned inside a frame at the label's left, short of either edge.
    @Test func aRightToLeftTextIsSetAgainstItsLabelsRightEdgeInALeftToRightFeed() throws {
        let arabic = String(repeating: "مرحبا بالجميع ", count: 6) + "أهلا"
        let answers = #"[{"id": "a1", "text": "\#(arabic)"}, {"id": "a2", "text": "Beach house"}]"#
        let layout = try FeedFixture.layout(
            [
                FeedFixture.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(answers)}"#),
                FeedFixture.post("l", #""text": "https://example.com", "linkPreview": {"state": "loaded", "title": "\#(arabic)"}"#),
            ],
            extra: #", "locale": "en_US""#)
        func frame(_ id: String, _ string: String) throws -> Rect {
            let item = try #require(layout.item(id))
            return try #require(
                item.elements.first {
                    guard case .text(let text, _) = $0.content else { return false }
                    return text.string == string || text.string.hasSuffix("…") && string.hasPrefix(text.string.dropLast())
                }
            ).frame
        }
        let m = FeedMetrics.self
        let answer = try frame("q.poll", arabic), latin = try frame("q.poll", "Beach house")
        #expect(answer.maxX == 375 - m.margin - m.answerInset, "\(answer)")
        #expect(latin.minX == m.margin + m.answerInset + m.answerTitleX)
        // The title's label: 12 in from the card's left edge, 10 from its right (the kit's xib).
        let title = try frame("l.linkPreview", arabic)
        #expect(title.maxX == 375 - m.margin - 10, "\(title)")
    }

    @Test func shapesFlipTheirSides() {
        let corners = CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4)
        #expect(ElementContent.box(fill: .black, corners: corners).mirrored() == .box(fill: .black, corners: corners.mirrored))
        #expect(BubbleShape(tail: .init(corner: .bottomLeft, style: .curved)).mirrored().tail?.corner == .bottomRight)
        #expect(BubbleShape(tail: .init(corner: .topRight, style: .pointedEdge)).mirrored().tail?.corner == .topLeft)
        #expect(BubbleShape().mirrored().tail == nil)
        let left = BubbleShape(tail: .init(corner: .bottomLeft, style: .curved))
        let right = BubbleShape(tail: .init(corner: .bottomRight, style: .curved))
        #expect(
            ElementContent.image(ref: "a.png", cornerRadius: 0, mask: left).mirrored() == .image(ref: "a.png", cornerRadius: 0, mask: right)
        )
    }

    @Test func anUnknownDirectionIsRefused() {
        #expect(throws: DocumentError(path: "layoutDirection", message: #"unknown value "up" (use ltr, rtl)"#)) {
            try Document.decode(Fixture.chat("", extra: #""layoutDirection": "up""#))
        }
    }

    /// The Amity kit rounds its bubbles with `maskedCorners`, which name the left and right corners
    /// in either direction (`M/Cells/AmityMessageTableViewCell.swift:84-90`): right to left, the
    /// frames mirror and the corners stay. A MessageKit chat mirrored by its own option flips its
    /// bubbles' tails with the layout (MessageKit has no right to left of its own).
    @Test(arguments: ["amity", "messagekit"])
    func amityKeepsItsCornersRightToLeft(style: String) throws {
        let mirror = style == "messagekit" ? #", "messageKit": {"mirror": true, "bubble": {"style": "bubbleTail"}}"# : ""
        let ltr = try Self.layout(#""locale": "ar_EG", "layoutDirection": "ltr""# + mirror, style: style)
        let rtl = try Self.layout(#""locale": "ar_EG", "layoutDirection": "rtl""# + mirror, style: style)
        var bubbles = 0
        for (a, b) in zip(ltr.items, rtl.items) {
            for (x, y) in zip(a.elements, b.elements) {
                switch (x.content, y.content) {
                case (.box(_, _, let before), .box(_, _, let after)):
                    if x.role == .bubble { bubbles += 1 }
                    #expect(after == (style == "amity" ? before : before.mirrored), "\(a.id) \(x.role.rawValue)")
                case (.bubble(let before, _, _), .bubble(let after, _, _)):
                    bubbles += 1
                    #expect(style == "messagekit" && after == before.mirrored() && after != before, "\(a.id)")
                default: continue
                }
            }
        }
        // Each profile's two messages' bubbles (Amity's boxes, MessageKit's shapes) were compared.
        #expect(bubbles == 2, "\(style): \(bubbles) bubbles compared")
        if style == "amity" {
            // Others' bubble: the top-left corner square, on the right of the screen too.
            let bubble = try #require(rtl.items.first { $0.id == "m1" }?.elements.first { $0.role == .bubble })
            guard case .box(_, _, let corners) = bubble.content else { throw CancellationError() }
            #expect(corners.topLeft == 0 && corners.topRight == 4 && bubble.frame.maxX > 300)
        }
    }
}
