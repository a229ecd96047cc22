import Foundation

extension Router {
    /// The bytes a header name may hold: an RFC 9110 §5.6.2 token.
    static let tokenBytes = Set(
        Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))

    /// 400 (and the connection closed) for a request no proxy and this server may read alike: a
    /// header name that is not a token (`Transfer-Encoding : chunked` — whitespace before the
    /// colon, RFC 9112 §5.1), a request target holding raw whitespace or control characters (RFC
    /// 9112 §3.2), an HTTP/1.1 (or later 1.x) request without exactly one `Host` (RFC 9112 §3.2).
    static func refuseMalformed(_ request: HTTPRequest) -> HTTPResponse? {
        func refusal(_ detail: String) -> HTTPResponse {
            .problem(400, title: "Bad request", detail: detail, headers: [("Connection", "close")])
        }
        if let name = request.headerFields.first(where: { $0.name.isEmpty || !$0.name.utf8.allSatisfy(tokenBytes.contains) })?.name {
            return refusal("the header name \"\(printable(name))\" is not a token (whitespace before the colon?)")
        }
        if let target = request.rawTarget, target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return refusal("the request target holds a space or a control character: percent-encode it")
        }
        // libmicrohttpd serves HTTP/1.2 to 1.9 as 1.1, so they need a Host too.
        if let version = request.version, version.hasPrefix("HTTP/1."), version != "HTTP/1.0", request.count(of: "host") != 1 {
            let count = request.count(of: "host")
            return refusal(count == 0 ? "an \(version) request needs a Host header" : "send one Host header, not \(count)")
        }
        return nil
    }
}
