import Foundation
import Testing

@testable import FeedshotLayout

/// The pure pieces of the feed (issue #3): sharing menus, relative dates, counts, gallery frames.
struct SharingSettingsTests {
    @Test func defaultsPerOrigin() {
        let s = SharingSettings.defaults
        for origin in [PostOrigin.myFeed, .userFeed, .publicCommunity] {
            #expect(s.targets(for: origin) == [.myFeed, .publicCommunity, .privateCommunity])
            #expect(s.menu(for: origin) == [.shareToMyTimeline, .shareToGroup])
        }
        #expect(s.targets(for: .privateCommunity) == [.originFeed])
        #expect(s.menu(for: .privateCommunity) == [.shareToGroup])
    }

    @Test func overridesReplaceAnOriginWhole() {
        let s = SharingSettings.defaults.overriding([.myFeed: [.external], .privateCommunity: []])
        #expect(s.menu(for: .myFeed) == [.moreOptions])
        #expect(s.menu(for: .privateCommunity).isEmpty)
        #expect(s.menu(for: .userFeed) == [.shareToMyTimeline, .shareToGroup])
        let all = SharingSettings.defaults.overriding([.userFeed: SharingTarget.allCases])
        #expect(all.menu(for: .userFeed) == [.shareToMyTimeline, .shareToGroup, .moreOptions])
        #expect(SharingSettings.defaults.overriding([.userFeed: [.originFeed]]).menu(for: .userFeed) == [.shareToMyTimeline])
    }

    @Test func menuItemsFireTheKitsEvents() {
        #expect(ShareMenuItem.allCases.map(\.event) == ["sharePostToMyTimelineDidTap", "sharePostToGroupDidTap", "sharePostDidTap"])
        #expect(
            ShareMenuItem.allCases.map { Strings(locale: Locale(identifier: "en_US"))($0.titleKey) } == [
                "Share to my timeline", "Share to group", "More options",
            ])
    }
}

struct FeedFormattingTests {
    let now = ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!
    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    @Test(arguments: [
        ("2026-11-29T11:59:30Z", "Just now"), ("2026-11-29T11:59:00Z", "1 minute ago"), ("2026-11-29T11:15:00Z", "45 minutes ago"),
        ("2026-11-29T10:59:00Z", "1 hour ago"), ("2026-11-29T01:00:00Z", "11 hours ago"), ("2026-11-28T23:00:00Z", "Yesterday"),
        ("2026-11-26T12:00:00Z", "3 days ago"), ("2026-11-15T12:00:00Z", "2 weeks ago"), ("2026-09-01T12:00:00Z", "2 months ago"),
        ("2024-11-01T12:00:00Z", "2 years ago"),
    ])
    func relativeDates(date: String, expected: String) {
        #expect(
            FeedFormatting.relativeDate(
                ISO8601DateFormatter().date(from: date)!, now: now, calendar: calendar,
                strings: Strings(locale: Locale(identifier: "en_US"))) == expected)
    }

    @Test func abbreviatedCounts() {
        #expect(FeedFormatting.abbreviated(999) == "999")
        #expect(FeedFormatting.abbreviated(1000) == "1.0K")
        #expect(FeedFormatting.abbreviated(1999) == "1.9K")
        #expect(FeedFormatting.abbreviated(25_400) == "25.4K")
        #expect(FeedFormatting.abbreviated(3_200_000) == "3.2M")
        #expect(FeedFormatting.count(1, .likes, strings: Strings(locale: Locale(identifier: "en_US"))) == "1 like")
        #expect(FeedFormatting.count(1200, .comments, strings: Strings(locale: Locale(identifier: "en_US"))) == "1.2K comments")
    }
}

struct GalleryMosaicTests {
    @Test func fourImagesAtWidth375() {
        // Side 375 − 32 = 343: the top tile is 343 wide and ceil(2 × 343 / 3) = 229 tall; the three
        // below are (343 − 16) / 3 = 109 square.
        let frames = GalleryMosaic.frames(count: 4, side: 343)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 343, height: 229))
        #expect(frames[1...].allSatisfy { $0.width == 109 && $0.height == 109 && $0.y == 237 })
        #expect(frames.map(\.x) == [0, 0, 117, 234])
    }

    @Test func oneTwoAndThreeImages() {
        #expect(GalleryMosaic.frames(count: 1, side: 343) == [Rect(x: 0, y: 0, width: 343, height: 343)])
        #expect(GalleryMosaic.frames(count: 2, side: 343).map(\.width) == [167.5, 167.5])
        #expect(GalleryMosaic.frames(count: 3, side: 343).count == 3)
        #expect(GalleryMosaic.frames(count: 9, side: 343).count == 4)
        #expect(GalleryMosaic.overflowLabel(count: 9) == "+ 5")
        #expect(GalleryMosaic.overflowLabel(count: 4) == nil)
    }
}
