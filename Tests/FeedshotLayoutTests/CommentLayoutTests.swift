import Foundation
import Testing

@testable import FeedshotLayout

/// The comment cells (docs/conformance/amity.md, "Comments") laid out with the fake measurer:
/// 15-point text is 7.5 a character and 18.75 a line (a label 19 tall), 13-point text 6.5 and
/// 16.25 (17).
struct CommentLayoutTests {
    static let post = #"{"id": "p", "author": {"id": "u2", "displayName": "Ann"}, "createdAt": "2026-11-29T10:00:00Z", "text": "Hi""#

    static func comment(_ id: String, _ text: String = "Yes", _ extra: String = "") -> String {
        #"{"id": "\#(id)", "author": {"id": "u3", "displayName": "Bob"}, "text": "\#(text)", "createdAt": "2026-11-29T11:00:00Z"\#(extra)}"#
    }

    static func layout(_ fields: String, measurer: FakeMeasurer = FakeMeasurer()) throws -> Layout {
        let json = #"{"kind": "post", "viewer": "u1", "now": "2026-11-29T12:00:00Z", "post": \#(post), \#(fields)}}"#
        return try LayoutEngine.layout(Document.decode(Data(json.utf8)), measurer: measurer)
    }

    static func item(_ layout: Layout, _ id: String) throws -> LayoutItem {
        try #require(layout.items.first { $0.id == id })
    }

    static func element(_ item: LayoutItem, _ role: ElementRole, _ index: Int = 0) throws -> LayoutElement {
        let elements = item.elements.filter { $0.role == role }
        try #require(elements.count > index)
        return elements[index]
    }

    static func text(_ element: LayoutElement) -> String {
        if case .text(let text, _) = element.content { return text.string }
        return ""
    }

    /// Avatar 28 at (16, 16); the name at 52 centred on it; the time under the name; the bubble 4
    /// below, the text inset 12; the action row 8 below the bubble; 12 below it; the separator.
    @Test func aPreviewCommentFollowsTheViewsConstraints() throws {
        let layout = try Self.layout(#""previewComments": [\#(Self.comment("c1"))]"#)
        let cell = try Self.item(layout, "p.comment.c1")
        let y = cell.frame.y
        #expect(cell.type == "previewComment")
        let avatar = try Self.element(cell, .avatar).frame
        #expect(avatar == Rect(x: 16, y: y + 16, width: 28, height: 28))
        // The avatar's tap is the author's `userDidTap` too (`AmityCommentView.swift:59-63`).
        #expect(cell.actions.contains { $0.event == "userDidTap" && $0.arguments == ["userId": "u3"] && $0.frame == avatar })
        let name = try Self.element(cell, .name)
        #expect(name.frame == Rect(x: 52, y: y + 30 - 9.5, width: 23, height: 19))
        // bodyBold in base; its tap is the author's `userDidTap`.
        #expect(Self.look(name) == Look(color: Theme.amityLight.base, weight: .semibold, size: 15))
        #expect(cell.actions.contains { $0.event == "userDidTap" && $0.arguments == ["userId": "u3"] && $0.frame == name.frame })
        #expect(try Self.element(cell, .time).frame == Rect(x: 52, y: y + 39.5, width: 65, height: 17))
        #expect(Self.text(try Self.element(cell, .time)) == "1 hour ago")
        // "Yes": 22.5 → 23 wide, 19 tall, in a bubble padded 12.
        #expect(try Self.element(cell, .comment).frame == Rect(x: 52, y: y + 60.5, width: 47, height: 43))
        // The glyphs are raised 1.2 (the label's baselineOffset).
        #expect(
            try Self.element(cell, .text).frame
                == Rect(x: 64, y: y + 72.5 - AmityExpandableLabel.baselineOffsetRatio * 15, width: 23, height: 19))
        // 60.5 + 43 + 8 + 22 + 12 = 145.5, and the 1-point separator.
        #expect(cell.frame.height == 146.5)
        #expect(try Self.element(cell, .separator).frame == Rect(x: 0, y: y + 145.5, width: 375, height: 1))
    }

    /// The bubble's text is measured at W − 52 − 24 − 16 (283 at 375): the view's trailing 16
    /// (`AmityCommentView.xib:223`) and the bubble's padding 12 a side. 37 characters of 7.5
    /// (277.5) stay on one line; "ab " and 35 more (285) wrap.
    @Test func aCommentsBubbleEndsAtLeast16FromTheViewsTrailingEdge() throws {
        func comment(_ text: String) throws -> (lines: Int, bubble: Rect) {
            let cell = try Self.item(Self.layout(#""previewComments": [\#(Self.comment("c1", text))]"#), "p.comment.c1")
            guard case .text(_, let lines) = try Self.element(cell, .text).content else {
                Issue.record("the comment's text is not text")
                return (0, .zero)
            }
            return (lines.count, try Self.element(cell, .comment).frame)
        }
        let fits = try comment(String(repeating: "x", count: 37))
        #expect(fits.lines == 1 && fits.bubble.width == 278 + 24 && fits.bubble.maxX <= 375 - 16)
        let wraps = try comment("ab " + String(repeating: "x", count: 35))
        #expect(wraps.lines == 2 && wraps.bubble.maxX <= 375 - 16)
    }

    /// Like (icon 11.25 + 4 + title), the reaction count (18 + 4 + count), Reply (13.48 + 4 +
    /// title) and the 22-point option button, 12 apart in a 22-point row.
    @Test func theActionRowLaysItsButtonsOut12Apart() throws {
        let layout = try Self.layout(#""previewComments": [\#(Self.comment("c1", "Yes", #", "likes": 1234, "isLiked": true"#))]"#)
        let cell = try Self.item(layout, "p.comment.c1")
        let rowY = cell.frame.y + 111.5
        let actions = Dictionary(cell.actions.map { ($0.event, $0) }) { a, _ in a }
        // "Liked": 5 × 6.5 = 32.5 → 33.
        let like = try #require(actions["tapLike"])
        #expect(like.frame == Rect(x: 52, y: rowY, width: 11.978516 + 4 + 33, height: 22))
        #expect(like.arguments == ["postId": "p", "commentId": "c1"])
        let likeText = try Self.element(cell, .likeButton, 1)
        #expect(Self.text(likeText) == "Liked")
        let primary = Theme.amityLight.primary, shade2 = Theme.amityLight.baseShade2
        #expect(Self.look(likeText) == Look(color: primary, weight: .semibold, size: 13))
        #expect(try Self.element(cell, .likeButton).content == .glyph(.likeFill, color: primary))
        // "1.2K": 4 × 6.5 = 26.
        let reactions = try Self.element(cell, .reactionCount)
        #expect(reactions.frame == Rect(x: like.frame.maxX + 12, y: rowY + 2, width: 18, height: 18))
        #expect(reactions.content == .glyph(.likeBadge, color: primary))  // `icon_like_button`, drawn in its own colours
        #expect(Self.text(try Self.element(cell, .reactionCount, 1)) == "1.2K")
        #expect(Self.look(try Self.element(cell, .reactionCount, 1)) == Look(color: shade2, weight: .regular, size: 13))
        let reply = try Self.element(cell, .replyButton, 1)
        #expect(Self.look(reply) == Look(color: shade2, weight: .semibold, size: 13))
        #expect(try Self.element(cell, .replyButton).content == .glyph(.reply, color: shade2))
        #expect(try Self.element(cell, .optionButton).content == .glyph(.optionDots, color: shade2))
        #expect(reply.frame.x == like.frame.maxX + 12 + 18 + 4 + 26 + 12 + 13.482422 + 4)
        let option = try #require(actions["tapOption"])
        #expect(option.frame == Rect(x: reply.frame.maxX + 12, y: rowY, width: 22, height: 22))
        // The feed turns Reply and the reaction count into postDidtap.
        #expect(cell.actions.filter { $0.event == "postDidtap" }.count == 4)  // reactions, reply, text, the row

        // Not liked: "Like" and `icon_like` in base shade 2; "Like" is 4 × 6.5 = 26 wide.
        let unliked = try Self.item(Self.layout(#""previewComments": [\#(Self.comment("c1"))]"#), "p.comment.c1")
        let likeTitle = try Self.element(unliked, .likeButton, 1)
        #expect(Self.text(likeTitle) == "Like" && Self.look(likeTitle) == Look(color: shade2, weight: .semibold, size: 13))
        let likeIcon = try Self.element(unliked, .likeButton)
        #expect(likeIcon.content == .glyph(.likeOutline, color: shade2))
        // No reactions: no count (`reactionsCount > 0`).
        #expect(!unliked.elements.contains { $0.role == .reactionCount })
        #expect(abs(likeIcon.frame.width - 11.25) < 0.01 && abs(likeIcon.frame.height - 12) < 0.01)  // icon_like's size
    }

    /// A text element's colour, weight and size.
    struct Look: Equatable {
        var color: Color
        var weight: FontSpec.Weight
        var size: Double
    }

    static func look(_ element: LayoutElement) -> Look? {
        guard case .text(let text, _) = element.content else { return nil }
        return Look(color: text.color, weight: text.font.weight, size: text.font.size)
    }

    /// Without the actions (a community the viewer has not joined), the row shows the reaction
    /// count alone, or nothing: the 8 and 12 around it stay.
    @Test func withoutActionsOnlyTheReactionCountShows() throws {
        let document = try Document.decode(Data(#"{"kind": "post", "post": \#(Self.post)}}"#.utf8))
        guard case .post(let feed) = document.content else { throw DocumentError(path: "", message: "not a post") }
        var view = CommentView(
            context: FeedContext(
                document: document, feed: feed, measurer: FakeMeasurer(), images: ImageCatalog(), composers: PostComposers()))
        let comment = try #require(try Self.decodeComment(Self.comment("c1", "Yes", #", "likes": 2"#)))
        var canvas = CellCanvas(canvasWidth: 375, top: 0, isMirrored: false)
        let height = view.layout(comment, post: feed.posts[0], style: .preview, showsActions: false, &canvas, path: "c")
        #expect(height == 145.5)
        #expect(canvas.elements.contains { $0.role == .reactionCount })
        #expect(!canvas.elements.contains { $0.role == .likeButton || $0.role == .replyButton || $0.role == .optionButton })
        var quiet = comment
        quiet.likes = 0
        #expect(view.stackHeight(quiet, style: .preview, showsActions: false) == 0)
        // Nothing in the stack: the 8 above it and the 12 below stay (145.5 − the 22-point row).
        var empty = CellCanvas(canvasWidth: 375, top: 0, isMirrored: false)
        #expect(view.layout(quiet, post: feed.posts[0], style: .preview, showsActions: false, &empty, path: "c") == 145.5 - 22)
        #expect(!empty.elements.contains { $0.role == .reactionCount })
        #expect(view.stackHeight(quiet, style: .preview, showsActions: true) == 22)
        quiet.replyCount = 1
        #expect(view.stackHeight(quiet, style: .preview, showsActions: true) == 22 + 12 + 28)
        #expect(view.stackHeight(quiet, style: .comment, showsActions: true) == 22)
    }

    /// A preview comment's actions follow the post's `isCommentable`: in a community the viewer
    /// has not joined, its reaction count alone; joined (or a user-feed post), all three buttons.
    @Test func aPreviewCommentShowsItsActionsOnlyWhereThePostTakesComments() throws {
        func cell(_ community: String) throws -> LayoutItem {
            let post = Self.post.replacingOccurrences(of: #""text": "Hi""#, with: #""text": "Hi"\#(community)"#)
            let json =
                #"{"kind": "post", "viewer": "u1", "now": "2026-11-29T12:00:00Z", "post": \#(post), "previewComments": [\#(Self.comment("c1", "Yes", #", "likes": 2"#))]}}"#
            return try Self.item(try LayoutEngine.layout(Document.decode(Data(json.utf8)), measurer: FakeMeasurer()), "p.comment.c1")
        }
        let buttons: Set<ElementRole> = [.likeButton, .replyButton, .optionButton]
        let outside = try cell(#", "community": {"id": "c", "name": "Hikers", "isJoined": false}"#)
        #expect(outside.elements.contains { $0.role == .reactionCount })
        #expect(!outside.elements.contains { buttons.contains($0.role) })
        for joined in [#", "community": {"id": "c", "name": "Hikers", "isJoined": true}"#, ""] {
            let inside = try cell(joined)
            #expect(Set(inside.elements.map(\.role)).isSuperset(of: buttons), "\(joined)")
            #expect(inside.frame.height == outside.frame.height, "the reaction count keeps the action row")
        }
    }

    static func decodeComment(_ json: String) throws -> PostComment? {
        let document = try Document.decode(
            Data(#"{"kind": "post", "post": \#(post), "previewComments": [\#(json)]}}"#.utf8))
        guard case .post(let feed) = document.content else { return nil }
        return feed.posts[0].previewComments.first
    }

    /// "View replies" under a preview comment with replies: 28 tall, 12 below the action row,
    /// the title 32 in and 16 before the end; it fires postDidtap in the feed.
    @Test func viewRepliesFollowsTheActionRow() throws {
        let layout = try Self.layout(#""previewComments": [\#(Self.comment("c1", "Yes", #", "replyCount": 4"#))]"#)
        let cell = try Self.item(layout, "p.comment.c1")
        let box = try Self.element(cell, .viewReplies)
        // "View replies": 12 × 6.5 = 78.
        #expect(box.frame == Rect(x: 52, y: cell.frame.y + 111.5 + 22 + 12, width: 78 + 48, height: 28))
        #expect(Self.text(try Self.element(cell, .viewReplies, 2)) == "View replies")
        #expect(try Self.element(cell, .viewReplies, 2).frame.x == 52 + 32)
        #expect(cell.frame.height == 146.5 + 12 + 28)
        #expect(cell.actions.contains { $0.event == "postDidtap" && $0.frame == box.frame })
    }

    /// The feed shows the last two latest comments, the last first, and "View all comments..."
    /// (44, centred, base colour, postDidtap) only when there are more than two.
    @Test func theLastTwoShowLastFirstAndViewAllOnlyPastTwo() throws {
        let three = try Self.layout(
            #""comments": 9, "previewComments": [\#(["c0", "c1", "c2"].map { Self.comment($0) }.joined(separator: ","))]"#)
        #expect(three.items.map(\.id).suffix(3) == ["p.comment.c2", "p.comment.c1", "p.viewAllComments"])
        let viewAll = try Self.item(three, "p.viewAllComments")
        #expect(viewAll.frame.height == 44)
        let label = try Self.element(viewAll, .viewAllComments)
        // "View all comments...": 20 × 7.5 = 150, centred in 375 × 44.
        #expect(label.frame == Rect(x: 112.5, y: viewAll.frame.y + 12.5, width: 150, height: 19))
        if case .text(let text, _) = label.content { #expect(text.color == Theme.amityLight.base && text.font.weight == .semibold) }
        #expect(viewAll.actions.map(\.event) == ["postDidtap"])
        let two = try Self.layout(#""comments": 9, "previewComments": [\#(Self.comment("c0")), \#(Self.comment("c1"))]"#)
        #expect(two.items.map(\.id).suffix(2) == ["p.comment.c1", "p.comment.c0"])
    }

    /// "… • Edited" after the relative time; "Moderator • " after a 12-point badge before it.
    @Test func editedAndModeratorMarkTheTimeRow() throws {
        let extra = #", "editedAt": "2026-11-29T11:30:00Z", "isModerator": true"#
        let cell = try Self.item(try Self.layout(#""previewComments": [\#(Self.comment("c1", "Yes", extra))]"#), "p.comment.c1")
        let y = cell.frame.y + 39.5
        let icon = try Self.element(cell, .badge)
        #expect(icon.frame == Rect(x: 52, y: y + 2.5, width: 12, height: 12))
        // The shield in its asset's own colour; the label captionBold in base shade 1
        // (`CV/AmityCommentView.swift:118-120`).
        #expect(icon.content == .glyph(.moderatorBadge, color: KitColors.moderatorBadgeIcon))
        let badge = try Self.element(cell, .badge, 1)
        #expect(Self.text(badge) == "Moderator • ")
        #expect(Self.look(badge) == Look(color: Theme.amityLight.baseShade1, weight: .semibold, size: 13))
        let time = try Self.element(cell, .time)
        #expect(Self.text(time) == "1 hour ago • Edited")
        #expect(time.frame.x == badge.frame.maxX && badge.frame.x == 68)
    }

    /// The banned badge: 16 × 16, 4 after the name, centred on it; the name leaves room for it.
    @Test func theBannedBadgeFollowsTheName() throws {
        let long = String(repeating: "B", count: 60)
        let comment =
            #"{"id": "c1", "author": {"id": "u3", "displayName": "\#(long)", "isGlobalBanned": true}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}"#
        let cell = try Self.item(try Self.layout(#""previewComments": [\#(comment)]"#), "p.comment.c1")
        let name = try Self.element(cell, .name)
        // 375 − 52 − 4 − 16 − 16 = 287 at most.
        #expect(name.frame.width <= 287)
        let badge = try Self.element(cell, .badge)
        #expect(badge.frame == Rect(x: name.frame.maxX + 4, y: name.frame.midY - 8, width: 16, height: 16))
        // `icon_community_setting_banned` is not a template image and the comment view does not
        // tint it (AmityCommentView.swift:139): its own #A5A9B5, whatever the palette. The post
        // header tints it base shade 3 (AmityFeedDisplayNameTextView.swift:45).
        #expect(badge.content == .glyph(.bannedBadge, color: KitColors.bannedIcon))
        let red =
            ##"{"kind": "post", "viewer": "u1", "now": "2026-11-29T12:00:00Z", "theme": {"base": "#FF0000"}, "post": \##(Self.post), "previewComments": [\##(comment)]}}"##
        let painted = try LayoutEngine.layout(Document.decode(Data(red.utf8)), measurer: FakeMeasurer())
        #expect(try Self.element(try Self.item(painted, "p.comment.c1"), .badge).content == badge.content)
    }
}
