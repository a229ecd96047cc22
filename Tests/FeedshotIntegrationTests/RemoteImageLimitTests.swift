import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotRender

/// A remote image host that misbehaves, on a loopback port: Python's `http.server`, started by a
/// test and stopped when the test lets it go.
final class MisbehavingImageHost: @unchecked Sendable {
    let process: ChildProcess
    let port: Int
    /// Appears when `/stall` has been asked for.
    let stalled: URL

    /// `/endless`: 200 with no length and bytes until the client leaves; `/missing`: the same as a
    /// 404; `/declared`: a declared 200 MB body that does not come (the length alone must refuse
    /// it); `/away`: a redirect to `localhost` (a host the tests do not allow); `/here`: a redirect
    /// to `/pixel` on the same host; `/loop`: a redirect to itself; `/stall`: headers, then nothing
    /// for a minute (it touches the file `<port file>.stalled` when asked); `/pixel`: a 1 × 1 PNG;
    /// `/slow…`: the PNG after 0.5 s, counting how many such requests it serves at once, and
    /// `/peak`: the most it served at once; `/kept` (`max-age=60`) and `/fresh` (`no-cache`): the
    /// PNG, counting the requests for each, and `/count/kept`, `/count/fresh`: those counts;
    /// `/zeros…`: 1 MiB of zeros (no image), its length declared.
    static let script = #"""
        import http.server, socketserver, sys, base64, time
        import threading
        active, peak, lock = 0, 0, threading.Lock()
        served = {'/kept': 0, '/fresh': 0}
        PNG = base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==')
        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.0'
            def log_message(self, *a): pass
            def do_GET(self):
                port = self.server.server_address[1]
                try:
                    if self.path in ('/endless', '/missing'):
                        self.send_response(200 if self.path == '/endless' else 404); self.send_header('Content-Type', 'image/png'); self.end_headers()
                        while True: self.wfile.write(b'\0' * 65536)
                    elif self.path == '/stall':
                        self.send_response(200); self.send_header('Content-Length', '100'); self.end_headers(); self.wfile.flush()
                        open(sys.argv[1] + '.stalled', 'w').close(); time.sleep(60)
                    elif self.path == '/declared':
                        self.send_response(200); self.send_header('Content-Length', str(200 << 20)); self.end_headers()
                        self.wfile.flush(); time.sleep(30)
                    elif self.path in ('/away', '/here', '/loop'):
                        host = 'localhost' if self.path == '/away' else '127.0.0.1'
                        target = '/loop' if self.path == '/loop' else '/pixel'
                        self.send_response(302); self.send_header('Location', 'http://%s:%d%s' % (host, port, target)); self.end_headers()
                    elif self.path.startswith('/slow'):
                        global active, peak
                        with lock: active += 1; peak = max(peak, active)
                        time.sleep(0.5)
                        with lock: active -= 1
                        self.send_response(200); self.send_header('Content-Length', str(len(PNG))); self.end_headers(); self.wfile.write(PNG)
                    elif self.path.startswith('/zeros'):
                        self.send_response(200); self.send_header('Content-Length', str(1 << 20)); self.end_headers()
                        self.wfile.write(b'\0' * (1 << 20))
                    elif self.path in served:
                        with lock: served[self.path] += 1
                        self.send_response(200); self.send_header('Content-Length', str(len(PNG)))
                        self.send_header('Cache-Control', 'public, max-age=60' if self.path == '/kept' else 'no-cache, max-age=60')
                        self.end_headers(); self.wfile.write(PNG)
                    elif self.path.startswith('/count/'):
                        body = str(served['/' + self.path[7:]]).encode()
                        self.send_response(200); self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)
                    elif self.path == '/peak':
                        body = str(peak).encode()
                        self.send_response(200); self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)
                    elif self.path == '/pixel':
                        self.send_response(200); self.send_header('Content-Length', str(len(PNG))); self.end_headers(); self.wfile.write(PNG)
                    else:
                        self.send_response(404); self.end_headers()
                except (BrokenPipeError, ConnectionResetError):
                    pass
        class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            request_queue_size = 64  # eight fetches at once: a backlog of 5 dropped SYNs, retried after 1 s
        server = S(('127.0.0.1', 0), H)
        with open(sys.argv[1] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
        import os; os.rename(sys.argv[1] + '.tmp', sys.argv[1])
        server.serve_forever()
        """#

    init() throws {
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-image-host-\(UUID().uuidString)")
        stalled = portFile.appendingPathExtension("stalled")
        defer { try? FileManager.default.removeItem(at: portFile) }
        process = try ChildProcess("/usr/bin/env", ["python3", "-c", Self.script, portFile.path])
        var port: Int?
        for _ in 0..<200 where port == nil {
            Thread.sleep(forTimeInterval: 0.05)
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        guard let port else { throw CocoaError(.fileReadNoSuchFile) }
        self.port = port
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: stalled)
    }

    /// Kills the host (SIGKILL) and reaps it.
    func stop() { _ = process.ended(within: 0) }
}

/// A remote image is bounded while it arrives: an endless or oversized body is dropped as it passes
/// `maxBytes`, a redirect is followed only to an allowed host, and one fetch never waits for
/// another. The fetch timeout is a minute, so each refusal is told apart from a timeout by its
/// message, not by a clock.
@Suite(.timeLimit(.minutes(5))) struct RemoteImageLimitTests {
    let host: MisbehavingImageHost

    init() throws { host = try MisbehavingImageHost() }

    /// The layout's warnings for a chat whose avatar is `path` on the host.
    func warnings(_ path: String) throws -> [String] {
        try warnings(avatars: [("u2", "http://127.0.0.1:\(host.port)\(path)")], options: options { $0.images.maxBytes = 1 << 20 })
    }

    /// Options that fetch from the host, `adjust` setting the rest.
    func options(_ adjust: (inout RenderOptions) -> Void = { _ in }) -> RenderOptions {
        var options = RenderOptions()
        options.images.allowedHosts = ["127.0.0.1"]
        options.images.fetchTimeout = 60
        adjust(&options)
        return options
    }

    /// The layout's warnings for a chat in which each user posts once with their avatar.
    func warnings(avatars: [(user: String, url: String)], options: RenderOptions) throws -> [String] {
        let users = avatars.map { #""\#($0.user)": {"avatar": "\#($0.url)"}"# }
        let messages = avatars.map {
            #"{"id": "m\#($0.user)", "from": "\#($0.user)", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}"#
        }
        let json = Data(
            #"{"kind": "chat", "me": "me", "users": {\#(users.joined(separator: ", "))}, "messages": [\#(messages.joined(separator: ", "))]}"#
                .utf8)
        return try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options).layout.warnings
    }

    @Test func anEndlessBodyIsDroppedAtTheLimit() throws {
        let warnings = try warnings("/endless")
        #expect(warnings.count == 1 && warnings[0].contains("/endless is more than the limit of 1048576 bytes"), "\(warnings)")
    }

    @Test func anEndlessErrorPageIsReportedByItsStatus() throws {
        let warnings = try warnings("/missing")
        #expect(warnings.count == 1 && warnings[0].contains("/missing gave HTTP 404"), "\(warnings)")
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        // The body never comes: waiting for it would end in the host closing the connection.
        let warnings = try warnings("/declared")
        #expect(warnings.count == 1 && warnings[0].contains("/declared is 209715200 bytes, more than the limit of 1048576"), "\(warnings)")
    }

    @Test func aRedirectToAHostNotAllowedIsNotFollowed() throws {
        let warnings = try warnings("/away")
        #expect(
            warnings.count == 1 && warnings[0].contains("redirects to http://localhost:\(host.port)/pixel, whose host is not allowed"),
            "\(warnings)")
        #expect(try self.warnings("/here").isEmpty)
        #expect(try self.warnings("/pixel").isEmpty)
    }

    @Test func redirectsStopAfterFive() throws {
        let warnings = try warnings("/loop")
        #expect(warnings.count == 1 && warnings[0].contains("/loop redirects more than 5 times"), "\(warnings)")
    }

    /// A document's remote images are fetched side by side: sixteen avatars that each take 0.5 s
    /// reach the host up to eight at a time (one after another, they took 8 s), and all arrive.
    @Test func aDocumentsImagesAreFetchedSideBySide() throws {
        let warnings = try warnings(avatars: (1...16).map { ("u\($0)", "http://127.0.0.1:\(host.port)/slow/\($0)") }, options: options())
        #expect(warnings.isEmpty, "\(warnings)")
        let peak = try String(contentsOf: try #require(URL(string: "http://127.0.0.1:\(host.port)/peak")), encoding: .utf8)
        #expect((2...8).contains(Int(peak) ?? 0), "\(peak) at once")
    }

    /// A document's images may take 4 bytes for each pixel of `--max-document-image-pixels` to
    /// read, all together, and fetched bodies are decoded as they arrive, not all held first: of
    /// forty 1 MiB bodies (not images: they take no pixels) with 10,000,000 bytes, nine are
    /// fetched — each body's declared length is taken whole, so fetches side by side cannot share
    /// out what is left and all fail — and the rest are placeholders whose warnings name their
    /// fields; no more bodies were held at once than fetches run at once. (A thousand such
    /// avatars of a few megabytes were all held before the first was decoded: 18.8 GB, and a
    /// server with `--isolation threads` died.)
    @Test func aDocumentsRemoteImagesShareOneBudgetOfBytes() throws {
        let zeros = (0..<40).map { (String(format: "u%02d", $0), "http://127.0.0.1:\(host.port)/zeros?\($0)") }
        let options = options { $0.maxDocumentImagePixels = 2_500_000 }
        let warnings = try warnings(avatars: zeros + [("pix", "http://127.0.0.1:\(host.port)/pixel")], options: options)
        let refusal =
            "the document's images would take more than 10000000 bytes to read (4 for each pixel of --max-document-image-pixels; raise it with --max-document-image-pixels); drew the placeholder"
        #expect(warnings.filter { $0.hasSuffix(refusal) }.count == 31, "\(warnings)")
        #expect(warnings.filter { $0.hasSuffix("not a PNG, JPEG, WebP or GIF image; drew the placeholder") }.count == 9, "\(warnings)")
        #expect(!warnings.contains { $0.hasPrefix("users.pix.") }, "\(warnings)")
        // The store itself: what it read, and the most bodies it held at once.
        let store = ImageStore()
        var limits = ImageStore.Limits()
        limits.maxDocumentBytes = options.maxDocumentImageBytes
        try store.load(Set(zeros.map(\.1)), source: options.images, useCache: false, limits: limits)
        #expect(store.bytesRead == 9 << 20)
        #expect((1...RemoteImageFetch.concurrentFetches).contains(store.mostBodiesHeld), "\(store.mostBodiesHeld) held at once")
    }

    /// An image whose response says `max-age` is fetched once for renders on the same thread
    /// within that time; one that says `no-cache` is fetched for each render.
    @Test func anImageIsReusedForAsLongAsItsResponseSays() throws {
        for _ in 0..<3 {
            #expect(try warnings("/kept").isEmpty)
            #expect(try warnings("/fresh").isEmpty)
        }
        func count(_ path: String) throws -> String {
            try String(contentsOf: try #require(URL(string: "http://127.0.0.1:\(host.port)/count/\(path)")), encoding: .utf8)
        }
        #expect(try count("kept") == "1")
        #expect(try count("fresh") == "3")
    }

    /// A host that stalls holds up only the render that asked for it: a second render fetches its
    /// image while the first still waits, and the first ends (with a warning) once the host goes.
    /// The stalled render has a thread of its own, as a server's worker would: on Swift's
    /// cooperative pool (two threads here) it could leave this test no thread to run on.
    @Test func aStalledFetchHoldsUpNoOtherRender() throws {
        let stalled = StalledRender()
        Thread.detachNewThread { [self] in
            stalled.end(with: (try? warnings("/stall")) ?? ["the render threw"])
        }
        while !FileManager.default.fileExists(atPath: host.stalled.path) { Thread.sleep(forTimeInterval: 0.02) }
        #expect(try warnings("/pixel").isEmpty)
        #expect(stalled.warnings == nil, "the stalled render ended before the host went")
        host.stop()
        stalled.ended.wait()
        let first = try #require(stalled.warnings)
        #expect(first.count == 1 && first[0].contains("could not fetch http://127.0.0.1:\(host.port)/stall"), "\(first)")
    }
}

/// The warnings of a render on another thread, once it has ended.
private final class StalledRender: @unchecked Sendable {
    let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var result: [String]?

    var warnings: [String]? { lock.withLock { result } }

    func end(with warnings: [String]) {
        lock.withLock { result = warnings }
        ended.signal()
    }

}
