import Foundation
import Testing

@testable import FeedshotLayout

/// Feed and post documents: which cells a post has, how posts stack, the share menu, custom
/// components, the share sheet (docs/conformance/amity.md, "Feed").
struct FeedLayoutTests {
    typealias F = FeedFixture

    @Test func postsStackWithTheHeadersClearTopBetweenThemAndNothingAfterTheLast() throws {
        let layout = try F.layout([F.post("a", #""text": "Hello""#), F.post("b", #""text": "World", "likes": 1"#)])
        #expect(layout.items.map(\.id) == ["a.header", "a.text", "a.footer", "b.header", "b.text", "b.footer"])
        #expect(layout.items.map(\.frame.height) == [68, 35, 58, 68, 35, 98])
        #expect(layout.item("b.header")?.frame.y == layout.item("a.footer")?.frame.maxY)
        #expect(layout.height == layout.items.last?.frame.maxY)
        #expect(layout.background == Theme.amityLight.secondaryShade4)
    }

    @Test func aTextPostWithImagesOrFilesIsAMediaOrFilePost() throws {
        let layout = try F.layout([
            F.post("i", #""text": "Look", "images": [{"src": ""}]"#), F.post("f", #""text": "Read", "files": [{"name": "a.pdf"}]"#),
        ])
        #expect(layout.items.map(\.id) == ["i.header", "i.gallery", "i.footer", "f.header", "f.file", "f.footer"])
    }

    /// A video post is an image post's component (`AmityFeedScreenViewModel.swift:74-75`), whose
    /// rows are the header, the gallery, the footer, then the feed's preview comments — the last
    /// two, the last first — and "View all comments..." past two (`AmityPostMediaComponent.swift:27-60`).
    @Test func aVideoPostIsHeaderGalleryFooterThenItsPreviewComments() throws {
        let comments = ["c0", "c1", "c2"].map {
            #"{"id": "\#($0)", "author": {"id": "u3", "displayName": "Bob"}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}"#
        }
        let layout = try F.layout([
            F.post(
                "v",
                #""dataType": "video", "text": "Look", "images": [{"src": ""}], "comments": 3, "previewComments": [\#(comments.joined(separator: ","))]"#
            )
        ])
        #expect(
            layout.items.map(\.id) == ["v.header", "v.gallery", "v.footer", "v.comment.c2", "v.comment.c1", "v.viewAllComments"])
    }

    @Test func eventsAreTheKitsAndFeedshotsOwnAreMarked() throws {
        let layout = try F.layout([
            F.post(
                "p",
                #""text": "Hi", "origin": "publicCommunity", "community": {"id": "c1", "name": "Hikers"}, "likes": 3, "comments": 4"#)
        ])
        let actions = layout.items.flatMap(\.actions)
        let kit: Set = ["userDidTap", "communityDidTap", "postDidtap", "openLiveStreamPlayer", "openRecordedLiveStreamPlayer"]
        for action in actions where !kit.contains(action.event.rawValue) {
            #expect(action.arguments["origin"] == "feedshot" || action.event == "commentDidTap", "\(action.event)")
        }
        #expect(actions.contains { $0.event == "postDidtap" } && !actions.contains { $0.event == "postDidTap" })
        let footer = try #require(layout.item("p.footer"))
        #expect(footer.shareMenu == ["sharePostToMyTimelineDidTap", "sharePostToGroupDidTap"])
    }

    @Test func sharingOverridesChangeTheMenu() throws {
        let layout = try F.layout([F.post("p", #""text": "Hi", "origin": "myFeed""#)], extra: #", "sharing": {"myFeed": ["external"]}"#)
        #expect(layout.item("p.footer")?.shareMenu == ["sharePostDidTap"])
        #expect(layout.item("p.footer")?.actions("shareMenuDidOpen").first?.arguments["menu"] == "sharePostDidTap")
    }

    @Test func customPostsAreDrawnFromComponents() throws {
        let layout = try F.layout([
            F.post(
                "q",
                #""dataType": "quiz", "components": ["header", {"type": "custom", "id": "question", "text": "Lunch?", "padding": 10}, {"type": "custom", "id": "banner", "height": 80}, "footer"]"#
            )
        ])
        #expect(layout.items.map(\.id) == ["q.header", "q.question", "q.banner", "q.footer"])
        #expect(layout.items[1].frame.height == 19 + 20)
        #expect(layout.items[2].frame.height == 80)
        #expect(layout.items[1].actions("postDidtap").first?.arguments == ["postId": "q", "component": "question"])
    }

    /// A component's image that did not load is warned about at its JSON path, with the reason.
    @Test func aComponentsMissingImageIsWarnedAtItsPath() throws {
        let layout = try F.layout([
            F.post(
                "q", #""dataType": "quiz", "components": ["header", {"type": "custom", "id": "banner", "height": 80, "image": "gone.png"}]"#
            )
        ])
        #expect(layout.warnings == ["posts[0].components[1].image: not loaded; drew a placeholder"], "\(layout.warnings)")
    }

    /// A component of a fixed height keeps the whole lines of its text that fit inside its padding,
    /// the last ending in "…", never a line cut through.
    @Test func aFixedHeightComponentKeepsTheWholeLinesThatFit() throws {
        let text = String(repeating: "lunch ", count: 30)
        let layout = try F.layout([
            F.post(
                "q",
                #""dataType": "quiz", "components": [{"type": "custom", "id": "banner", "text": "\#(text)", "padding": 10, "height": 60}]"#)
        ])
        let banner = try #require(layout.item("q.banner"))
        let element = try #require(banner.elements.first { $0.role == .text })
        guard case .text(let drawn, let lines) = element.content else {
            Issue.record("the component's text is not drawn as text")
            return
        }
        // 40 points inside the padding: two lines of 18.75.
        #expect(lines.count == 2 && drawn.string.hasSuffix("…"))
        #expect(element.frame.height == 38 && element.frame.maxY <= banner.frame.maxY - 10)
    }

    /// Too short for even one line inside its padding, a component shows its first line centred
    /// on it, as a `UILabel` centres its text in its bounds: it was drawn from the padding down,
    /// its descenders cut by the component's bottom.
    @Test func aComponentTooShortForOneLineCentresItsFirstLine() throws {
        let layout = try F.layout([
            F.post("q", #""dataType": "quiz", "components": [{"type": "custom", "id": "banner", "text": "lunch lunch", "height": 30}]"#)
        ])
        let banner = try #require(layout.item("q.banner"))
        let element = try #require(banner.elements.first { $0.role == .text })
        // One 18.75-point line, rounded up to 19, centred on the 30-point component.
        #expect(element.frame.height == 19)
        #expect(element.frame.midY == banner.frame.midY)
        #expect(element.frame.minY >= banner.frame.minY && element.frame.maxY <= banner.frame.maxY)
    }

    /// No item, no sheet: the kit presents none, so the document is refused naming the setting
    /// (it was "the layout is empty …: add messages to draw").
    @Test func aShareSheetWithNoItemIsRefusedNamingTheSetting() {
        let json = Data(#"{"kind": "shareSheet", "origin": "userFeed", "postId": "p1", "sharing": {"userFeed": []}}"#.utf8)
        #expect(
            throws: DocumentError(
                path: "sharing.userFeed",
                message: "allows no share target, so there is no sheet to draw: the kit opens none (and the post has no Share button)")
        ) { try Document.decode(json) }
    }

    @Test func theShareSheetHas44PointRowsAtX16OverTheDimmedScreen() throws {
        let json = Data(
            #"{"kind": "shareSheet", "origin": "privateCommunity", "postId": "p1", "sharing": {"privateCommunity": ["originFeed", "external"]}}"#
                .utf8)
        let layout = try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
        let sheet = layout.items[0]
        #expect(sheet.actions.map(\.event) == ["sharePostToGroupDidTap", "sharePostDidTap"])
        #expect(sheet.actions.map(\.arguments) == [["postId": "p1"], ["postId": "p1"]])
        #expect(sheet.actions.map(\.frame) == [Rect(x: 0, y: 19, width: 375, height: 44), Rect(x: 0, y: 63, width: 375, height: 44)])
        // The handle area and separator (19), 44 a row, 16 below.
        #expect(layout.height == 19 + 2 * 44 + 16)
        #expect(sheet.texts == ["Share to Group", "More options"])
        #expect(sheet.frame(ofText: "Share to Group")?.origin == (16, 19 + 12.5))
        #expect(
            sheet.elements.first?.content
                == .box(fill: .white, corners: CornerRadii(topLeft: 6, topRight: 6, bottomRight: 0, bottomLeft: 0)))
        #expect(layout.background == Color.black.withAlpha(0.5))
    }
}
