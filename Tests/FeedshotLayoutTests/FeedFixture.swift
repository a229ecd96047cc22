import Foundation

@testable import FeedshotLayout

/// Feed and post documents for tests, laid out with the fake measurer (body 7.5 × 18.75 a
/// character, caption 6.5 × 16.25, title 8.5 × 21.25, headerLine 10 × 25).
enum FeedFixture {
    static let author = #"{"id": "u2", "displayName": "Ann Lee"}"#

    static func post(_ id: String, _ fields: String, author: String = author) -> String {
        #"{"id": "\#(id)", "author": \#(author), "createdAt": "2026-11-29T10:00:00Z"\#(fields.isEmpty ? "" : ", " + fields)}"#
    }

    static func feed(_ posts: [String], extra: String = "") -> Data {
        Data(#"{"kind": "feed", "viewer": "u1", "now": "2026-11-29T12:00:00Z"\#(extra), "posts": [\#(posts.joined(separator: ","))]}"#.utf8)
    }

    static func layout(_ posts: [String], extra: String = "", measurer: FakeMeasurer = FakeMeasurer()) throws -> Layout {
        try LayoutEngine.layout(Document.decode(feed(posts, extra: extra)), measurer: measurer)
    }

    /// One post's layout (`kind: post`), with document fields in `extra`.
    static func single(_ post: String, extra: String = "") throws -> Layout {
        let json = Data(#"{"kind": "post", "viewer": "u1", "now": "2026-11-29T12:00:00Z"\#(extra), "post": \#(post)}"#.utf8)
        return try LayoutEngine.layout(Document.decode(json), measurer: FakeMeasurer())
    }

    /// The decoding error of a feed of `post`.
    static func refusal(_ post: String) -> String? {
        do {
            _ = try Document.decode(feed([post]))
            return nil
        } catch {
            return error.description
        }
    }
}

extension Layout {
    func item(_ id: String) -> LayoutItem? { items.first { $0.id == id } }
}

extension LayoutItem {
    /// The elements of `role`, in canvas coordinates relative to the item's top.
    func frames(_ role: ElementRole) -> [Rect] {
        elements.filter { $0.role == role }.map { $0.frame.offsetBy(dy: -frame.y) }
    }

    /// The texts drawn, in order.
    var texts: [String] {
        elements.compactMap { if case .text(let t, _) = $0.content { t.string } else { nil } }
    }

    /// The element drawing `text`, its frame relative to the item's top.
    func frame(ofText text: String) -> Rect? {
        elements.first { if case .text(let t, _) = $0.content { t.string == text } else { false } }.map { $0.frame.offsetBy(dy: -frame.y) }
    }

    /// The glyphs drawn, in order.
    var glyphs: [Glyph] {
        elements.compactMap { if case .glyph(let g, _) = $0.content { g } else { nil } }
    }

    /// The frame of the first `glyph`, relative to the item's top.
    func frame(ofGlyph glyph: Glyph) -> Rect? {
        elements.first { if case .glyph(glyph, _) = $0.content { true } else { false } }.map { $0.frame.offsetBy(dy: -frame.y) }
    }

    /// The actions firing `event`, their frames relative to the item's top.
    func actions(_ event: String) -> [LayoutAction] {
        actions.filter { $0.event.rawValue == event }.map {
            var a = $0; a.frame = a.frame.offsetBy(dy: -frame.y); return a
        }
    }
}
