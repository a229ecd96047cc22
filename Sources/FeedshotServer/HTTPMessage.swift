import Foundation

/// What the router sees of a request.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, `HEAD`, …
    public var method: String
    /// The path, percent-decoded (a `%XX` naming a control character decodes to 0x7F).
    public var path: String
    /// The query's arguments, decoded; the first of each name.
    public var query: [String: String]
    /// The body, whole (at most `--max-body-bytes`).
    public var body: Data
    /// Every header field in the order sent, names in lower case.
    public var headerFields: [(name: String, value: String)]
    /// The client's `X-Request-Id` when well-formed, else a generated one; echoed in the response.
    public var requestID: String
    /// The client's address, for the access log.
    public var client: String
    /// The request target exactly as the request line sent it (`/v1/render?d=…&sig=…`: not
    /// decoded); nil for a request built in code without one.
    public var rawTarget: String?
    /// `HTTP/1.1` or `HTTP/1.0` as the request line said; nil for a request built in code.
    public var version: String?
    /// The names the query gives more than once (`query` holds the first value of each).
    public var repeatedQueryNames: Set<String>

    /// A request; `headers` become `headerFields` (names lower-cased).
    public init(
        method: String, path: String, query: [String: String] = [:], body: Data = Data(), headers: [String: String] = [:],
        headerFields: [(name: String, value: String)] = [], requestID: String = "test", client: String = "127.0.0.1",
        rawTarget: String? = nil, version: String? = nil, repeatedQueryNames: Set<String> = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.headerFields = headerFields + headers.sorted { $0.key < $1.key }.map { (name: $0.key.lowercased(), value: $0.value) }
        self.requestID = requestID
        self.client = client
        self.rawTarget = rawTarget
        self.version = version
        self.repeatedQueryNames = repeatedQueryNames
    }

    /// The part of `rawTarget` after the first `?`, not decoded; nil without one.
    public var rawQuery: String? {
        guard let rawTarget, let mark = rawTarget.firstIndex(of: "?") else { return nil }
        return String(rawTarget[rawTarget.index(after: mark)...])
    }

    /// The part of `rawTarget` before the first `?`, not decoded; nil without a raw target.
    public var rawPath: String? {
        rawTarget.map { String($0.prefix { $0 != "?" }) }
    }

    /// The first value of the header `name` (lower case).
    public func header(_ name: String) -> String? {
        headerFields.first { $0.name == name }?.value
    }

    /// Every line of the list header `name` (lower case) joined with ", ", as repeated field lines
    /// combine into one list (RFC 9110 §5.3): two `Accept` lines are one choice; nil when absent.
    public func combinedHeader(_ name: String) -> String? {
        let values = headerFields.filter { $0.name == name }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// How many times the header `name` (lower case) was sent.
    public func count(of name: String) -> Int {
        headerFields.reduce(0) { $0 + ($1.name == name ? 1 : 0) }
    }
}

/// What the router answers.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in the order they are sent.
    public var headers: [(String, String)]
    /// The body (empty for a 304).
    public var body: Data

    /// A response with `headers` in order.
    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text response.
    public static func text(_ status: Int, _ text: String, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Data(text.utf8))
    }

    /// An RFC 9457 problem document: `type`, `title`, `status`, `detail`, and the JSON `path` at fault.
    public static func problem(_ status: Int, title: String, detail: String, path: String? = nil, headers: [(String, String)] = [])
        -> HTTPResponse
    {
        var object: [String: Any] = ["type": "about:blank", "title": title, "status": status, "detail": detail]
        if let path { object["path"] = path }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return HTTPResponse(status: status, headers: [("Content-Type", "application/problem+json")] + headers, body: body)
    }

    /// 503 with `Retry-After: 1`: the request was not rendered and may be sent again shortly
    /// (and, `closing`, on a new connection).
    public static func retryLater(_ title: String, _ detail: String, closing: Bool = false) -> HTTPResponse {
        .problem(503, title: title, detail: detail, headers: [("Retry-After", "1")] + (closing ? [("Connection", "close")] : []))
    }

    /// The answer to a request whose render the stopping server abandoned.
    public static let serverStopping = retryLater(
        "Server stopping", "the server is stopping and abandoned the render; send it again", closing: true)

    /// The response as bytes on the wire, for the one answer sent before libmicrohttpd has a
    /// request to answer (`HTTPServer.requestLine`): HTTP/1.1, the headers every response carries,
    /// `Content-Length` and `Connection: close`.
    func wire(reason: String) -> Data {
        let fields = headers + SecurityHeaders.everyResponse + [("Content-Length", "\(body.count)"), ("Connection", "close")]
        let head = "HTTP/1.1 \(status) \(reason)\r\n" + fields.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        return Data(head.utf8) + body
    }

    /// The value of the header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
