import FeedshotLayout
import FeedshotRender
import Foundation

extension Router {
    /// The render options of one request: the configured ones with its deadline.
    func requestOptions(deadline: ContinuousClock.Instant) -> RenderOptions {
        var options = configuration.render
        options.deadline = deadline
        return options
    }

    /// What `?lenient=` asks of unknown fields: refused (absent, `false`, `0`) or warned about
    /// (`true`, `1`), as the CLI's `--lenient`; nil for any other value.
    static func unknownFields(_ query: [String: String]) -> DecodingOptions.UnknownFields? {
        switch query["lenient"]?.lowercased() {
        case nil, "false", "0": .refuse
        case "true", "1": .warn
        default: nil
        }
    }

    /// The query parameters `POST /v1/render` reads; `/v1/layout` reads `lenient` alone.
    static let renderParameters = ["format", "quality", "lenient"]

    /// A 400 for a query parameter that looks like a misspelt one of `known` (`?qualty=80`, which
    /// would otherwise be ignored and give a lossless image); nil when there is none. Other
    /// parameters are ignored, so a cache-buster (`?v=2`) does no harm.
    static func misspeltParameter(_ query: [String: String], known: [String]) -> HTTPResponse? {
        for name in query.keys.sorted() where !known.contains(name) {
            guard let nearest = DidYouMean.nearest(to: name, in: known) else { continue }
            return .problem(
                400, title: "Invalid request",
                detail: "unknown query parameter \"\(Router.printable(name))\" (did you mean \"\(nearest)\"?)")
        }
        return nil
    }

    /// `POST /v1/render` (with a `choice` of format) or `/v1/layout` (without one): the request's
    /// `lenient` argument read, then `render(document:as:)`.
    func render(_ request: HTTPRequest, as choice: ContentNegotiation.Choice?, deadline: ContinuousClock.Instant) -> HTTPResponse {
        let known = choice == nil ? ["lenient"] : Router.renderParameters
        if let refusal = Router.misspeltParameter(request.query, known: known) { return refusal }
        // `?format=png&format=webp` would otherwise be the first in silence.
        if let name = known.first(where: request.repeatedQueryNames.contains) {
            return .problem(400, title: "Invalid request", detail: "query parameter \"\(name)\" is given more than once")
        }
        guard let unknownFields = Router.unknownFields(request.query) else {
            return .problem(
                400, title: "Invalid request",
                detail: "lenient must be true or false (got \"\(Router.printable(request.query["lenient"] ?? ""))\")")
        }
        var response = render(document: request.body, as: choice, unknownFields: unknownFields, deadline: deadline)
        // The format was chosen by the request's Accept: a cache keeps one copy per Accept.
        if choice != nil, response.status == 200 { response.headers.append(("Vary", "Accept")) }
        return response
    }

    /// Decodes, lays out and (with a `choice` of format) draws `document`; without one, answers
    /// the layout tree as JSON.
    func render(
        document: Data, as choice: ContentNegotiation.Choice?, unknownFields: DecodingOptions.UnknownFields = .refuse,
        deadline: ContinuousClock.Instant
    ) -> HTTPResponse {
        var options = requestOptions(deadline: deadline)
        options.unknownFields = unknownFields
        do {
            let decoded = try Feedshot.decode(document, options: options)
            #if DEBUG
                try Router.holdForTests(options)
            #endif
            if let choice {
                options.format = choice.format
                options.quality = choice.quality
                let (image, layout) = try Feedshot.renderWithLayout(decoded, options: options)
                var headers = [("Content-Type", choice.format.mediaType)]
                if !layout.warnings.isEmpty { headers.append(("Feedshot-Warnings", String(layout.warnings.count))) }
                return HTTPResponse(status: 200, headers: headers, body: image)
            }
            let layout = try Feedshot.layout(decoded, options: options)
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: layout.jsonData())
        } catch {
            if case .deadlineExceeded = error, options.cancellation?.isCancelled == true {
                return .serverStopping
            }
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
            // A limit, an empty layout or a canvas too narrow for its settings: the detail says which.
            return .problem(422, title: "Cannot be drawn", detail: message)
        case .deadlineExceeded:
            return .retryLater("Render deadline exceeded", error.description)
        case .busy(let message):
            return .retryLater("Server busy", message)
        case .fonts, .cairo, .encoding, .invariant:
            return .problem(500, title: "Rendering failed", detail: error.description)
        }
    }
}

#if DEBUG
    extension Router {
        /// For tests, in debug builds only: while the file `$FEEDSHOT_TEST_HOLD_RENDERS` names
        /// exists, every render waits here after decoding — a busy worker, as during a long render —
        /// checking its deadline and the server's cancellation as layout does between items. A test
        /// thus controls when a render ends (ServerLifecycleTests' SIGTERM test) instead of sizing a
        /// document to outlast the machine.
        static func holdForTests(_ options: RenderOptions) throws(RenderError) {
            guard let path = ProcessInfo.processInfo.environment["FEEDSHOT_TEST_HOLD_RENDERS"], !path.isEmpty else { return }
            while FileManager.default.fileExists(atPath: path) {
                if let deadline = options.deadline, ContinuousClock.now > deadline { throw RenderError.deadlineExceeded }
                if options.cancellation?.isCancelled == true { throw RenderError.deadlineExceeded }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }
#endif
