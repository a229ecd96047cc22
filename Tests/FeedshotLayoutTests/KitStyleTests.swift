import Foundation
import Testing

@testable import FeedshotLayout

/// Kit colours, fonts and widths that no other unit test pinned (docs/conformance/amity.md,
/// "Chat", "Feed", "Comments"). Each expected value is the kit's, written as the theme role,
/// `KitColors` literal or `AmityFont` the kit's code names; kit paths are under
/// `UpstraUIKit/UpstraUIKit/` at 429fcec.
struct KitStyleTests {
    typealias F = FeedFixture
    typealias T = CommentLayoutTests
    /// Roles that share a colour in Amity's light theme — secondary and base (#292B32); primary,
    /// highlight and messageBubble (#1054DE); baseInverse and the background (white) — set apart, so
    /// a colour taken from the wrong role shows. The background stays white, the kit's constant
    /// (`Appearance/AmityColorSet.swift:38-40`).
    static let colours = [
        "secondary": "#5A2D82", "highlight": "#0A7D4B", "baseInverse": "#FFF8E7", "messageBubble": "#B0306A",
        "messageBubbleInverse": "#E8F0D8",
    ]
    static let palette = colours.reduce(into: Theme.amityLight) { theme, colour in
        if let path = Theme.paletteKey(colour.key) { theme[keyPath: path] = Color(hex: colour.value) ?? .black }
    }
    static let themeField = #", "theme": {"# + colours.map { #""\#($0.key)": "\#($0.value)""# }.joined(separator: ", ") + "}"
    static let images = ImageCatalog(entries: ["beach.jpg": .loaded(width: 800, height: 600)])
    static let answers = #"[{"id": "a1", "text": "Beach", "votes": 12}, {"id": "a2", "text": "Hills", "votes": 8}]"#

    /// The one message cell of a chat `width` wide between Me (u1) and `name` (u2), in the palette.
    func chatCell(_ type: String, from: String, _ fields: String, name: String = "Ann", width: Double = 375) throws -> LayoutItem {
        let users = #"{"u1": {"displayName": "Me"}, "u2": {"displayName": "\#(name)"}}"#
        let message = #"{"id": "m1", "from": "\#(from)", "type": "\#(type)", "sentAt": "2026-11-29T11:58:00Z", \#(fields)}"#
        let json = #"{"kind": "chat", "width": \#(width), "me": "u1", "now": "\#(Fixture.now)"\#(Self.themeField), "users": \#(users), "#
        let layout = try Fixture.layout(Data((json + #""messages": [\#(message)]}"#).utf8), images: Self.images)
        return try #require(layout.items.first { $0.type != "dateHeader" })
    }

    /// The item `id` of a feed of `post`, in the palette.
    func feedItem(_ post: String, _ id: String) throws -> LayoutItem {
        try #require(try F.layout([post], extra: Self.themeField).item(id))
    }

    /// The item `id` of CommentLayoutTests' post with `fields` (`previewComments`, `commentList`), in the palette.
    func commentItem(_ fields: String, _ id: String) throws -> LayoutItem {
        try #require(try F.single(T.post + ", " + fields + "}", extra: Self.themeField).item(id))
    }

    /// The fills of the boxes of `role`.
    static func fills(_ item: LayoutItem, _ role: ElementRole) -> [Color] {
        item.elements.compactMap { if $0.role == role, case .box(let fill, _, _) = $0.content { fill } else { nil } }
    }

    /// The texts of `role`.
    static func styled(_ item: LayoutItem, _ role: ElementRole) -> [StyledText] {
        item.elements.filter { $0.role == role }.compactMap(\.content.styledText)
    }

    /// The colours `glyph` is drawn in.
    static func tints(_ item: LayoutItem, _ glyph: Glyph) -> [Color] {
        item.elements.compactMap { if case .glyph(glyph, let color) = $0.content { color } else { nil } }
    }

    /// The element drawing `string`.
    static func element(_ item: LayoutItem, drawing string: String) throws -> LayoutElement {
        try #require(item.elements.first { $0.content.styledText?.string == string })
    }

    /// The text drawing `string`.
    static func text(_ item: LayoutItem, _ string: String) throws -> StyledText {
        try #require(try element(item, drawing: string).content.styledText)
    }

    /// `AmityTypography`'s six defaults, the system font at fixed sizes
    /// (`Appearance/AmityTypography.swift:26-31`): what every cell's fonts come from.
    @Test func theSixFontsAreAmityTypographysDefaults() {
        let expected: [AmityFont: FontSpec] = [
            .headerLine: FontSpec(size: 20, weight: .bold), .title: FontSpec(size: 17, weight: .semibold),
            .bodyBold: FontSpec(size: 15, weight: .semibold), .body: FontSpec(size: 15, weight: .regular),
            .captionBold: FontSpec(size: 13, weight: .semibold), .caption: FontSpec(size: 13, weight: .regular),
        ]
        #expect(AmityFont.allCases.count == 6)
        for font in AmityFont.allCases {
            #expect(font.spec == expected[font], "\(font)")
        }
    }

    // MARK: Chat

    /// Own text bubbles messageBubble with baseInverse text, others' messageBubbleInverse with base text:
    /// `Modules/Chat/Message/Cells/AmityMessageTableViewCell.swift:101-102,114-115`;
    /// `Modules/Chat/Message/Cells/Text/AmityMessageTextTableViewCell.swift:38-39,42-43`.
    @Test func textBubblesAndTheirTextFollowTheSender() throws {
        let own = try chatCell("text", from: "u1", #""text": "Hi""#)
        #expect(Self.fills(own, .bubble) == [Self.palette.messageBubble])
        #expect(Self.styled(own, .text).map(\.color) == [Self.palette.baseInverse])
        let others = try chatCell("text", from: "u2", #""text": "Hi""#)
        #expect(Self.fills(others, .bubble) == [Self.palette.messageBubbleInverse])
        #expect(Self.styled(others, .text).map(\.color) == [Self.palette.base])
    }

    /// Audio bubbles as text ones; the icon's tint and the label's colour baseInverse (own) or base
    /// (others'), the label in body: `Modules/Chat/Message/Cells/AmityMessageTableViewCell.swift:101-102,114-115`;
    /// `Modules/Chat/Message/Cells/Audio/AmityMessageAudioTableViewCell.swift:31,42-43,56-57`.
    @Test func audioBubblesIconsAndLabelsFollowTheSender() throws {
        for (from, fill, tint) in [
            ("u1", Self.palette.messageBubble, Self.palette.baseInverse), ("u2", Self.palette.messageBubbleInverse, Self.palette.base),
        ] {
            let cell = try chatCell("audio", from: from, #""audio": {"duration": 7}"#)
            #expect(Self.fills(cell, .bubble) == [fill], "\(from)")
            #expect(Self.tints(cell, .roundedPlay) == [tint], "\(from)")
            let label = try Self.text(cell, "0:00")
            #expect(label.font == AmityFont.body.spec && label.color == tint, "\(from)")
        }
    }

    /// Others' image container is `AmityColorSet.backgroundColor`, white: the `default` case of
    /// `Modules/Chat/Message/Cells/AmityMessageTableViewCell.swift:113-118`; `Appearance/AmityColorSet.swift:38-40`.
    @Test func othersImageContainerIsWhite() throws {
        let cell = try chatCell("image", from: "u2", #""image": {"src": "beach.jpg"}"#)
        #expect(Self.fills(cell, .bubble) == [.white])
    }

    /// A chat image that has not loaded shows `default_message_image`, which is not a template image:
    /// its own #A5A9B5 whatever the palette (`Modules/Chat/Message/Cells/Image/AmityMessageImageTableViewCell.swift:21,38,48`;
    /// `Assets.xcassets/Default Images/default_message_image.imageset`).
    @Test func aChatImagePlaceholderIsTheAssetsOwnGrey() throws {
        let cell = try chatCell("image", from: "u1", #""image": {"src": "missing.jpg"}"#)
        #expect(Self.tints(cell, .imagePlaceholder) == [KitColors.imagePlaceholder])
        #expect(KitColors.imagePlaceholder == Color(red: 0xA5, green: 0xA9, blue: 0xB5))
        let red = try #require(
            try Fixture.layout(
                Fixture.chat(
                    #"{"id": "m1", "from": "u1", "type": "image", "sentAt": "2026-11-29T11:58:00Z", "image": {"src": "x.jpg"}}"#,
                    extra: ##""theme": {"base": "#FF0000"}"##)
            ).items.first { $0.type != "dateHeader" })
        #expect(Self.tints(red, .imagePlaceholder) == [KitColors.imagePlaceholder])
    }

    /// Others' text cell: the name label from x 68 to 72 before the edge, W − 140 wide, one line, tail
    /// truncation: `Modules/Chat/Message/Cells/Text/AmityMessageTextIncomingTableViewCell.xib:29,101,104`.
    @Test func aLongNameInATextCellIsCutAtWidthMinus140() throws {
        let long = String(repeating: "Annabel ", count: 8)
        for width in [375.0, 414] {
            let cell = try chatCell("text", from: "u2", #""text": "Hi""#, name: long, width: width)
            let name = try #require(cell.elements.first { $0.role == .name })
            // The fake measurer's body is 7.5 a character: the cut text fills the label to within one.
            #expect(name.frame.width <= width - 140 && name.frame.width > width - 140 - 7.5, "\(width): \(name.frame)")
            #expect(name.content.styledText?.string.hasSuffix("…") == true)
        }
    }

    /// Others' image cell: the name in the stack from x 68 to 40 before the edge, W − 108 wide:
    /// `Modules/Chat/Message/Cells/Image/AmityMessageImageIncomingTableViewCell.xib:19-53,129-130`.
    @Test func aLongNameInAnImageCellIsCutAtWidthMinus108() throws {
        let long = String(repeating: "Annabel ", count: 8)
        for width in [375.0, 414] {
            let cell = try chatCell("image", from: "u2", #""image": {"src": "beach.jpg"}"#, name: long, width: width)
            let name = try #require(cell.elements.first { $0.role == .name })
            #expect(name.frame.width <= width - 108 && name.frame.width > width - 108 - 7.5, "\(width): \(name.frame)")
            #expect(name.content.styledText?.string.hasSuffix("…") == true)
        }
    }

    // MARK: Feed

    /// The question's label collapses after `pollTitleContentMaxLines`, 8:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Poll/AmityPostPollTableViewCell.swift:14,94`.
    @Test func aPollQuestionIsCutAfterEightLines() throws {
        // Twelve 40-character words, one a line at the fake measurer's 45 characters in 343 points.
        let question = Array(repeating: String(repeating: "w", count: 40), count: 12).joined(separator: " ")
        let post = F.post("q", #""dataType": "poll", "poll": {"question": "\#(question)", "answers": \#(Self.answers)}"#)
        let poll = try feedItem(post, "q.poll")
        let label = try #require(poll.elements.first { $0.role == .text })
        guard case .text(_, let lines) = label.content else { throw DocumentError(path: "", message: "not a text") }
        #expect(lines.count == 8)
        #expect(label.frame.height == (8 * 18.75).rounded(.up))
    }

    /// The status captionBold in base; "N votes" caption in base shade 2, hugging the stack's right
    /// edge, 16 from the cell's: `Modules/Comunity/Feed Posts/Contents/Cells/Poll/AmityPostPollTableViewCell.swift:99-109`;
    /// `.xib:21,30-44,67`.
    @Test func thePollStatusRowIsCaptionBoldBaseAndTheVoteCountHugsTheRight() throws {
        let post = F.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(Self.answers)}"#)
        let poll = try feedItem(post, "q.poll")
        let status = try Self.text(poll, "Open for voting")
        #expect(status.font == AmityFont.captionBold.spec && status.color == Self.palette.base)
        let votes = try Self.element(poll, drawing: "20 votes")
        #expect(votes.content.styledText?.font == AmityFont.caption.spec && votes.content.styledText?.color == Self.palette.baseShade2)
        #expect(votes.frame.maxX == 375 - 16)
        // Abbreviated, the tenths cut, not rounded (`formatUsingAbbrevation`, `reduceScale(to: 1)`,
        // `Extensions/Int+Extension.swift:12-18,38-41`): 1,250 is "1.2K votes", hugging the right too.
        let many = try feedItem(
            F.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(Self.answers), "totalVotes": 1250}"#), "q.poll")
        let abbreviated = try Self.element(many, drawing: "1.2K votes")
        #expect(abbreviated.frame.maxX == 375 - 16 && abbreviated.content.styledText?.font == AmityFont.caption.spec)
    }

    /// Both separators secondary shade 4; "N likes" caption in base shade 2:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Footer/AmityPostFooterTableViewCell.swift:75,100-101`.
    @Test func footerSeparatorsAndTheLikesLabel() throws {
        let footer = try feedItem(F.post("p", #""likes": 3, "comments": 2"#), "p.footer")
        #expect(Self.fills(footer, .icon) == [Self.palette.secondaryShade4, Self.palette.secondaryShade4])
        let likes = try Self.text(footer, "3 likes")
        #expect(likes.font == AmityFont.caption.spec && likes.color == Self.palette.baseShade2)
    }

    /// Comment's title base shade 2; Share's template icon tinted and its title coloured #818698 by the xib:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Footer/AmityPostFooterTableViewCell.swift:106,117-121`; `.xib:140-145`.
    @Test func theCommentAndShareButtonColours() throws {
        let footer = try feedItem(F.post("p", ""), "p.footer")
        let comment = try Self.text(footer, "Comment")
        #expect(comment.color == Self.palette.baseShade2 && comment.font == AmityFont.bodyBold.spec)
        // The comment glyph is the asset's own grey, as drawn (`.alwaysOriginal`), in the tree too.
        #expect(Self.tints(footer, .commentOutline) == [Color(red: 0x81, green: 0x85, blue: 0x98)])
        #expect(Self.tints(footer, .shareOutline) == [KitColors.shareTitle])
        #expect(try Self.text(footer, "Share").color == KitColors.shareTitle)
        // The xib's r 0.50588 g 0.52549 b 0.59608, × 255.
        #expect(KitColors.shareTitle == Color(red: 129, green: 134, blue: 152))
    }

    /// "LIVE" on #FF305A, "RECORDED" on black at 0.7, radius 4; the label captionBold, white:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Live Stream/AmityPostLiveStreamTableViewCell.swift:31-32,64-65,84-92`.
    @Test func theLiveStreamBadge() throws {
        #expect(KitColors.liveRed == Color(hex: "#FF305A"))
        for (status, fill, title) in [("live", KitColors.liveRed, "LIVE"), ("recorded", Color.black.withAlpha(0.7), "RECORDED")] {
            let post = F.post("s", #""dataType": "liveStream", "liveStream": {"status": "\#(status)"}"#)
            let stream = try feedItem(post, "s.liveStream")
            #expect(stream.elements.first { $0.role == .status }?.content == .box(fill: fill, corners: .all(4)), "\(status)")
            let label = try Self.text(stream, title)
            #expect(label.font == AmityFont.captionBold.spec && label.color == .white, "\(status)")
        }
    }

    /// The ended view's stack has the standard spacing, 8, between the title and the description,
    /// and is centred on the cell; idle hides the description, so the title alone is centred:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Live Stream/AmityPostLiveStreamTableViewCell.xib:73-83,97`; `.swift:68-78`.
    @Test func theEndedStackIsSpacedEightAndCentred() throws {
        func stream(_ status: String) throws -> LayoutItem {
            try feedItem(F.post("s", #""dataType": "liveStream", "liveStream": {"status": "\#(status)"}"#), "s.liveStream")
        }
        let ended = try stream("ended").frames(.text)
        try #require(ended.count == 3)
        #expect(ended[1].y - ended[0].maxY == 8)
        #expect(abs((ended[0].y + ended[2].maxY) / 2 - 110) < 1e-9)
        let idle = try stream("idle").frames(.text)
        #expect(idle.count == 1 && abs(idle[0].midY - 110) < 1e-9)
    }

    /// The card white (the xib's background) with a 0.5 `UIColor.lightGray` border, radius 6:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/PreviewLink/AmityPreviewLinkCell.swift:40-42`; `.xib:40`.
    @Test func theLinkPreviewCardIsWhiteWithAHalfPointLightGrayBorder() throws {
        let post = F.post("l", #""text": "Read example.com/trail", "linkPreview": {"state": "loaded", "title": "Trail guide"}"#)
        let card = try feedItem(post, "l.linkPreview")
        let boxes = card.elements.filter { $0.role == .bubble }
        try #require(boxes.count == 2)
        #expect(boxes[0].content == .box(fill: KitColors.lightGray, corners: .all(6)))
        // `UIColor.lightGray`: white 2/3.
        #expect(KitColors.lightGray == Color(red: 170, green: 170, blue: 170))
        #expect(boxes[1].content == .box(fill: .white, corners: .all(6 - 0.5)))
        let outer = boxes[0].frame
        #expect(boxes[1].frame == Rect(x: outer.x + 0.5, y: outer.y + 0.5, width: outer.width - 1, height: outer.height - 1))
    }

    /// Without metadata, "Preview not available" bodyBold in black and the advice body in gray:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/PreviewLink/AmityPreviewLinkCell.swift:83-89`.
    @Test func aLinkPreviewWithoutMetadataIsBodyBoldBlackOverBodyGray() throws {
        let card = try feedItem(F.post("l", #""text": "https://example.com""#), "l.linkPreview")
        let title = try Self.text(card, "Preview not available")
        #expect(title.font == AmityFont.bodyBold.spec && title.color == .black)
        let advice = try Self.text(card, "Please make sure the URL is correct and try again.")
        #expect(advice.font == AmityFont.body.spec && advice.color == KitColors.gray)
    }

    /// The row's box: a 1-point secondary shade 4 border, radius 4; the name bodyBold in base, the
    /// size caption in base shade 1: `Components/DocumentPicker/FileTableView/Cell/AmityFileTableViewCell.swift:45-53`.
    @Test func fileRowsBoxNameAndSize() throws {
        let post = F.post("f", #""dataType": "file", "text": "Agenda", "files": [{"name": "agenda.pdf", "size": 482133}]"#)
        let item = try feedItem(post, "f.file")
        let box = try #require(item.elements.first { $0.role == .file })
        guard case .box(_, let stroke, let corners) = box.content else { throw DocumentError(path: "", message: "not a box") }
        #expect(stroke == Self.palette.secondaryShade4 && corners == .all(4))
        let name = try Self.text(item, "agenda.pdf")
        #expect(name.font == AmityFont.bodyBold.spec && name.color == Self.palette.base)
        let size = try Self.text(item, "482 KB")
        #expect(size.font == AmityFont.caption.spec && size.color == Self.palette.baseShade1)
    }

    // MARK: Comments

    /// The time caption in base shade 1; the bubble base shade 4, radius 12 but the top-left corner:
    /// `Modules/Comunity/General/Cell/AmityCommentView/AmityCommentView.swift:66-67,74-76`.
    @Test func aCommentsTimeAndBubble() throws {
        let cell = try commentItem(#""previewComments": [\#(T.comment("c1"))]"#, "p.comment.c1")
        let time = try #require(Self.styled(cell, .time).first)
        #expect(time.font == AmityFont.caption.spec && time.color == Self.palette.baseShade1)
        let bubble = CornerRadii(topLeft: 0, topRight: 12, bottomRight: 12, bottomLeft: 12)
        #expect(try T.element(cell, .comment).content == .box(fill: Self.palette.baseShade4, corners: bubble))
    }

    /// The preview cell's separator is secondary shade 4:
    /// `Modules/Comunity/Feed Posts/Contents/Cells/Preview Comment/AmityPostPreviewCommentTableViewCell.swift:52`.
    @Test func thePreviewCommentsSeparator() throws {
        let cell = try commentItem(#""previewComments": [\#(T.comment("c1"))]"#, "p.comment.c1")
        #expect(Self.fills(cell, .separator) == [Self.palette.secondaryShade4])
    }

    /// "View replies": secondary shade 4, radius 4:
    /// `Modules/Comunity/General/Cell/AmityCommentView/AmityCommentView.swift:111-113`.
    @Test func viewRepliesIsRounded4() throws {
        let cell = try commentItem(#""previewComments": [\#(T.comment("c1", "Yes", #", "replyCount": 4"#))]"#, "p.comment.c1")
        #expect(Self.fills(cell, .viewReplies) == [Self.palette.secondaryShade4])
        #expect(try T.element(cell, .viewReplies).content == .box(fill: Self.palette.secondaryShade4, corners: .all(4)))
    }

    /// The post detail's section footer is secondary shade 4:
    /// `Modules/Comunity/Feed Posts/Scenes/Post Detail/ViewController/AmityPostDetailViewController.swift:264-267`.
    @Test func thePostDetailsSectionFooter() throws {
        let footer = try commentItem(#""commentList": [\#(T.comment("c1"))]"#, "p.comment.c1.footer")
        #expect(Self.fills(footer, .separator) == [Self.palette.secondaryShade4])
    }

    /// On the post detail the reaction count reports `commentCellDidTapReactionDetails`:
    /// `Modules/Comunity/General/Cell/AmityCommentView/AmityCommentView.swift:81,213-215`;
    /// `Modules/Comunity/General/Cell/AmityCommentTableViewCell.swift:69-70`;
    /// `Modules/Comunity/Feed Posts/Scenes/Post Detail/ViewController/AmityPostDetailViewController.swift:745-755`.
    @Test func aPostDetailReactionCountFiresReactionDetails() throws {
        let row = try commentItem(#""commentList": [\#(T.comment("c1", "Yes", #", "likes": 3"#))]"#, "p.comment.c1")
        let count = row.frames(.reactionCount)
        try #require(count.count == 2)
        let actions = row.actions("commentCellDidTapReactionDetails")
        #expect(actions.map(\.arguments) == [["postId": "p", "commentId": "c1"]])
        #expect(actions.first?.frame.x == count[0].x && actions.first?.frame.maxX == count[1].maxX)
    }
}
