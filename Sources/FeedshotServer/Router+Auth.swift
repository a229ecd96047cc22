import FeedshotRender
import Foundation

extension Router {
    /// 401 unless `token` is unset or the request's one `Authorization` header is `Bearer <token>`:
    /// the scheme in any case (RFC 9110 §11.1), the credentials compared whole and in constant
    /// time (their SHA-256 digests are compared, so not even the length leaks).
    func authorize(_ request: HTTPRequest, token: String?, realm: String) -> HTTPResponse? {
        guard let token, !token.isEmpty else { return nil }
        if let presented = request.header("authorization"), Router.bearerCredentials(presented, match: token) { return nil }
        return .problem(
            401, title: "Unauthorized", detail: "send Authorization: Bearer <token>",
            headers: [("WWW-Authenticate", "Bearer realm=\"\(realm)\"")])
    }

    /// Whether `header` is `Bearer <credentials>` (scheme in any case, one or more spaces) with
    /// exactly `token` as the credentials.
    static func bearerCredentials(_ header: String, match token: String) -> Bool {
        let bytes = Array(header.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return false }
        let scheme = String(decoding: bytes[..<space], as: UTF8.self)
        guard scheme.lowercased() == "bearer" else { return false }
        var start = space
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        let credentials = Array(bytes[start...])
        return Digest.constantTimeEqual(Digest.sha256(credentials), Digest.sha256(Array(token.utf8)))
    }
}
