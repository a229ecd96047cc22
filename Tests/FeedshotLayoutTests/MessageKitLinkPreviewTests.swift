import Foundation
import Testing

@testable import FeedshotLayout

/// `LinkPreviewMessageSizeCalculator` and `LinkPreviewMessageCell` (docs/conformance/messagekit.md,
/// "Link preview"), at 375 wide, incoming: max width 295, text max width 263, link max width
/// max(263, 0.75 × 375) = 281.25.
struct MessageKitLinkPreviewTests {
    func preview(_ text: String, textSize: String = "large", url: String = "https://EXAMPLE.com/offsite", title: String = "Team") -> Data {
        let link = #""link": {"url": "\#(url)", "title": "\#(title)", "teaser": "Three days", "thumbnail": "thumb.png"}"#
        return MK.document([MK.message("l", "linkPreview", #""text": "\#(text)", \#(link)"#)], textSize: textSize)
    }

    @Test func aShortTextGetsTheLinkMaxWidthAndTheInsetsTwice() throws {
        let measurer = FakeMeasurer()
        let cell = try MK.item(preview("Look"), "l", measurer: measurer)
        #expect(measurer.widths(for: "Look") == [281.25])
        // 36 (text 22 + insets 14) + max(60, 17 + 14 + 15) + 14.
        #expect(MK.container(cell) == Rect(x: 42, y: 4, width: 281.25, height: 110))
        // The labels are measured at 281.25 − (60 + 8 + 32).
        #expect(measurer.widths(for: "Team") == [181.25])
        #expect(measurer.widths(for: "EXAMPLE.com") == [181.25])  // measured as `url.host`
    }

    /// `LinkItem.text` has priority over `attributedText`: with both, the text is drawn and the
    /// layout says the runs were not (the runs were drawn).
    @Test func aLinkPreviewsTextComesBeforeItsRuns() throws {
        let link = #""link": {"url": "https://example.com", "teaser": "t"}"#
        let json = MK.document([MK.message("l", "linkPreview", #""text": "Plain", "runs": [{"text": "Styled", "bold": true}], \#(link)"#)])
        let layout = try MK.layout(json)
        let cell = try #require(layout.items.first { $0.id == "l" })
        #expect(cell.texts.contains("Plain") && !cell.texts.contains("Styled"))
        #expect(layout.warnings.contains { $0.hasPrefix("messages[0].runs: not drawn") }, "\(layout.warnings)")
        let runsOnly = try MK.layout(MK.document([MK.message("l", "linkPreview", #""runs": [{"text": "Styled"}], \#(link)"#)]))
        #expect(runsOnly.items.first { $0.id == "l" }?.texts.contains("Styled") == true && runsOnly.warnings.isEmpty)
    }

    @Test func aLongTextWidensTheContainerPastTheMaxWidth() throws {
        // 33 characters fit in 281.25 at 8.5 each: the first line is 280.5 → 281 wide.
        let cell = try MK.item(preview("This link is worth a look for the whole team"), "l")
        #expect(MK.container(cell)?.width == 313)
        #expect(MK.container(cell)?.height == 43.0 + 14 + 60 + 14)  // two lines: 42.5 → 43
    }

    @Test func thePreviewIsPinnedAboveTheBottomWithThreePointGaps() throws {
        let cell = try MK.item(preview("Look"), "l", images: MK.images("thumb.png"))
        let container = try #require(MK.container(cell))
        let texts = cell.elements.filter { $0.role == .text }
        #expect(texts.map { MK.styled($0)?.string } == ["Look", "Team", "example.com", "Three days"])  // the host lowercased
        #expect(texts[0].frame.x == 42 + 18 && texts[0].frame.y == 4 + 7)
        // The view: 60 tall (17 + 3 + 14 + 3 + 15 = 52), its bottom 7 above the container's.
        let viewY = container.maxY - 7 - 60
        let thumbnail = try #require(cell.elements.first { $0.role == .image && $0.frame.width == 60 })
        #expect(thumbnail.frame == Rect(x: 42 + 18, y: viewY, width: 60, height: 60))
        #expect(thumbnail.content == .image(ref: "thumb.png", cornerRadius: 0))
        #expect(texts[1].frame == Rect(x: 42 + 18 + 68, y: viewY, width: 181.25, height: 17))
        #expect(texts[2].frame == Rect(x: 42 + 18 + 68, y: viewY + 60 - 15, width: 181.25, height: 15))
        // The teaser stretches between them, its text centred: (60 − 17 − 3 − 3 − 15 − 14) / 2 below the gap.
        #expect(texts[3].frame.y == viewY + 17 + 3 + 4)
        #expect(cell.actions.contains { $0.event == "didSelectURL" && $0.arguments["url"] == "https://EXAMPLE.com/offsite" })
    }

    /// `handleTapGesture` compares the touch in the preview's own coordinates with its frame in
    /// the container's: what opens the URL is the preview moved by its offset in the container,
    /// cut to the cell; the layout lists the behaviour.
    @Test func theURLOpensFromThePreviewMovedByItsOffset() throws {
        let cell = try MK.item(preview("Look"), "l", images: MK.images("thumb.png"))
        let container = try #require(MK.container(cell))
        let thumbnail = try #require(cell.elements.first { $0.role == .image && $0.frame.width == 60 })
        let view = Rect(x: thumbnail.frame.x, y: thumbnail.frame.y, width: container.width - 18 - 14, height: 60)
        let action = try #require(cell.actions.first { $0.event == "didSelectURL" })
        let moved = view.offsetBy(dx: view.x - container.x, dy: view.y - container.y)
        let expected = Rect(x: moved.x, y: moved.y, width: moved.width, height: min(moved.maxY, cell.frame.maxY) - moved.y)
        #expect(action.frame == expected, "\(action.frame) \(expected)")
        #expect(action.frame.y > view.y && action.frame.x > view.x)
        #expect(cell.kitBehaviours == [.messageKitLinkPreviewTap])
    }

    @Test func theFontsFollowTheirTextStylesPerDynamicTypeSize() throws {
        let cell = try MK.item(preview("Look", textSize: "xxxLarge"), "l")
        let fonts = cell.elements.filter { $0.role == .text }.compactMap { MK.styled($0)?.font }
        // body 23; title 13 semibold scaled as footnote (19), domain 12 semibold as caption1 (18), teaser caption2 (17).
        #expect(
            fonts == [FontSpec(size: 23), FontSpec(size: 19, weight: .semibold), FontSpec(size: 18, weight: .semibold), FontSpec(size: 17)])
    }

    /// Labels taller than the 60-point floor: the height is their sum — title, teaser and domain,
    /// the 3-point gaps between them not counted.
    @Test func labelsPastTheFloorAddUpWithoutTheirGaps() throws {
        let title = "Team offsite planning notes for the whole company in March"
        let cell = try MK.item(preview("Look", title: title), "l")
        let texts = cell.elements.filter { $0.role == .text }
        let titleHeight = try #require(texts.first { MK.styled($0)?.string == title }?.frame.height)
        #expect(titleHeight > 31)  // so the labels pass 60: 17 + 14 + 15 = 46 with one line
        #expect(MK.container(cell)?.height == 36 + (titleHeight + 14 + 15) + 14)
    }

    @Test func aURLWithoutAHostShowsNoDomain() throws {
        let cell = try MK.item(preview("Look", url: "example.com/offsite"), "l")
        #expect(!MK.texts(cell, .text).contains("example.com"))
        #expect(MK.container(cell)?.height == 110)  // 36 + max(60, 17 + 14) + 14
    }
}
