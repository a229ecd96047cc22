import Foundation
import Testing

@testable import FeedshotLayout

/// A comment's text: the kit's collapse, mentions, links, and what the document may say about them.
struct CommentTextTests {
    typealias T = CommentLayoutTests
    static let link = "...Read more"

    func collapse(_ text: String, width: Double = 283) -> TextBlock {
        let label = AmityExpandableLabel(
            textColor: .black, readMoreColor: Theme.amityLight.highlight, collapsedLines: 8, link: Self.link)
        return label.measure(StyledText(text, font: label.font, color: .black), width: width, measurer: FakeMeasurer())
    }

    /// Past 8 lines: lines 1–7 as they are, the 8th less 13 characters, then " ...Read more"
    /// (semibold, highlight); 8 lines tall (`ceil(h / lines × 8)`).
    @Test func collapsedTextKeepsSevenLinesAndShortensTheEighth() {
        // 283 / 7.5 = 37 characters a line: seven "abcd " a line (35 with the trailing space).
        let block = collapse(Array(repeating: "abcd", count: 7 * 12).joined(separator: " "))
        #expect(block.isTruncated && block.height == 150)
        #expect(block.lines.count == 8)
        #expect(block.lines[7] == "abcd abcd abcd abcd ab ...Read more")
        let span = block.text.spans.last
        #expect(span?.color == Theme.amityLight.highlight && span?.weight == .semibold)
        #expect(block.text.string.hasSuffix("ab ...Read more"))
    }

    /// The comment screen's own label, through the layout: 8 lines, then " ...Read more" in the
    /// highlight colour and semibold (the tests above give the label these parameters themselves).
    @Test func theCommentScreenCollapsesAtEightLinesWithAHighlightedSemiboldLink() throws {
        let text = Array(repeating: "abcd", count: 7 * 12).joined(separator: " ")
        let cell = try T.item(T.layout(#""previewComments": [\#(T.comment("c1", text))]"#), "p.comment.c1")
        guard case .text(let styled, let lines) = try T.element(cell, .text).content else {
            Issue.record("the comment's text is not text")
            return
        }
        #expect(lines.count == 8 && lines[7].hasSuffix(" ...Read more"))
        let link = try #require(styled.spans.last)
        #expect(link.color == Theme.amityLight.highlight && link.weight == .semibold)
    }

    /// A last line shorter than the link keeps all of it.
    @Test func aShortLastLineIsKeptWhole() {
        let block = collapse((0..<10).map { "line\($0)" }.joined(separator: "\n"))
        #expect(block.lines.count == 8 && block.lines[7] == "line7 ...Read more")
        #expect(block.lines[6] == "line6")
    }

    /// When the shortened line and the link overflow, the label wraps them and clips the 9th
    /// line: here "more" is lost, as on a device.
    @Test func anOverflowingLinkIsClippedLikeTheLabel() {
        let word = "abcdefghijklmnopqr"
        let block = collapse(Array(repeating: word, count: 20).joined(separator: " "))
        #expect(block.lines.count == 8)
        #expect(block.lines[7] == "abcdefghijklmnopqr abcdef ...Read")
        #expect(block.height == 150)
    }

    /// Expanded, or 8 lines or fewer: the whole text.
    @Test func shortOrExpandedTextIsWhole() throws {
        #expect(!collapse("short").isTruncated)
        let long = Array(repeating: "abcd", count: 100).joined(separator: " ")
        let layout = try T.layout(#""previewComments": [\#(T.comment("c1", long, #", "isExpanded": true"#))]"#)
        let text = try T.element(try T.item(layout, "p.comment.c1"), .text)
        #expect(text.frame.height == (15 * 18.75).rounded(.up))
    }

    /// Mentions: primary over the "@" and the name, in the body font (the label's font replaces
    /// their bold unless a mention opens the text), `userDidTap` over where they are drawn; links:
    /// highlight and underlined.
    @Test func mentionsAndLinksAreStyledAndTappable() throws {
        let extra = #", "mentions": [{"userId": "u9", "index": 3, "length": 3}]"#
        let layout = try T.layout(#""previewComments": [\#(T.comment("c1", "Hi @Ann see example.com now", extra))]"#)
        let cell = try T.item(layout, "p.comment.c1")
        let text = try T.element(cell, .text)
        let styled = try #require(text.content.styledText)
        #expect(styled.spans.contains { $0.start == 3 && $0.end == 7 && $0.color == Theme.amityLight.primary && $0.weight == .regular })
        #expect(!styled.spans.contains { $0.weight == .semibold })
        #expect(
            styled.spans.contains { $0.start == 12 && $0.end == 23 && $0.isUnderlined == true && $0.color == Theme.amityLight.highlight })
        let mention = try #require(cell.actions.first { $0.event == "userDidTap" && $0.arguments == ["userId": "u9"] })
        // The tap keeps the label's frame; the glyphs are drawn 1.2 higher.
        #expect(
            mention.frame
                == Rect(x: text.frame.x + 22.5, y: text.frame.y + AmityExpandableLabel.baselineOffsetRatio * 15, width: 30, height: 19))
        let link = try #require(cell.actions.first { $0.event == "linkDidTap" })
        #expect(link.arguments == ["url": "http://example.com", "origin": "feedshot"])
        #expect(link.frame.x == text.frame.x + 12 * 7.5)
    }

    /// A collapsed comment's link the cut goes through is tappable up to the cut and over the " ..."
    /// its range still covers (the kit's label spares only "Read more"), as a post's and a chat
    /// message's are; one far past the cut has no tap.
    @Test func aCollapsedCommentsLinkStopsAtReadMore() throws {
        let long = "a.io/" + String(repeating: "x", count: 600) + " b.io/y"
        let layout = try T.layout(#""previewComments": [\#(T.comment("c1", long))]"#)
        let cell = try T.item(layout, "p.comment.c1")
        let drawn = try #require(try T.element(cell, .text).content.styledText?.string)
        let suffix = " " + Self.link
        #expect(drawn.hasSuffix(suffix))
        let links = cell.actions.filter { $0.event == "linkDidTap" }
        #expect(Set(links.map { $0.arguments["url"] }) == ["http://a.io/" + String(repeating: "x", count: 600)])
        // The fake measurer: 7.5 a character; the boxes cover the characters kept and " ...".
        #expect(links.map(\.frame.width).reduce(0, +) == 7.5 * Double(drawn.count - suffix.count + " ...".count))
    }

    /// What `NSDataDetector` would call a link, roughly: schemes, www., e-mail, common domains;
    /// not the punctuation after them.
    @Test func linksAreFoundWithoutTrailingPunctuation() {
        let text = "see https://a.com/x, www.b.org. mail c@d.io and (e.com/path) f.txt v1.2"
        let found = LinkDetector.links(in: text).map { String(decoding: Array(text.utf8)[$0.range], as: UTF8.self) }
        #expect(found == ["https://a.com/x", "www.b.org", "c@d.io", "e.com/path"])
    }

    /// Comment fields refused with their path.
    @Test(arguments: [
        (#"{"author": {"id": "u"}, "createdAt": "2026-11-29T11:00:00Z"}"#, "post.previewComments[0].text: is required"),
        (
            T.comment("c", "Yes", #", "replies": []"#),
            #"post.previewComments[0].replies: a preview comment has no "replies" (only a post detail's comments, in "commentList", do)"#
        ),
        (T.comment("c", "Yes", #", "isLikd": true"#), #"post.previewComments[0].isLikd: unknown field; did you mean "isLiked"?"#),
        (T.comment("c", "Yes", #", "likes": -1"#), "post.previewComments[0].likes: must be zero or more (got -1)"),
        (
            T.comment("c", "Hi @A", #", "mentions": [{"userId": "u", "index": 3, "length": 2}]"#),
            #"post.previewComments[0].mentions[0].length: the mention (index 3, "@" and 2 more) ends past the text's 5 UTF-16 units"#
        ),
        (
            T.comment("c", "Hi @A", #", "mentions": [{"userId": "u", "index": 3, "length": 0}]"#),
            #"post.previewComments[0].mentions[0].length: must be a whole number of at least 1 (the name's length after the "@")"#
        ),
        (
            T.comment("c", "😀@A", #", "mentions": [{"userId": "u", "index": 1, "length": 1}]"#),
            "post.previewComments[0].mentions[0].index: the mention does not start and end on character boundaries of the text"
        ),
        (
            #"{"author": {"id": "u", "isGlobalBanned": "yes"}, "text": "Hi", "createdAt": "2026-11-29T11:00:00Z"}"#,
            "post.previewComments[0].author.isGlobalBanned: must be true or false"
        ),
    ])
    func badCommentsAreRefused(json: String, expected: String) {
        let document = #"{"kind": "post", "post": \#(T.post), "previewComments": [\#(json)]}}"#
        #expect(throws: DocumentError.self) { try Document.decode(Data(document.utf8)) }
        do {
            _ = try Document.decode(Data(document.utf8))
        } catch {
            #expect("\(error)" == expected)
        }
    }

    /// Post-detail fields refused with their path.
    @Test(arguments: [
        (
            #""replyCount": 0, "replies": [{"id": "r", "author": {"id": "u"}, "text": "x", "createdAt": "2026-11-29T11:00:00Z"}]"#,
            "post.commentList[0].replyCount: is 0, fewer than the 1 replies given that are not deleted"
        ),
        (#""shownReplies": 0"#, "post.commentList[0].shownReplies: must be at least 1 (got 0)"),
        (
            #""replies": [{"id": "r", "author": {"id": "u"}, "text": "x", "createdAt": "2026-11-29T11:00:00Z", "replies": []}]"#,
            #"post.commentList[0].replies[0].replies: a reply has no "replies" (only the comments of "commentList" do)"#
        ),
    ])
    func badDetailCommentsAreRefused(fields: String, expected: String) {
        let document = #"{"kind": "post", "post": \#(T.post), "commentList": [\#(T.comment("c", "Yes", ", " + fields))]}}"#
        do {
            _ = try Document.decode(Data(document.utf8))
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == expected)
        }
    }

    /// More comments than the item limit are refused before they are read.
    @Test func tooManyCommentsAreRefused() {
        var options = DecodingOptions()
        options.limits.maxItems = 2
        let list = (0..<3).map { T.comment("c\($0)") }.joined(separator: ",")
        let document = #"{"kind": "post", "post": \#(T.post), "commentList": [\#(list)]}}"#
        #expect(
            throws: DocumentError(path: "post.commentList", message: "has 3 comments, more than the limit of 2 (raise it with --max-items)")
        ) { try Document.decode(Data(document.utf8), options: options) }
    }

    /// A mention that opens the comment keeps its bodyBold: `copyWithAddedFontAttribute` adds the
    /// label's font only when the first character has none (AmityExpandableLabel.swift:461-465).
    @Test func aMentionOpeningTheTextKeepsItsBold() throws {
        let extra = #", "mentions": [{"userId": "u9", "index": 0, "length": 3}, {"userId": "u8", "index": 9, "length": 3}]"#
        let layout = try T.layout(#""previewComments": [\#(T.comment("c1", "@Ann and @Bob", extra))]"#)
        let styled = try #require(try T.element(try T.item(layout, "p.comment.c1"), .text).content.styledText)
        #expect(styled.spans.map(\.start) == [0, 9])
        #expect(styled.spans.allSatisfy { $0.weight == .semibold && $0.color == Theme.amityLight.primary })
    }
}
