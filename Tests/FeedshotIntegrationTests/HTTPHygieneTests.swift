import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// Framing, paths, authentication and logging, with raw requests URLSession would not send.
@Suite(.timeLimit(.minutes(10))) struct HTTPHygieneTests {
    @Test func smugglingControlCharactersAndDoubleAuthorizationAre400() async throws {
        let server = try ServerProcess(["--token", "s3cret"])
        let cases: [(String, [String])] = [
            (
                "both Transfer-Encoding and Content-Length",
                ["POST /v1/render HTTP/1.1", "Host: x", "Authorization: Bearer s3cret", "Transfer-Encoding: chunked", "Content-Length: 4"]
            ),
            ("%00 in the path", ["GET /healthz%00.png HTTP/1.1", "Host: x"]),
            ("%0a in the path", ["GET /v1/%0aforged HTTP/1.1", "Host: x"]),
            ("an escape code in the query", ["GET /v1/render?d=%1b[31m HTTP/1.1", "Host: x"]),
            (
                "two Authorization headers",
                ["POST /v1/layout HTTP/1.1", "Host: x", "Authorization: Bearer s3cret", "Authorization: Bearer other", "Content-Length: 2"]
            ),
        ]
        for (name, lines) in cases {
            let client = try RawClient(port: server.port)
            client.send(rawRequest(lines + ["Connection: close"]))
            #expect(client.status() == 400, "\(name)")
        }
        // The bearer scheme in any case; the whole value compared.
        let json = String(decoding: ServerTests.document, as: UTF8.self)
        for (authorization, status) in [("bEaReR s3cret", 200), ("Bearer s3cret2", 401), ("Bearer s3cre", 401), ("Basic s3cret", 401)] {
            let client = try RawClient(port: server.port)
            client.send(
                rawRequest(
                    [
                        "POST /v1/layout HTTP/1.1", "Host: x", "Authorization: \(authorization)", "Content-Length: \(json.utf8.count)",
                        "Connection: close",
                    ], body: json))
            #expect(client.status() == status, "\(authorization)")
        }
        let stop = server.terminate()
        #expect(stop.exitedNormally)
        let log = server.log()
        // Escaped: no forged line, no terminal escape.
        #expect(!log.utf8.contains(0x1B))
        // The path as sent: a %0a stays three characters, never a line break.
        #expect(log.contains(#" GET /v1/%0aforged 400 "#))
        #expect(!log.split(separator: "\n").contains { $0.hasPrefix("forged") })
    }

    @Test func malformedHeaderNamesTargetsAndHostsAre400() async throws {
        let server = try ServerProcess()
        let cases: [(String, [String], Int)] = [
            (
                "whitespace before the colon",
                ["POST /healthz HTTP/1.1", "Host: x", "Transfer-Encoding : chunked", "Content-Type: application/json"], 400
            ),
            ("a tab in a header name", ["GET /healthz HTTP/1.1", "Host: x", "X\tY: 1"], 400),
            ("a space in the target", ["GET /healthz x HTTP/1.1", "Host: x"], 400),
            ("a space in the query", ["GET /healthz?a=b c HTTP/1.1", "Host: x"], 400),
            ("a control character in the target", ["GET /healthz\u{01} HTTP/1.1", "Host: x"], 400),
            ("HTTP/1.1 without Host", ["GET /healthz HTTP/1.1"], 400),
            ("two Hosts", ["GET /healthz HTTP/1.1", "Host: x", "Host: y"], 400),
            ("HTTP/1.0 without Host", ["GET /healthz HTTP/1.0"], 200),
            // libmicrohttpd serves 1.2 to 1.9 as 1.1 (a review found them skipping the Host check).
            ("HTTP/1.2 without Host", ["GET /healthz HTTP/1.2"], 400),
            ("HTTP/1.9 with two Hosts", ["GET /healthz HTTP/1.9", "Host: x", "Host: y"], 400),
            ("a well-formed request", ["GET /healthz HTTP/1.1", "Host: x"], 200),
        ]
        for (name, lines, status) in cases {
            let client = try RawClient(port: server.port)
            client.send(rawRequest(lines + ["Connection: close"], body: lines[0].hasPrefix("POST") ? "0\r\n\r\n" : ""))
            #expect(client.status() == status, "\(name)")
        }
    }

    /// A transfer coding the server does not read is answered 501 before any body is read, a GET
    /// too: a GET with `Transfer-Encoding: gzip` was held, its body waited for, until the read
    /// timeout (found by a raw-socket probe).
    @Test func anUnreadTransferCodingIs501AtOnceWhateverTheMethod() async throws {
        // A read timeout past the client's 10 s wait: an answer that waits for a body never comes.
        let server = try ServerProcess(["--read-timeout", "60"])
        for method in ["GET /healthz", "HEAD /healthz", "POST /v1/render"] {
            let client = try RawClient(port: server.port)
            // The headers only, and the connection left open.
            client.send(rawRequest(["\(method) HTTP/1.1", "Host: x", "Transfer-Encoding: gzip"]))
            #expect(client.status() == 501, "\(method)")
        }
        // "chunked" with white space after it is not chunked to libmicrohttpd, which would read
        // the body until the connection closed (a review found it held to the read timeout).
        for coding in ["chunked ", "chunked\t"] {
            let client = try RawClient(port: server.port)
            client.send(rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Transfer-Encoding: \(coding)"]))
            #expect(client.status() == 501, "\(coding.debugDescription)")
        }
    }

    /// A query of more parameters than any route takes is answered 414 with a problem document and
    /// the connection closed; libmicrohttpd alone, past about 950 parameters, sent nothing and
    /// held the connection until its timeout. 256 still pass, and the server goes on.
    @Test func aQueryOfThousandsOfParametersIs414() async throws {
        let server = try ServerProcess()
        for (count, status) in [(256, "HTTP/1.1 200"), (257, "HTTP/1.1 414"), (1_000, "HTTP/1.1 414"), (20_000, "HTTP/1.1 414")] {
            let client = try RawClient(port: server.port)
            // 20,000 one-letter parameters: 40 KB, within libmicrohttpd's own 414 for a long request line.
            let query = (0..<count).map { count > 1_000 ? "a" : "a\($0)=1" }.joined(separator: "&")
            client.send(rawRequest(["GET /healthz?\(query) HTTP/1.1", "Host: x", "Connection: close"]))
            let response = client.readAll(seconds: 60)
            #expect(response.hasPrefix(status), "\(count) parameters: \(response.prefix(200))")
            guard status.hasSuffix("414") else { continue }
            #expect(response.contains("X-Content-Type-Options: nosniff") && response.contains("Content-Type: application/problem+json"))
            #expect(response.contains(#""detail":"the query has \#(count) parameters, more than the limit of 256""#))
        }
        #expect(try await server.send("/healthz").status == 200)
    }

    /// Fewer but longer parameters exhausted libmicrohttpd's pool as well (250 of 200 bytes: no
    /// answer until the read timeout); they are 414 at once, and one long parameter still parses.
    @Test func aQueryTooLargeToParseIs414AtOnce() async throws {
        let server = try ServerProcess(["--read-timeout", "30"])
        let long = String(repeating: "a", count: 200) + "=1"
        for (query, status) in [
            (Array(repeating: long, count: 250).joined(separator: "&"), "HTTP/1.1 414"),
            ("d=" + String(repeating: "b", count: 60_000), "HTTP/1.1 200"),
        ] {
            let client = try RawClient(port: server.port)
            client.send(rawRequest(["GET /healthz?\(query) HTTP/1.1", "Host: x", "Connection: close"]))
            let started = ContinuousClock.now
            let response = client.readAll(seconds: 20)
            #expect(response.hasPrefix(status), "\(response.prefix(300))")
            #expect(ContinuousClock.now - started < .seconds(10), "answered, not held until the read timeout")
            if status.hasSuffix("414") { #expect(response.contains("query parameters at 64 bytes each")) }
        }
        #expect(try await server.send("/healthz").status == 200)
    }

    /// A compressed body is refused when the headers arrive, before it is sent.
    @Test func aCompressedBodyIs415BeforeItIsSent() async throws {
        let server = try ServerProcess()
        let client = try RawClient(port: server.port)
        client.send(rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Encoding: gzip", "Content-Length: 5000"]))
        let started = ContinuousClock.now
        #expect(client.status() == 415)
        #expect(ContinuousClock.now - started < .seconds(5), "answered before the body, not at the read timeout")
        #expect(try await server.send("/healthz").status == 200)
    }

    @Test func noPathCanForgeTheFieldsOfATextLogLine() async throws {
        let server = try ServerProcess()
        let client = try RawClient(port: server.port)
        client.send(rawRequest(["GET /x%20200%201B%200.1ms%20id=forged HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(client.status() == 404)
        // Percent-encoded control characters are logged as sent: decoded, each read 0x7F.
        for escape in ["%00", "%01", "%7F"] {
            let other = try RawClient(port: server.port)
            other.send(rawRequest(["GET /x\(escape)y HTTP/1.1", "Host: x", "Connection: close"]))
            #expect(other.status() == 400)
        }
        server.stop()
        let lines = server.log().split(separator: "\n")
        #expect(lines.contains { $0.contains(#" GET /x%20200%201B%200.1ms%20id=forged 404 "#) }, "\(lines)")
        #expect(lines.allSatisfy { $0.components(separatedBy: " id=").count <= 2 }, "\(lines)")
        for escape in ["%00", "%01", "%7F"] {
            #expect(lines.contains { $0.contains(" GET /x\(escape)y 400 ") }, "\(escape): \(lines)")
        }
    }

    /// Bodies past `--max-body-bytes`: a `Content-Length` of 2^63 or more (not an Int) is 413 at
    /// once (it was read until the timeout, unanswered); a chunked body that ends is 413 at its end;
    /// one that never ends is cut after 16 MiB more (it was read, gigabytes of it, until the timeout) —
    /// shown by the bytes the server took, not by a time.
    @Test func bodiesPastTheLimitAreRefusedOrCut() async throws {
        let server = try ServerProcess(["--max-body-bytes", "1000"])
        let huge = try RawClient(port: server.port)
        huge.send(rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Content-Length: 9223372036854775808"]))
        #expect(huge.status() == 413)
        let ending = try RawClient(port: server.port)
        let chunk = "800\r\n" + String(repeating: "a", count: 0x800) + "\r\n"
        ending.send(rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Transfer-Encoding: chunked"], body: chunk + chunk + "0\r\n\r\n"))
        #expect(ending.status() == 413)
        let endless = try RawClient(port: server.port)
        endless.send(rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Transfer-Encoding: chunked"]))
        let block = Array(String(repeating: "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n", count: 16).utf8)
        var sent = 0
        while sent < 64 << 20, endless.send(block) { sent += block.count }
        #expect(endless.isClosedByServer(within: 3000))
        // Past the limit and 16 MiB more (the socket buffers hold a few MiB of it), not long after.
        #expect(sent > 16 << 20 && sent < 32 << 20, "\(sent) bytes sent before the server cut the body")
        #expect(try await server.metric(#"feedshot_connections_dropped_total{reason="body_too_large"}"#) == 1)
        #expect(try await server.send("/healthz").status == 200)
    }

    @Test func everyResponseSaysNosniffAndThePagesCarryAStrictPolicy() async throws {
        let server = try ServerProcess(["--token", "s3cret", "--url-signing-key", "k", "--max-body-bytes", "100"])
        let query = SignedRenderQuery(document: SignedURLTests.pinned)
        let tag = SignedURLTests.router(keys: ["k"]).entityTag(query)
        let answers = [
            try await server.send("/"), try await server.send("/healthz"), try await server.send("/nope"),
            try await server.send("/v1/layout", method: "POST", body: Data("{}".utf8)),
            try await server.send("/v1/render?\(query.signed(key: "k"))", headers: ["If-None-Match": tag]),
            try await server.send("/v1/render?d=x"),
        ]
        #expect(answers.map(\.status) == [200, 200, 404, 401, 304, 400])
        for answer in answers { #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer.status)") }
        let raw = try RawClient(port: server.port)
        raw.send(
            rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Authorization: Bearer s3cret", "Content-Length: 1000", "Connection: close"])
        )
        let tooLarge = raw.readAll()
        #expect(tooLarge.hasPrefix("HTTP/1.1 413") && tooLarge.lowercased().contains("x-content-type-options: nosniff"), "\(tooLarge)")
        let policy = try #require(answers[0].headers["content-security-policy"])
        #expect(policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'"), "\(policy)")
        let script = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
        #expect(script.contains("'sha256-") && !script.contains("unsafe"), "\(script)")
        #expect(answers[1].headers["content-security-policy"] == nil)
    }

    @Test func thePageAndTheContractArePublicTheAPIsAndMetricsAreNot() async throws {
        let server = try ServerProcess(["--token", "s3cret", "--metrics-token", "m3trics"])
        for path in ["/", "/healthz", "/openapi.json", "/openapi.yaml"] {
            #expect(try await server.send(path).status == 200, "\(path)")
        }
        #expect(try await server.send("/v1/layout", method: "POST", body: ServerTests.document).status == 401)
        #expect(try await server.send("/metrics").status == 401)
        #expect(try await server.send("/metrics", headers: ["Authorization": "Bearer s3cret"]).status == 401)
        #expect(try await server.send("/metrics", headers: ["Authorization": "Bearer m3trics"]).status == 200)
        let health = try await server.send("/healthz")
        #expect(health.headers["feedshot-version"] == Feedshot.version)
    }

    @Test func jsonAccessLogsCarryRFC3339TimesAndEscapedFields() async throws {
        let server = try ServerProcess(["--log-format", "json"])
        _ = try await server.send("/healthz", headers: ["X-Request-Id": "abc-1"])
        let client = try RawClient(port: server.port)
        client.send(rawRequest(["GET /nope\"%0a HTTP/1.1", "Host: x", "Connection: close"]))
        _ = client.status()
        server.stop()
        let lines = server.log().split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 2)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let time = try #require(object["time"] as? String)
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
            #expect(object["client"] as? String == "127.0.0.1")
        }
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["path"] as? String == "/healthz" && first["status"] as? Int == 200 && first["id"] as? String == "abc-1")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["path"] as? String == "/nope\"%0a" && second["status"] as? Int == 400)
    }

    @Test func theGalleryLivesInAPrivateFolderRemovedAtExit() async throws {
        let server = try ServerProcess()
        let page = try await server.send("/gallery/", timeout: 600)
        #expect(page.status == 200)
        // Kit-behaviour notes name their conformance row as text: no link to the build's files.
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<code>docs/conformance/amity.md#bug-") && !html.contains("file://"))
        let behaviours = try await server.send("/gallery/kit-behaviours.html")
        let entries = String(decoding: behaviours.body, as: UTF8.self)
        #expect(behaviours.status == 200 && entries.contains(#"id="bug-one-more-options""#) && !entries.contains("file://"))
        #expect(try await server.send("/gallery/../Package.swift").status == 404)
        server.stop()
        let log = server.log()
        let line = try #require(log.split(separator: "\n").first { $0.contains("gallery built in ") })
        let folder = String(line.split(separator: " ").last!)
        #expect(folder.contains("feedshot-gallery-") && !folder.hasSuffix("-\(server.process.processIdentifier)"))
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was left behind")
    }

    @Test func galleryFilesAreNeverReadThroughASymlink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("real".utf8).write(to: folder.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("env.html").path, withDestinationPath: "/proc/self/environ")
        #expect(GalleryFiles.readRegularFile(folder.appendingPathComponent("index.html").path) == Data("real".utf8))
        #expect(GalleryFiles.readRegularFile(folder.appendingPathComponent("env.html").path) == nil)
    }
}

/// The paste page's script, run in headless Chromium.
@Suite(.timeLimit(.minutes(10))) struct IndexPageTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: chromium != nil, "skipped: Chromium is not installed (apt-get install chromium; scripts/install-deps --test)"))
    func thePastedPNGIsShownAtItsSizeInPointsWithOrWithoutAScale() async throws {
        let server = try ServerProcess()
        let page = String(decoding: try await server.send("/").body, as: UTF8.self)
        // The page as served, asked what width it gives a 750-pixel PNG for three documents.
        let probe =
            #"<script>document.title = [displayWidth(750, '{"kind": "chat"}'), displayWidth(1125, '{"scale": 3}'), displayWidth(750, 'not JSON')].join(',');</script></body>"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-page-\(UUID().uuidString).html")
        try page.replacingOccurrences(of: "</body>", with: probe).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await runTool(
            Self.chromium!,
            ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000", "--dump-dom", file.absoluteString])
        #expect(result.output.contains("<title>375,375,375</title>"), "\(result.output.prefix(600))")
    }

    /// The page and the gallery as the server sends them, Content-Security-Policy and all: their
    /// scripts run and the gallery's pictures load.
    @Test(.enabled(if: chromium != nil, "skipped: Chromium is not installed (apt-get install chromium; scripts/install-deps --test)"))
    func thePagesWorkUnderTheirContentSecurityPolicy() async throws {
        let server = try ServerProcess()
        #expect(try await server.send("/gallery/", timeout: 600).status == 200)
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom"]
        let page = try await runTool(Self.chromium!, flags + [server.url("/").absoluteString])
        #expect(page.output.contains(#"data-script="ran""#), "\(page.output.prefix(600))")
        let gallery = try await runTool(Self.chromium!, flags + [server.url("/gallery/").absoluteString])
        let total = try #require(gallery.output.firstMatch(of: /data-images-total="(\d+)"/)).1
        let loaded = try #require(gallery.output.firstMatch(of: /data-images-loaded="(\d+)"/)).1
        #expect(Int(total)! > 0 && loaded == total, "\(loaded) of \(total)")
    }
}
