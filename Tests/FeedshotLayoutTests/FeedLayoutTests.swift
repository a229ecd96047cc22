import Foundation
import Testing

@testable import FeedshotLayout

/// Feed and post documents laid out with the fake measurer: cells, heights, actions, menus.
struct FeedLayoutTests {
    static let author = #"{"id": "u2", "displayName": "Ann Lee"}"#

    func layout(_ posts: [String], extra: String = "") throws -> Layout {
        let json = Data(
            #"{"kind": "feed", "viewer": "u1", "now": "2026-11-29T12:00:00Z"\#(extra), "posts": [\#(posts.joined(separator: ","))]}"#.utf8)
        return try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
    }

    func post(_ id: String, _ fields: String) -> String {
        #"{"id": "\#(id)", "author": \#(Self.author), "createdAt": "2026-11-29T10:00:00Z", \#(fields)}"#
    }

    @Test func aTextPostIsHeaderTextFooterWithTheGapsBetweenPosts() throws {
        let layout = try layout([post("a", #""text": "Hello""#), post("b", #""text": "World", "likes": 1"#)])
        #expect(layout.items.map(\.id) == ["a.header", "a.text", "a.footer", "b.header", "b.text", "b.footer"])
        let a = layout.items[0], b = layout.items[3]
        #expect(a.frame.y == 8 && a.frame.height == 72)
        // Text: one 18.75 line → 19, plus 12 below.
        #expect(layout.items[1].frame.height == 31)
        // Footer without counts: separator, action row, separator.
        #expect(layout.items[2].frame.height == 34)
        #expect(b.frame.y == layout.items[2].frame.maxY + 8)
        #expect(layout.items[5].frame.height == 66)
        #expect(layout.height == layout.items[5].frame.maxY + 8)
    }

    @Test func fourImagesUseTheMosaicInASquareOfWidthMinus32() throws {
        let images = (0..<4).map { _ in #"{"src": ""}"# }.joined(separator: ",")
        let layout = try layout([post("g", #""dataType": "image", "images": [\#(images)]"#)])
        let gallery = try #require(layout.items.first { $0.id == "g.gallery" })
        let tiles = gallery.elements.filter { $0.role == .tile }.map(\.frame)
        #expect(tiles[0] == Rect(x: 16, y: gallery.frame.y, width: 343, height: 229))
        #expect(tiles[1...].allSatisfy { $0.width == 109 && $0.height == 109 })
        #expect(gallery.frame.height == 346 + 16)
        #expect(gallery.actions.map(\.arguments["index"]) == ["0", "1", "2", "3"])
        #expect(layout.warnings.count == 4)
    }

    @Test func actionsCarryTheirEventsAndArguments() throws {
        let layout = try layout([
            post(
                "p",
                #""text": "Hi @Bob", "origin": "publicCommunity", "community": {"name": "Hikers", "isOfficial": true}, "likes": 3, "comments": 4, "previewComments": [{"author": {"id": "u3"}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}]"#
            )
        ])
        let events = layout.items.flatMap(\.actions).map(\.event)
        #expect(events.contains("userDidTap") && events.contains("communityDidTap") && events.contains("postDidTap"))
        #expect(events.contains("likeDidTap") && events.contains("commentDidTap") && events.contains("shareMenuDidOpen"))
        let header = try #require(layout.items.first { $0.id == "p.header" })
        let avatar = try #require(header.actions.first { $0.event == "userDidTap" })
        #expect(avatar.frame == Rect(x: 16, y: header.frame.y + 16, width: 40, height: 40))
        let footer = try #require(layout.items.first { $0.id == "p.footer" })
        #expect(footer.shareMenu == ["sharePostToMyTimelineDidTap", "sharePostToGroupDidTap"])
        let like = try #require(footer.actions.first { $0.event == "likeDidTap" })
        #expect(like.frame.width == (375 - 32) / 3 && like.frame.height == 32)
        #expect(layout.items.contains { $0.id == "p.comment.c0" })
    }

    @Test func sharingOverridesChangeTheMenu() throws {
        let layout = try layout([post("p", #""text": "Hi", "origin": "myFeed""#)], extra: #", "sharing": {"myFeed": ["external"]}"#)
        #expect(layout.items.first { $0.id == "p.footer" }?.shareMenu == ["sharePostDidTap"])
    }

    @Test func textWithMediaCollapsesAfterThreeLinesAndExpandsOnRequest() throws {
        let long = (1...20).map { "word\($0)" }.joined(separator: " ")
        let collapsed = try layout([post("p", #""dataType": "file", "text": "\#(long)", "files": [{"name": "a.pdf"}]"#)])
        // 343 / 7.5 = 45 characters a line; 3 lines of 18.75 → 57, plus 12.
        #expect(collapsed.items.first { $0.id == "p.text" }?.frame.height == 69.0)  // 57 + 12
        #expect(collapsed.items.flatMap(\.actions).contains { $0.event == "readMoreDidTap" })
        let expanded = try layout([post("p", #""dataType": "file", "text": "\#(long)", "files": [{"name": "a.pdf"}], "isExpanded": true"#)])
        #expect(expanded.items.first { $0.id == "p.text" }?.frame.height == (4 * 18.75).rounded(.up) + 12)
        // One file row of 76 and 8 below.
        #expect(expanded.items.first { $0.id == "p.file" }?.frame.height == 84)
    }

    @Test func customPostsAreDrawnFromComponents() throws {
        let layout = try layout([
            post(
                "q",
                #""dataType": "poll", "components": ["header", {"type": "custom", "id": "question", "text": "Lunch?", "padding": 10}, {"type": "custom", "id": "banner", "height": 80}, "footer"]"#
            )
        ])
        #expect(layout.items.map(\.id) == ["q.header", "q.question", "q.banner", "q.footer"])
        #expect(layout.items[1].frame.height == 19 + 20)
        #expect(layout.items[2].frame.height == 80)
    }

    @Test func aCustomTypeWithoutComponentsIsRefusedNamingThePost() {
        #expect(
            throws: DocumentError(
                path: "posts[0].dataType",
                message: #"custom post type "poll" needs "components" (built-in types: file, image, text, video)"#)
        ) {
            try Document.decode(Data(#"{"kind": "feed", "posts": [\#(post("q", #""dataType": "poll""#))]}"#.utf8))
        }
    }

    @Test func theShareSheetListsOnlyAllowedItems() throws {
        let json = Data(
            #"{"kind": "shareSheet", "origin": "privateCommunity", "postId": "p1", "sharing": {"privateCommunity": ["originFeed", "external"]}}"#
                .utf8)
        let layout = try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
        #expect(layout.items[0].actions.map(\.event) == ["sharePostToGroupDidTap", "sharePostDidTap"])
        #expect(layout.height == 28 + 2 * 52 + 34)
    }
}
