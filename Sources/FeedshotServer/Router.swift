import FeedshotLayout
import FeedshotRender
import Foundation

/// Maps requests to responses: no sockets here, so every route is testable as a function.
public struct Router: Sendable {
    public let configuration: ServerConfiguration
    public let metrics: Metrics
    let gallery: GalleryFiles

    public init(configuration: ServerConfiguration, metrics: Metrics = Metrics()) {
        self.configuration = configuration
        self.metrics = metrics
        self.gallery = GalleryFiles(examples: configuration.examplesDirectory, options: configuration.render)
    }

    /// The metrics label for a path.
    static func route(_ path: String) -> String {
        switch path {
        case "/", "/healthz", "/metrics", "/v1/render", "/v1/layout": path
        default: path.hasPrefix("/gallery/") ? "/gallery" : "other"
        }
    }

    /// Which methods each path allows.
    static let methods: [String: String] = ["/": "GET", "/healthz": "GET", "/metrics": "GET", "/v1/render": "POST", "/v1/layout": "POST"]

    /// Requests that render (and so go to a worker thread) rather than being answered at once.
    static func isHeavy(_ request: HTTPRequest) -> Bool {
        request.method == "POST" && (request.path.hasPrefix("/v1/render") || request.path.hasPrefix("/v1/layout"))
            || request.path.hasPrefix("/gallery")
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.path
        if path != "/healthz", let failure = authorize(request) { return failure }
        let isGallery = path == "/gallery" || path.hasPrefix("/gallery/")
        let allowed = isGallery ? "GET" : Router.methods[path]
        guard let allowed else {
            return .problem(404, title: "Not found", detail: "no route for \(path); see GET / and the OpenAPI document")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        guard method == allowed else {
            return .problem(405, title: "Method not allowed", detail: "\(path) takes \(allowed)", headers: [("Allow", allowed)])
        }
        switch path {
        case "/healthz": return .text(200, "ok\n")
        case "/metrics": return .text(200, metrics.render(), type: "text/plain; version=0.0.4; charset=utf-8")
        case "/": return .text(200, IndexPage.html, type: "text/html; charset=utf-8")
        case "/v1/render":
            let query = request.path.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init)
            switch ContentNegotiation.choose(accept: request.headers["accept"], query: query) {
            case .success(let choice): return render(request, as: choice)
            case .failure(let refusal): return Router.problem(for: refusal)
            }
        case "/v1/layout": return render(request, as: nil)
        default: return gallery.response(for: path)
        }
    }

    /// 401 unless the configured bearer token is presented (compared in constant time).
    func authorize(_ request: HTTPRequest) -> HTTPResponse? {
        guard let token = configuration.token, !token.isEmpty else { return nil }
        let presented = request.headers["authorization"] ?? ""
        let expected = "Bearer " + token
        var difference = UInt8(presented.utf8.count == expected.utf8.count ? 0 : 1)
        for (a, b) in zip(presented.utf8, expected.utf8) { difference |= a ^ b }
        if difference == 0 { return nil }
        return .problem(
            401, title: "Unauthorized", detail: "send Authorization: Bearer <token>",
            headers: [("WWW-Authenticate", "Bearer realm=\"feedshot\"")])
    }

    /// Decodes, lays out and (with a `choice` of format) draws the document in the body.
    func render(_ request: HTTPRequest, as choice: ContentNegotiation.Choice?) -> HTTPResponse {
        var options = configuration.render
        options.deadline = ContinuousClock.now + configuration.renderTimeout
        do {
            let document = try Feedshot.decode(request.body, options: options)
            if let choice {
                options.format = choice.format
                options.quality = choice.quality
                let (image, layout) = try Feedshot.renderWithLayout(document, options: options)
                var headers = [("Content-Type", choice.format.mediaType), ("Vary", "Accept")]
                if !layout.warnings.isEmpty { headers.append(("Feedshot-Warnings", String(layout.warnings.count))) }
                return HTTPResponse(status: 200, headers: headers, body: image)
            }
            let layout = try Feedshot.layout(document, options: options)
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: layout.jsonData())
        } catch {
            return Router.problem(for: error)
        }
    }

    /// A render request for a format Feedshot does not write (406) or with a bad quality (400).
    static func problem(for refusal: ContentNegotiation.Refusal) -> HTTPResponse {
        .problem(refusal.status, title: refusal.status == 406 ? "Not acceptable" : "Invalid request", detail: refusal.detail)
    }

    /// The one place render errors become HTTP statuses.
    static func problem(for error: RenderError) -> HTTPResponse {
        switch error {
        case .document(let failure):
            return .problem(400, title: "Invalid document", detail: failure.description, path: failure.path)
        case .limit(let message):
            return .problem(422, title: "Limit exceeded", detail: message)
        case .deadlineExceeded:
            return .problem(503, title: "Render deadline exceeded", detail: error.description, headers: [("Retry-After", "1")])
        case .fonts, .cairo, .encoding, .invariant:
            return .problem(500, title: "Rendering failed", detail: error.description)
        }
    }
}
