import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotRender

/// What one document's images may cost: only the images it draws are loaded, each file once
/// however it is spelt, and all of them together within a budget of bytes read (4 for each pixel
/// of `--max-document-image-pixels`); a `data:` URI of either kind within the per-image limit.
struct DocumentImageBudgetTests {
    static let bob = packageRoot.appendingPathComponent("examples/assets/bob.png")

    /// A chat of one message from each of `senders` (user id, avatar), and `users` who send nothing.
    static func chat(senders: [(String, String)], lurkers: [(String, String)] = []) throws -> Data {
        func quoted(_ text: String) throws -> String { String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
        let users = try (senders + lurkers).map { id, avatar in #""\#(id)": {"displayName": "\#(id)", "avatar": \#(try quoted(avatar))}"# }
        let messages = senders.enumerated().map { index, sender in
            #"{"id": "m\#(index)", "from": "\#(sender.0)", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}"#
        }
        return Data(
            #"""
            {"kind": "chat", "me": "me", "now": "2026-11-29T12:00:00Z", "users": {\#(users.joined(separator: ", "))},
             "messages": [\#(messages.joined(separator: ", "))]}
            """#.utf8)
    }

    /// A fresh asset folder holding bob.png, `sub/`, and a link to bob.png; removed by the caller.
    static func assetFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bob, to: root.appendingPathComponent("bob.png"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.png").path, withDestinationPath: "bob.png")
        return root
    }

    /// Users who send nothing cost nothing: their avatars — 4 megapixels by their headers, sorted
    /// before the sender's — are not loaded, so they do not take the pixel budget the sender's
    /// avatar needs (they did, and it was a placeholder).
    @Test func anUnusedUsersAvatarTakesNothingFromTheBudget() throws {
        let lurker = "DATA:image/png;base64," + ImageTests.pngHeader(width: 2000, height: 2000).base64EncodedString()
        let json = try Self.chat(
            senders: [("ann", "assets/bob.png")], lurkers: [("lurker", lurker), ("broken", "assets/not-an-image.png")])
        var options = RenderOptions()
        options.images.assetRoot = ImageTests.assets
        options.maxDocumentImagePixels = 4_010_000
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        let avatar = layout.items.first { $0.id == "m0" }?.elements.first { $0.role == .avatar }?.content
        #expect(avatar == .image(ref: "assets/bob.png", cornerRadius: 20))
    }

    /// Every spelling of one file — `./bob.png`, `sub/../bob.png`, a link to it — is read once:
    /// the store reads one file of bob.png's size, and every spelling draws its pixels.
    @Test func everySpellingOfAFileIsReadOnce() throws {
        let root = try Self.assetFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let spellings =
            (0..<20).map { String(repeating: "./", count: $0) + "bob.png" } + ["sub/../bob.png", "sub/.././sub/../bob.png", "link.png"]
        let store = ImageStore()
        try store.load(Set(spellings), source: ImageSource(assetRoot: root), useCache: false, limits: ImageStore.Limits())
        #expect(store.filesRead == 1)
        #expect(store.bytesRead == (try Data(contentsOf: Self.bob)).count)
        let first = try #require(store.surfaces["bob.png"])
        for ref in spellings {
            #expect(store.catalog.entries[ref] == .loaded(width: 160, height: 160), "\(ref)")
            #expect(store.surfaces[ref] === first, "\(ref)")
        }
        // Through a render: every sender's avatar drawn, no warning.
        var options = RenderOptions()
        options.images.assetRoot = root
        let json = try Self.chat(senders: spellings.enumerated().map { ("u\($0)", $1) })
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
    }

    /// A spelling that leaves the root, or names no file, is refused under its own name, even
    /// after another spelling of the same folder was read.
    @Test func aBadSpellingIsRefusedByItsOwnName() throws {
        let root = try Self.assetFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = ImageStore()
        try store.load(
            ["bob.png", "sub/../../bob.png", "sub/bob.png"], source: ImageSource(assetRoot: root), useCache: false, limits: .init())
        #expect(store.catalog.entries["bob.png"] == .loaded(width: 160, height: 160))
        #expect(store.catalog.entries["sub/../../bob.png"] == .failed(#"the path "sub/../../bob.png" leaves the asset root"#))
        #expect(store.catalog.entries["sub/bob.png"] == .failed(#"no file at "sub/bob.png" under the asset root"#))
    }

    /// The bytes a document's images take to read are bounded together: files that are no image
    /// (they take no pixels) are read until the budget — 4 bytes for each pixel of
    /// `--max-document-image-pixels` — is spent; each one past it is a placeholder, its warning
    /// naming its field, and is not read.
    @Test func aDocumentsImagesShareOneBudgetOfBytes() throws {
        let root = try Self.assetFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for index in 0..<5 { try Data(count: 40_000).write(to: root.appendingPathComponent("blob\(index).bin")) }
        let json = try Self.chat(senders: (0..<5).map { ("u\($0)", "blob\($0).bin") })
        var options = RenderOptions()
        options.images.assetRoot = root
        options.maxDocumentImagePixels = 25_000
        #expect(options.maxDocumentImageBytes == 100_000)
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        let refusal =
            "the document's images would take more than 100000 bytes to read (4 for each pixel of --max-document-image-pixels; raise it with --max-document-image-pixels); drew the placeholder"
        #expect(
            layout.warnings.filter { $0.hasSuffix("not a PNG, JPEG, WebP or GIF image; drew the placeholder") }.count == 2,
            "\(layout.warnings)")
        #expect(layout.warnings.contains("users.u2.avatar: \(refusal)"), "\(layout.warnings)")
        #expect(layout.warnings.contains("users.u4.avatar: \(refusal)"), "\(layout.warnings)")
        let store = ImageStore()
        var limits = ImageStore.Limits()
        limits.maxDocumentBytes = 100_000
        try store.load(Set((0..<5).map { "blob\($0).bin" }), source: ImageSource(assetRoot: root), useCache: false, limits: limits)
        #expect(store.filesRead == 2)
        #expect(store.bytesRead == 80_000)
    }

    /// A `data:` URI of plain (percent-encoded) bytes has the same limit as a base64 one, known
    /// before it is decoded (a 60 MB one was decoded whole).
    @Test func aPlainDataURIOverTheLimitIsRefused() throws {
        let source = ImageSource(maxBytes: 1_000)
        #expect(try source.dataURI("data:," + String(repeating: "a", count: 1_000)).count == 1_000)
        #expect(try source.dataURI("data:," + String(repeating: "%41", count: 1_000)).count == 1_000)
        for payload in [String(repeating: "a", count: 1_001), String(repeating: "%41", count: 1_001)] {
            #expect {
                try source.dataURI("data:," + payload)
            } throws: {
                ($0 as? ImageLoadError)?.description == "data: URI larger than the limit of 1000 bytes"
            }
        }
        // Through a render: a placeholder, its field named.
        var options = RenderOptions()
        options.images.maxBytes = 1_000
        let json = try Self.chat(senders: [("ann", "data:image/png," + String(repeating: "x", count: 5_000))])
        let (_, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(layout.warnings == ["users.ann.avatar: data: URI larger than the limit of 1000 bytes; drew the placeholder"])
    }
}
