import FeedshotLayout
import FeedshotRender
import Foundation

/// Maps requests to responses: no sockets here, so every route is testable as a function.
///
/// `quickAnswer` answers on the event loop whatever needs no rendering (pages, health, metrics,
/// refusals, a `304` for a cached signed render); `handle` does the rest, on a worker thread.
public struct Router: Sendable {
    /// The server's settings.
    public let configuration: ServerConfiguration
    /// The counters `/metrics` reports.
    public let metrics: Metrics
    /// Readiness, reported by `/healthz`.
    public let status: ServerStatus
    let gallery: GalleryFiles

    /// A router for `configuration`, counting into `metrics` and reporting `status` on `/healthz`.
    public init(configuration: ServerConfiguration, metrics: Metrics = Metrics(), status: ServerStatus? = nil) {
        self.configuration = configuration
        self.metrics = metrics
        self.status = status ?? ServerStatus(workers: configuration.threads, queue: configuration.queue)
        self.gallery = GalleryFiles(examples: configuration.examplesDirectory, options: configuration.render)
    }

    /// Answers `request` completely: the quick answer when there is one, else the render.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        quickAnswer(request) ?? render(request)
    }

    /// The answer to a request that needs no rendering, or nil when it must go to a worker
    /// (`render`): refusals (framing, path, authentication, routing), pages, health, metrics, the
    /// OpenAPI document, and a `304 Not Modified` for a signed render the client has.
    public func quickAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        if let refusal = Router.refuseFraming(request) ?? Router.refuseMalformed(request) { return refusal }
        let path = request.path
        if Router.hasControlCharacters(path) || request.query.contains(where: { Router.hasControlCharacters($0.key + $0.value) }) {
            return .problem(400, title: "Bad request", detail: "the path or query holds a control character (or %00)")
        }
        if request.count(of: "authorization") > 1 {
            return .problem(400, title: "Bad request", detail: "send one Authorization header, not \(request.count(of: "authorization"))")
        }
        guard let route = Route(path: path) else {
            return .problem(
                404, title: "Not found", detail: "no route for \(Router.printable(path)); see GET / and GET /openapi.json")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        guard route.methods.contains(method) else {
            // HEAD is answered wherever GET is (RFC 9110 §9.3.2), so it is allowed there too.
            let list = route.methods.flatMap { $0 == "GET" ? ["GET", "HEAD"] : [$0] }.joined(separator: ", ")
            return .problem(
                405, title: "Method not allowed", detail: "\(Router.printable(path)) takes \(list)", headers: [("Allow", list)])
        }
        switch (method, route) {
        case ("GET", .health):
            if let reason = status.notReadyReason(renderTimeout: configuration.renderTimeout) {
                return .text(503, "not ready: \(reason)\n")
            }
            var ok = HTTPResponse.text(200, "ok\n")
            ok.headers.append(("Feedshot-Version", Feedshot.version))
            return ok
        case ("GET", .readiness):
            if let reason = status.notReadyForTrafficReason(renderTimeout: configuration.renderTimeout) {
                return .text(503, "not ready: \(reason)\n")
            }
            return .text(200, "ready\n")
        case ("GET", .metrics):
            if let failure = authorize(request, token: configuration.metricsToken, realm: "feedshot-metrics") { return failure }
            return .text(200, metrics.render(status: status), type: "text/plain; version=0.0.4; charset=utf-8")
        case ("GET", .index):
            var page = HTTPResponse.text(200, IndexPage.html, type: "text/html; charset=utf-8")
            page.headers += IndexPage.securityHeaders
            return page
        case ("GET", .openAPIYAML), ("GET", .openAPIJSON):
            switch OpenAPIDocument.bundled {
            case .success(let document):
                return route == .openAPIYAML
                    ? .text(200, document.yaml, type: "application/yaml") : .text(200, document.json, type: "application/json")
            case .failure(let error):
                return .problem(500, title: "Internal error", detail: "\(error)")
            }
        case ("GET", .render):
            return signedRenderQuickAnswer(request)
        case ("POST", _):
            if let failure = authorize(request, token: configuration.token, realm: "feedshot") { return failure }
            if let coding = request.combinedHeader("content-encoding"), !Router.isIdentity(coding) {
                return .problem(
                    415, title: "Unsupported Media Type",
                    detail: "the body's Content-Encoding is \(Router.printable(coding)); send the document uncompressed",
                    headers: [("Accept-Encoding", "identity")])
            }
            return nil
        default:
            return nil  // the gallery: built on first request, on a worker
        }
    }

    /// Renders or lays out (`POST /v1/render`, `/v1/layout`, the signed `GET /v1/render`) or
    /// serves the gallery; called on a worker thread (or in a render worker process) after
    /// `quickAnswer` returned nil. The render must end by `deadline` (by default the render
    /// timeout from now; the server counts it from the request's arrival).
    public func render(_ request: HTTPRequest, deadline: ContinuousClock.Instant? = nil) -> HTTPResponse {
        let deadline = deadline ?? ContinuousClock.now + configuration.renderTimeout
        guard ContinuousClock.now < deadline else {
            return .retryLater("Render deadline exceeded", "the request's deadline passed before a render worker was free")
        }
        switch (request.method, Route(path: request.path)) {
        case ("POST", .render):
            switch ContentNegotiation.choose(accept: request.combinedHeader("accept"), arguments: request.query) {
            case .success(let choice): return render(request, as: choice, deadline: deadline)
            case .failure(let refusal): return Router.problem(for: refusal)
            }
        case ("POST", .layout): return render(request, as: nil, deadline: deadline)
        case ("GET", .render), ("HEAD", .render): return signedRender(request, deadline: deadline)
        default: return gallery.response(for: request.path)
        }
    }

    /// A request with both `Transfer-Encoding` and `Content-Length` (a proxy and this server could
    /// disagree on where its body ends: request smuggling) gets 400, and so does a repeated
    /// `Content-Length` or `Transfer-Encoding`; a transfer coding other than chunked, 501.
    static func refuseFraming(_ request: HTTPRequest) -> HTTPResponse? {
        let lengths = request.count(of: "content-length"), encodings = request.count(of: "transfer-encoding")
        if lengths > 0 && encodings > 0 {
            return .problem(
                400, title: "Bad request", detail: "a request may not have both Transfer-Encoding and Content-Length",
                headers: [("Connection", "close")])
        }
        if lengths > 1 || encodings > 1 {
            return .problem(
                400, title: "Bad request", detail: "repeated Content-Length or Transfer-Encoding header", headers: [("Connection", "close")]
            )
        }
        // Only chunked is read, spelt as libmicrohttpd compares it: lower case, leading white space
        // skipped and trailing kept ("chunked " is not chunked to it, and it would read the body
        // until the connection closed). Any other coding gets 501 (docs/server.md), where its body
        // would be waited for until the read timeout.
        if let coding = request.header("transfer-encoding"), coding.drop(while: { $0 == " " || $0 == "\t" }) != "chunked" {
            return .problem(
                501, title: "Not implemented",
                detail:
                    "Transfer-Encoding \"\(Router.printable(coding))\" is not read: send the body as it is, with Content-Length or \"chunked\"",
                headers: [("Connection", "close")])
        }
        return nil
    }

    /// Whether `text` holds a control character (0x7F stands for a decoded `%00`…`%1F`, `%7F`).
    static func hasControlCharacters(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The most bytes of a request's text (a path, a header) a message or a log line repeats:
    /// a path of 60,000 bytes that decode to U+FFFD made a 720 KB log line and a 900 KB 404, twelve
    /// times what the client sent.
    static let maxShownBytes = 512

    /// The bytes of `text` a message or a log line repeats — `maxShownBytes` at most, never part
    /// of a character — and what is written after them: nothing, or how long `text` was.
    static func shown(_ text: String) -> (bytes: Substring.UTF8View, cut: String) {
        let all = text.utf8
        guard all.count > maxShownBytes else { return (text[...].utf8, "") }
        return (Substring(all.prefix(maxShownBytes)).utf8, "...(\(all.count) bytes)")
    }

    /// Whether a `Content-Encoding` value names no coding but `identity` (RFC 9110 §8.4.1).
    static func isIdentity(_ coding: String) -> Bool {
        coding.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).lowercased() == "identity" }
    }

    /// `text` with anything but printable ASCII escaped (`\xHH`), for messages and logs; past
    /// `maxShownBytes` bytes, cut, saying how long it was.
    static func printable(_ text: String) -> String {
        var result = ""
        let (bytes, cut) = shown(text)
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result + cut
    }
}

extension String {
    /// This string with zeros before it, to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
