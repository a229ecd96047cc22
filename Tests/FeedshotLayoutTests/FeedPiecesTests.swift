import Foundation
import Testing

@testable import FeedshotLayout

/// The pure pieces of the feed: sharing menus, relative dates, counts, byte counts, links, file
/// icons, gallery frames (docs/conformance/amity.md, "Feed").
struct SharingSettingsTests {
    @Test func defaultsPerOriginAreTheSeedDocuments() {
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

    @Test func menuItemsFireTheKitsEventsWithTheKitsStrings() {
        #expect(ShareMenuItem.allCases.map(\.event) == ["sharePostToMyTimelineDidTap", "sharePostToGroupDidTap", "sharePostDidTap"])
        #expect(
            ShareMenuItem.allCases.map { Strings(locale: Locale(identifier: "en_US"))($0.titleKey) } == [
                "Share to My Timeline", "Share to Group", "More options",
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

    /// `Date.relativeTime` (Date+Extension.swift:36-59): each unit counted whole on the calendar.
    @Test(arguments: [
        ("2026-11-29T11:59:30Z", "Just now"), ("2026-11-29T12:30:00Z", "Just now"), ("2026-11-29T11:59:00Z", "1 minute ago"),
        ("2026-11-29T11:15:00Z", "45 minutes ago"), ("2026-11-29T10:59:00Z", "1 hour ago"), ("2026-11-29T01:00:00Z", "11 hours ago"),
        // Yesterday beats the hours; 40 hours on the day before yesterday are "1 day ago".
        ("2026-11-28T23:00:00Z", "Yesterday"), ("2026-11-28T13:00:00Z", "Yesterday"), ("2026-11-27T20:00:00Z", "1 day ago"),
        ("2026-11-26T12:00:00Z", "3 days ago"), ("2026-11-22T13:00:00Z", "6 days ago"), ("2026-11-22T12:00:00Z", "1 week ago"),
        ("2026-11-15T12:00:00Z", "2 weeks ago"),
        // 30 days short of a calendar month are 4 weeks; 363 days are 11 months.
        ("2026-10-30T12:00:00Z", "4 weeks ago"), ("2026-10-29T12:00:00Z", "1 month ago"), ("2025-12-01T12:00:00Z", "11 months ago"),
        ("2025-11-29T12:00:00Z", "1 year ago"), ("2024-11-01T12:00:00Z", "2 years ago"),
    ])
    func relativeDates(date: String, expected: String) {
        #expect(
            FeedFormatting.relativeDate(
                ISO8601DateFormatter().date(from: date)!, now: now, calendar: calendar,
                strings: Strings(locale: Locale(identifier: "en_US"))) == expected)
    }

    @Test func abbreviatedCountsTruncateToOneDecimal() {
        #expect(FeedFormatting.abbreviated(999) == "999")
        #expect(FeedFormatting.abbreviated(1000) == "1.0K")
        #expect(FeedFormatting.abbreviated(1999) == "1.9K")
        #expect(FeedFormatting.abbreviated(25_400) == "25.4K")
        #expect(FeedFormatting.abbreviated(3_200_000) == "3.2M")
        #expect(FeedFormatting.abbreviated(1_000_000_000) == "1.0B")
        #expect(FeedFormatting.count(1, .likes, strings: Strings(locale: Locale(identifier: "en_US"))) == "1 like")
        #expect(FeedFormatting.count(1200, .comments, strings: Strings(locale: Locale(identifier: "en_US"))) == "1.2K comments")
    }

    /// `ByteCountFormatter` (`.file`, bytes to GB): swift-corelibs-foundation's outputs for these counts.
    @Test(arguments: [
        (Int64(0), "Zero KB"), (1, "1 byte"), (2, "2 bytes"), (999, "999 bytes"), (1000, "1 KB"), (1499, "1 KB"), (1500, "2 KB"),
        (2500, "2 KB"), (3500, "4 KB"), (482_133, "482 KB"), (999_499, "999 KB"), (999_500, "1,000 KB"), (1_000_000, "1 MB"),
        (1_050_000, "1 MB"), (1_250_000, "1.2 MB"), (1_350_000, "1.4 MB"), (12_345_678, "12.3 MB"), (999_950_000, "1,000 MB"),
        (1_000_000_000, "1 GB"), (1_005_000_000, "1 GB"), (1_015_000_000, "1.02 GB"), (1_234_567_890, "1.23 GB"),
        (5_000_000_000_000, "5,000 GB"), (1_234_567_890_123, "1,234.57 GB"),
    ])
    func byteCounts(bytes: Int64, expected: String) {
        #expect(ByteCountFormatting.fileSize(bytes, strings: Strings(locale: Locale(identifier: "en_US"))) == expected)
    }

    @Test func byteCountsMatchFoundationsFormatter() {
        let formatter = ByteCountFormatter()
        formatter.allowedUnits = [.useBytes, .useKB, .useMB, .useGB]
        formatter.countStyle = .file
        let strings = Strings(locale: Locale(identifier: "en_US"))
        for bytes in [0, 7, 1000, 1234, 65_536, 482_133, 2_097_152, 18_874_368, 987_654_321, 4_294_967_296] as [Int64] {
            #expect(ByteCountFormatting.fileSize(bytes, strings: strings) == formatter.string(fromByteCount: bytes))
        }
    }
}

struct LinkAndIconTests {
    @Test func linksAreSchemesWwwEmailsAndBareDomains() {
        let text = "See https://example.com/a, www.amity.co and mail ann@example.com or trail.io/x (not agenda.pdf, e.g. or v3.key)."
        #expect(
            LinkDetector.links(in: text).map(\.url) == [
                "https://example.com/a", "https://www.amity.co", "mailto:ann@example.com", "https://trail.io/x",
            ])
        let first = LinkDetector.links(in: text)[0]
        #expect(Array(text.utf8)[first.range].count == "https://example.com/a".utf8.count)
        #expect(LinkDetector.host(of: "https://www.example.com/trail?x=1") == "www.example.com")
        #expect(LinkDetector.links(in: "Ünïcode → example.com").first?.range.lowerBound == "Ünïcode → ".utf8.count)
    }

    @Test func fileIconsFollowAmityFileExtensionThenTheUniformType() {
        let cases: [(String, Glyph)] = [
            ("doc", .fileDoc), ("docx", .fileDoc), ("xlsx", .fileXls), ("pptx", .filePpt), ("csv", .fileCsv), ("txt", .fileTxt),
            ("pdf", .filePdf), ("html", .fileHtml), ("mpeg", .fileMpeg), ("avi", .fileAvi), ("mp3", .fileMp3), ("mp4", .fileMp4),
            ("jpg", .fileImg), ("HEIC", .fileImg), ("m4a", .fileAudio), ("mov", .fileMov), ("zip", .fileZip), ("rar", .fileDefault),
            ("key", .fileDefault), ("PDF", .fileDefault), ("", .fileDefault),
            // Past the case-sensitive list, the uniform type: MP4, MPEG and AVI are movies, MP3 audio.
            ("MP4", .fileMov), ("MPEG", .fileMov), ("AVI", .fileMov), ("MP3", .fileAudio), ("Mp4", .fileMov),
        ]
        for (ext, glyph) in cases { #expect(FileIcon.glyph(forExtension: ext) == glyph, "\(ext)") }
        #expect(PostFile(name: "Offsite agenda.pdf").fileExtension == "pdf")
        #expect(PostFile(name: "README").fileExtension == "")
    }
}

struct GalleryMosaicTests {
    @Test func dividedIntegralRoundsTheSliceUpAndSplitsTheSpacing() {
        let halves = GalleryMosaic.dividedIntegral(Rect(x: 0, y: 0, width: 343, height: 343), fraction: 0.5, vertically: false, spacing: 8)
        #expect(halves.first == Rect(x: 0, y: 0, width: 168, height: 343))
        #expect(halves.second == Rect(x: 176, y: 0, width: 167, height: 343))
    }

    @Test func fourImagesAtWidth375() {
        let frames = GalleryMosaic.frames(count: 4, side: 343)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 343, height: 229))
        #expect(frames[1...].allSatisfy { $0.width == 109 && $0.height == 109 && $0.y == 237 })
        #expect(frames.map(\.x) == [0, 0, 117, 234])
    }

    @Test func theFourthTileCountsTheImagesNotShownPlusItself() {
        #expect(GalleryMosaic.overflowLabel(count: 5) == "+ 2")
        #expect(GalleryMosaic.overflowLabel(count: 9) == "+ 6")
        #expect(GalleryMosaic.overflowLabel(count: 4) == nil)
    }
}
