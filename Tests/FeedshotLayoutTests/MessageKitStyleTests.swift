import Foundation
import Testing

@testable import FeedshotLayout

/// MessageKit colours, fonts and sizes that no other unit test pinned (docs/conformance/messagekit.md).
/// Each expected value is the kit's (or, where the kit names a UIKit colour or text style, UIKit's
/// value for it); kit paths are under MessageKit's repository at b4493fe.
struct MessageKitStyleTests {
    /// Its `element(_:drawing:)` and `text(_:_:)` find what draws a string.
    typealias K = KitStyleTests

    /// Four labels with texts and heights, so each is drawn.
    static let labels = #"""
        {"labels": {"cellTop": {"height": 18, "text": "CT"}, "messageTop": {"height": 20, "text": "MT"},
                    "messageBottom": {"height": 16, "text": "MB"}, "cellBottom": {"height": 12, "text": "CB"}}}
        """#

    /// The spans of `text` covering `start..<end`.
    static func spans(_ text: StyledText, _ start: Int, _ end: Int) -> [StyledText.Span] {
        text.spans.filter { $0.start == start && $0.end == end }
    }

    // MARK: Labels

    /// The Example app's cell top and cell bottom labels: `UIFont.boldSystemFont(ofSize: 10)` in
    /// `UIColor.darkGray` (white 1/3, #555555), in either appearance
    /// (`Example/Sources/View Controllers/ChatViewController.swift:156-175`).
    @Test(arguments: ["light", "dark"])
    func cellTopAndBottomLabelsAreBold10InDarkGray(theme: String) throws {
        let cell = try MK.item(MK.document([MK.message("t")], settings: Self.labels, theme: theme), "t")
        for string in ["CT", "CB"] {
            let text = try K.text(cell, string)
            #expect(text.font == FontSpec(size: 10, weight: .bold) && text.color == Color(hex: "#555555"), "\(string)")
        }
    }

    /// The Example app's message top label is `preferredFont(forTextStyle: .caption1)`, its message
    /// bottom label `.caption2` (`Example/Sources/View Controllers/ChatViewController.swift:177-189`);
    /// a contact's initials `.footnote` (`Sources/Views/Cells/ContactMessageCell.swift:131-137`). Their
    /// sizes per content size category are Apple's Dynamic Type table (Human Interface Guidelines,
    /// "Dynamic Type sizes", iOS): (category, footnote, caption1, caption2).
    @Test(arguments: [
        ("xSmall", 12.0, 11.0, 11.0), ("small", 12, 11, 11), ("medium", 12, 11, 11), ("large", 13, 12, 11), ("xLarge", 15, 14, 13),
        ("xxLarge", 17, 16, 15), ("xxxLarge", 19, 18, 17), ("accessibilityMedium", 23, 22, 20), ("accessibilityLarge", 27, 26, 24),
        ("accessibilityXLarge", 33, 32, 29), ("accessibilityXXLarge", 38, 37, 34), ("accessibilityXXXLarge", 44, 43, 40),
    ])
    func labelAndInitialsFontsFollowTheirTextStyles(category: String, footnote: Double, caption1: Double, caption2: Double) throws {
        // One initial: two would not fit the 26-pt circle at the largest sizes.
        let contact = MK.message("c", "contact", #""contact": {"displayName": "Maria Garcia", "initials": "M"}"#)
        let layout = try MK.layout(MK.document([MK.message("t"), contact], settings: Self.labels, textSize: category))
        let (cell, card) = (layout.items[0], layout.items[1])
        #expect(try K.text(cell, "MT").font == FontSpec(size: caption1))
        #expect(try K.text(cell, "MB").font == FontSpec(size: caption2))
        #expect(try K.text(card, "M").font == FontSpec(size: footnote))
    }

    /// The placeholder's initials are drawn in `calculateTextRect`: the square inscribed in the
    /// avatar's circle, `shortEdge × sin 45° × 2` wide, less 2 at each side, centred
    /// (`Sources/Views/AvatarView.swift:193-207`): 30√2 − 4 for the 30-pt default avatar.
    @Test func theAvatarInitialsAreSetInTheInscribedSquareLess4() throws {
        let cell = try MK.item(MK.document([MK.message("t")]), "t")
        let avatar = try #require(MK.element(cell, .avatar)).frame
        let initials = try K.element(cell, drawing: "?").frame
        #expect(abs(initials.width - (30 * 2.0.squareRoot() - 4)) < 1e-9 && abs(initials.midX - avatar.midX) < 1e-9)
    }

    // MARK: Text

    /// A `.link` range of attributed text is drawn by the label's layout manager in UIKit's link
    /// colour, systemBlue — #0A84FF in the dark appearance — underlined: MessageKit leaves the
    /// attribute to UIKit unless the URL detector restyles the range
    /// (`Sources/Views/MessageLabel.swift:289-300`).
    @Test func aLinkRunInTheDarkAppearanceIsDarkSystemBlue() throws {
        let runs = ##""runs": [{"text": "see "}, {"text": "a.io/x", "link": "https://a.io/x"}]"##
        let cell = try MK.item(MK.document([MK.message("a", "attributedText", runs)], theme: "dark"), "a")
        let text = try #require(MK.styled(MK.element(cell, .text)))
        #expect(Self.spans(text, 4, 10) == [StyledText.Span(start: 4, end: 10, color: Color(hex: "#0A84FF"), isUnderlined: true)])
    }

    /// Detected ranges take `MessageLabel.defaultAttributes`: `UIColor.darkText`, underlined in
    /// `UIColor.darkText` (`Sources/Views/MessageLabel.swift:158-164`). `darkText` is not a dynamic
    /// colour: black in the dark appearance too, even on the dark incoming bubble.
    @Test func detectedRangesAreDarkTextInTheDarkAppearanceToo() throws {
        let json = MK.document(
            [MK.message("t", "text", #""text": "Ping @steven123""#)], settings: #"{"detectors": {"enabled": ["mention"]}}"#, theme: "dark")
        let text = try #require(MK.styled(MK.element(try MK.item(json, "t"), .text)))
        #expect(Self.spans(text, 5, 15) == [StyledText.Span(start: 5, end: 15, color: .black, isUnderlined: true, underlineColor: .black)])
    }

    // MARK: Sizes

    /// A photo or video whose size is neither given nor loaded, and a location without a size, are
    /// the Example app's items: `ImageMediaItem` and `CoordinateItem` are 240 × 240
    /// (`Example/Sources/Models/MockMessage.swift:31-39,43-60`); at 375 wide all fit the max width
    /// (359 − 30 − 34) unscaled.
    @Test func mediaAndLocationsWithoutASizeAreTheExampleApps240Square() throws {
        let layout = try MK.layout(
            MK.document([
                MK.message("p", "photo", #""image": {"src": "missing.png"}"#),
                MK.message("v", "video", #""image": {"src": "missing.png"}"#),
                MK.message("l", "location", #""location": {"latitude": 1, "longitude": 2}"#),
            ]))
        for item in layout.items {
            #expect(MK.container(item)?.size == Size(width: 240, height: 240), "\(item.id)")
        }
    }

    /// A location or audio item wider than the container's max width is scaled down to it, its
    /// aspect kept, as a photo is (`LocationMessageSizeCalculator.swift:31-34`,
    /// `AudioMessageSizeCalculator.swift:31-34`: `maxWidth`, `maxWidth × h / w`); at 375 wide the
    /// incoming max width is 295.
    @Test func locationsAndAudioWiderThanTheMaxWidthAreScaledDownToIt() throws {
        let layout = try MK.layout(
            MK.document([
                MK.message("l", "location", #""location": {"latitude": 1, "longitude": 2, "width": 400, "height": 300}"#),
                MK.message("a", "audio", #""audio": {"duration": 14, "width": 590, "height": 40}"#),
                MK.message("s", "audio", #""audio": {"duration": 14, "width": 200, "height": 50}"#),
            ]))
        let sizes = layout.items.map { MK.container($0)?.size }
        #expect(sizes == [Size(width: 295, height: 221.25), Size(width: 295, height: 20), Size(width: 200, height: 50)])
    }

    /// A message's own `textColor` (`MessagesDisplayDelegate.textColor(for:at:in:)`, asked per
    /// message) colours its text, a contact's name and a link preview's labels, over the side's;
    /// a message without one keeps the side's (light, incoming: `label`, black).
    @Test func aMessagesOwnTextColourColoursItsLabels() throws {
        let red = ##""messageKit": {"textColor": "#C0392B"}"##
        let link = #""link": {"url": "https://example.com", "title": "Team", "teaser": "Three days"}"#
        let layout = try MK.layout(
            MK.document([
                MK.message("t", "text", #""text": "Hello", \#(red)"#),
                MK.message("c", "contact", #""contact": {"displayName": "Maria Garcia"}, \#(red)"#),
                MK.message("p", "linkPreview", #""text": "Look", \#(link), \#(red)"#),
                MK.message("plain", "text", #""text": "Hello""#),
            ]))
        let colour = try #require(Color(hex: "#C0392B"))
        func colours(_ id: String) throws -> [Color?] {
            let item = try #require(layout.items.first { $0.id == id })
            return item.elements.filter { $0.role == .text }.map { MK.styled($0)?.color }
        }
        #expect(try colours("t") == [colour])
        #expect(try colours("c") == [colour])  // the name
        #expect(try colours("p") == [colour, colour, colour, colour])  // the text, title, host and teaser
        #expect(try colours("plain") == [.black])
    }

    // MARK: Taps

    /// The play button's tap area is its frame grown by 10 on every side: `CGRect(x − 10, y − 10,
    /// width + 20, height + 20)` (`Sources/Views/Cells/AudioMessageCell.swift:69-84`), within the
    /// cell: the collection view hands a tap to the cell under it, and the 35-point cell of a
    /// 25-point button has 5 points above and below it, not 10.
    @Test func thePlayButtonsTapAreaIsItsFrameGrownBy10() throws {
        let audio = #""audio": {"duration": 14}"#
        let layout = try MK.layout(MK.document([MK.message("in", "audio", audio), MK.message("out", from: "u1", "audio", audio)]))
        for item in layout.items {
            let play = try #require(MK.element(item, .audio)).frame
            let tap = try #require(item.actions.first { $0.event == "didTapPlayButton" }).frame
            #expect(item.frame.height == 35 && play.minY - item.frame.minY == 5, "\(item.id)")
            #expect(tap == Rect(x: play.x - 10, y: item.frame.minY, width: play.width + 20, height: item.frame.height), "\(item.id)")
        }
    }
}
