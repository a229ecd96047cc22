import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// `GET /v1/render?d=…&sig=…`: signed, cacheable renders, and `feedshot sign`.
@Suite(.timeLimit(.minutes(10))) struct SignedURLTests {
    /// `feedshot sign` run as a process: its exit status, the URL it prints and what it says.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, url: String, stderr: String) {
        let out = try ChildPipe(), err = try ChildPipe()
        defer { close(out.reading); close(err.reading) }
        let process: ChildProcess
        do {
            defer { close(out.writing); close(err.writing) }
            process = try ChildProcess(
                ServerProcess.binary.path, ["sign"] + arguments,
                environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FEEDSHOT_") }.merging(environment) { $1 },
                output: out.writing, error: err.writing)
        }
        let printed = readBounded(out.reading, seconds: 60)
        let said = readBounded(err.reading, seconds: 60)
        let status = process.ended(within: 60) ? process.terminationStatus ?? -1 : -1
        return (
            status, String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            String(decoding: said, as: UTF8.self)
        )
    }

    /// The URL `feedshot sign` prints for `document` with `key` under `base`.
    func sign(_ document: URL, key: String, base: String, _ more: [String] = []) throws -> String {
        try run([document.path, "--key", key, "--base", base] + more).url
    }

    /// A temporary file holding `text`.
    func file(_ text: String, suffix: String = ".json") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-sign-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aSignedURLRendersLikeThePostAndIsCacheable() async throws {
        let server = try ServerProcess(["--url-signing-key", "k3y", "--token", "s3cret"])
        let file = ServerProcess.root.appendingPathComponent("goldens/text-long.json")
        let url = try sign(file, key: "k3y", base: "http://127.0.0.1:\(server.port)")
        #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/v1/render?d="))
        let path = String(url.dropFirst("http://127.0.0.1:\(server.port)".count))
        let signed = try await server.send(path)
        #expect(signed.status == 200 && signed.headers["content-type"] == "image/png")
        #expect(signed.body == (try Feedshot.render(json: ServerTests.document)))
        let tag = try #require(signed.headers["etag"])
        #expect(tag.hasPrefix("\"") && tag.count == 66)
        #expect(signed.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(signed.headers["vary"] == nil)
        // The same URL with If-None-Match: 304 and no render.
        let rendersBefore = try await server.metric(#"feedshot_render_seconds_count{route="GET /v1/render"}"#)
        let cached = try await server.send(path, headers: ["If-None-Match": tag])
        #expect(cached.status == 304 && cached.body.isEmpty && cached.headers["etag"] == tag)
        #expect(try await server.metric(#"feedshot_render_seconds_count{route="GET /v1/render"}"#) == rendersBefore)
        // A wrong or missing signature: 403, whatever the bearer token.
        let d = path.split(separator: "&").first!
        #expect(try await server.send(String(d)).status == 403)
        #expect(try await server.send(String(d) + "&sig=" + String(repeating: "0", count: 64)).status == 403)
        let wrongKey = try sign(file, key: "other", base: "http://127.0.0.1:\(server.port)")
        #expect(try await server.send(String(wrongKey.dropFirst("http://127.0.0.1:\(server.port)".count))).status == 403)
    }

    @Test func withoutAKeyTheGETNeedsTheTokenAndTheETagFollowsTheVersion() async throws {
        let server = try ServerProcess(["--token", "s3cret"])
        let d = Router.base64URL(ServerTests.document)
        #expect(try await server.send("/v1/render?d=\(d)").status == 401)
        let response = try await server.send("/v1/render?d=\(d)", headers: ["Authorization": "Bearer s3cret"])
        #expect(response.status == 200)
        // Got with the token: no shared cache may hand it to anyone else.
        #expect(response.headers["cache-control"] == "private, max-age=31536000, immutable")
        #expect(try await server.send("/v1/render?d=not*base64", headers: ["Authorization": "Bearer s3cret"]).status == 400)
        // No key: a sig is one spelling too many.
        let sig = String(repeating: "0", count: 64)
        #expect(try await server.send("/v1/render?d=\(d)&sig=\(sig)", headers: ["Authorization": "Bearer s3cret"]).status == 400)
    }

    /// A router with the keys `keys`, and a signed request for `target` (sent as is).
    static func router(keys: [String]) -> Router {
        var configuration = ServerConfiguration()
        configuration.urlSigningKeys = keys
        return Router(configuration: configuration)
    }

    static func request(_ target: String, headers: [String: String] = [:]) -> HTTPRequest {
        HTTPRequest(
            method: "GET", path: "/v1/render", headers: ["Host": "x"].merging(headers) { $1 }, rawTarget: target, version: "HTTP/1.1")
    }

    static let pinned = Data(#"{"kind":"chat","now":"2026-11-29T12:00:00Z","users":{},"messages":[]}"#.utf8)

    @Test func everyOtherSpellingOfASignedURLIs400() throws {
        let router = Self.router(keys: ["k"])
        let query = SignedRenderQuery(document: Self.pinned, expires: 4_000_000_000, format: .webp, quality: ImageQuality(80))
        let sig = query.signature(key: "k")
        let d = query.d
        let canonical = "/v1/render?d=\(d)&exp=4000000000&format=webp&quality=80&sig=\(sig)"
        #expect(router.quickAnswer(Self.request(canonical)) == nil)  // to be rendered
        let spellings = [
            "upper-case hex": "/v1/render?d=\(d)&exp=4000000000&format=webp&quality=80&sig=\(sig.uppercased())",
            "an extra parameter": canonical + "&x=1",
            "a parameter before d": "/v1/render?x=1&d=\(d)&exp=4000000000&format=webp&quality=80&sig=\(sig)",
            "a second d": "/v1/render?d=\(d)&d=\(d)&exp=4000000000&format=webp&quality=80&sig=\(sig)",
            "swapped": "/v1/render?exp=4000000000&d=\(d)&format=webp&quality=80&sig=\(sig)",
            "sig first": "/v1/render?sig=\(sig)&d=\(d)&exp=4000000000&format=webp&quality=80",
            "percent-encoding in d": "/v1/render?d=%65\(d.dropFirst())&exp=4000000000&format=webp&quality=80&sig=\(sig)",
            "padding": "/v1/render?d=\(d)%3D&exp=4000000000&format=webp&quality=80&sig=\(sig)",
            "a leading zero": "/v1/render?d=\(d)&exp=04000000000&format=webp&quality=80&sig=\(sig)",
            "a format alias": "/v1/render?d=\(d)&exp=4000000000&format=WEBP&quality=80&sig=\(sig)",
            "format=png": "/v1/render?d=\(d)&format=png&sig=\(sig)",
            "quality without a lossy format": "/v1/render?d=\(d)&quality=80&sig=\(sig)",
            "an empty parameter": "/v1/render?d=\(d)&&exp=4000000000&format=webp&quality=80&sig=\(sig)",
            "a percent-encoded path": "/v1/rende%72?d=\(d)&exp=4000000000&format=webp&quality=80&sig=\(sig)",
        ]
        for (name, target) in spellings {
            let answer = router.quickAnswer(Self.request(target))
            #expect(answer?.status == 400, "\(name): \(answer.map { String(decoding: $0.body, as: UTF8.self) } ?? "rendered")")
        }
    }

    @Test func theRawQueryIsReadAsSentOverTheWire() async throws {
        let server = try ServerProcess(["--url-signing-key", "k"])
        let query = SignedRenderQuery(document: Self.pinned)
        let target = "/v1/render?\(query.signed(key: "k"))"
        let tag = Self.router(keys: ["k"]).entityTag(query)
        for (target, status) in [
            (target, 304), (target.uppercased().replacingOccurrences(of: "/V1/RENDER?D=", with: "/v1/render?d="), 400),
            (target.replacingOccurrences(of: "d=e", with: "d=%65"), 400), (target + "&sig=0", 400),
        ] {
            let client = try RawClient(port: server.port)
            client.send(rawRequest(["GET \(target) HTTP/1.1", "Host: x", "If-None-Match: \(tag)", "Connection: close"]))
            #expect(client.status() == status, "\(target)")
        }
    }

    @Test func expiredURLsAre410AndExpiryCapsTheMaxAge() throws {
        let router = Self.router(keys: ["k"])
        let query = SignedRenderQuery(document: Self.pinned, expires: 1_800_000_000)
        let target = "/v1/render?\(query.signed(key: "k"))"
        let before = Date(timeIntervalSince1970: 1_800_000_000 - 60)
        let tag = router.entityTag(query)
        let fresh = router.signedRenderQuickAnswer(Self.request(target, headers: ["If-None-Match": tag]), now: before)
        #expect(fresh?.status == 304 && fresh?.header("Cache-Control") == "public, max-age=60, immutable")
        // `*` is rendered: a document that renders as 400 was answered 304, cacheable for a year.
        #expect(router.signedRenderQuickAnswer(Self.request(target, headers: ["If-None-Match": "*"]), now: before) == nil)
        let expired = router.signedRenderQuickAnswer(Self.request(target), now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(expired?.status == 410)
        let detail = String(decoding: expired?.body ?? Data(), as: UTF8.self)
        #expect(detail.contains("expired at 2027-01-15T08:00:00Z"), "\(detail)")
        // A forged exp is a wrong signature first.
        let forged = target.replacingOccurrences(of: "exp=1800000000", with: "exp=1900000000")
        #expect(router.signedRenderQuickAnswer(Self.request(forged), now: before)?.status == 403)
    }

    @Test func theETagNamesFormatQualityAndExpiry() {
        let router = Self.router(keys: ["k"])
        let variants = [
            SignedRenderQuery(document: Self.pinned), SignedRenderQuery(document: Self.pinned, format: .webp),
            SignedRenderQuery(document: Self.pinned, format: .webp, quality: ImageQuality(80)),
            SignedRenderQuery(document: Self.pinned, format: .jpeg, quality: ImageQuality(80)),
            SignedRenderQuery(document: Self.pinned, expires: 2_000_000_000),
        ]
        #expect(Set(variants.map(router.entityTag)).count == variants.count)
        #expect(SignedRenderQuery(document: Self.pinned, format: .png) == SignedRenderQuery(document: Self.pinned))
    }

    @Test func anyKeyVerifiesTheFirstSignsAndKeysComeFromFiles() async throws {
        let keys = try file("# rotated on 2026-12-01\nnew-key\n\nold-key\n", suffix: ".keys")
        defer { try? FileManager.default.removeItem(at: keys) }
        let server = try ServerProcess(["--url-signing-key-file", keys.path])
        let document = try file(String(decoding: Self.pinned, as: UTF8.self))
        defer { try? FileManager.default.removeItem(at: document) }
        let base = "http://127.0.0.1:\(server.port)"
        let router = Self.router(keys: ["new-key"])
        for (arguments, environment) in [
            (["--key-file", keys.path], [String: String]()), (["--key", "old-key"], [:]),
            ([], ["FEEDSHOT_URL_SIGNING_KEY": "new-key,old-key"]),
            ([], ["FEEDSHOT_URL_SIGNING_KEY_FILE": keys.path]),
        ] {
            let signed = try run([document.path, "--base", base] + arguments, environment: environment)
            #expect(signed.status == 0, "\(signed.stderr)")
            let query = try SignedRenderQuery.parse(signed.url.components(separatedBy: "?").last).get()
            let tag = router.entityTag(query.query)
            let answer = try await server.send(String(signed.url.dropFirst(base.count)), headers: ["If-None-Match": tag])
            #expect(answer.status == 304, "\(arguments) \(environment)")
            if arguments.first != "--key" {
                #expect(query.signature == query.query.signature(key: "new-key"), "the first key signs")
            }
        }
        let unknown = try run([document.path, "--base", base, "--key", "retired"])
        #expect(try await server.send(String(unknown.url.dropFirst(base.count))).status == 403)
    }

    @Test func aDocumentThatFollowsTheClockIsNeverImmutable() throws {
        let clocked = Data(
            #"{"kind":"message","users":{"u":{"displayName":"U"}},"message":{"id":"m","from":"u","type":"text","sentAt":"2026-11-29T11:00:00Z","text":"hi"}}"#
                .utf8)
        let router = Self.router(keys: ["k"])
        let query = SignedRenderQuery(document: clocked)
        let target = "/v1/render?\(query.signed(key: "k"))"
        let rendered = router.handle(Self.request(target))
        #expect(rendered.status == 200)
        #expect(rendered.header("Cache-Control") == "no-store" && rendered.header("ETag") == nil)
        #expect(router.handle(Self.request(target, headers: ["If-None-Match": router.entityTag(query)])).status == 200)
        // sign refuses it, or pins now to the signing time, and says which.
        let file = try file(String(decoding: clocked, as: UTF8.self))
        defer { try? FileManager.default.removeItem(at: file) }
        let refused = try run([file.path, "--key", "k"])
        #expect(refused.status == 2 && refused.stderr.contains("has no \"now\"") && refused.stderr.contains("--pin-now"))
        let pinned = try run([file.path, "--key", "k", "--pin-now"])
        #expect(pinned.status == 0 && pinned.stderr.contains("pinned it to the signing time"))
        let d = try SignedRenderQuery.parse(pinned.url.components(separatedBy: "?").last).get().query.document
        let object = try #require(try JSONSerialization.jsonObject(with: d) as? [String: Any])
        let now = try #require(object["now"] as? String)
        let date = try #require(ISO8601DateFormatter().date(from: now))
        #expect(abs(date.timeIntervalSinceNow) < 60)
        // A "now" that is not a date is refused, not pinned a second time.
        let nulled = try self.file(
            String(decoding: clocked, as: UTF8.self).replacingOccurrences(of: #"{"kind""#, with: #"{"now":null,"kind""#))
        defer { try? FileManager.default.removeItem(at: nulled) }
        let refusedNull = try run([nulled.path, "--key", "k", "--pin-now"])
        #expect(refusedNull.status == 2 && refusedNull.stderr.contains("now: must be a date-time"), "\(refusedNull.stderr)")
    }

    @Test func signWritesTheDocumentMinifiedAndEveryOption() throws {
        let chat = ServerProcess.root.appendingPathComponent("examples/chat.json")
        let signed = try run([chat.path, "--key", "k", "--format", "jpeg", "--quality", "70", "--expires-in", "3600"])
        #expect(signed.status == 0, "\(signed.stderr)")
        // 2,086 characters before minifying.
        #expect(signed.url.count < 1_700, "\(signed.url.count)")
        let parsed = try SignedRenderQuery.parse(signed.url.components(separatedBy: "?").last).get()
        #expect(parsed.query.format == .jpeg && parsed.query.quality == ImageQuality(70))
        #expect(abs(Double(parsed.query.expires ?? 0) - Date().timeIntervalSince1970 - 3600) < 60)
        let original = try Data(contentsOf: chat)
        #expect(parsed.query.document == SignedDocument.minified(original))
        let a = try JSONSerialization.jsonObject(with: original) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: parsed.query.document) as? NSDictionary
        #expect(a != nil && a == b)
        #expect(try run([chat.path, "--key", "k", "--quality", "70"]).status == 2)
        #expect(try run([chat.path, "--key", "k", "--exp", "1", "--expires-in", "1"]).status == 2)
        let past = try run([chat.path, "--key", "k", "--exp", "1000"])
        #expect(past.status == 2 && past.stderr.contains("not in the future"), "\(past.stderr)")
    }
}
