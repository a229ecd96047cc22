import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// The real server on a loopback port, talked to over HTTP with URLSession.
@Suite(.timeLimit(.minutes(10))) struct ServerTests {
    static let document = try! Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-long.json"))

    func problem(_ body: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func healthMetricsIndexAndGallery() async throws {
        let server = try ServerProcess()
        let health = try await server.send("/healthz")
        #expect(health.status == 200 && String(decoding: health.body, as: UTF8.self) == "ok\n")
        _ = try await server.send("/v1/render", method: "POST", body: Self.document)
        let metrics = String(decoding: try await server.send("/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"feedshot_requests_total{route="POST /v1/render",status="200"} 1"#))
        #expect(metrics.contains(#"feedshot_render_seconds_count{route="POST /v1/render"} 1"#))
        #expect(metrics.contains("feedshot_build_info{version=\"\(Feedshot.version)\"} 1"))
        for name in ["process_resident_memory_bytes", "process_cpu_seconds_total", "process_open_fds", "process_start_time_seconds"] {
            #expect(metrics.contains("\n\(name) "), "\(name)")
        }
        #expect(metrics.contains("feedshot_requests_in_flight 1"))  // the /metrics request itself
        #expect(metrics.contains("feedshot_response_bytes_total"))
        let index = try await server.send("/")
        #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
        let html = String(decoding: index.body, as: UTF8.self)
        #expect(html.contains("<textarea") && html.contains("/gallery/"))
        let gallery = try await server.send("/gallery/", timeout: 600)  // built on first request: slow in debug builds
        #expect(gallery.status == 200 && String(decoding: gallery.body, as: UTF8.self).contains("<map name="))
        let log = {
            server.stop(); return server.log()
        }()
        #expect(log.contains("GET /healthz 200 3B"))
        #expect(!log.contains("Are we still on"))  // bodies are never logged
    }

    @Test func renderAndLayoutMatchTheLibrary() async throws {
        let server = try ServerProcess()
        let png = try await server.send("/v1/render", method: "POST", body: Self.document, headers: ["X-Request-Id": "abc-123"])
        #expect(png.status == 200)
        #expect(png.headers["content-type"] == "image/png")
        #expect(png.headers["x-request-id"] == "abc-123")
        let expected = try Feedshot.render(json: Self.document)
        #expect(png.body == expected)
        let layout = try await server.send("/v1/layout", method: "POST", body: Self.document)
        #expect(layout.status == 200 && layout.headers["content-type"] == "application/json")
        #expect(layout.body == (try Feedshot.layout(Feedshot.decode(Self.document))).jsonData())
    }

    /// Through the real server: `Accept` and the `format` query argument (which libmicrohttpd
    /// hands over apart from the path) choose the format; the bytes are the library's.
    @Test func renderNegotiatesTheFormat() async throws {
        let server = try ServerProcess()
        let webp = try await server.send("/v1/render", method: "POST", body: Self.document, headers: ["Accept": "image/webp,*/*;q=0.8"])
        #expect(webp.status == 200 && webp.headers["content-type"] == "image/webp" && webp.headers["vary"] == "Accept")
        var options = RenderOptions()
        options.format = .webp
        #expect(webp.body == (try Feedshot.render(json: Self.document, options: options)))
        let pdf = try await server.send("/v1/render?format=pdf", method: "POST", body: Self.document, headers: ["Accept": "image/png"])
        #expect(pdf.status == 200 && pdf.headers["content-type"] == "application/pdf" && pdf.body.starts(with: Array("%PDF-".utf8)))
        let jpeg = try await server.send("/v1/render?format=jpg&quality=40", method: "POST", body: Self.document)
        options.format = .jpeg
        options.quality = ImageQuality(40)
        let expected = try Feedshot.render(json: Self.document, options: options)
        #expect(jpeg.headers["content-type"] == "image/jpeg" && jpeg.body == expected)
        let refused = try await server.send("/v1/render", method: "POST", body: Self.document, headers: ["Accept": "image/avif"])
        #expect(refused.status == 406 && refused.headers["content-type"] == "application/problem+json")
        let badQuality = try await server.send("/v1/render?format=webp&quality=0", method: "POST", body: Self.document)
        #expect(badQuality.status == 400)
        // The query as the server decodes it (what ContentNegotiation is given): escapes and `+`
        // unescaped; a repeated parameter refused, not the first taken in silence.
        let escaped = try await server.send("/v1/render?format=jp%67&quality=4%30&v=1&v=2", method: "POST", body: Self.document)
        #expect(escaped.status == 200 && escaped.headers["content-type"] == "image/jpeg" && escaped.body == expected)
        let repeated = try await server.send("/v1/render?format=jp%67&quality=40&format=png", method: "POST", body: Self.document)
        #expect(
            repeated.status == 400
                && String(decoding: repeated.body, as: UTF8.self).contains(#"query parameter \"format\" is given more than once"#))
    }

    @Test func errorsAreProblemDocumentsWithTheRightStatus() async throws {
        let server = try ServerProcess(["--max-body-bytes", "4000", "--max-pixels", "300000"])
        let invalid = try await server.send(
            "/v1/render", method: "POST",
            body: Data(
                #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.png", "width": -3}}]}"#
                    .utf8))
        #expect(invalid.status == 400 && invalid.headers["content-type"] == "application/problem+json")
        #expect(try problem(invalid.body)["path"] as? String == "messages[0].image.width")
        #expect(try problem(invalid.body)["detail"] as? String == "messages[0].image.width: must be a positive number (got -3)")
        let malformed = try await server.send("/v1/layout", method: "POST", body: Data("{".utf8))
        #expect(malformed.status == 400)
        let tooBig = try await server.send("/v1/render", method: "POST", body: Data(repeating: 0x20, count: 5000))
        #expect(tooBig.status == 413)
        let tooManyPixels = try await server.send("/v1/render", method: "POST", body: Self.document)
        #expect(tooManyPixels.status == 422)
        #expect((try problem(tooManyPixels.body)["detail"] as? String)?.contains("more than the limit of 300000") == true)
        #expect(try await server.send("/nope").status == 404)
        let wrongMethod = try await server.send("/v1/layout")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
    }

    @Test func aRenderPastItsDeadlineGets503() async throws {
        let server = try ServerProcess(["--render-timeout-ms", "1"])
        let messages = (0..<300).map {
            #"{"id": "m\#($0)", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Message \#($0) with some words to wrap across lines in the bubble"}"#
        }
        let big = Data(#"{"kind": "chat", "me": "u1", "messages": [\#(messages.joined(separator: ","))]}"#.utf8)
        let response = try await server.send("/v1/render", method: "POST", body: big)
        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "1")
        // The worker is free again: a small render still succeeds.
        #expect(try await server.send("/healthz").status == 200)
    }

    @Test func theBearerTokenIsRequiredOnTheAPIs() async throws {
        let server = try ServerProcess(["--token", "s3cret"])
        let denied = try await server.send("/v1/render", method: "POST", body: Self.document)
        #expect(denied.status == 401)
        #expect(denied.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(
            try await server.send("/v1/render", method: "POST", body: Self.document, headers: ["Authorization": "Bearer wrong"]).status
                == 401)
        #expect(
            try await server.send("/v1/render", method: "POST", body: Self.document, headers: ["Authorization": "Bearer s3cret"]).status
                == 200)
        #expect(try await server.send("/metrics").status == 200)  // its own token: --metrics-token
        #expect(try await server.send("/healthz").status == 200)
    }

    @Test func imagePathsStayInsideTheAssetRoot() async throws {
        let server = try ServerProcess(["--assets", ServerProcess.root.appendingPathComponent("examples").path])
        let json = Data(
            #"{"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "../Package.swift"}, "u3": {"avatar": "assets/ann.jpg"}}, "messages": [{"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}, {"id": "b", "from": "u3", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "https://example.com/x.png"}}]}"#
                .utf8)
        let layout = try await server.send("/v1/layout", method: "POST", body: json)
        let tree = try #require(try JSONSerialization.jsonObject(with: layout.body) as? [String: Any])
        let warnings = try #require(tree["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("leaves the asset root") })
        #expect(warnings.contains { $0.contains("remote images are not fetched") })
        #expect(!warnings.contains { $0.contains("ann.jpg") })
    }

    @Test func thirtyTwoConcurrentRendersAllReturnTheRightPNG() async throws {
        let server = try ServerProcess()
        let documents = (0..<32).map { index in
            Data(
                #"{"kind": "chat", "width": \#(300 + index), "me": "u1", "now": "2026-11-29T12:00:00Z", "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Concurrent render number \#(index) 🎉"}]}"#
                    .utf8)
        }
        let results = try await withThrowingTaskGroup(of: (Int, Int, Data).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask {
                    let response = try await server.send("/v1/render", method: "POST", body: document)
                    return (index, response.status, response.body)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 32)
        for (index, status, body) in results {
            #expect(status == 200)
            #expect(body == (try Feedshot.render(json: documents[index])), "render \(index)")
        }
    }

    @Test func sigtermFinishesInFlightRequestsAndExitsZero() async throws {
        // The render is held by the debug build's test hook while the hold file exists: it is
        // surely in flight when the stop begins, and ends when the test lets it, inside the grace.
        let hold = try RenderHold(engaged: false)
        defer { hold.release() }
        let server = try ServerProcess(
            ["--threads", "1", "--render-timeout-ms", "300000", "--grace-period", "120"], environment: hold.environment)
        #expect(try await server.warmUp())
        try hold.engage()
        let document = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        async let response = server.send("/v1/render", method: "POST", body: document)
        #expect(try await server.waitForBusyWorkers(), "the render was never seen running")
        kill(server.process.processIdentifier, SIGTERM)
        // The stop has begun (the log says so) while the render is held; then it is let go.
        for _ in 0..<600 where !server.logSoFar().contains("stopping") { try await Task.sleep(for: .milliseconds(10)) }
        // A new connection is refused while the stop waits (the kernel accepted it, and it hung
        // unanswered for the grace period).
        var refused = false
        for _ in 0..<500 where !refused {
            do { _ = try RawClient(port: server.port) } catch { refused = true }
            if !refused { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(refused, "a connection was still accepted during the stop")
        hold.release()
        let finished = try await response
        #expect(finished.status == 200)
        #expect(try RGBAImage(png: finished.body).width == 750)  // 375 pt at scale 2
        #expect(server.stop() == 0)
        let log = server.log()
        #expect(log.contains("feedshot serve: stopped"))
        // The render finished after the stop began.
        let stopping = try #require(log.range(of: "stopping"))
        #expect(log[stopping.upperBound...].contains("POST /v1/render 200"))
    }
}

/// The OpenAPI document describes every route the router serves.
@Suite(.timeLimit(.minutes(10))) struct OpenAPITests {
    @Test func everyRouteIsDocumented() throws {
        let spec = try String(
            contentsOf: ServerProcess.root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml"), encoding: .utf8)
        #expect(spec.hasPrefix("openapi: 3.1.0"))
        for path in ["/v1/render:", "/v1/layout:", "/healthz:", "/metrics:", "  /:", "/gallery/{file}:"] {
            #expect(
                spec.contains("\n  \(path.trimmingCharacters(in: .whitespaces))"),
                "\(path) is not in Sources/FeedshotServer/Resources/openapi.yaml")
        }
        for status in ["\"400\"", "\"401\"", "\"413\"", "\"422\"", "\"503\""] { #expect(spec.contains(status)) }
    }
}

/// Remote images: fetched only from hosts the operator allows.
@Suite(.timeLimit(.minutes(10))) struct RemoteImageTests {
    @Test func onlyAllowedHostsAreFetched() async throws {
        // Another feedshot server serves a PNG: its examples gallery.
        let imageHost = try ServerProcess()
        // The first request builds the whole examples gallery: 26 s in a debug build on an idle
        // 2-core machine, over a minute beside the other tests.
        #expect(try await imageHost.send("/gallery/", timeout: 600).status == 200)
        let url = "http://127.0.0.1:\(imageHost.port)/gallery/images/messagekit-w320-s2-light-large.png"
        let json = Data(
            #"{"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "\#(url)"}}, "messages": [{"id": "a", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}]}"#
                .utf8)
        func warnings(_ server: ServerProcess) async throws -> [String] {
            let response = try await server.send("/v1/layout", method: "POST", body: json)
            let tree = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            return tree["warnings"] as? [String] ?? []
        }
        let allowed = try ServerProcess(["--allow-image-hosts", "127.0.0.1"])
        #expect(try await warnings(allowed).isEmpty)
        let refused = try ServerProcess()
        #expect(
            try await warnings(refused).first?.contains("remote images are not fetched (http URL; allow its host with --allow-image-hosts)")
                == true)
        let missing = url.replacingOccurrences(of: "messagekit-w320", with: "nothing-w320")
        let notFound = Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: url, with: missing).utf8)
        let response = try await allowed.send("/v1/layout", method: "POST", body: notFound)
        #expect(String(decoding: response.body, as: UTF8.self).contains("gave HTTP 404"))
    }
}
