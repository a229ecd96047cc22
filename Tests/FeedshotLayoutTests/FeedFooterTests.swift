import Foundation
import Testing

@testable import FeedshotLayout

/// The footer cell: heights, counts, buttons, the join warning and their events
/// (docs/conformance/amity.md, "Feed").
struct FeedFooterTests {
    typealias F = FeedFixture

    @Test func theFooterIs98WithCountsAnd58Without() throws {
        let layout = try F.layout([
            F.post("a", ""), F.post("b", #""likes": 1"#), F.post("c", #""comments": 2"#), F.post("d", #""shares": 3"#),
        ])
        #expect(["a", "b", "c", "d"].map { layout.item("\($0).footer")?.frame.height } == [58, 98, 98, 58])
        let with = try #require(layout.item("b.footer")), without = try #require(layout.item("a.footer"))
        // The inset separator, then the full-width one at the bottom.
        #expect(
            with.frames(.icon).filter { $0.height == 1 } == [
                Rect(x: 16, y: 48, width: 343, height: 1), Rect(x: 0, y: 97, width: 375, height: 1),
            ])
        #expect(
            without.frames(.icon).filter { $0.height == 1 } == [
                Rect(x: 16, y: 8, width: 343, height: 1), Rect(x: 0, y: 57, width: 375, height: 1),
            ])
        // Shares alone show no counts row (AmityPostFooterTableViewCell.swift:57,60).
        #expect(layout.item("d.footer")?.frames(.counts).isEmpty == true)
    }

    /// A button's title is one line: an app's string with line breaks ("Like\n" forty times)
    /// drew a column of "Like"s 734 points tall over the post above. It ends at the first break
    /// with "…", as the chat's one-line labels do.
    @Test func aButtonTitleWithLineBreaksStaysOneLine() throws {
        let plain = try #require(try F.layout([F.post("p", #""likes": 1"#)]).item("p.footer"))
        let broken = try #require(
            try F.layout([F.post("p", #""likes": 1"#)], extra: #", "strings": {"general_like": "Like\nLike\nLike"}"#).item("p.footer"))
        let title = { (item: LayoutItem) in item.elements.first { $0.role == .likeButton && $0.content.styledText != nil } }
        let plainTitle = try #require(title(plain)), brokenTitle = try #require(title(broken))
        #expect(brokenTitle.frame.height == plainTitle.frame.height && brokenTitle.frame.minY == plainTitle.frame.minY)
        #expect(brokenTitle.content.drawnText?.lines.count == 1)
        #expect(broken.frame.height == plain.frame.height)
    }

    @Test func countsPutTheLikeBadgeAndLikesLeftAndCommentsThenUnabbreviatedSharesRight() throws {
        let footer = try #require(try F.layout([F.post("p", #""likes": 1234, "comments": 4, "shares": 2000"#)]).item("p.footer"))
        #expect(footer.frame(ofGlyph: .likeBadge) == Rect(x: 16, y: 14, width: 20, height: 20))
        #expect(footer.frame(ofText: "1.2K likes")?.origin == (44, 15.5))
        // "2000 shares" (11 × 6.5, rounded up to 72) ends at W − 16; "4 comments" 8 before it.
        #expect(footer.frame(ofText: "2000 shares")?.origin == (359 - 72, 15.5))
        #expect(footer.frame(ofText: "4 comments")?.origin == (359 - 72 - 8 - 65, 15.5))
        // The counts row fires postDidtap: its first 100 points (with likes) and the rest.
        #expect(
            footer.actions("postDidtap").map(\.frame).prefix(2) == [
                Rect(x: 16, y: 8, width: 100, height: 32), Rect(x: 116, y: 8, width: 243, height: 32),
            ])
        let noLikes = try #require(try F.layout([F.post("p", #""comments": 1"#)]).item("p.footer"))
        #expect(noLikes.frame(ofGlyph: .likeBadge) == nil)
        #expect(noLikes.texts.contains("1 comment"))
    }

    /// The counts are one stack (`AmityPostFooterTableViewCell.xib:29-62`): where they meet, one
    /// label gives way — the one with the most to give above its number, cut with "…" — the
    /// empty view's two gaps stay between the likes and the comments, and nothing is drawn over
    /// anything.
    @Test func oneCountGivesWayKeepingItsNumberWhereTheCountsMeet() throws {
        let footer = try #require(
            try F.layout([F.post("p", #""likes": 1234567, "comments": 7654321, "shares": 3200000"#)], extra: #", "width": 320"#).item(
                "p.footer"))
        // "1.2M likes" (10 × 6.5 → 65), "7.6M comments" (85) and "3200000 shares" (91) with the
        // badge, 8 and the empty view's 16 before the comments and 8 between them need 5 more
        // than the row's 288. Above their numbers ("1.2M…" 33, "7.6M…" 33, "3200000…" 52) the
        // comments have the most to give (52): they alone are cut, to 80.
        let comments = try #require(
            footer.elements.first { $0.role == .counts && ($0.content.styledText?.string.hasPrefix("7.6M") ?? false) })
        #expect(comments.content.styledText?.string.hasSuffix("…") == true && comments.frame.x == 304 - 91 - 8 - 80)
        #expect(try #require(footer.frame(ofText: "3200000 shares")).x == 304 - 91)
        let likes = try #require(footer.frame(ofText: "1.2M likes"))
        #expect(likes.x == 44 && likes.maxX <= comments.frame.x - 16)
        // At 250 points 75 are missing: the comments give all they have above their number (52,
        // to "7.6M…"), then the shares, next in what they can give (39), the other 23; the likes
        // stay whole and no number is cut.
        let narrow = try #require(
            try F.layout([F.post("p", #""likes": 1234567, "comments": 7654321, "shares": 3200000"#)], extra: #", "width": 250"#).item(
                "p.footer"))
        let texts = narrow.elements.filter { $0.role == .counts }.compactMap { $0.content.styledText?.string }
        #expect(texts.count == 3 && texts[0] == "1.2M likes" && texts.contains("7.6M…"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("3200000") && $0.hasSuffix("…") }, "\(texts)")
        // With no likes, the badge and likes are hidden but the empty view stays, 8 before the
        // comments: the counts start no further left than 16 + 8.
        let noLikes = try #require(
            try F.layout([F.post("p", #""comments": 7654321, "shares": 3200000"#)], extra: #", "width": 200"#).item("p.footer"))
        let left = noLikes.elements.filter { $0.role == .counts }.map(\.frame.x).min()
        #expect(left == 24, "\(noLikes.texts)")
        // With room, whole.
        let roomy = try #require(
            try F.layout([F.post("p", #""likes": 1234567, "comments": 7"#)], extra: #", "width": 320"#).item("p.footer"))
        #expect(roomy.texts.contains("1.2M likes"))
    }

    @Test func buttonsAreLeftAligned12ApartEachImagePlus4PlusTitle() throws {
        let footer = try #require(try F.layout([F.post("p", #""likes": 1, "isLiked": true"#)]).item("p.footer"))
        // Liked: `icon_like_fill` 11.98 + 4 + "Liked" (37.5 → 38); Comment: 16 + 4 + 53; Share: 13.49 + 4 + 38.
        #expect(footer.frame(ofGlyph: .likeFill) == Rect(x: 16, y: 57 + 10, width: 11.98, height: 12))
        #expect(footer.frame(ofText: "Liked")?.x == 16 + 11.98 + 4)
        let comment = 16 + 11.98 + 4 + 38 + 12
        #expect(footer.frame(ofGlyph: .commentOutline) == Rect(x: comment, y: 57 + 8, width: 16, height: 16))
        let share = comment + 16 + 4 + 53 + 12
        #expect(footer.frame(ofGlyph: .shareOutline)?.x == share)
        #expect(footer.actions("likeDidTap").first?.arguments == ["postId": "p", "origin": "feedshot"])
        #expect(footer.actions("postDidtap").dropLast().last?.frame == Rect(x: comment, y: 57, width: 73, height: 32))
        // The footer's empty width selects the row: `postDidtap` over the whole cell, last.
        #expect(footer.actions.last?.event == "postDidtap" && footer.actions.last?.frame == footer.frame)
        #expect(footer.actions("shareMenuDidOpen").first?.arguments["origin"] == "feedshot")
        let liked = try #require(footer.elements.first { $0.role == .likeButton && $0.content.styledText != nil }?.content.styledText)
        #expect(liked.color == Theme.amityLight.primary && liked.font == AmityFont.bodyBold.spec)
        let like = try #require(try F.layout([F.post("p", "")]).item("p.footer"))
        #expect(like.frame(ofGlyph: .likeOutline)?.width == 11.25)
        #expect(
            like.elements.contains { if case .glyph(.likeOutline, let c) = $0.content { c == Theme.amityLight.baseShade2 } else { false } })
    }

    /// Unliked, Like is `icon_like` and "Like" in base shade 2; liked, `icon_like_fill` tinted
    /// primary and "Liked" in primary (`AmityPostFooterTableViewCell.swift:86-97`).
    @Test func likeIsShade2AndLikedIsPrimary() throws {
        let light = Theme.amityLight
        func button(_ fields: String) throws -> [LayoutElement] {
            try #require(try F.layout([F.post("p", fields)]).item("p.footer")).elements.filter { $0.role == .likeButton }
        }
        let like = try button("")
        let likeTitle = try #require(like.compactMap(\.content.styledText).first)
        #expect(likeTitle.string == "Like" && likeTitle.color == light.baseShade2 && likeTitle.font == AmityFont.bodyBold.spec)
        #expect(like.contains { $0.content == .glyph(.likeOutline, color: light.baseShade2) })
        let liked = try button(#""isLiked": true"#)
        let likedTitle = try #require(liked.compactMap(\.content.styledText).first)
        #expect(likedTitle.string == "Liked" && likedTitle.color == light.primary)
        #expect(liked.contains { $0.content == .glyph(.likeFill, color: light.primary) })
        #expect(!liked.contains { if case .glyph(.likeOutline, _) = $0.content { true } else { false } })
    }

    @Test func theShareButtonHidesWhenNothingCanBeShared() throws {
        let layout = try F.layout([F.post("p", #""origin": "myFeed""#)], extra: #", "sharing": {"myFeed": []}"#)
        let footer = try #require(layout.item("p.footer"))
        #expect(footer.frame(ofGlyph: .shareOutline) == nil && footer.actions("shareMenuDidOpen").isEmpty && footer.shareMenu.isEmpty)
    }

    @Test func aCommunityTheViewerHasNotJoinedShowsTheJoinWarningInsteadOfButtons() throws {
        let footer = try #require(
            try F.layout([F.post("p", #""origin": "publicCommunity", "community": {"name": "Hikers", "isJoined": false}"#)]).item(
                "p.footer"))
        #expect(footer.frame.height == 58)
        #expect(footer.frame(ofText: "Join community to interact with all posts")?.origin == (16, 17 + 6.5))
        // The warning takes no tap: the row's selection, `postDidtap`, is its only action.
        #expect(footer.glyphs.isEmpty && footer.actions.map(\.event) == ["postDidtap"] && footer.actions.first?.frame == footer.frame)
    }

    /// On the post detail the footer's `tapComment` and `tapReactionDetails` go to the detail's own
    /// handler (`AmityPostDetailViewController.swift:558-575`): the Comment button and the counts
    /// focus the compose bar, the like details open who reacted — no `postDidtap`, and no row
    /// selection (:253-258). The compose bar is focused for a member of the post's community only
    /// (`isGroupMember`): on a user feed's post, or a community not joined, Comment does nothing.
    @Test func onThePostDetailTheFooterFocusesTheComposeBarAndOpensTheReactions() throws {
        let community = #""community": {"id": "c", "name": "Hikers", "isJoined": true}"#
        let footer = try #require(
            try F.single(F.post("p", #""likes": 3, "comments": 4, \#(community)"#), extra: #", "display": "detail""#).item("p.footer"))
        #expect(footer.actions("postDidtap").isEmpty)
        let feedshots = ["postId": "p", "origin": "feedshot"]
        #expect(footer.actions("reactionDetailsDidTap").map(\.frame) == [Rect(x: 16, y: 8, width: 100, height: 32)])
        #expect(footer.actions("reactionDetailsDidTap").first?.arguments == feedshots)
        let compose = footer.actions("commentComposeDidTap")
        #expect(compose.map(\.frame).first == Rect(x: 116, y: 8, width: 243, height: 32))
        #expect(compose.count == 2 && compose.allSatisfy { $0.arguments == feedshots })
        #expect(footer.frame(ofText: "Comment").map { f in compose[1].frame.x < f.x && compose[1].frame.maxX > f.x } == true)
        for notMember in [
            #""likes": 3, "comments": 4"#, #""likes": 3, "comments": 4, "community": {"id": "c", "name": "Hikers", "isJoined": false}"#,
        ] {
            let other = try #require(try F.single(F.post("p", notMember), extra: #", "display": "detail""#).item("p.footer"))
            #expect(other.actions("commentComposeDidTap").isEmpty && other.actions("postDidtap").isEmpty, "\(notMember)")
        }
        // In the feed the same taps are the kit's `postDidtap`, and the row's own last.
        let feed = try #require(try F.layout([F.post("p", #""likes": 3, "comments": 4"#)]).item("p.footer"))
        #expect(feed.actions("reactionDetailsDidTap").isEmpty && feed.actions("commentComposeDidTap").isEmpty)
        #expect(feed.actions("postDidtap").count == 4 && feed.actions.last?.frame == feed.frame)
    }

    /// In the feed a tap no view takes — a header's clear top and empty space — selects the row:
    /// `postDidtap` over the whole cell, after the cell's own taps
    /// (`AmityFeedViewController.swift:221-228`); the post detail has no such tap.
    @Test func aTapNoViewTakesSelectsTheRowInTheFeedOnly() throws {
        let header = try #require(try F.layout([F.post("p", #""text": "Hi""#)]).item("p.header"))
        #expect(header.actions.first?.event == "userDidTap")
        #expect(header.actions.last == LayoutAction(event: "postDidtap", arguments: ["postId": "p"], frame: header.frame))
        #expect(header.frame.y == 0 && header.frame.height > 8)
        let detail = try F.single(F.post("p", #""text": "Hi""#), extra: #", "display": "detail""#)
        for item in detail.items {
            #expect(!item.actions.contains { $0.event == "postDidtap" && $0.frame == item.frame }, "\(item.id)")
        }
        let ended = try F.single(
            F.post("s", #""dataType": "liveStream", "liveStream": {"status": "ended"}"#), extra: #", "display": "detail""#)
        #expect(ended.item("s.liveStream")?.actions.isEmpty == true)
    }
}
