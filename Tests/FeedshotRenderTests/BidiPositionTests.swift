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
}
