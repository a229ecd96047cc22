import Foundation
import Testing

@testable import FeedshotLayout

/// A document references only the images its layout can draw: the renderer reads, fetches and
/// decodes those and nothing else, so a user who never posts cannot spend the document's image
/// budgets (two such users with 40- and 24-megapixel avatars made the sender's avatar and photo
/// placeholders).
struct ImageReferencesTests {
    /// Every image a layout draws: pictures, and bubbles stretched from an image.
    static func drawn(_ layout: Layout) -> Set<String> {
        Set(layout.items.flatMap(\.imageReferences).map(\.ref))
    }

    /// Every picture of a person the document names: its users', its posts' authors', its comments'.
    static func avatars(_ document: Document) -> Set<String> {
        switch document.content {
        case .chat(let chat), .message(let chat): return Set(chat.users.values.compactMap(\.avatar))
        case .feed(let feed), .post(let feed):
            var refs: Set<String> = []
            for post in feed.posts {
                refs.formUnion([post.author.avatar].compactMap { $0 })
                for comment in post.previewComments + (post.commentList ?? []) {
                    refs.formUnion(([comment] + comment.replies).compactMap(\.author.avatar))
                }
            }
            return refs
        case .shareSheet: return []
        }
    }

    /// `document` laid out with every image it references and every avatar it names loaded.
    static func layoutWithEverythingLoaded(_ document: Document) throws -> Layout {
        let all = document.imageReferences.union(avatars(document))
        let catalog = ImageCatalog(entries: Dictionary(uniqueKeysWithValues: all.map { ($0, .loaded(width: 64, height: 64)) }))
        return try LayoutEngine.layout(document, measurer: FakeMeasurer(), images: catalog)
    }

    /// Every golden and example document: laid out with every avatar it names loaded — the
    /// referenced ones and the rest — it draws no image it does not reference, and draws every
    /// avatar it references.
    @Test func everyGoldenDrawsTheAvatarsItReferencesAndNoOther() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["goldens", "examples"] {
            let url = root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).filter {
                $0.pathExtension == "json"
            }
        }
        #expect(files.count > 50)
        var checked = 0
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let document = try? Document.decode(Data(contentsOf: file)) else { continue }
            let layout = try Self.layoutWithEverythingLoaded(document)
            let drawn = Self.drawn(layout)
            let references = document.imageReferences
            #expect(drawn.isSubset(of: references), "\(file.lastPathComponent) draws \(drawn.subtracting(references).sorted())")
            let avatars = Self.avatars(document).intersection(references)
            #expect(avatars.isSubset(of: drawn), "\(file.lastPathComponent) references \(avatars.subtracting(drawn).sorted()) undrawn")
            checked += 1
        }
        #expect(checked > 50)
    }

    /// An Amity chat draws the avatars of incoming messages' senders: not its own user's, nor a
    /// user who only types or never appears.
    @Test func anAmityChatReferencesTheAvatarsOfIncomingSendersOnly() throws {
        let json = Data(
            #"""
            {"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z", "typing": ["u3"],
             "users": {"u1": {"avatar": "me.png"}, "u2": {"avatar": "ann.png"}, "u3": {"avatar": "typist.png"},
                       "u4": {"avatar": "lurker.png"}, "u5": {"avatar": "gone.png"}},
             "messages": [
               {"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"},
               {"id": "b", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:01:00Z", "text": "Hello"},
               {"id": "c", "from": "u5", "type": "image", "sentAt": "2026-11-29T11:02:00Z", "isDeleted": true, "image": {"src": "p.png"}}]}
            """#.utf8)
        let document = try Document.decode(json)
        #expect(document.imageReferences == ["ann.png", "gone.png", "p.png"])
        #expect(Self.drawn(try Self.layoutWithEverythingLoaded(document)) == ["ann.png", "gone.png"])
    }

    /// A dynamic custom cell reserving no width for the avatar draws none.
    @Test func aCustomCellWithoutAnAvatarReferencesNone() throws {
        let json = Data(
            #"""
            {"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "ann.png"}, "u3": {"avatar": "bob.png"}},
             "cells": {"textIncoming": {"layout": "dynamic", "reservedWidth": {"leading": 12, "avatar": 0, "avatarSpacing": 0,
                         "bubbleLeading": 8, "bubbleTrailing": 8, "trailing": 76},
                       "reservedHeight": {"top": 8, "bubbleTop": 8, "bubbleBottom": 8, "bottom": 8}}},
             "messages": [
               {"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"},
               {"id": "b", "from": "u3", "type": "audio", "sentAt": "2026-11-29T11:01:00Z", "audio": {"duration": 3}}]}
            """#.utf8)
        let document = try Document.decode(json)
        #expect(document.imageReferences == ["bob.png"])
        #expect(Self.drawn(try Self.layoutWithEverythingLoaded(document)) == ["bob.png"])
    }

    /// A MessageKit chat draws every sender's avatar, its own user's too, unless hidden, of no
    /// size, or in the Example app's custom cell.
    @Test func aMessageKitChatReferencesTheAvatarsItDraws() throws {
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "me": "u1", "now": "2026-11-29T12:00:00Z", "typing": ["u3"],
             "users": {"u1": {"avatar": "me.png"}, "u2": {"avatar": "ann.png"}, "u3": {"avatar": "typist.png"},
                       "u4": {"avatar": "lurker.png"}, "u5": {"avatar": "hidden.png"}, "u6": {"avatar": "tiny.png"},
                       "u7": {"avatar": "custom.png"}},
             "messages": [
               {"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"},
               {"id": "b", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:01:00Z", "text": "Hello"},
               {"id": "c", "from": "u5", "type": "text", "sentAt": "2026-11-29T11:02:00Z", "text": "Boo",
                "messageKit": {"avatar": {"hidden": true}}},
               {"id": "d", "from": "u6", "type": "text", "sentAt": "2026-11-29T11:03:00Z", "text": "Hm",
                "messageKit": {"avatar": {"size": {"width": 0, "height": 30}}}},
               {"id": "e", "from": "u7", "type": "custom", "sentAt": "2026-11-29T11:04:00Z", "text": "Someone left the conversation"}]}
            """#.utf8)
        let document = try Document.decode(json)
        #expect(document.imageReferences == ["ann.png", "me.png"])
        #expect(Self.drawn(try Self.layoutWithEverythingLoaded(document)) == ["ann.png", "me.png"])
    }

    /// A feed draws a post's author in its header (not in the placeholder of a post it does not
    /// know), four of its photos (the rest are counted in the fourth tile), and the avatars of
    /// the comments shown (the last two previews).
    @Test func aFeedReferencesWhatItsCellsDraw() throws {
        let comment = { (id: String) in
            #"{"id": "\#(id)", "author": {"id": "c\#(id)", "avatar": "\#(id).png"}, "text": "x", "createdAt": "2026-11-29T10:00:00Z"}"#
        }
        let images = (1...6).map { #"{"src": "photo\#($0).png"}"# }.joined(separator: ",")
        let json = FeedFixture.feed([
            FeedFixture.post(
                "p",
                #""dataType": "image", "images": [\#(images)], "comments": 3, "previewComments": [\#(comment("k1")), \#(comment("k2")), \#(comment("k3"))]"#,
                author: #"{"id": "u2", "avatar": "ann.png"}"#),
            FeedFixture.post("q", #""dataType": "quiz""#, author: #"{"id": "u3", "avatar": "quizzer.png"}"#),
        ])
        let document = try Document.decode(json)
        let expected: Set<String> = ["ann.png", "photo1.png", "photo2.png", "photo3.png", "photo4.png", "k2.png", "k3.png"]
        #expect(document.imageReferences == expected)
        #expect(Self.drawn(try Self.layoutWithEverythingLoaded(document)) == expected)
    }
}
