import FeedshotRender
import Foundation

/// Signed render URLs, for images embedded where no header can be sent (`og:image`):
/// `GET /v1/render?d=<base64url of the document>&sig=<hex HMAC-SHA256 of d>`.
extension Router {
    /// The URL of `document` under `base` (`https://host` or `…/v1/render`), signed with `key`.
    public static func signedURL(for document: Data, key: String, base: String) -> String {
        let d = base64URL(document)
        let signature = Digest.hex(Digest.hmacSHA256(key: Data(key.utf8), message: Data(d.utf8)))
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        if !root.hasSuffix("/v1/render") { root += "/v1/render" }
        return "\(root)?d=\(d)&sig=\(signature)"
    }

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url text (padding optional), or nil when it is not base64url.
    static func fromBase64URL(_ text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || isAlphanumeric($0) }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The strong ETag of a signed render: the SHA-256 of Feedshot's version, the PNG compression
    /// level and the document text `d`, so a new version or setting never matches an old copy.
    func entityTag(_ d: String) -> String {
        let identity = "feedshot \(Feedshot.version)\ncompression \(configuration.render.compressionLevel)\n\(d)"
        return "\"" + Digest.hex(Digest.sha256(Array(identity.utf8))) + "\""
    }

    /// The caching headers of a signed render.
    func cacheHeaders(_ d: String) -> [(String, String)] {
        [("ETag", entityTag(d)), ("Cache-Control", "public, max-age=\(configuration.cacheMaxAge), immutable")]
    }

    /// Refusals of a signed render (400 without `d`, 403 for a missing or wrong signature when a
    /// key is set, 401 without the bearer token when none is), a `304` when `If-None-Match` names
    /// its ETag; nil when it must be rendered.
    func signedRenderQuickAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        guard let d = request.query["d"], !d.isEmpty else {
            return .problem(400, title: "Bad request", detail: "GET /v1/render needs d, the document as base64url (and sig)")
        }
        if let sig = request.query["sig"], Router.hexBytes(sig)?.count != 32 {
            return .problem(400, title: "Bad request", detail: "sig must be 64 hexadecimal digits (an HMAC-SHA256)")
        }
        if let key = configuration.urlSigningKey, !key.isEmpty {
            let expected = Digest.hmacSHA256(key: Data(key.utf8), message: Data(d.utf8))
            guard let given = request.query["sig"].flatMap(Router.hexBytes), Digest.constantTimeEqual(given, expected) else {
                let why = request.query["sig"] == nil ? "missing" : "wrong"
                return .problem(403, title: "Forbidden", detail: "the URL's signature (sig) is \(why): sign it with `feedshot sign`")
            }
        } else if let failure = authorize(request, token: configuration.token, realm: "feedshot") {
            return failure
        }
        guard d.utf8.count <= configuration.maxBodyBytes / 3 * 4 + 4 else {
            return .problem(
                413, title: "Request body too large",
                detail: "the document is larger than \(configuration.maxBodyBytes) bytes (raise it with --max-body-bytes)")
        }
        guard Router.fromBase64URL(d) != nil else {
            return .problem(400, title: "Bad request", detail: "d is not base64url (RFC 4648 §5)")
        }
        let tag = entityTag(d)
        if let condition = request.header("if-none-match"), Router.matches(condition, tag) {
            return HTTPResponse(status: 304, headers: cacheHeaders(d))
        }
        return nil
    }

    /// Renders a signed `GET /v1/render` that `signedRenderQuickAnswer` let through.
    func signedRender(_ request: HTTPRequest, deadline: ContinuousClock.Instant) -> HTTPResponse {
        if let refusal = signedRenderQuickAnswer(request) { return refusal }
        let d = request.query["d"] ?? ""
        let document = Router.fromBase64URL(d) ?? Data()
        let response = render(document: document, as: .init(format: .png, quality: nil), extraHeaders: cacheHeaders(d), deadline: deadline)
        return response
    }

    /// Whether an `If-None-Match` value (`*` or a list of entity tags) names `tag` (weak
    /// comparison, RFC 9110 §13.1.2).
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }

    /// The bytes of lower- or upper-case hexadecimal text, or nil.
    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
