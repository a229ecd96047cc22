import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// The gallery's own answers before any page is built: its address without the slash, and a build
/// that fails.
struct GalleryFilesTests {
    /// A build that fails (no examples folder) leaves no folder behind — each failed request left
    /// one, 521 in 4 s — and its answer does not name the server's folders.
    @Test func aFailedBuildLeavesNothingAndNamesNoFolder() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-gallery-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("no-examples")
        let gallery = GalleryFiles(examples: missing, options: RenderOptions(), temporaryFolder: scratch)
        for _ in 0..<3 {
            let response = gallery.response(for: "/gallery/")
            #expect(response.status == 500)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(!body.contains(scratch.path), "\(body)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        #expect(gallery.directory == nil)
        // The same gallery with its examples is built there.
        let examples = scratch.appendingPathComponent("examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        let built = GalleryFiles(examples: examples, options: RenderOptions(), temporaryFolder: scratch)
        #expect(built.response(for: "/gallery/").status == 200)
        #expect(built.directory?.deletingLastPathComponent().standardizedFileURL.path == scratch.standardizedFileURL.path)
        built.remove()
    }

    /// `/gallery` without its slash: the page's images are relative (`images/…`) and resolved to
    /// `/images/…`, every one a 404. It is sent to `/gallery/`.
    @Test func theGalleryWithoutItsSlashIsRedirected() {
        let response = GalleryFiles(examples: nil, options: RenderOptions()).response(for: "/gallery")
        #expect(response.status == 404)  // no examples: nothing to redirect to
        let redirected = GalleryFiles(examples: URL(fileURLWithPath: "/nonexistent"), options: RenderOptions()).response(for: "/gallery")
        #expect(redirected.status == 308)
        #expect(redirected.headers.contains { $0.0 == "Location" && $0.1 == "/gallery/" })
    }
}
