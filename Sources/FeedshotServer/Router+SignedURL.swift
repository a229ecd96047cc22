import FeedshotLayout
import FeedshotRender
import Foundation

/// Signed render URLs, for images embedded where no header can be sent (`og:image`):
/// `GET /v1/render?d=<base64url of the document>[&exp=…][&format=…][&quality=…]&sig=<hex>`, one
/// spelling per document and options (`SignedRenderQuery`), verified under any of the server's
/// keys (key rotation: the first signs, every one verifies).
extension Router {
    /// The path a signed URL has, exactly (no percent-encoding, no second slash).
    static let signedRenderPath = Route.render.path

    /// The URL of `document` under `base` (`https://host` or `…/v1/render`), signed with `key`;
    /// refused from `expires` (seconds since 1970) when given, in `format` (PNG when nil) at
    /// `quality` (WebP and JPEG only).
    public static func signedURL(
        for document: Data, key: String, base: String, expires: Int? = nil, format: OutputFormat? = nil, quality: ImageQuality? = nil
    ) -> String {
        let query = SignedRenderQuery(document: document, expires: expires, format: format, quality: quality)
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        if !root.hasSuffix(signedRenderPath) { root += signedRenderPath }
        return "\(root)?\(query.signed(key: key))"
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
    /// level and the signed query (the document, `exp`, `format`, `quality`), so a new version,
    /// setting, format or quality never matches an old copy.
    func entityTag(_ query: SignedRenderQuery) -> String {
        let identity = "feedshot \(Feedshot.version)\ncompression \(configuration.render.compressionLevel)\n\(query.canonical)"
        return "\"" + Digest.hex(Digest.sha256(Array(identity.utf8))) + "\""
    }

    /// The caching headers of a signed render at `now`. A document that pins `now` renders the
    /// same bytes forever: strong ETag, `public, immutable`, `max-age` the configured one (no
    /// later than `exp`). One that does not ("Just now", "5 min" follow the clock) gets
    /// `no-store` and no ETag.
    ///
    /// Without keys the URL works only with the bearer token: `private`, so no shared cache
    /// hands a render it got with the token to a client without it.
    func cacheHeaders(_ query: SignedRenderQuery, pinsNow: Bool, now: Date = Date(), tag: String? = nil) -> [(String, String)] {
        guard pinsNow else { return [("Cache-Control", "no-store")] }
        var maxAge = configuration.cacheMaxAge
        if let expires = query.expires { maxAge = max(0, min(maxAge, expires - Int(now.timeIntervalSince1970))) }
        let audience = configuration.urlSigningKeys.contains { !$0.isEmpty } ? "public" : "private"
        return [("ETag", tag ?? entityTag(query)), ("Cache-Control", "\(audience), max-age=\(maxAge), immutable")]
    }

    /// Refusals of a signed render — 400 for a query not in its one spelling (or a path not
    /// exactly `/v1/render`), 403 for a missing or wrong signature when keys are set, 401 without
    /// the bearer token when none is, 410 once `exp` has passed, 413 for a document over the body
    /// limit — or a `304` when `If-None-Match` names its ETag; nil when it must be rendered.
    func signedRenderQuickAnswer(_ request: HTTPRequest, now: Date = Date()) -> HTTPResponse? {
        switch verifiedSignedQuery(request, now: now) {
        case .success(let query): notModified(request, query, now: now)
        case .failure(let refusal): refusal.response
        }
    }

    /// A `304` when the request's `If-None-Match` names the ETag of `query`'s render (which only
    /// a document pinning `now` has).
    func notModified(_ request: HTTPRequest, _ query: SignedRenderQuery, now: Date) -> HTTPResponse? {
        guard let condition = request.combinedHeader("if-none-match") else { return nil }
        let tag = entityTag(query)
        guard Router.matches(condition, tag), Router.pinsNow(query.document) else { return nil }
        return HTTPResponse(status: 304, headers: cacheHeaders(query, pinsNow: true, now: now, tag: tag))
    }

    /// A signed request refused, as its response.
    struct SignedURLRefusal: Error {
        var response: HTTPResponse

        /// A problem document.
        init(_ status: Int, _ title: String, _ detail: String) {
            response = .problem(status, title: title, detail: detail)
        }

        /// A response made elsewhere (the bearer token's 401).
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// The signed request's query, checked in order: spelling (400), signature or token (403,
    /// 401), expiry (410), size (413).
    func verifiedSignedQuery(_ request: HTTPRequest, now: Date) -> Result<SignedRenderQuery, SignedURLRefusal> {
        if let path = request.rawPath, path != Router.signedRenderPath {
            return .failure(
                SignedURLRefusal(
                    400, "Bad request", "the path of a signed URL is \(Router.signedRenderPath) as is (got \(Router.printable(path)))"))
        }
        let parsed: (query: SignedRenderQuery, signature: String?)
        switch SignedRenderQuery.parse(request.rawQuery) {
        case .success(let value): parsed = value
        case .failure(let refusal): return .failure(SignedURLRefusal(400, "Bad request", refusal.detail))
        }
        let keys = configuration.urlSigningKeys.filter { !$0.isEmpty }
        if !keys.isEmpty {
            guard let signature = parsed.signature, Router.verify(signature, of: parsed.query, keys: keys) else {
                let why = parsed.signature == nil ? "missing" : "wrong"
                return .failure(SignedURLRefusal(403, "Forbidden", "the URL's signature (sig) is \(why): sign it with `feedshot sign`"))
            }
        } else if parsed.signature != nil {
            return .failure(
                SignedURLRefusal(
                    400, "Bad request",
                    "this server verifies no signatures (no --url-signing-key): send d without sig, with the bearer token"))
        } else if let failure = authorize(request, token: configuration.token, realm: "feedshot") {
            return .failure(SignedURLRefusal(failure))
        }
        if let expires = parsed.query.expires, Double(expires) <= now.timeIntervalSince1970 {
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(expires)))
            return .failure(SignedURLRefusal(410, "Gone", "the URL expired at \(date) (exp=\(expires)): sign it again"))
        }
        guard parsed.query.d.utf8.count <= configuration.maxBodyBytes / 3 * 4 + 4 else {
            return .failure(
                SignedURLRefusal(
                    413, "Request body too large",
                    "the document is larger than \(configuration.maxBodyBytes) bytes (raise it with --max-body-bytes)"))
        }
        return .success(parsed.query)
    }

    /// Whether `signature` (lower-case hex) is the HMAC of `query` under any of `keys`: every key
    /// is tried, each compared in constant time.
    static func verify(_ signature: String, of query: SignedRenderQuery, keys: [String]) -> Bool {
        guard let given = Hex.bytes(signature) else { return false }
        var matched = false
        for key in keys {
            if Digest.constantTimeEqual(given, query.signatureBytes(key: key)) { matched = true }
        }
        return matched
    }

    /// Renders a signed `GET /v1/render` that `signedRenderQuickAnswer` let through, in its
    /// query's format (`Accept` plays no part).
    func signedRender(_ request: HTTPRequest, deadline: ContinuousClock.Instant) -> HTTPResponse {
        let now = Date()
        let query: SignedRenderQuery
        switch verifiedSignedQuery(request, now: now) {
        case .success(let verified): query = verified
        case .failure(let refusal): return refusal.response
        }
        if let cached = notModified(request, query, now: now) { return cached }
        let document = query.document
        let choice = ContentNegotiation.Choice(format: query.format ?? .png, quality: query.quality)
        var response = render(document: document, as: choice, deadline: deadline)
        if response.status == 200 { response.headers += cacheHeaders(query, pinsNow: Router.pinsNow(document), now: now) }
        return response
    }

    /// Whether the JSON `document` sets `now` (a string): its relative dates are then fixed; without
    /// it they follow the clock ("Just now"), and the same URL renders other bytes tomorrow.
    package static func pinsNow(_ document: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: document) as? [String: Any] else { return false }
        return object["now"] is String
    }

    /// Whether an `If-None-Match` value (a list of entity tags) names `tag` (weak
    /// comparison, RFC 9110 §13.1.2).
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        // `*` asks whether any render exists, which only rendering can tell: a document that
        // renders as 400 was answered 304 with a year's `immutable` caching. It is rendered.
        return trimmed.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }
}
