import FeedshotRender
import FeedshotSnapshot
import Foundation

/// The design-preview gallery of the example documents, built on first request and served from a
/// temporary folder under `/gallery/`.
final class GalleryFiles: @unchecked Sendable {
    private let examples: URL?
    private let options: RenderOptions
    private let lock = NSLock()
    private var built: URL?

    init(examples: URL?, options: RenderOptions) {
        self.examples = examples
        self.options = options
    }

    func response(for path: String) -> HTTPResponse {
        guard let examples else {
            return .problem(404, title: "Not found", detail: "no examples folder is configured (feedshot serve --examples DIR)")
        }
        let root: URL
        do {
            root = try build(from: examples)
        } catch {
            return .problem(500, title: "Gallery failed", detail: "could not build the gallery: \(error.localizedDescription)")
        }
        var relative = String(path.dropFirst("/gallery".count))
        if relative.isEmpty || relative == "/" { relative = "/index.html" }
        let file = root.appendingPathComponent(relative).standardizedFileURL
        guard file.path.hasPrefix(root.standardizedFileURL.path + "/"), let data = FileManager.default.contents(atPath: file.path) else {
            return .problem(404, title: "Not found", detail: "no gallery file \(relative)")
        }
        let type = file.pathExtension == "png" ? "image/png" : "text/html; charset=utf-8"
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "max-age=300")], body: data)
    }

    private func build(from examples: URL) throws -> URL {
        try lock.withLock {
            if let built { return built }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-gallery-\(getpid())")
            let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
            var documents: [(name: String, json: Data)] = []
            for name in names {
                if let data = FileManager.default.contents(atPath: examples.appendingPathComponent(name).path) {
                    documents.append((String(name.dropLast(5)), data))
                }
            }
            var options = self.options
            if options.images.assetRoot == nil { options.images.assetRoot = examples }
            var gallery = PreviewGallery(options: options)
            gallery.title = "Feedshot examples"
            try gallery.write(documents: documents, to: directory)
            built = directory
            return directory
        }
    }
}
