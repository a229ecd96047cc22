import FeedshotRender
import FeedshotSnapshot
import Foundation

/// The design-preview gallery of the example documents, built on first request into a private
/// temporary folder (`mkdtemp`, mode 0700: a name nobody can predict or create first) and served
/// from there under `/gallery/`. Files are opened without following symlinks, and the folder is
/// removed when the server stops.
final class GalleryFiles: @unchecked Sendable {
    private let examples: URL?
    private let options: RenderOptions
    private let lock = NSLock()
    private var built: URL?
    /// Each built page's security headers (its policy hashes its inline scripts and styles).
    private var pageHeaders: [String: [(String, String)]] = [:]

    /// Where the gallery's folder is made.
    private let temporaryFolder: URL

    init(examples: URL?, options: RenderOptions, temporaryFolder: URL = FileManager.default.temporaryDirectory) {
        self.examples = examples
        self.options = options
        self.temporaryFolder = temporaryFolder
    }

    /// The folder the gallery was built in, if it was.
    var directory: URL? { lock.withLock { built } }

    func response(for path: String) -> HTTPResponse {
        guard let examples else {
            return .problem(404, title: "Not found", detail: "no examples folder is configured (feedshot serve --examples DIR)")
        }
        // The page's images are relative (`images/…`): without the slash they would resolve to `/images/…`.
        if path == "/gallery" { return HTTPResponse(status: 308, headers: [("Location", "/gallery/")], body: Data()) }
        let root: URL
        do {
            root = try build(from: examples)
        } catch {
            // The reason names the server's folders: the log has it, the client does not.
            FileHandle.standardError.write(Data("feedshot serve: could not build the gallery: \(error)\n".utf8))
            return .problem(500, title: "Gallery failed", detail: "could not build the gallery (the server's log says why)")
        }
        var relative = String(path.dropFirst("/gallery".count))
        if relative == "/" { relative = "/index.html" }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !components.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            let data = GalleryFiles.readRegularFile(root.path + relative)
        else {
            return .problem(404, title: "Not found", detail: "no gallery file \(Router.printable(relative))")
        }
        let isImage = relative.hasSuffix(".png")
        let type = isImage ? "image/png" : "text/html; charset=utf-8"
        let page = isImage ? [] : securityHeaders(of: relative, data)
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "max-age=300")] + page, body: data)
    }

    /// The security headers of the built page at `relative`, worked out the first time it is served.
    private func securityHeaders(of relative: String, _ data: Data) -> [(String, String)] {
        lock.withLock {
            if let known = pageHeaders[relative] { return known }
            let headers = SecurityHeaders.page(String(decoding: data, as: UTF8.self))
            pageHeaders[relative] = headers
            return headers
        }
    }

    /// The bytes of the regular file at `path`, opened with `O_NOFOLLOW` (a symlink is refused);
    /// nil for anything else.
    static func readRegularFile(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? handle.readToEnd() ?? Data()
    }

    /// Removes the gallery's folder (the server is stopping).
    func remove() {
        lock.withLock {
            if let built { try? FileManager.default.removeItem(at: built) }
            built = nil
            pageHeaders = [:]
        }
    }

    private func build(from examples: URL) throws -> URL {
        try lock.withLock {
            if let built { return built }
            var template = Array((temporaryFolder.path + "/feedshot-gallery-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                throw ServerError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
            }
            let directory = URL(fileURLWithPath: String(cString: made), isDirectory: true)
            // A build that fails leaves no folder behind (each failed request left one: 521 in 4 s).
            var succeeded = false
            defer { if !succeeded { try? FileManager.default.removeItem(at: directory) } }
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
            FileHandle.standardError.write(Data("feedshot serve: gallery built in \(directory.path)\n".utf8))
            built = directory
            succeeded = true
            return directory
        }
    }
}
