import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// The gallery's own answers before any page is built: its address without the slash, and a build
/// that fails.
struct GalleryFilesTests {
    /// The temporary folders galleries are built in.
    static func galleryFolders() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter {
                $0.hasPrefix("feedshot-gallery-")
            })
    }

    /// A build that fails (no examples folder) leaves no folder behind — each failed request left
    /// one, 521 in 4 s — and its answer does not name the server's folders.
    @Test func aFailedBuildLeavesNothingAndNamesNoFolder() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-no-examples-\(UUID().uuidString)")
        let gallery = GalleryFiles(examples: missing, options: RenderOptions())
        let before = try Self.galleryFolders()
        for _ in 0..<3 {
            let response = gallery.response(for: "/gallery/")
            #expect(response.status == 500)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(!body.contains(missing.path) && !body.contains(FileManager.default.temporaryDirectory.path), "\(body)")
        }
        #expect(try Self.galleryFolders().subtracting(before).isEmpty)
        #expect(gallery.directory == nil)
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
