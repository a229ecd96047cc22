import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Positions inside a line of text (a header's badges, names and mentions to tap) come from
/// Pango's visual ranges: right in a line of either direction, in a document of either direction.
struct BidiPositionTests {
    static func header(author: String, community: String, locale: String) throws -> LayoutItem {
        let json = Data(
            #"""
            {"kind": "post", "locale": "\#(locale)", "viewer": "u1", "now": "2026-11-29T12:00:00Z",
             "post": {"id": "p", "origin": "publicCommunity", "community": {"name": "\#(community)", "isOfficial": true},
                      "author": {"id": "u5", "displayName": "\#(author)"}, "createdAt": "2026-11-29T10:00:00Z", "text": "Hi"}}
            """#.utf8)
        let layout = try Feedshot.layout(try Feedshot.decode(json))
        return try #require(layout.items.first { $0.id == "p.header" })
    }

    static func badge(_ item: LayoutItem) throws -> Rect {
        try #require(item.elements.first(where: isBadge)).frame
    }

    static func isBadge(_ element: LayoutElement) -> Bool {
        if case .glyph(.officialBadge, _) = element.content { return true }
        return false
    }

    /// The badge follows the community's name where it ends: at the left of an Arabic line in an
    /// English interface, at the right of a Latin line in an Arabic one (mirrored as a whole).
    @Test func theOfficialBadgeEndsTheLineInItsOwnDirection() throws {
        for (author, community, locale, badgeOnTheLeft) in [
            ("ليلى حسن", "محبو المشي", "en_US", true), ("Ann Lee", "Hikers Club", "ar_EG", false),
            ("Ann Lee", "Hikers Club", "en_US", false), ("ليلى حسن", "محبو المشي", "ar_EG", true),
        ] {
            let item = try Self.header(author: author, community: community, locale: locale)
            let name = try #require(item.elements.first { $0.role == .name }).frame
            let badge = try Self.badge(item)
            #expect((badge.midX < name.midX) == badgeOnTheLeft, "\(locale) \(community): badge \(badge), name \(name)")
            #expect(badge.minX >= name.minX - 0.5 && badge.maxX <= name.maxX + 0.5, "\(locale) \(community)")
        }
    }

    /// The name's tap area covers the author's name where it is drawn (the right of an Arabic line).
    @Test func theNamesTapAreaIsOverTheName() throws {
        let item = try Self.header(author: "ليلى حسن", community: "محبو المشي", locale: "en_US")
        let name = try #require(item.elements.first { $0.role == .name }).frame
        // The avatar fires userDidTap too; the name's is the one on the name's line.
        let tap = try #require(item.actions.first { $0.event == "userDidTap" && $0.frame.minX >= name.minX - 0.5 }).frame
        #expect(tap.midX > name.midX, "\(tap) in \(name)")
    }

    /// An Arabic count opening with a Latin abbreviation ("١٫٢K إعجابًا") is still laid out right
    /// to left, by Pango itself: the number stands right of the word, next to the like badge, as
    /// in "٣ إعجابات" (`Strings.label`'s U+200F).
    @Test func anAbbreviatedArabicCountReadsRightToLeft() throws {
        let strings = Strings(locale: Locale(identifier: "ar_EG"))
        for (likes, number) in [(1250, "١٫٢K"), (3, "٣")] {
            let label = FeedFormatting.count(likes, .likes, strings: strings)
            let text = StyledText(label, font: FontSpec(size: 13))
            let numberRange = try #require(label.utf8.firstRange(of: number.utf8))
            let wordStart = label.utf8.distance(from: label.utf8.startIndex, to: numberRange.upperBound) + 1
            let measurer = PangoTextMeasurer(cached: false)
            let numberStart = label.utf8.distance(from: label.utf8.startIndex, to: numberRange.lowerBound)
            let numberExtent = try #require(measurer.extents(of: numberStart..<wordStart - 1, in: text, width: 300).first)
            let wordExtent = try #require(measurer.extents(of: wordStart..<label.utf8.count, in: text, width: 300).first)
            #expect(numberExtent.x > wordExtent.x, "\(label): number at \(numberExtent.x), word at \(wordExtent.x)")
        }
        // English is untouched.
        #expect(FeedFormatting.count(1250, .likes, strings: Strings(locale: Locale(identifier: "en_US"))) == "1.2K likes")
    }
}
