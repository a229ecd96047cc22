import Foundation
import Testing

@testable import FeedshotLayout

/// Issue #26's Amity differences in posts and comments, each pinned to the kit's source
/// (docs/conformance/amity.md, "Feed" and "Comments").
struct AmityFeedFixesTests {
    typealias T = CommentLayoutTests
    typealias F = FeedFixture

    static let nameless = #"{"id": "u9"}"#

    /// Authors without a display name are "Anonymous", not their id
    /// (`Models/AmityPostModel.swift:236-237,305`, `Models/AmityCommentModel.swift:39`).
    @Test func authorsWithoutADisplayNameAreAnonymous() throws {
        let post = F.post("p", #""text": "Hi""#, author: Self.nameless)
        let header = try #require(try F.layout([post]).item("p.header"))
        #expect(header.texts.contains("Anonymous") && !header.texts.contains("u9"))
        #expect(header.actions("userDidTap").first?.arguments == ["userId": "u9"])
        let comment = #"{"id": "c1", "author": \#(Self.nameless), "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}"#
        let cell = try T.item(try T.layout(#""previewComments": [\#(comment)]"#), "p.comment.c1")
        #expect(T.text(try T.element(cell, .name)) == "Anonymous")
        // The document's strings translate it.
        let german = try F.layout([post], extra: #", "strings": {"general_anonymous": "Anonym"}"#)
        #expect(german.item("p.header")?.texts.contains("Anonym") == true)
    }

    /// Post text and comments raise their glyphs by the label's baselineOffset, 0.08 × 15 = 1.2
    /// (`Components/AmityExpandableLabel.swift:467-480`); the frames of their taps stay.
    @Test func postTextAndCommentsRaiseTheirGlyphsLikeTheChat() throws {
        let layout = try F.layout([F.post("p", #""text": "Hi there""#)])
        let text = try #require(layout.item("p.text"))
        let drawn = try #require(text.elements.first { $0.role == .text })
        #expect(abs(drawn.frame.y - (text.frame.y + 8 - 1.2)) < 1e-9)
        #expect(text.actions("postDidtap").first?.frame.y == 8)  // item-relative: the frame stays
        let cell = try T.item(try T.layout(#""previewComments": [\#(T.comment("c1"))]"#), "p.comment.c1")
        let bubble = try T.element(cell, .comment)
        let comment = try #require(cell.elements.first { $0.role == .text })
        #expect(abs(comment.frame.y - (bubble.frame.y + 12 - 1.2)) < 1e-9)
    }

    /// A long name is squeezed so the banned badge ends 16 from the edge (`AmityCommentView.xib:49-61,208,221,225`):
    /// the truncated label fills what is left; a short name keeps its width and the badge follows it.
    @Test func theBannedBadgeOfALongNameEnds16FromTheEdge() throws {
        func cell(_ name: String) throws -> LayoutItem {
            let comment =
                #"{"id": "c1", "author": {"id": "u3", "displayName": "\#(name)", "isGlobalBanned": true}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}"#
            return try T.item(try T.layout(#""previewComments": [\#(comment)]"#), "p.comment.c1")
        }
        let long = try cell(String(repeating: "B", count: 60))
        #expect(try T.element(long, .name).frame.width == 375 - 52 - 4 - 16 - 16)
        #expect(try T.element(long, .badge).frame.maxX == 375 - 16)
        let short = try cell("Bob")
        let name = try T.element(short, .name)
        #expect(name.frame.width == 3 * 7.5 + 0.5)  // "Bob" semibold 15: 22.5 → 23
        #expect(try T.element(short, .badge).frame.x == name.frame.maxX + 4)
    }

    /// Reply is `icon_reply` at its asset's size, 13.48 × 12, tinted; "View replies" is
    /// `icon_reply_inverse`, 12 × 8 (`Assets.xcassets/icons/General/icon_reply*.imageset`).
    @Test func theReplyIconsAreTheKitsAtTheirAssetsSizes() throws {
        let cell = try T.item(try T.layout(#""previewComments": [\#(T.comment("c1", "Yes", #", "replyCount": 2"#))]"#), "p.comment.c1")
        let reply = try T.element(cell, .replyButton)
        #expect(reply.frame.width == 13.482422 && reply.frame.height == 11.997131)
        // Centred in the 22-point action row at 111.5 (`CommentLayoutTests.theActionRowLaysItsButtonsOut12Apart`).
        #expect(abs(reply.frame.midY - (cell.frame.y + 111.5 + 11)) < 1e-9)
        let arrow = try T.element(cell, .viewReplies, 1)
        #expect(arrow.frame.width == 12 && arrow.frame.height == 8)
        if case .glyph(let glyph, _) = arrow.content { #expect(glyph == .replies) } else { Issue.record("no arrow glyph") }
    }

    /// A comment list is the post detail's: it makes a post document the detail screen (no
    /// option button, white background, whole text), is refused with `"display": "feed"`, and in a
    /// feed (`AmityPostModel.swift:104-123`; `AmityPostDetailViewController.swift:131`).
    @Test func aCommentListMakesTheDetailScreen() throws {
        let layout = try T.layout(#""commentList": [\#(T.comment("c1"))]"#)
        #expect(layout.background == Theme.amityLight.background)
        #expect(layout.items.first { $0.id == "p.header" }?.actions("postOptionDidTap").isEmpty == true)
        let feedDisplay = #"{"kind": "post", "display": "feed", "post": \#(T.post), "commentList": [\#(T.comment("c1"))]}}"#
        let refusal = #expect(throws: DocumentError.self) { try Document.decode(Data(feedDisplay.utf8)) }
        #expect(refusal?.path == "display")
        #expect(refusal?.message.contains("commentList") == true)
        let inFeed = #"{"kind": "feed", "posts": [\#(T.post), "commentList": [\#(T.comment("c1"))]}]}"#
        #expect(
            throws: DocumentError(
                path: "posts[0].commentList",
                message: #"a post detail's comments, which the feed never shows (use "kind": "post"; the feed's are "previewComments")"#)
        ) {
            try Document.decode(Data(inFeed.utf8))
        }
        // Without a comment list a post document is still the feed's unless it says otherwise.
        let plain = try LayoutEngine.layout(
            Document.decode(Data(#"{"kind": "post", "post": \#(T.post)}}"#.utf8)), measurer: FakeMeasurer())
        #expect(plain.background == Theme.amityLight.secondaryShade4)
    }
}
