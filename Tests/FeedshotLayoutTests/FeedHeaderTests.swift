import Foundation
import Testing

@testable import FeedshotLayout

/// The header cell: heights, the name column, badges, the option button and their events
/// (docs/conformance/amity.md, "Feed").
struct FeedHeaderTests {
    typealias F = FeedFixture

    @Test func aOneLineNameMakesTheKits68PointHeader() throws {
        let header = try #require(try F.layout([F.post("p", #""text": "Hi""#)]).item("p.header"))
        // 8 clear + 12 + max(40, 19 + 4 + 17) + 8.
        #expect(header.frame == Rect(x: 0, y: 0, width: 375, height: 68))
        // The white starts below the clear 8.
        #expect(header.frames("cell") == [Rect(x: 0, y: 8, width: 375, height: 60)])
        #expect(header.frames(.avatar) == [Rect(x: 16, y: 20, width: 40, height: 40)])
        #expect(header.frames(.name) == [Rect(x: 68, y: 20, width: 53, height: 19)])
        #expect(header.frame(ofText: "2 hours ago") == Rect(x: 68, y: 43, width: 72, height: 17))
        // The date row: caption (13, regular) in base shade 1.
        let date = try #require(header.elements.first { $0.content.styledText?.string == "2 hours ago" }?.content.styledText)
        #expect(date.font == FontSpec(size: 13) && date.color == Theme.amityLight.baseShade1)
        // The option button: 30 at (W − 46, centred), `icon_option` 15.19 × 3.38 in it.
        #expect(header.actions("postOptionDidTap").map(\.frame) == [Rect(x: 329, y: 25, width: 30, height: 30)])
        let dots = try #require(header.frame(ofGlyph: .optionDots))
        #expect(abs(dots.midX - 344) < 0.01 && abs(dots.midY - 40) < 0.01 && dots.width == 15.19)
    }

    @Test func theNameWrapsToThreeLinesAndTheRowCentresOnTheColumn() throws {
        // 33 characters a line in the 249-point column.
        let two = String(repeating: "a", count: 40)
        let header = try #require(
            try F.layout([F.post("p", #""text": "x""#, author: #"{"id": "u2", "displayName": "\#(two)"}"#)]).item("p.header"))
        // Column 38 + 4 + 17 = 59: 20 + 59 + 8.
        #expect(header.frame.height == 87)
        #expect(header.frames(.avatar)[0].y == 20 + (59 - 40) / 2.0)
        let long = String(repeating: "a ", count: 60)
        let capped = try #require(try F.layout([F.post("p", "", author: #"{"id": "u2", "displayName": "\#(long)"}"#)]).item("p.header"))
        #expect(capped.frames(.name)[0].height == 57)  // 3 lines of 19
        // bodyBold (15, semibold) in base over the whole name (`AmityFeedDisplayNameTextView.swift:57-58`).
        let name = try #require(capped.elements.first { $0.role == .name }?.content.styledText)
        #expect(name.font == AmityFont.bodyBold.spec && name.font.size == 15 && name.font.weight == .semibold)
        #expect(name.color == Theme.amityLight.base && name.spans.allSatisfy { $0.color == nil || $0.color == Theme.amityLight.base })
        #expect(
            capped.elements.contains {
                if case .text(let t, let lines) = $0.content { lines.count == 3 && t.string.hasSuffix("…") } else { false }
            })
    }

    @Test func theOptionButtonHidesOutsideAJoinedCommunityOnTheDetailScreenAndOnOthersPendingPosts() throws {
        let joined = #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers"}"#
        let notJoined = #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers", "isJoined": false}"#
        #expect(try F.layout([F.post("p", joined)]).item("p.header")?.actions("postOptionDidTap").count == 1)
        #expect(try F.layout([F.post("p", notJoined)]).item("p.header")?.actions("postOptionDidTap").isEmpty == true)
        #expect(
            try F.single(F.post("p", joined), extra: #", "display": "detail""#).item("p.header")?.actions("postOptionDidTap").isEmpty
                == true)
        #expect(try F.layout([F.post("p", #""isPending": true"#)]).item("p.header")?.actions("postOptionDidTap").isEmpty == true)
        let own = #"{"id": "p", "author": {"id": "u1"}, "createdAt": "2026-11-29T10:00:00Z", "isPending": true}"#
        #expect(try F.layout([own]).item("p.header")?.actions("postOptionDidTap").count == 1)
    }

    @Test func aHiddenOptionButtonGivesTheNameColumnItsTwelvePlusThirtyPoints() throws {
        // "aaa… ‣ Hikers", 37 characters of 7.5 = 277.5: two lines in the 249-point column beside
        // the button, one in the 291-point column without it (W 375 − 16 − 40 − 12 − 16, `.swift:89-90`).
        let name = String(repeating: "a", count: 28)
        let author = #"{"id": "u2", "displayName": "\#(name)"}"#
        let community = #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers""#
        let shown = try #require(try F.layout([F.post("p", community + "}", author: author)]).item("p.header"))
        let hidden = try #require(
            try F.layout([F.post("p", community + #", "isJoined": false}"#, author: author)]).item("p.header"))
        #expect(shown.actions("postOptionDidTap").count == 1 && hidden.actions("postOptionDidTap").isEmpty)
        #expect(shown.frames(.name).map(\.height) == [38] && hidden.frames(.name).map(\.height) == [19])
        let wrapped = try #require(shown.elements.first { $0.role == .name })
        let single = try #require(hidden.elements.first { $0.role == .name })
        if case .text(_, let lines) = wrapped.content { #expect(lines.count == 2) } else { Issue.record("the name is not text") }
        if case .text(_, let lines) = single.content { #expect(lines.count == 1) } else { Issue.record("the name is not text") }
    }

    @Test func theCommunityNameFiresCommunityDidTapWithItsIdAndTheNameUserDidTap() throws {
        let header = try #require(
            try F.layout([F.post("p", #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers"}"#)]).item("p.header"))
        #expect(header.texts.first == "Ann Lee ‣ Hikers")
        let community = try #require(header.actions("communityDidTap").first)
        #expect(community.arguments == ["communityId": "c9"])
        // "Ann Lee ‣ " before it: 10 characters of 7.5.
        #expect(community.frame == Rect(x: 68 + 75, y: 20, width: 45, height: 19))
        #expect(header.actions("userDidTap").map(\.frame).contains(Rect(x: 68, y: 20, width: 52.5, height: 19)))
        #expect(header.actions("userDidTap").allSatisfy { $0.arguments == ["userId": "u2"] })
    }

    @Test func theOfficialBadgeIsAn18PointAttachmentRightAfterTheCommunityName() throws {
        let header = try #require(
            try F.layout([F.post("p", #""origin": "publicCommunity", "community": {"name": "Hikers", "isOfficial": true}"#)]).item(
                "p.header"))
        // Bottom 2 below the baseline; the line's ascent grows to the badge's 16.
        #expect(header.frame(ofGlyph: .officialBadge) == Rect(x: 68 + 120, y: 20 + 16 + 2 - 18, width: 18, height: 18))
        #expect(header.frames(.name)[0].width == 138)
        #expect(
            header.elements.contains {
                if case .glyph(.officialBadge, let color) = $0.content { color == Theme.amityLight.highlight } else { false }
            })
    }

    @Test func aBannedAuthorGetsThe16PointSymbolAfterTheName() throws {
        let header = try #require(
            try F.layout([F.post("p", "", author: #"{"id": "u2", "displayName": "Ann", "isGlobalBanned": true}"#)]).item("p.header"))
        #expect(header.frame(ofGlyph: .bannedBadge) == Rect(x: 68 + 22.5, y: 20 + 15.2 + 2 - 16, width: 16, height: 16))
        #expect(
            header.elements.contains {
                if case .glyph(.bannedBadge, let color) = $0.content { color == Theme.amityLight.baseShade3 } else { false }
            })
    }

    @Test func theModeratorBadgeIsA12PointIconAndModeratorBulletBeforeTheDate() throws {
        let header = try #require(try F.layout([F.post("p", #""isModerator": true, "editedAt": "2026-11-29T11:00:00Z""#)]).item("p.header"))
        #expect(header.frame(ofGlyph: .moderatorBadge) == Rect(x: 68, y: 43 + 2.5, width: 12, height: 12))
        // 11 characters of 6.5 (the fake measurer leaves out the trailing space; Pango keeps it).
        #expect(header.frame(ofText: "Moderator • ") == Rect(x: 84, y: 43, width: 72, height: 17))
        #expect(header.frame(ofText: "2 hours ago • Edited")?.x == 156)
        let badge = try #require(header.elements.first { $0.role == .status })
        if case .text(let text, _) = badge.content {
            #expect(text.font == AmityFont.captionBold.spec && text.color == Theme.amityLight.baseShade1)
        }
    }

    /// The kit shows a pending post on its detail screen and in its own community's pending feed
    /// only, with no community name in either; an approved post of the community shows it.
    @Test func aPendingPostNeverShowsItsCommunity() throws {
        let post = F.post("p", #""isPending": true, "origin": "publicCommunity", "community": {"name": "Hikers", "isOfficial": true}"#)
        #expect(try F.single(post, extra: #", "display": "detail""#).item("p.header")?.texts.first == "Ann Lee")
        let pending = try #require(try F.single(post).item("p.header"))
        #expect(pending.texts.first == "Ann Lee" && pending.frame(ofGlyph: .officialBadge) == nil)
        let approved = F.post("p", #""origin": "publicCommunity", "community": {"name": "Hikers"}"#)
        #expect(try F.single(approved).item("p.header")?.texts.first == "Ann Lee ‣ Hikers")
    }

    @Test func aCommunitysOwnFeedLeavesOutItsNameAndBadgeButNotOtherCommunities() throws {
        let own = F.post("p", #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers", "isOfficial": true}"#)
        let other = F.post("q", #""origin": "publicCommunity", "community": {"id": "c7", "name": "Cyclists", "isOfficial": true}"#)
        let pending = F.post("r", #""isPending": true, "origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers"}"#)
        let layout = try F.layout([own, other, pending], extra: #", "communityFeed": "c9""#)
        let header = try #require(layout.item("p.header"))
        #expect(header.texts.first == "Ann Lee")
        #expect(header.frame(ofGlyph: .officialBadge) == nil)
        #expect(header.actions("communityDidTap").isEmpty)
        // The name column is the name alone: "Ann Lee", 7 characters of 7.5, rounded up.
        #expect(header.frames(.name)[0].width == 53)
        #expect(try #require(layout.item("r.header")).texts.first == "Ann Lee")
        let elsewhere = try #require(layout.item("q.header"))
        // The badge is an attachment character after the name.
        #expect(elsewhere.texts.first == "Ann Lee ‣ Cyclists\u{FFFC}")
        #expect(elsewhere.frame(ofGlyph: .officialBadge) != nil)
        // Without the field (a global, user or own feed) every post names its community.
        #expect(try F.layout([own]).item("p.header")?.texts.first == "Ann Lee ‣ Hikers\u{FFFC}")
    }

    @Test func communityFeedIsRefusedWhereTheKitIgnoresIt() throws {
        let post = F.post("p", #""origin": "publicCommunity", "community": {"id": "c9", "name": "Hikers"}"#)
        #expect(throws: DocumentError.self) { try F.single(post, extra: #", "communityFeed": "c9", "display": "detail""#) }
        #expect(throws: DocumentError(path: "communityFeed", message: "is empty (give the community's id, or leave it out)")) {
            try F.layout([post], extra: #", "communityFeed": """#)
        }
        #expect(try F.single(post, extra: #", "communityFeed": "c9""#).item("p.header")?.texts.first == "Ann Lee")
    }
}
