import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// Routes as functions: readiness, framing and signatures, without a socket.
struct RouterTests {
    @Test func healthIsNotReadyWhileEveryWorkerIsPastItsDeadlineOrTheServerStops() {
        var configuration = ServerConfiguration()
        configuration.threads = 2
        configuration.renderTimeout = .milliseconds(100)
        let status = ServerStatus(workers: 2)
        let router = Router(configuration: configuration, status: status)
        func health() -> HTTPResponse { router.handle(HTTPRequest(method: "GET", path: "/healthz")) }
        #expect(health().status == 200)
        let now = ContinuousClock.now
        status.worker(0, busySince: now - .seconds(5))
        #expect(health().status == 200)  // one worker is still free
        status.worker(1, busySince: now)
        #expect(health().status == 200)  // the other is within its deadline
        status.worker(1, busySince: now - .seconds(1))
        let stuck = health()
        #expect(
            stuck.status == 503 && String(decoding: stuck.body, as: UTF8.self) == "not ready: every render worker is past its deadline\n")
        status.worker(0, busySince: nil)
        status.worker(1, busySince: nil)
        status.startDraining()
        #expect(String(decoding: health().body, as: UTF8.self) == "not ready: the server is stopping\n")
    }

    /// `Allow` lists HEAD wherever GET is, as HEAD is answered there (it listed GET alone).
    @Test func aWrongMethodIsToldEveryMethodTheRouteTakesHEADIncluded() {
        let router = Router(configuration: ServerConfiguration())
        for (method, path, allowed) in [
            ("PUT", "/healthz", "GET, HEAD"), ("GET", "/v1/layout", "POST"), ("DELETE", "/v1/render", "GET, HEAD, POST"),
        ] {
            let response = router.handle(HTTPRequest(method: method, path: path))
            #expect(response.status == 405 && response.header("allow") == allowed, "\(method) \(path): \(response.headers)")
        }
        #expect(router.handle(HTTPRequest(method: "HEAD", path: "/healthz")).status == 200)
    }

    @Test func signedURLsAreHMACsOfTheirQuery() throws {
        var configuration = ServerConfiguration()
        configuration.urlSigningKey = "key"
        let router = Router(configuration: configuration)
        let document = #"{"kind": "chat", "now": "2026-11-29T12:00:00Z"}"#
        let url = Router.signedURL(for: Data(document.utf8), key: "key", base: "https://img.example.com/")
        #expect(url.hasPrefix("https://img.example.com/v1/render?d=eyJraW5kIjogImNoYXQiLCAibm93IjogIjIwMjYtMTEtMjlUMTI6MDA6MDBaIn0&sig="))
        // RFC 4231 test case 2 for HMAC-SHA256, through the same function.
        #expect(
            Digest.hex(Digest.hmacSHA256(key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let target = String(url.dropFirst("https://img.example.com".count))
        func request(_ target: String, headers: [String: String] = [:]) -> HTTPRequest {
            HTTPRequest(method: "GET", path: "/v1/render", headers: headers, rawTarget: target, version: "HTTP/1.1")
        }
        #expect(router.quickAnswer(request(target, headers: ["Host": "x"])) == nil)  // to be rendered
        let tampered = target.replacingOccurrences(of: "d=eyJraW5kIjogImNoYXQi", with: "d=eyJraW5kIjogInBvc3Qi")
        #expect(router.quickAnswer(request(tampered, headers: ["Host": "x"]))?.status == 403)
        let query = try SignedRenderQuery.parse(request(target).rawQuery).get().query
        let tag = router.entityTag(query)
        let cached = router.quickAnswer(request(target, headers: ["Host": "x", "If-None-Match": "W/\(tag), \"x\""]))
        #expect(cached?.status == 304 && cached?.header("ETag") == tag)
        // Two If-None-Match lines are one list (RFC 9110 §5.3): the second line's tag matches.
        let twoLines = router.quickAnswer(
            HTTPRequest(
                method: "GET", path: "/v1/render", headers: ["Host": "x"],
                headerFields: [(name: "if-none-match", value: "\"x\""), (name: "if-none-match", value: tag)], rawTarget: target,
                version: "HTTP/1.1"))
        #expect(twoLines?.status == 304)
    }

    /// A compressed body is refused by name, 415 with `Accept-Encoding: identity` (it had been
    /// read as JSON: "malformed JSON: Invalid value around character 0").
    @Test func aCompressedBodyIs415() throws {
        let router = Router(configuration: ServerConfiguration())
        let body = Data(
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}"#
                .utf8)
        for coding in ["gzip", "br", "identity, gzip"] {
            let answer = router.handle(HTTPRequest(method: "POST", path: "/v1/layout", body: body, headers: ["Content-Encoding": coding]))
            #expect(answer.status == 415 && answer.header("Accept-Encoding") == "identity", "\(coding): \(answer.status)")
            let problem = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect((problem["detail"] as? String)?.contains("Content-Encoding is \(coding); send the document uncompressed") == true)
        }
        for coding in ["identity", " Identity ", ""] {
            let answer = router.handle(HTTPRequest(method: "POST", path: "/v1/layout", body: body, headers: ["Content-Encoding": coding]))
            #expect(answer.status == 200, "\(coding.debugDescription): \(answer.status)")
        }
    }

    /// A 405 shows the path as a 404 does: its first 512 bytes, escaped, never raw bytes or a 45 KB echo.
    @Test func aWrongMethodsAnswerShowsThePathPrintable() throws {
        let router = Router(configuration: ServerConfiguration())
        let path = "/gallery/" + String(repeating: "\u{FFFD}", count: 2_000) + "\u{202E}"
        let answer = router.handle(HTTPRequest(method: "DELETE", path: path))
        #expect(answer.status == 405)
        let problem = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.hasSuffix(" takes GET, HEAD") && detail.hasPrefix("/gallery/\\xEF\\xBF\\xBD"), "\(detail.prefix(80))")
        #expect(
            detail.utf8.count < 4 * 512 + 40 && detail.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }, "\(detail.utf8.count)")
    }

    @Test func bearerCredentialsAreComparedWhole() {
        #expect(Router.bearerCredentials("Bearer s3cret", match: "s3cret"))
        #expect(Router.bearerCredentials("BEARER   s3cret", match: "s3cret"))
        #expect(!Router.bearerCredentials("Bearer s3cret ", match: "s3cret"))
        #expect(!Router.bearerCredentials("Bearer s3cre", match: "s3cret"))
        #expect(!Router.bearerCredentials("Bearers3cret", match: "s3cret"))
        #expect(!Router.bearerCredentials("Token s3cret", match: "s3cret"))
    }

    /// `?lenient=true` is the CLI's `--lenient`: an unknown field is a warning, not a 400.
    @Test func lenientTurnsUnknownFieldsIntoWarnings() throws {
        let router = Router(configuration: ServerConfiguration())
        let body = Data(
            #"{"kind": "message", "thme": "dark", "now": "2026-11-29T12:00:00Z", "users": {"u": {"displayName": "U"}}, "message": {"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "hi"}}"#
                .utf8)
        let strict = router.handle(HTTPRequest(method: "POST", path: "/v1/render", body: body))
        #expect(
            strict.status == 400 && String(decoding: strict.body, as: UTF8.self).contains(#"thme: unknown field; did you mean \"theme\"?"#))
        let lenient = router.handle(HTTPRequest(method: "POST", path: "/v1/render", query: ["lenient": "true"], body: body))
        #expect(lenient.status == 200 && lenient.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(lenient.headers.contains { $0.0 == "Feedshot-Warnings" && $0.1 == "1" })
        let layout = router.handle(HTTPRequest(method: "POST", path: "/v1/layout", query: ["lenient": "1"], body: body))
        let tree = try #require(try JSONSerialization.jsonObject(with: layout.body) as? [String: Any])
        let warnings = try #require(tree["warnings"] as? [String])
        #expect(warnings.contains { $0.hasPrefix("thme: unknown field") }, "\(warnings)")
        let bad = router.handle(HTTPRequest(method: "POST", path: "/v1/layout", query: ["lenient": "yes"], body: body))
        #expect(bad.status == 400 && String(decoding: bad.body, as: UTF8.self).contains("lenient must be true or false"))
    }

    /// A transfer coding other than chunked (as libmicrohttpd spells it) is answered 501 at once,
    /// where its body was waited for until the read timeout; chunked alone passes.
    @Test func aTransferCodingOtherThanChunkedIsNotImplemented() {
        for coding in ["gzip", "gzip, chunked", "chunked, gzip", "Chunked", "chunked;q=1"] {
            let response = Router.refuseFraming(HTTPRequest(method: "POST", path: "/v1/render", headers: ["transfer-encoding": coding]))
            #expect(response?.status == 501, "\(coding)")
        }
        #expect(Router.refuseFraming(HTTPRequest(method: "POST", path: "/v1/render", headers: ["transfer-encoding": "chunked"])) == nil)
    }

    /// An expiry too large for a time says so, not only that it must have no leading zeros.
    @Test func anExpiryTooLargeSaysItsLimit() {
        guard case .failure(let refusal) = SignedRenderQuery.parse("d=e30&exp=99999999999999999999999&sig=00") else {
            Issue.record("an expiry past Int.max was accepted")
            return
        }
        #expect(refusal.detail.contains("at most \(Int.max)"), "\(refusal.detail)")
    }

    /// A query parameter that looks like a misspelt one is refused, naming the one meant
    /// (`?qualty=80` would give a lossless image in silence); any other is ignored, as a
    /// cache-buster should be.
    @Test func aMisspeltQueryParameterIsRefusedAndOthersIgnored() throws {
        let router = Router(configuration: ServerConfiguration())
        let body = Data(
            #"{"kind": "message", "now": "2026-11-29T12:00:00Z", "users": {"u": {"displayName": "U"}}, "message": {"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "hi"}}"#
                .utf8)
        let misspelt = router.handle(HTTPRequest(method: "POST", path: "/v1/render", query: ["qualty": "80"], body: body))
        #expect(misspelt.status == 400)
        #expect(String(decoding: misspelt.body, as: UTF8.self).contains(#"unknown query parameter \"qualty\" (did you mean \"quality\"?)"#))
        let layout = router.handle(HTTPRequest(method: "POST", path: "/v1/layout", query: ["lenent": "true"], body: body))
        #expect(layout.status == 400 && String(decoding: layout.body, as: UTF8.self).contains(#"did you mean \"lenient\"?"#))
        let busted = router.handle(HTTPRequest(method: "POST", path: "/v1/render", query: ["v": "2", "utm_source": "x"], body: body))
        #expect(busted.status == 200)
        // One of the parameters given twice is refused (the first value would win in silence);
        // a repeated cache-buster is not.
        let twice = router.handle(
            HTTPRequest(method: "POST", path: "/v1/render", query: ["format": "png"], body: body, repeatedQueryNames: ["format"]))
        #expect(
            twice.status == 400
                && String(decoding: twice.body, as: UTF8.self).contains(#"query parameter \"format\" is given more than once"#))
        let lenient = router.handle(
            HTTPRequest(method: "POST", path: "/v1/layout", query: ["lenient": "true"], body: body, repeatedQueryNames: ["lenient"]))
        #expect(lenient.status == 400)
        let buster = router.handle(
            HTTPRequest(method: "POST", path: "/v1/render", query: ["v": "2"], body: body, repeatedQueryNames: ["v"]))
        #expect(buster.status == 200)
    }
}
