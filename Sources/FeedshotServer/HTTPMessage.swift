import Foundation

/// What the router sees of a request.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var body: Data
    /// The few headers Feedshot reads, by lower-case name.
    public var headers: [String: String]
    public var requestID: String

    public init(method: String, path: String, body: Data = Data(), headers: [String: String] = [:], requestID: String = "test") {
        self.method = method
        self.path = path
        self.body = body
        self.headers = headers
        self.requestID = requestID
    }

    /// The header names the server collects.
    static let collectedHeaders = ["authorization", "content-type", "accept", "x-request-id"]
}

/// What the router answers.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

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
}
