import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// A remote image host that misbehaves, on a loopback port: Python's `http.server`, started by a
/// test and stopped when the test lets it go.
final class MisbehavingImageHost: @unchecked Sendable {
    let process = Process()
    let port: Int

    /// `/endless`: 200 with no length and bytes until the client leaves; `/declared`: a declared
    /// 200 MB body that does not come (the length alone must refuse it); `/away`: a redirect to `localhost` (a host the tests do not allow);
    /// `/here`: a redirect to `/pixel` on the same host; `/pixel`: a 1 × 1 PNG.
    static let script = #"""
        import http.server, socketserver, sys, base64, time
        PNG = base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==')
        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.0'
            def log_message(self, *a): pass
            def do_GET(self):
                port = self.server.server_address[1]
                try:
                    if self.path == '/endless':
                        self.send_response(200); self.send_header('Content-Type', 'image/png'); self.end_headers()
                        while True: self.wfile.write(b'\0' * 65536)
                    elif self.path == '/declared':
                        self.send_response(200); self.send_header('Content-Length', str(200 << 20)); self.end_headers()
                        self.wfile.flush(); time.sleep(30)
                    elif self.path in ('/away', '/here'):
                        host = 'localhost' if self.path == '/away' else '127.0.0.1'
                        self.send_response(302); self.send_header('Location', 'http://%s:%d/pixel' % (host, port)); self.end_headers()
                    elif self.path == '/pixel':
                        self.send_response(200); self.send_header('Content-Length', str(len(PNG))); self.end_headers(); self.wfile.write(PNG)
                    else:
                        self.send_response(404); self.end_headers()
                except (BrokenPipeError, ConnectionResetError):
                    pass
        class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
        server = S(('127.0.0.1', 0), H)
        with open(sys.argv[1] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
        import os; os.rename(sys.argv[1] + '.tmp', sys.argv[1])
        server.serve_forever()
        """#

    init() throws {
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-image-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: portFile) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, portFile.path]
        try process.run()
        var port: Int?
        for _ in 0..<200 where port == nil {
            Thread.sleep(forTimeInterval: 0.05)
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        guard let port else { throw CocoaError(.fileReadNoSuchFile) }
        self.port = port
    }

    /// SIGKILL: a process started from a Dispatch worker thread inherits its blocked signals, SIGTERM among them.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A remote image is bounded while it arrives: an endless or oversized body is dropped as it passes
/// `maxBytes`, and a redirect is followed only to an allowed host.
@Suite(.timeLimit(.minutes(5))) struct RemoteImageLimitTests {
    let host: MisbehavingImageHost

    init() throws { host = try MisbehavingImageHost() }

    /// The layout's warnings for a chat whose avatar is `path` on the host, and how long it took.
    func warnings(_ path: String) throws -> (warnings: [String], seconds: Double) {
        let json = Data(
            #"{"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "http://127.0.0.1:\#(host.port)\#(path)"}}, "messages": [{"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}]}"#
                .utf8)
        var options = RenderOptions()
        options.images.allowedHosts = ["127.0.0.1"]
        options.images.maxBytes = 1 << 20
        let start = Date()
        let layout = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options).layout
        return (layout.warnings, Date().timeIntervalSince(start))
    }

    @Test func anEndlessBodyIsDroppedAtTheLimit() throws {
        let (warnings, seconds) = try warnings("/endless")
        #expect(warnings.count == 1 && warnings[0].contains("is more than the limit of 1048576 bytes"), "\(warnings)")
        // Well before the 5 s fetch timeout: the transfer stops at 1 MiB.
        #expect(seconds < 4.5)
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        let (warnings, seconds) = try warnings("/declared")
        // The body never comes: waiting for it would take the 5 s fetch timeout.
        #expect(seconds < 4.5)
        #expect(warnings.count == 1 && warnings[0].contains("is 209715200 bytes, more than the limit of 1048576"), "\(warnings)")
    }

    @Test func aRedirectToAHostNotAllowedIsNotFollowed() throws {
        let (warnings, _) = try warnings("/away")
        #expect(
            warnings.count == 1 && warnings[0].contains("redirects to http://localhost:\(host.port)/pixel, whose host is not allowed"),
            "\(warnings)")
        #expect(try self.warnings("/here").warnings.isEmpty)
        #expect(try self.warnings("/pixel").warnings.isEmpty)
    }
}
